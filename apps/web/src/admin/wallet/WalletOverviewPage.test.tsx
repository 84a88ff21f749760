import type { WalletOverview } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { mockOnePath, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderAtRoute } from '../../test/render.tsx';
import WalletOverviewPage from './WalletOverviewPage.tsx';

const EMPTY: WalletOverview = {
  userStats: { totalUsers: 0, activeUsers: 0, depositedUsers: 0 },
  totalAssets: '0.000000000000000000',
  totalDeposits: '0.000000000000000000',
  totalWithdrawals: '0.000000000000000000',
  pendingDeposits: 0,
  pendingWithdrawals: 0,
  pendingKyc: 0,
  todayVolume: '0.000000000000000000',
  assetDistribution: [],
  recentActivities: [],
};

const FULL: WalletOverview = {
  userStats: { totalUsers: 3, activeUsers: 2, depositedUsers: 1 },
  totalAssets: '900.000000000000000000',
  totalDeposits: '300.000000000000000000',
  totalWithdrawals: '500.000000000000000000',
  pendingDeposits: 3,
  pendingWithdrawals: 0,
  pendingKyc: 12,
  todayVolume: '1234.5',
  assetDistribution: [
    {
      name: 'BTC',
      currency: 'BTC',
      currencies: ['BTC'],
      amount: '0.501000000000000000',
      price: '95000',
      value: '47595.000000000000000000',
      percentage: '97.3',
      color: '#f7931a',
    },
    {
      name: 'USDT',
      currency: 'USDT',
      currencies: ['USDT'],
      amount: '900.000000000000000000',
      price: '1',
      value: '900.000000000000000000',
      percentage: '1.8',
      color: '#26a17b',
    },
    {
      name: 'ETH',
      currency: 'ETH',
      currencies: ['ETH'],
      amount: '0.1',
      price: '3400',
      value: '340',
      percentage: '0.7',
      color: '#627eea',
    },
    {
      name: '其他',
      currency: null,
      currencies: ['DOGE', 'TRX'],
      amount: null,
      price: null,
      value: '100',
      percentage: '0.2',
      color: '#8c8c8c',
    },
    {
      name: 'SOL',
      currency: 'SOL',
      currencies: ['SOL'],
      amount: '11.500000000000000000',
      price: null,
      value: null,
      percentage: null,
      color: '#1677ff',
    },
  ],
  recentActivities: [
    {
      id: 'withdrawal:2',
      type: 'withdrawal',
      description: '提现 · USDT',
      created_at: '2024-03-10T02:00:00.000Z',
      amount: '40.000000000000000000',
      currency: 'USDT',
      user_email: 'bob@example.com',
      status: 'completed',
    },
    {
      id: 'deposit:1',
      type: 'deposit',
      description: '充值 · USDT-TRC20',
      created_at: '2024-03-10T01:00:00.000Z',
      amount: '100.000000000000000000',
      currency: 'USDT',
      user_email: 'alice@example.com',
      status: 'pending',
    },
    {
      id: 'deposit:3',
      type: 'deposit',
      description: '充值 · USDT-ERC20',
      created_at: '2024-03-10T00:30:00.000Z',
      amount: '77.000000000000000000',
      currency: 'USDT',
      user_email: 'carol@example.com',
      status: 'rejected',
    },
    {
      id: 'deposit:4',
      type: 'deposit',
      description: '充值 · USDT-ERC20',
      created_at: '2024-03-10T00:20:00.000Z',
      amount: '12.1234567',
      currency: 'USDT',
      user_email: 'dave@example.com',
      status: 'approved',
    },
  ],
};

// antd pages are heavy for jsdom; a busy 2-core machine needs more than the defaults.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let fetchMock: Mock;
let replies: Response[];

beforeEach(() => {
  ({ replies, fetchMock } = mockOnePath('/api/admin/wallet/overview', () => ok(FULL)));
});

function renderPage(first?: WalletOverview) {
  if (first) replies.push(ok(first));
  return renderAtRoute('/admin/wallet', <WalletOverviewPage />);
}

