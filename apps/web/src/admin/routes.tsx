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
import type { ReactNode } from 'react';
import type { PageLoader } from '../components/lazyPage.tsx';

/**
 * The one list of admin screens. The router (AdminRoutes), the sidebar menu and the breadcrumbs are
 * all derived from it; a new screen is one entry here plus its page module.
 */
export type AdminGroupKey = 'wallet' | 'trading' | 'team';

export interface AdminGroup {
  key: AdminGroupKey;
  title: string;
  icon: ReactNode;
}

export interface AdminPage {
  /** Absolute path under /admin. */
  path: string;
  title: string;
  icon?: ReactNode;
  group?: AdminGroupKey;
  /** Admin management: menu entry and screen for admin_level super_admin only. */
  superAdminOnly?: boolean;
  /** The screen's module, loaded on first visit. */
  load: PageLoader;
}

export const ADMIN_ROOT = '/admin';
export const ADMIN_HOME_TITLE = '管理后台';

export const ADMIN_GROUPS: Record<AdminGroupKey, AdminGroup> = {
  wallet: { key: 'wallet', title: '钱包管理', icon: <WalletOutlined /> },
  trading: { key: 'trading', title: '交易管理', icon: <BarChartOutlined /> },
  team: { key: 'team', title: '团队管理', icon: <TeamOutlined /> },
};

