import type { AdminDashboard, FirstApproval } from '@platform/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAtRoute, renderWithAnt } from '../../test/render.tsx';
import { SecondApprovalTag } from '../dualControl.tsx';
import { NearThresholdCard } from './NearThresholdCard.tsx';

/** Issue 32, structuring: 临界金额预警 on the dashboard, and why a request waits for a second admin. */

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const DATA: AdminDashboard = {
  userStats: { totalUsers: 1, newUsersToday: 0, kycApprovedUsers: 0 },
  financialStats: { totalDeposits: '0', pendingDeposits: 0, totalWithdrawals: '0', pendingWithdrawals: 0 },
  pendingTasks: { pendingKyc: 0, pendingDeposits: 0, pendingWithdrawals: 0 },
  secondApprovals: { deposits: 0, withdrawals: 0, payouts: 0, adjustments: 0 },
  nearThreshold: [
    {
      kind: 'deposit',
      user_id: 7,
      user_email: 'split+1@example.com',
      count: 3,
      total: '29999.970000000000000000',
      threshold: '10000',
    },
    {
      kind: 'withdrawal',
      user_id: 8,
      user_email: 'w@example.com',
      count: 2,
      total: '17500.000000000000000000',
      threshold: '10000',
    },
  ],
};

describe('NearThresholdCard', () => {
  it('lists each user with kind, count, sum and threshold, and the rule', async () => {
    renderAtRoute('/admin', <NearThresholdCard data={DATA} />);
    const card = await screen.findByTestId('dashboard-near-threshold');
    expect(card.textContent).toContain('临界金额预警');
    expect(card.textContent).toContain('近 7 天内至少 2 笔金额在复核阈值 80%–100% 之间的申请');
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('split+1@example.com');
    expect(rows[0]?.textContent).toContain('充值');
    expect(rows[0]?.textContent).toContain('29,999.97');
    expect(rows[0]?.textContent).toContain('10,000.00');
    expect(rows[1]?.textContent).toContain('提现');
    expect(rows[1]?.textContent).toContain('17,500.00');
  });

  it('links each user to 用户管理 searched by e-mail', async () => {
    const router = renderAtRoute('/admin', <NearThresholdCard data={DATA} />);
    fireEvent.click(await screen.findByTestId('near-threshold-user-deposit-7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('split+1@example.com');
  });

  it('says so when nobody clusters', async () => {
    renderAtRoute('/admin', <NearThresholdCard data={{ ...DATA, nearThreshold: [] }} />);
    expect((await screen.findByTestId('dashboard-near-threshold')).textContent).toContain('暂无临界金额预警');
  });
});

describe('待复核 says why', () => {
  const first: FirstApproval = {
    admin_id: 1,
    admin_email: 'root@example.com',
    at: '2025-01-01T04:00:00.000Z',
    window_total: '19999.980000000000000000',
  };

  it('shows the user’s 24 h total that reached the threshold', async () => {
    renderWithAnt(<SecondApprovalTag first={first} testId="tag" />);
    expect((await screen.findByTestId('tag')).textContent).toContain(
      '该用户 24 小时内累计 19,999.98 USDT，达到双人复核阈值',
    );
  });

  it('shows no reason when the total is unknown', async () => {
    renderWithAnt(<SecondApprovalTag first={{ ...first, window_total: null }} testId="tag" />);
    expect((await screen.findByTestId('tag')).textContent).not.toContain('24 小时内累计');
  });
});
