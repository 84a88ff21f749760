import type { AdminDashboard } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { mockOnePath, ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderAtRoute } from '../../test/render.tsx';
import DashboardPage from './DashboardPage.tsx';

const DATA: AdminDashboard = {
  userStats: { totalUsers: 1234, newUsersToday: 5, kycApprovedUsers: 300 },
  financialStats: {
    totalDeposits: '12345.678900000000000000',
    pendingDeposits: 3,
    totalWithdrawals: '500.000000000000000000',
    pendingWithdrawals: 0,
  },
  pendingTasks: { pendingKyc: 2, pendingDeposits: 3, pendingWithdrawals: 0 },
  secondApprovals: { deposits: 0, withdrawals: 0, payouts: 0, adjustments: 0 },
  nearThreshold: [],
};

// antd pages are heavy for jsdom; a busy 2-core machine needs more than the defaults.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let fetchMock: Mock;
let replies: Response[];

beforeEach(() => {
  ({ replies, fetchMock } = mockOnePath('/api/admin/dashboard', () => ok(DATA)));
});

/** Calls of the dashboard's own figures (the reconciliation alert has its own call: 对账异常 tests). */
const dashboardCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/admin/dashboard').length;

function renderPage() {
  return renderAtRoute('/admin', <DashboardPage />);
}

const card = async (key: string) => screen.findByTestId(`dashboard-card-${key}`);

describe('DashboardPage', () => {
  it('shows the eight cards with formatted values', async () => {
    renderPage();
    expect((await card('totalUsers')).textContent).toContain('1,234');
    expect((await card('newUsersToday')).textContent).toContain('5');
    expect((await card('kycApprovedUsers')).textContent).toContain('300');
    expect((await card('totalDeposits')).textContent).toContain('12,345.68 USDT');
    expect((await card('pendingDeposits')).textContent).toContain('3');
    expect((await card('totalWithdrawals')).textContent).toContain('500.00 USDT');
    expect((await card('pendingWithdrawals')).textContent).toContain('0');
    // KYC 2 + deposits 3 + withdrawals 0
    expect((await card('pendingTasks')).textContent).toContain('待处理事项5');
    // The version footer belongs to the admin shell, not to this page.
    expect(screen.queryByText('v1.0.0')).toBeNull();
  });

  it('lists only the kinds of work that wait, and 立即处理 opens the right page', async () => {
    const router = renderPage();
    const kyc = await screen.findByTestId('dashboard-task-kyc');
    expect(kyc.textContent).toContain('2 个用户的身份认证等待审核');
    expect(screen.getByTestId('dashboard-task-deposits').textContent).toContain('3 笔充值申请等待审核');
    expect(screen.queryByTestId('dashboard-task-withdrawals')).toBeNull();
    expect(screen.queryByText('暂无待处理事项')).toBeNull();

    fireEvent.click(within(screen.getByTestId('dashboard-task-deposits')).getByText('立即处理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/wallet/deposits'));
    // The queue opens with its pending filter selected.
    expect(router.state.location.search).toBe('?status=pending');
  });

  it('立即处理 of withdrawals opens the 待处理 filter', async () => {
    replies.push(ok({ ...DATA, pendingTasks: { pendingKyc: 0, pendingDeposits: 0, pendingWithdrawals: 4 } }));
    const router = renderPage();
    fireEvent.click(within(await screen.findByTestId('dashboard-task-withdrawals')).getByText('立即处理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/wallet/withdrawals'));
    expect(router.state.location.search).toBe('?status=pending_all');
  });

  it('navigates from the KYC task and the quick links', async () => {
    const router = renderPage();
    fireEvent.click(within(await screen.findByTestId('dashboard-task-kyc')).getByText('立即处理'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc'));
    expect(router.state.location.search).toBe('?status=pending');
    for (const [key, path, search] of [
      ['users', '/admin/users', ''],
      ['deposits', '/admin/wallet/deposits', '?status=pending'],
      ['withdrawals', '/admin/wallet/withdrawals', '?status=pending_all'],
      ['kyc', '/admin/kyc', '?status=pending'],
    ] as const) {
      await router.navigate('/admin');
      fireEvent.click(await screen.findByTestId(`dashboard-link-${key}`));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(router.state.location.search).toBe(search);
    }
  });

  it('shows 暂无待处理事项 when nothing waits', async () => {
    replies.push(ok({ ...DATA, pendingTasks: { pendingKyc: 0, pendingDeposits: 0, pendingWithdrawals: 0 } }));
    renderPage();
    expect(await screen.findByText('暂无待处理事项')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-task-kyc')).toBeNull();
    expect((await card('pendingTasks')).textContent).toContain('待处理事项0');
  });

  it('refreshes on demand', async () => {
    renderPage();
    await card('totalUsers');
    expect(dashboardCalls()).toBe(1);
    replies.push(
      jsonResponse({
        success: true,
        message: 'ok',
        data: { ...DATA, userStats: { ...DATA.userStats, totalUsers: 1235 } },
      }),
    );
    fireEvent.click(screen.getByTestId('dashboard-refresh'));
    await waitFor(async () => expect((await card('totalUsers')).textContent).toContain('1,235'));
    expect(dashboardCalls()).toBe(2);
  });

  it('replaces the page with 获取统计数据失败 and retries', async () => {
    replies.push(jsonResponse({ success: false, message: '权限不足，需要管理员权限' }, 403));
    renderPage();
    expect(await screen.findByText('获取统计数据失败')).toBeTruthy();
    expect(screen.getByText('权限不足，需要管理员权限')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-card-totalUsers')).toBeNull();
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect((await card('totalUsers')).textContent).toContain('1,234');
  });

  it('polls every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    await card('totalUsers');
    expect(dashboardCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(dashboardCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(dashboardCalls()).toBe(2));
  });
});

describe('DashboardPage in English', () => {
  it('shows the cards, tasks, second approvals and near-threshold card without Chinese', async () => {
    applyLanguage('en');
    renderPage();
    expect((await card('pendingTasks')).textContent).toContain('Pending tasks5');
    const page = screen.getByTestId('dashboard');
    expect(within(page).getByText('3 deposit requests waiting for review')).toBeTruthy();
    expect(within(page).getByText('Dashboard')).toBeTruthy();
    expect(chineseIn(page)).toEqual([]);
  });
});