/** In sidebar order; grouped entries appear under their group at the group's first position. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: '/admin',
    title: '仪表盘',
    icon: <DashboardOutlined />,
    load: () => import('./dashboard/DashboardPage.tsx'),
  },
  {
    path: '/admin/users',
    title: '用户管理',
    icon: <UserOutlined />,
    load: () => import('./users/UsersPage.tsx'),
  },
  {
    path: '/admin/admins',
    title: '管理员管理',
    icon: <SafetyCertificateOutlined />,
    superAdminOnly: true,
    load: () => import('./admins/AdminsPage.tsx'),
  },
  {
    path: '/admin/kyc',
    title: 'KYC审核',
    icon: <AuditOutlined />,
    load: () => import('./kyc/KycPage.tsx'),
  },
  {
    path: '/admin/home',
    title: '首页内容',
    icon: <PictureOutlined />,
    load: () => import('./home/HomeContentPage.tsx'),
  },
  {
    path: '/admin/wallet',
    title: '钱包概览',
    group: 'wallet',
    load: () => import('./wallet/WalletOverviewPage.tsx'),
  },
  {
    path: '/admin/wallet/deposits',
    title: '充值管理',
    group: 'wallet',
    load: () => import('./wallet/DepositsPage.tsx'),
  },
  {
    path: '/admin/wallet/withdrawals',
    title: '提现管理',
    group: 'wallet',
    load: () => import('./wallet/WithdrawalsPage.tsx'),
  },
  {
    path: '/admin/wallet/adjustments',
    title: '余额调整',
    group: 'wallet',
    load: () => import('./wallet/adjustments/AdjustmentsPage.tsx'),
  },
  {
    path: '/admin/wallet/reconciliation',
    title: '对账记录',
    group: 'wallet',
    load: () => import('./wallet/reconciliation/ReconciliationRunsPage.tsx'),
  },
  {
    // Proof of liabilities (issue 36): every admin sees the snapshots, a super admin takes one.
    path: '/admin/wallet/por',
    title: '负债证明',
    group: 'wallet',
    load: () => import('./wallet/por/PorSnapshotsPage.tsx'),
  },
  {
    // Dual control (issue 17): every admin sees the thresholds, only a super admin edits them.
    path: '/admin/wallet/approval-thresholds',
    title: '复核阈值',
    group: 'wallet',
    load: () => import('./wallet/thresholds/ApprovalThresholdsPage.tsx'),
  },
  {
    path: '/admin/wallet/channels',
    title: '充值通道',
    group: 'wallet',
    load: () => import('./wallet/DepositChannelsPage.tsx'),
  },
  {
    path: '/admin/wallet/withdraw-channels',
    title: '提现通道',
    group: 'wallet',
    load: () => import('./wallet/WithdrawChannelsPage.tsx'),
  },
  {
    path: '/admin/trading',
    title: '交易概览',
    group: 'trading',
    load: () => import('./trading/TradingOverviewPage.tsx'),
  },
  {
    path: '/admin/trading/orders',
    title: '订单管理',
    group: 'trading',
    load: () => import('./trading/OrdersPage.tsx'),
  },
  {
    // Issue 33: every user's open perpetual positions at the mark.
    path: '/admin/trading/positions',
    title: '持仓列表',
    group: 'trading',
    load: () => import('./trading/PerpetualPositionsPage.tsx'),
  },
  {
    // Issue 34: each funding instant's rate, mark and what users paid and received.
    path: '/admin/trading/funding',
    title: '资金费用',
    group: 'trading',
    load: () => import('./trading/FundingReportPage.tsx'),
  },
  {
    // Issue 34: the house's exposure as counterparty, stress lines, alert thresholds.
    path: '/admin/trading/risk',
    title: '风险敞口',
    group: 'trading',
    load: () => import('./trading/RiskExposurePage.tsx'),
  },
  {
    // Issue 34: the perpetuals' leverage tiers, open-interest caps (a pending change) and insurance fund.
    path: '/admin/trading/perpetual-risk',
    title: '风控参数',
    group: 'trading',
    load: () => import('./trading/PerpetualRiskPage.tsx'),
  },
  {
    path: '/admin/trading/pairs',
    title: '交易对管理',
    group: 'trading',
    load: () => import('./trading/PairsPage.tsx'),
  },
  {
    path: '/admin/trading/market-data',
    title: '行情数据',
    group: 'trading',
    load: () => import('./trading/market-data/MarketDataPage.tsx'),
  },
  {
    // Issue 30: the venues behind the reference price index, their status per pair.
    path: '/admin/trading/price-sources',
    title: '价格源',
    group: 'trading',
    load: () => import('./trading/price-sources/PriceSourcesPage.tsx'),
  },
  {
    path: '/admin/trading/options',
    title: '期权控制',
    group: 'trading',
    load: () => import('./trading/OptionControlPage.tsx'),
  },
  {
    path: '/admin/team',
    title: '团队概览',
    group: 'team',
    load: () => import('./team/TeamOverviewPage.tsx'),
  },
  {
    path: '/admin/team/hierarchy',
    title: '团队层级',
    group: 'team',
    load: () => import('./team/HierarchyPage.tsx'),
  },
  {
    path: '/admin/team/rewards',
    title: '团队奖励',
    group: 'team',
    load: () => import('./team/RewardsPage.tsx'),
  },
  {
    path: '/admin/team/salary',
    title: '团队工资',
    group: 'team',
    load: () => import('./team/SalaryPage.tsx'),
  },
  {
    path: '/admin/transactions',
    title: '资金流水',
    icon: <TransactionOutlined />,
    load: () => import('./transactions/TransactionsPage.tsx'),
  },
  {
    // Issue 32: proposals to change money-affecting settings, approved by a second admin.
    path: '/admin/changes',
    title: '待生效变更',
    icon: <DiffOutlined />,
    load: () => import('./changes/ChangesPage.tsx'),
  },
  {
    path: '/admin/audit',
    title: '审计日志',
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

/** The browser tab's title: the screen's menu entry, then 管理后台. */
export function adminDocumentTitle(pathname: string): string {
  return `${findAdminPage(pathname)?.title ?? '页面不存在'} - ${ADMIN_HOME_TITLE}`;
}

/** 管理后台 › [group] › screen; an unknown path ends in 页面不存在. */
export function adminBreadcrumbs(pathname: string): Crumb[] {
  const crumbs: Crumb[] = [{ title: ADMIN_HOME_TITLE, path: ADMIN_ROOT }];
  const page = findAdminPage(pathname);
  if (!page) return [...crumbs, { title: '页面不存在' }];
  if (page.group) {
    const first = ADMIN_PAGES.find((candidate) => candidate.group === page.group);
    crumbs.push({
      title: ADMIN_GROUPS[page.group].title,
      path: first && first !== page ? first.path : undefined,
    });
  }
  crumbs.push({ title: page.title });
  return crumbs;
}
