import type { WithdrawalStatus } from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectSocket } from '../../lib/socket.ts';
import { type Call, mockApi, ok, pagination } from '../../test/api.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderWithAnt, signIn } from '../../test/render.tsx';
import HistoryPage from './HistoryPage.tsx';
import { userWithdrawal } from './testData.ts';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

let calls: Call[];
let status: WithdrawalStatus;

const withdrawal = () =>
  userWithdrawal({
    withdraw_type: 'alipay',
    channel: '支付宝提现',
    address: null,
    account_info: { account: 'ali@pay.com', name: '张三', phone: null },
    status,
  });

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  status = 'pending';
  signIn(makeUser());
  ({ calls } = mockApi({
    'GET /api/wallet/deposits': () => ok({ deposits: [], pagination: pagination(0) }),
    'GET /api/wallet/withdrawals': () => ok({ withdrawals: [withdrawal()], pagination: pagination(1) }),
  }));
});

const renderAt = (path: string) =>
  renderWithAnt(
    <MemoryRouter initialEntries={[path]}>
      <HistoryPage />
    </MemoryRouter>,
  );

describe('HistoryPage', () => {
  it('opens on deposits with its empty state, then shows withdrawals with payee and fee', async () => {
    renderAt('/wallet/history');
    expect(await screen.findByText('暂无充值记录')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '提现' }));
    const row = await screen.findByTestId('withdrawal-record-41');
    expect(row.textContent).toContain('手续费 1.00 USDT · 合计冻结 101.00 USDT');
    expect(row.textContent).toContain('收款：张三 ali@pay.com');
  });

  it('refetches the list when a withdrawal moves, so its badge changes live', async () => {
    renderAt('/wallet/history?tab=withdrawals');
    const row = await screen.findByTestId('withdrawal-record-41');
    expect(within(row).getByTestId('withdrawal-status').textContent).toBe('待审核');
    status = 'processing';
    act(() =>
      fakeSockets.at(-1)?.receive('withdrawal_status_update', {
        id: 41,
        userId: 7,
        status,
        previousStatus: 'approved',
        updated_at: '2024-05-01T03:00:00.000Z',
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByTestId('withdrawal-record-41')).getByTestId('withdrawal-status').textContent,
      ).toBe('出款中'),
    );
    expect(calls.filter((c) => c.url.pathname === '/api/wallet/withdrawals')).toHaveLength(2);
  });
});
