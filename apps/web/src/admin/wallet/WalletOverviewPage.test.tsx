import type { WalletOverview } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { mockOnePath, ok } from '../../test/api.ts';
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
    { name: 'USDT', amount: '900.000000000000000000', percentage: '99.8', color: '#26a17b' },
    { name: 'BTC', amount: '0.501000000000000000', percentage: '0.2', color: '#f7931a' },
  ],
  recentActivities: [
    {
      id: 'withdrawal:2',
      type: 'withdrawal',
      description: '提现 · USDT · 已出款',
      created_at: '2024-03-10T02:00:00.000Z',
      amount: '40.000000000000000000',
      currency: 'USDT',
      user_email: 'bob@example.com',
      status: 'completed',
    },
    {
      id: 'deposit:1',
      type: 'deposit',
      description: '充值 · USDT-TRC20 · 待审核',
      created_at: '2024-03-10T01:00:00.000Z',
      amount: '100.000000000000000000',
      currency: 'USDT',
      user_email: 'alice@example.com',
      status: 'pending',
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
    expect(text('wallet-asset-BTC')).toContain('0.501 BTC');
    expect(screen.queryByTestId('wallet-asset-ETH')).toBeNull();

    const activities = screen.getAllByTestId('wallet-activity');
    expect(activities).toHaveLength(2);
    expect(activities[0]?.textContent).toContain('提现 · USDT · 已出款');
    expect(activities[0]?.textContent).toContain('-40.00 USDT');
    expect(activities[1]?.textContent).toContain('+100.00 USDT');
    expect(activities[1]?.textContent).toContain('alice@example.com');
    expect(activities[1]?.textContent).toContain('2024-03-10 09:00:00');
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
