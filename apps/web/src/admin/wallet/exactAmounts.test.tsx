import type { AdminDeposit, AdminWithdrawal, DepositStats } from '@platform/contracts';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectSocket } from '../../lib/socket.ts';
import { mockApi, ok, pagination } from '../../test/api.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { makeAdmin, storeSession } from '../../test/fixtures.ts';
import { confirmDialog, renderWithAntAt } from '../../test/render.tsx';
import DepositsPage from './DepositsPage.tsx';
import WithdrawalsPage from './WithdrawalsPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);

/**
 * An amount an operator approves is shown with every digit it has (issue 16: 12.1234567 USDT was
 * approved as "12.12 USDT"): in the list, the detail and the confirmation.
 */

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 8_000 });

const deposit: AdminDeposit = {
  id: 1,
  user_id: 7,
  user_email: 'alice@example.com',
  amount: '12.123456700000000000',
  currency: 'USDT',
  channel_name: 'USDT-TRC20',
  to_address: 'TXYZabcdefghijklmnopqrstuvwxyz1234',
  tx_hash: 'a'.repeat(64),
  remark: null,
  status: 'pending',
  admin_note: null,
  created_at: '2024-05-01T02:00:00.000Z',
  reviewed_at: null,
  processed_at: null,
  first_approval: null,
};

const stats: DepositStats = {
  totalDeposits: 1,
  pendingDeposits: 1,
  approvedDeposits: 0,
  rejectedDeposits: 0,
  totalAmount: '0',
  todayAmount: '0',
};

const withdrawal: AdminWithdrawal = {
  id: 5,
  user_id: 7,
  user: { email: 'bob@example.com', phone: null },
  withdraw_type: 'usdt',
  channel: 'USDT-TRC20',
  amount: '12.123456700000000000',
  fee: '0.181851851000000000',
  fee_rate: '0.015',
  currency: 'USDT',
  address: 'TAddressAbc123',
  network: 'TRC20',
  account_info: null,
  status: 'pending',
  created_at: '2024-05-01T02:00:00.000Z',
  updated_at: '2024-05-01T02:30:00.000Z',
  user_remark: null,
  admin_remark: null,
  tx_hash: null,
  first_approval: null,
};

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  storeSession(makeAdmin(), 'admin-token');
  mockApi({
    'GET /api/admin/deposits': () => ok({ deposits: [deposit], stats, pagination: pagination(1) }),
    'GET /api/admin/withdrawals': () => ok({ withdrawals: [withdrawal], pagination: pagination(1) }),
  });
});

describe('amounts an operator approves keep all their digits', () => {
  it('deposits: the row, the detail and the approval confirmation show 12.1234567 USDT', async () => {
    renderWithAntAt(<DepositsPage />, '/admin/wallet/deposits');
    const row = await screen.findByTestId('deposit-row-1');
    expect(within(row).getByText('12.1234567 USDT')).toBeTruthy();

    fireEvent.click(screen.getByTestId('deposit-detail-1'));
    const detail = await screen.findByTestId('deposit-detail');
    expect(within(detail).getByText('12.1234567 USDT')).toBeTruthy();

    fireEvent.click(screen.getByTestId('deposit-approve-1'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('12.1234567 USDT');
    expect(dialog.textContent).toContain('alice@example.com');
  });

  it('withdrawals: the row shows amount and fee in full, and the status confirmation names the amount', async () => {
    renderWithAntAt(<WithdrawalsPage />, '/admin/wallet/withdrawals');
    const row = await screen.findByTestId('withdrawal-row-5');
    expect(within(row).getByText('12.1234567 USDT')).toBeTruthy();
    expect(within(row).getByText('手续费 0.181851851 USDT')).toBeTruthy();

    fireEvent.click(screen.getByTestId('withdrawal-next-5'));
    fireEvent.click(await screen.findByTestId('withdrawal-next-5-approved'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('12.1234567 USDT');
  });
});
