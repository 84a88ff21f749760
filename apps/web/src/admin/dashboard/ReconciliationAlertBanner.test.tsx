import type { AdminDashboard, ReconciliationAlert, ReconciliationRun } from '@platform/contracts';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockApi, mockApi, ok } from '../../test/api.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithAntAt } from '../../test/render.tsx';
import DashboardPage from './DashboardPage.tsx';

const DATA: AdminDashboard = {
  userStats: { totalUsers: 1, newUsersToday: 0, kycApprovedUsers: 0 },
  financialStats: { totalDeposits: '0', pendingDeposits: 0, totalWithdrawals: '0', pendingWithdrawals: 0 },
  pendingTasks: { pendingKyc: 0, pendingDeposits: 0, pendingWithdrawals: 0 },
  secondApprovals: { deposits: 0, withdrawals: 0, payouts: 0, adjustments: 0 },
  nearThreshold: [],
};

const ALERT: ReconciliationAlert = {
  run_id: 7,
  finished_at: '2026-03-01T04:00:00.000Z',
  breach_count: 2,
  summary: '冻结余额与未完成业务不符 2 项',
  unacknowledged: 2,
};

/** A frozen-balance breach of one user's USDT, as the ledger verifier stores it. */
const frozenBreach = (userId: number, actual: string, expected: string) => ({
  kind: 'frozen' as const,
  user_id: userId,
  user_email: `user${userId}@example.com`,
  currency: 'USDT',
  actual,
  expected,
  message: `user ${userId} USDT: frozen ${actual} but open obligations ${expected}`,
});
/** Run 7 as POST /api/admin/reconciliation/7/acknowledge replies it: its two breaches, now acknowledged. */
const ACKNOWLEDGED_RUN: ReconciliationRun = {
  id: 7,
  started_at: '2026-03-01T03:59:59.200Z',
  finished_at: ALERT.finished_at,
  ok: false,
  breaches: [frozenBreach(12, '42.5', '30'), frozenBreach(15, '10', '0')],
  checked: { accounts: 1204, transactions: 56789, entries: 123456 },
  triggered_by: null,
  triggered_by_email: null,
  acknowledged_by: 1,
  acknowledged_by_email: 'root@example.com',
  acknowledged_at: '2026-03-01T05:00:00.000Z',
};

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let api: MockApi;
let alert: ReconciliationAlert | null;

beforeEach(() => {
  alert = ALERT;
  api = mockApi({
    'GET /api/admin/dashboard': () => ok(DATA),
    'GET /api/admin/reconciliation/alert': () => ok({ alert }),
    'POST /api/admin/reconciliation/7/acknowledge': () => {
      alert = null;
      return ok({ run: ACKNOWLEDGED_RUN }, '已确认对账异常');
    },
  });
});

describe('the dashboard reconciliation alert', () => {
  it('shows 对账异常 with the summary until an admin acknowledges it', async () => {
    renderWithAntAt(<DashboardPage />, '/admin');
    const banner = await screen.findByTestId('reconciliation-alert');
    expect(banner.textContent).toContain('对账异常：冻结余额与未完成业务不符 2 项');
    expect(banner.textContent).toContain('2026-03-01 12:00:00');
    expect(banner.textContent).toContain('另有 1 次未确认的异常');
    expect(banner.className).toContain('ant-alert-error');

    fireEvent.click(screen.getByTestId('reconciliation-alert-ack'));
    await waitFor(() => expect(screen.queryByTestId('reconciliation-alert')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/admin/reconciliation/7/acknowledge',
    ]);
    expect(await screen.findByText('已确认对账异常')).toBeTruthy();
  });

  it('links to 对账记录 on the runs that wait for an admin', async () => {
    const router = renderWithAntAt(<DashboardPage />, '/admin');
    await screen.findByTestId('reconciliation-alert');
    fireEvent.click(screen.getByTestId('reconciliation-alert-details'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/wallet/reconciliation'));
    expect(router.state.location.search).toBe('?result=unacknowledged');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows nothing when every run is clean or acknowledged, or when the call fails', async () => {
    alert = null;
    renderWithAntAt(<DashboardPage />, '/admin');
    await screen.findByTestId('dashboard-card-totalUsers');
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname === '/api/admin/reconciliation/alert')).toBe(true),
    );
    expect(screen.queryByTestId('reconciliation-alert')).toBeNull();
    cleanup();

    api.handlers['GET /api/admin/reconciliation/alert'] = () =>
      jsonResponse({ success: false, message: '服务器错误' }, 500);
    renderWithAntAt(<DashboardPage />, '/admin');
    await screen.findByTestId('dashboard-card-totalUsers');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url.pathname === '/api/admin/reconciliation/alert')).toHaveLength(2),
    );
    expect(screen.queryByTestId('reconciliation-alert')).toBeNull();
  });
});
