import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { chineseIn } from '../test/chinese.ts';
import {
  ADMIN_ALIASES,
  ADMIN_PAGES,
  adminBreadcrumbs,
  adminDocumentTitle,
  adminNavigation,
  findAdminPage,
  groupTitle,
  pageTitle,
} from './routes.tsx';

const zh = i18n.getFixedT('zh-CN', 'admin');
const en = i18n.getFixedT('en', 'admin');

const SPEC_PAGES: [string, string][] = [
  ['/admin', '仪表盘'],
  ['/admin/users', '用户管理'],
  ['/admin/admins', '管理员管理'],
  ['/admin/kyc', 'KYC审核'],
  ['/admin/home', '首页内容'],
  ['/admin/wallet', '钱包概览'],
  ['/admin/wallet/deposits', '充值管理'],
  ['/admin/wallet/withdrawals', '提现管理'],
  ['/admin/wallet/adjustments', '余额调整'],
  ['/admin/wallet/reconciliation', '对账记录'],
  // Issue 36: proof of liabilities.
  ['/admin/wallet/por', '负债证明'],
  ['/admin/wallet/approval-thresholds', '复核阈值'],
  ['/admin/wallet/channels', '充值通道'],
  ['/admin/wallet/withdraw-channels', '提现通道'],
  ['/admin/trading', '交易概览'],
  ['/admin/trading/orders', '订单管理'],
  // Issue 33: open perpetual positions of every user.
  ['/admin/trading/positions', '持仓列表'],
  ['/admin/trading/funding', '资金费用'],
  ['/admin/trading/risk', '风险敞口'],
  ['/admin/trading/perpetual-risk', '风控参数'],
  ['/admin/trading/pairs', '交易对管理'],
  ['/admin/trading/market-data', '行情数据'],
  ['/admin/trading/price-sources', '价格源'],
  ['/admin/trading/options', '期权控制'],
  ['/admin/team', '团队概览'],
  ['/admin/team/hierarchy', '团队层级'],
  ['/admin/team/rewards', '团队奖励'],
  ['/admin/team/salary', '团队工资'],
  ['/admin/transactions', '资金流水'],
  ['/admin/changes', '待生效变更'],
  ['/admin/audit', '审计日志'],
];

function outline(superAdmin: boolean): unknown[] {
  return adminNavigation(superAdmin).map((entry) =>
    entry.type === 'page'
      ? pageTitle(entry.page, zh)
      : {
          [groupTitle(entry.group.key, zh)]: entry.pages.map((page) => `${pageTitle(page, zh)} ${page.path}`),
        },
  );
}

describe('admin route table', () => {
  it('holds exactly the spec screens, each path once', () => {
    expect(ADMIN_PAGES.map((page) => [page.path, pageTitle(page, zh)])).toEqual(SPEC_PAGES);
    expect(new Set(ADMIN_PAGES.map((page) => page.path)).size).toBe(ADMIN_PAGES.length);
  });

  it('names the browser tab and the last breadcrumb after the menu entry of every screen', () => {
    for (const [path, title] of SPEC_PAGES) {
      expect(adminDocumentTitle(path, zh)).toBe(`${title} - 管理后台`);
      expect(adminBreadcrumbs(path, zh).at(-1)?.title).toBe(title);
    }
    expect(adminDocumentTitle('/admin/nowhere', zh)).toBe('页面不存在 - 管理后台');
  });

  it('names every screen, group, tab and breadcrumb in English too', () => {
    for (const page of ADMIN_PAGES) expect(chineseIn(pageTitle(page, en))).toEqual([]);
    expect(adminDocumentTitle('/admin/wallet/por', en)).toBe('Proof of liabilities - Back office');
    expect(adminBreadcrumbs('/admin/trading/orders', en).map((crumb) => crumb.title)).toEqual([
      'Back office',
      'Trading',
      'Orders',
    ]);
  });

  it('builds the sidebar with the three groups; admin management for super admins only', () => {
    expect(outline(true)).toEqual([
      '仪表盘',
      '用户管理',
      '管理员管理',
      'KYC审核',
      '首页内容',
      {
        钱包管理: [
          '钱包概览 /admin/wallet',
          '充值管理 /admin/wallet/deposits',
          '提现管理 /admin/wallet/withdrawals',
          '余额调整 /admin/wallet/adjustments',
          '对账记录 /admin/wallet/reconciliation',
          '负债证明 /admin/wallet/por',
          '复核阈值 /admin/wallet/approval-thresholds',
          '充值通道 /admin/wallet/channels',
          '提现通道 /admin/wallet/withdraw-channels',
        ],
      },
      {
        交易管理: [
          '交易概览 /admin/trading',
          '订单管理 /admin/trading/orders',
          '持仓列表 /admin/trading/positions',
          '资金费用 /admin/trading/funding',
          '风险敞口 /admin/trading/risk',
          '风控参数 /admin/trading/perpetual-risk',
          '交易对管理 /admin/trading/pairs',
          '行情数据 /admin/trading/market-data',
          '价格源 /admin/trading/price-sources',
          '期权控制 /admin/trading/options',
        ],
      },
      {
        团队管理: [
          '团队概览 /admin/team',
          '团队层级 /admin/team/hierarchy',
          '团队奖励 /admin/team/rewards',
          '团队工资 /admin/team/salary',
        ],
      },
      '资金流水',
      '待生效变更',
      '审计日志',
    ]);
    expect(outline(false)).toContain('待生效变更');
    expect(outline(false)).not.toContain('管理员管理');
    expect(outline(false)).not.toContain('审计日志');
    expect(outline(false)).toHaveLength(outline(true).length - 2);
  });

  it('maps every alias to a real screen', () => {
    expect(ADMIN_ALIASES).toEqual({
      '/admin/deposits': '/admin/wallet/deposits',
      '/admin/withdrawals': '/admin/wallet/withdrawals',
      '/admin/orders': '/admin/trading/orders',
      '/admin/trading-pairs': '/admin/trading/pairs',
      '/admin/option-control': '/admin/trading/options',
    });
    for (const target of Object.values(ADMIN_ALIASES)) expect(findAdminPage(target)).toBeDefined();
  });

  it('derives breadcrumbs from the route', () => {
    expect(adminBreadcrumbs('/admin', zh)).toEqual([
      { title: '管理后台', path: '/admin' },
      { title: '仪表盘' },
    ]);
    expect(adminBreadcrumbs('/admin/wallet/deposits/', zh)).toEqual([
      { title: '管理后台', path: '/admin' },
      { title: '钱包管理', path: '/admin/wallet' },
      { title: '充值管理' },
    ]);
    expect(adminBreadcrumbs('/admin/team', zh)).toEqual([
      { title: '管理后台', path: '/admin' },
      { title: '团队管理', path: undefined },
      { title: '团队概览' },
    ]);
    expect(adminBreadcrumbs('/admin/nothing', zh)).toEqual([
      { title: '管理后台', path: '/admin' },
      { title: '页面不存在' },
    ]);
  });
});