const text = (id: string) => screen.getByTestId(id).textContent ?? '';

describe('WalletOverviewPage', () => {
  it('shows 加载钱包概览数据中... while loading, then the title', async () => {
    renderPage(EMPTY);
    expect(screen.getByText('加载钱包概览数据中...')).toBeTruthy();
    expect(await screen.findByText('钱包概览')).toBeTruthy();
  });

  it('shows four zero rows USDT, BTC, ETH, 其他 when nothing is held, and no badges', async () => {
    renderPage(EMPTY);
    await screen.findByTestId('wallet-overview');
    for (const name of ['USDT', 'BTC', 'ETH', '其他']) {
      const row = screen.getByTestId(`wallet-asset-${name}`);
      expect(text(`wallet-asset-${name}-percentage`)).toBe('0.0%');
      expect(row.textContent).toContain(name);
    }
    expect(text('wallet-asset-USDT')).toContain('0.00 USDT');
    expect(text('wallet-asset-BTC-amount')).toBe('0.00 BTC');
    expect(text('wallet-asset-BTC-value')).toBe('≈ 0.00 USDT');
    expect(text('wallet-asset-其他')).toContain('0.00');
    for (const key of ['deposits', 'withdrawals', 'users']) {
      expect(screen.getByTestId(`wallet-entry-${key}`)).toBeTruthy();
      expect(screen.queryByTestId(`wallet-entry-badge-${key}`)).toBeNull();
    }
    expect(screen.getByText('暂无最近活动')).toBeTruthy();
    // Zero cases of the risk block.
    expect(text('wallet-risk-depositShare')).toContain('0.0%');
    expect(text('wallet-risk-averageAssetsPerUser')).toContain('0.00 USDT');
    expect(text('wallet-risk-pendingOrders')).toContain('0');
    expect(text('wallet-risk-depositConversionRate')).toContain('0.0%');
    expect(text('wallet-today-netInflow')).toContain('0.00 USDT');
  });

  it('shows a pending badge only on entry cards whose count is above 0', async () => {
    renderPage(FULL);
    await screen.findByTestId('wallet-overview');
    expect(text('wallet-entry-badge-deposits')).toBe('3');
    expect(screen.queryByTestId('wallet-entry-badge-withdrawals')).toBeNull();
    expect(text('wallet-entry-badge-users')).toBe('12');
  });

  it('shows the numbers, the risk block from the domain rules and the activities', async () => {
    const router = renderPage(FULL);
    await screen.findByTestId('wallet-overview');
    expect(text('wallet-users-total')).toContain('3');
    expect(text('wallet-users-deposited')).toContain('1');
    expect(text('wallet-users-active')).toContain('2');
    expect(text('wallet-summary-totalAssets')).toContain('900.00 USDT');
    expect(text('wallet-summary-todayVolume')).toContain('1,234.50 USDT');
    // 300 / (300 + 500)
    expect(text('wallet-risk-depositShare')).toContain('37.5%');
    expect(text('wallet-risk-averageAssetsPerUser')).toContain('300.00 USDT');
    expect(text('wallet-risk-pendingOrders')).toContain('3');
    expect(text('wallet-risk-depositConversionRate')).toContain('33.3%');
    expect(text('wallet-today-netInflow')).toContain('-200.00 USDT');

    expect(text('wallet-asset-USDT')).toContain('900.00 USDT');
    // Each row: the amount with its unit, its value in USDT at the reference price, its share.
    expect(text('wallet-asset-BTC-amount')).toBe('0.501 BTC');
    expect(text('wallet-asset-BTC-value')).toBe('≈ 47,595.00 USDT');
    expect(text('wallet-asset-BTC-percentage')).toBe('97.3%');
    expect(text('wallet-asset-ETH-amount')).toBe('0.10 ETH');
    expect(text('wallet-asset-ETH-value')).toBe('≈ 340.00 USDT');
    // 其他 names what it gathers and adds values, never amounts of different units.
    expect(text('wallet-asset-其他-amount')).toBe('DOGE、TRX');
    expect(text('wallet-asset-其他-value')).toBe('≈ 100.00 USDT');
    // No reference price: the amount is shown, the value is not made up, and it has no share.
    expect(text('wallet-asset-SOL-amount')).toBe('11.50 SOL');
    expect(text('wallet-asset-SOL-value')).toBe('无参考价');
    expect(text('wallet-asset-SOL-percentage')).toBe('不计入');
    expect(screen.getByTestId('wallet-asset-hint').textContent).toContain('按参考价折算为 USDT');

    const activities = screen.getAllByTestId('wallet-activity');
    expect(activities).toHaveLength(4);
    const status = (i: number) =>
      within(activities[i] as HTMLElement).getByTestId('wallet-activity-status').textContent;
    const amount = (i: number) => within(activities[i] as HTMLElement).getByTestId('wallet-activity-amount');
    expect(activities[0]?.textContent).toContain('提现 · USDT');
    expect(status(0)).toBe('已出款');
    expect(amount(0).textContent).toBe('-40.00 USDT');
    // Money moved only for a completed withdrawal and an approved deposit: only those are signed and coloured.
    expect(status(1)).toBe('待审核');
    expect(amount(1).textContent).toBe('100.00 USDT');
    expect(amount(1).className).not.toContain('success');
    expect(activities[1]?.textContent).toContain('alice@example.com');
    expect(activities[1]?.textContent).toContain('2024-03-10 09:00:00');
    expect(status(2)).toBe('已拒绝');
    expect(amount(2).textContent).toBe('77.00 USDT');
    expect(amount(2).className).not.toContain('success');
    expect(status(3)).toBe('已通过');
    expect(amount(3).textContent).toBe('+12.1234567 USDT');
    expect(amount(3).className).toContain('success');
    expect(screen.queryByText('暂无最近活动')).toBeNull();
    expect(screen.getByTestId('wallet-activities-all').getAttribute('href')).toBe('/admin/transactions');

    fireEvent.click(screen.getByTestId('wallet-entry-withdrawals'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/wallet/withdrawals'));
  });

  it('refreshes on demand and every 5 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(EMPTY);
    await screen.findByTestId('wallet-overview');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('wallet-overview-refresh'));
    await waitFor(() => expect(text('wallet-summary-totalAssets')).toContain('900.00 USDT'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(299_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  });

  it('replaces the page with 获取钱包概览数据失败 and retries', async () => {
    replies.push(jsonResponse({ success: false, message: '权限不足，需要管理员权限' }, 403));
    renderPage();
    const view = await screen.findByTestId('load-error');
    expect(within(view).getByText('获取钱包概览数据失败')).toBeTruthy();
    expect(screen.queryByTestId('wallet-overview')).toBeNull();
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('wallet-overview')).toBeTruthy();
  });
});

describe('WalletOverviewPage in English', () => {
  it('shows the cards, entries, risk block, distribution and activities in English', async () => {
    applyLanguage('en');
    // The activities' descriptions are the server's text (in the request's language).
    const descriptions = [
      'Withdrawal · USDT',
      'Deposit · USDT-TRC20',
      'Deposit · USDT-ERC20',
      'Deposit · USDT-ERC20',
    ];
    renderPage({
      ...FULL,
      recentActivities: FULL.recentActivities.map((item, i) => ({
        ...item,
        description: descriptions[i] ?? '',
      })),
    });
    const page = await screen.findByTestId('wallet-overview');
    expect(screen.getByText('Wallet overview')).toBeTruthy();
    expect(text('wallet-users-total')).toContain('Total users');
    expect(text('wallet-entry-deposits')).toContain('Deposits');
    expect(text('wallet-asset-其他')).toContain('Others');
    expect(text('wallet-asset-SOL-value')).toBe('No reference price');
    expect(chineseIn(page)).toEqual([]);
  });
});
