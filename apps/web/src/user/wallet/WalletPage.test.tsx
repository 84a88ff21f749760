import type { UserTransaction } from '@platform/contracts';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session.tsx';
import { disconnectSocket } from '../../lib/socket.ts';
import { type Call, type Handler, mockApi, ok, pagination } from '../../test/api.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { jsonResponse, makeUser } from '../../test/fixtures.ts';
import { renderWithAnt, signIn } from '../../test/render.tsx';
import WalletPage from './WalletPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketModule);
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

let calls: Call[];
let handlers: Record<string, Handler>;
let balance: string;

const tx: UserTransaction = {
  id: 3,
  transaction_id: 2,
  kind: 'deposit',
  memo: '充值 #9 审核通过',
  bucket: 'available',
  currency: 'USDT',
  amount: '100.000000000000000000',
  balance_after: '100.000000000000000000',
  created_at: '2024-05-01T02:00:00.000Z',
};

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  // Signed out unless a test signs in.
  sessionStore.reload();
  balance = '1234.5';
  ({ calls, handlers } = mockApi({
    'GET /api/wallet': () =>
      ok({
        wallets: [{ currency: 'USDT', balance, frozen_balance: '10', salary_balance: '5.25' }],
        withdrawRequirement: { canWithdraw: false, reasons: [] },
      }),
    'GET /api/wallet/transactions': () => ok({ transactions: [tx], pagination: pagination(1) }),
    'GET /api/kyc/status': () => ok({ kyc_status: 'pending', application: null }),
  }));
});

const renderPage = () =>
  renderWithAnt(
    <MemoryRouter>
      <WalletPage />
    </MemoryRouter>,
  );

describe('WalletPage', () => {
  it('makes no call without a token', async () => {
    renderPage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });

  it('shows the balances, the KYC state and the recent ledger entries', async () => {
    signIn(makeUser());
    renderPage();
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('1,249.75');
    expect(screen.getByTestId('wallet-available').textContent).toBe('1,234.50');
    expect(screen.getByTestId('wallet-frozen').textContent).toBe('10.00');
    expect(screen.getByTestId('wallet-salary').textContent).toBe('5.25');
    expect((await screen.findByTestId('wallet-kyc-status')).textContent).toBe('待审核');
    const row = await screen.findByTestId('transaction-record-3');
    expect(row.textContent).toContain('充值');
    expect(row.textContent).toContain('+100.00 USDT');
    expect(
      calls.find((c) => c.url.pathname === '/api/wallet/transactions')?.url.searchParams.get('limit'),
    ).toBe('5');
  });

  it('refetches the balance when a deposit is reviewed', async () => {
    signIn(makeUser());
    renderPage();
    await screen.findByTestId('wallet-total');
    balance = '1334.5';
    act(() =>
      fakeSockets.at(-1)?.receive('deposit_status_update', { deposit: { id: 1, status: 'approved' } }),
    );
    await waitFor(() => expect(screen.getByTestId('wallet-available').textContent).toBe('1,334.50'));
  });

  it('shows the empty ledger and the load error with retry', async () => {
    signIn(makeUser());
    handlers['GET /api/wallet/transactions'] = () => ok({ transactions: [], pagination: pagination(0) });
    handlers['GET /api/wallet'] = () => jsonResponse({ success: false, message: '数据库繁忙' }, 400);
    renderPage();
    expect(await screen.findByText('获取钱包信息失败')).toBeTruthy();
    expect(screen.getByText('数据库繁忙')).toBeTruthy();
    handlers['GET /api/wallet'] = () =>
      ok({ wallets: [], withdrawRequirement: { canWithdraw: false, reasons: [] } });
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('0.00');
    expect(await screen.findByText('暂无资金流水')).toBeTruthy();
  });
});
