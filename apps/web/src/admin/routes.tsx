import {
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DiffOutlined,
  FileSearchOutlined,
  PictureOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { PageLoader } from '../components/lazyPage.tsx';
import type { adminZhCN } from '../i18n/admin/zh-CN.ts';

/**
 * The one list of admin screens. The router (AdminRoutes), the sidebar menu and the breadcrumbs are
 * all derived from it; a new screen is one entry here plus its page module.
 */
export type AdminGroupKey = 'wallet' | 'trading' | 'team';

export interface AdminGroup {
  key: AdminGroupKey;
  icon: ReactNode;
}

/** A screen's name in the admin catalogue (menu.<key>): the sidebar's entry, the tab and the breadcrumb. */
export type AdminMenuKey = Exclude<keyof (typeof adminZhCN)['menu'], 'groups' | 'backOffice' | 'notFound'>;

export interface AdminPage {
  /** Absolute path under /admin. */
  path: string;
  menu: AdminMenuKey;
  icon?: ReactNode;
  group?: AdminGroupKey;
  /** Admin management: menu entry and screen for admin_level super_admin only. */
  superAdminOnly?: boolean;
  /** The screen's module, loaded on first visit. */
  load: PageLoader;
}

export const ADMIN_ROOT = '/admin';
export const ADMIN_GROUPS: Record<AdminGroupKey, AdminGroup> = {
  wallet: { key: 'wallet', icon: <WalletOutlined /> },
  trading: { key: 'trading', icon: <BarChartOutlined /> },
  team: { key: 'team', icon: <TeamOutlined /> },
};

/** In sidebar order; grouped entries appear under their group at the group's first position. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: '/admin',
    menu: 'dashboard',
    icon: <DashboardOutlined />,
    load: () => import('./dashboard/DashboardPage.tsx'),
  },
  {
    path: '/admin/users',
    menu: 'users',
    icon: <UserOutlined />,
    load: () => import('./users/UsersPage.tsx'),
  },
  {
    path: '/admin/admins',
    menu: 'admins',
    icon: <SafetyCertificateOutlined />,
    superAdminOnly: true,
    load: () => import('./admins/AdminsPage.tsx'),
  },
  {
    path: '/admin/kyc',
    menu: 'kyc',
    icon: <AuditOutlined />,
    load: () => import('./kyc/KycPage.tsx'),
  },
  {
    path: '/admin/home',
    menu: 'home',
    icon: <PictureOutlined />,
    load: () => import('./home/HomeContentPage.tsx'),
  },
  {
    path: '/admin/wallet',
    menu: 'walletOverview',
    group: 'wallet',
    load: () => import('./wallet/WalletOverviewPage.tsx'),
  },
  {
    path: '/admin/wallet/deposits',
    menu: 'deposits',
    group: 'wallet',
    load: () => import('./wallet/DepositsPage.tsx'),
  },
  {
    path: '/admin/wallet/withdrawals',
    menu: 'withdrawals',
    group: 'wallet',
    load: () => import('./wallet/WithdrawalsPage.tsx'),
  },
  {
    path: '/admin/wallet/adjustments',
    menu: 'adjustments',
    group: 'wallet',
    load: () => import('./wallet/adjustments/AdjustmentsPage.tsx'),
  },
  {
    path: '/admin/wallet/reconciliation',
    menu: 'reconciliation',
    group: 'wallet',
    load: () => import('./wallet/reconciliation/ReconciliationRunsPage.tsx'),
  },
  {
    // Proof of liabilities (issue 36): every admin sees the snapshots, a super admin takes one.
    path: '/admin/wallet/por',
    menu: 'por',
    group: 'wallet',
    load: () => import('./wallet/por/PorSnapshotsPage.tsx'),
  },
  {
    // Dual control (issue 17): every admin sees the thresholds, only a super admin edits them.
    path: '/admin/wallet/approval-thresholds',
    menu: 'thresholds',
    group: 'wallet',
    load: () => import('./wallet/thresholds/ApprovalThresholdsPage.tsx'),
  },
  {
    path: '/admin/wallet/channels',
    menu: 'depositChannels',
    group: 'wallet',
    load: () => import('./wallet/DepositChannelsPage.tsx'),
  },
  {
    path: '/admin/wallet/withdraw-channels',
    menu: 'withdrawChannels',
    group: 'wallet',
    load: () => import('./wallet/WithdrawChannelsPage.tsx'),
  },
  {
    path: '/admin/trading',
    menu: 'tradingOverview',
    group: 'trading',
    load: () => import('./trading/TradingOverviewPage.tsx'),
  },
  {
    path: '/admin/trading/orders',
    menu: 'orders',
    group: 'trading',
    load: () => import('./trading/OrdersPage.tsx'),
  },
  {
    // Issue 33: every user's open perpetual positions at the mark.
    path: '/admin/trading/positions',
    menu: 'positions',
    group: 'trading',
    load: () => import('./trading/PerpetualPositionsPage.tsx'),
  },
  {
    // Issue 34: each funding instant's rate, mark and what users paid and received.
    path: '/admin/trading/funding',
    menu: 'funding',
    group: 'trading',
    load: () => import('./trading/FundingReportPage.tsx'),
  },
  {
    // Issue 34: the house's exposure as counterparty, stress lines, alert thresholds.
    path: '/admin/trading/risk',
    menu: 'risk',
    group: 'trading',
    load: () => import('./trading/RiskExposurePage.tsx'),
  },
  {
    // Issue 34: the perpetuals' leverage tiers, open-interest caps (a pending change) and insurance fund.
    path: '/admin/trading/perpetual-risk',
    menu: 'riskParams',
    group: 'trading',
    load: () => import('./trading/PerpetualRiskPage.tsx'),
  },
  {
    path: '/admin/trading/pairs',
    menu: 'pairs',
    group: 'trading',
    load: () => import('./trading/PairsPage.tsx'),
  },
  {
    path: '/admin/trading/market-data',
    menu: 'marketData',
    group: 'trading',
    load: () => import('./trading/market-data/MarketDataPage.tsx'),
  },
  {
    // Issue 30: the venues behind the reference price index, their status per pair.
    path: '/admin/trading/price-sources',
    menu: 'priceSources',
    group: 'trading',
    load: () => import('./trading/price-sources/PriceSourcesPage.tsx'),
  },
  {
    path: '/admin/trading/options',
    menu: 'options',
    group: 'trading',
    load: () => import('./trading/OptionControlPage.tsx'),
  },
  {
    path: '/admin/team',
    menu: 'teamOverview',
    group: 'team',
    load: () => import('./team/TeamOverviewPage.tsx'),
  },
  {
    path: '/admin/team/hierarchy',
    menu: 'hierarchy',
    group: 'team',
    load: () => import('./team/HierarchyPage.tsx'),
  },
  {
    path: '/admin/team/rewards',
    menu: 'rewards',
    group: 'team',
    load: () => import('./team/RewardsPage.tsx'),
  },
  {
    path: '/admin/team/salary',
    menu: 'salary',
    group: 'team',
    load: () => import('./team/SalaryPage.tsx'),
  },
  {
    path: '/admin/transactions',
    menu: 'transactions',
    icon: <TransactionOutlined />,
    load: () => import('./transactions/TransactionsPage.tsx'),
  },
  {
    // Issue 32: proposals to change money-affecting settings, approved by a second admin.
    path: '/admin/changes',
    menu: 'changes',
    icon: <DiffOutlined />,
    load: () => import('./changes/ChangesPage.tsx'),
  },
  {
    path: '/admin/audit',
    menu: 'audit',
    icon: <FileSearchOutlined />,
    superAdminOnly: true,
    load: () => import('./audit/AuditPage.tsx'),
  },
];

/**
 * Paths that some screens of the spec link to; they redirect to the real routes (ARCHITECTURE.md,
 * "Web app").
 */
export const ADMIN_ALIASES: Readonly<Record<string, string>> = {
  '/admin/deposits': '/admin/wallet/deposits',
  '/admin/withdrawals': '/admin/wallet/withdrawals',
  '/admin/orders': '/admin/trading/orders',
  '/admin/trading-pairs': '/admin/trading/pairs',
  '/admin/option-control': '/admin/trading/options',
};

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The screen at `pathname`, if any. */
export function findAdminPage(pathname: string): AdminPage | undefined {
  const path = normalise(pathname);
  return ADMIN_PAGES.find((page) => page.path === path);
}

/** The path relative to /admin, as the admin <Routes> wants it ('' is the index). */
export function relativeAdminPath(path: string): string {
  return path === ADMIN_ROOT ? '' : path.slice(ADMIN_ROOT.length + 1);
}

export function groupMenuKey(group: AdminGroupKey): string {
  return `group:${group}`;
}

/** The entries the user may see: admin management only for super admins. */
export function visibleAdminPages(isSuperAdmin: boolean): AdminPage[] {
  return ADMIN_PAGES.filter((page) => isSuperAdmin || !page.superAdminOnly);
}

export type AdminNavEntry =
  | { type: 'page'; page: AdminPage }
  | { type: 'group'; group: AdminGroup; pages: AdminPage[] };

/** The sidebar's structure: pages and groups in table order. */
export function adminNavigation(isSuperAdmin: boolean): AdminNavEntry[] {
  const entries: AdminNavEntry[] = [];
  for (const page of visibleAdminPages(isSuperAdmin)) {
    if (!page.group) {
      entries.push({ type: 'page', page });
      continue;
    }
    const group = ADMIN_GROUPS[page.group];
    const existing = entries.find((entry) => entry.type === 'group' && entry.group.key === group.key);
    if (existing?.type === 'group') existing.pages.push(page);
    else entries.push({ type: 'group', group, pages: [page] });
  }
  return entries;
}

export interface Crumb {
  title: string;
  path?: string;
}

/** A screen's name in the language shown. */
export const pageTitle = (page: Pick<AdminPage, 'menu'>, t: TFunction<'admin'>) => t(`menu.${page.menu}`);

/** A group's name in the language shown. */
export const groupTitle = (group: AdminGroupKey, t: TFunction<'admin'>) => t(`menu.groups.${group}`);

/** The browser tab's title: the screen's menu entry, then 管理后台. */
export function adminDocumentTitle(pathname: string, t: TFunction<'admin'>): string {
  const page = findAdminPage(pathname);
  return `${page ? pageTitle(page, t) : t('menu.notFound')} - ${t('menu.backOffice')}`;
}

/** 管理后台 › [group] › screen; an unknown path ends in 页面不存在. */
export function adminBreadcrumbs(pathname: string, t: TFunction<'admin'>): Crumb[] {
  const crumbs: Crumb[] = [{ title: t('menu.backOffice'), path: ADMIN_ROOT }];
  const page = findAdminPage(pathname);
  if (!page) return [...crumbs, { title: t('menu.notFound') }];
  if (page.group) {
    const first = ADMIN_PAGES.find((candidate) => candidate.group === page.group);
    crumbs.push({
      title: groupTitle(page.group, t),
      path: first && first !== page ? first.path : undefined,
    });
  }
  crumbs.push({ title: pageTitle(page, t) });
  return crumbs;
}
