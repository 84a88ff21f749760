import type { UserTransaction } from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { sessionStore } from '../../lib/session.tsx';
import { disconnectSocket } from '../../lib/socket.ts';
import { type Call, type Handler, mockApi, ok, pagination } from '../../test/api.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { jsonResponse, makeUser, sleep } from '../../test/fixtures.ts';
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
  currency: 'USDT',
  movement: 'in',
  amount: '100.000000000000000000',
  changes: [
    { bucket: 'available', amount: '100.000000000000000000', balance_after: '100.000000000000000000' },
  ],
  reference: { kind: 'deposit', id: 9 },
  created_at: '2024-05-01T02:00:00.000Z',
};

/** GET /api/wallet: USDT with the given available balance, 0.006 BTC at 60,000.5 and 5 of a coin without a price. */
function walletReply(balance: string) {
  const usdtValue = new Decimal(balance).plus('10').plus('5.25');
  const btcValue = new Decimal('0.006').times('60000.5');
  return ok({
    wallets: [
      {
        currency: 'USDT',
        balance,
        frozen_balance: '10',
        salary_balance: '5.25',
        price_usdt: '1',
        value_usdt: usdtValue.toFixed(),
      },
      {
        currency: 'BTC',
        balance: '0.004',
        frozen_balance: '0.002',
        salary_balance: '0',
        price_usdt: '60000.5',
        value_usdt: btcValue.toFixed(),
      },
      {
        currency: 'NOPE',
        balance: '5',
        frozen_balance: '0',
        salary_balance: '0',
        price_usdt: null,
        value_usdt: null,
      },
      {
        currency: 'ETH',
        balance: '0',
        frozen_balance: '0',
        salary_balance: '0',
        price_usdt: null,
        value_usdt: '0',
      },
    ],
    total_value_usdt: usdtValue.plus(btcValue).toFixed(),
    unpriced_currencies: ['NOPE'],
    withdrawRequirement: { canWithdraw: false, reasons: [] },
  });
}

beforeEach(() => {
  disconnectSocket();
  fakeSockets.length = 0;
  // Signed out unless a test signs in.
  sessionStore.reload();
  balance = '1234.5';
  ({ calls, handlers } = mockApi({
    'GET /api/wallet': () => walletReply(balance),
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
  it('is in English under en: balances, assets, actions, KYC and the statement row (its server memo aside)', async () => {
    applyLanguage('en');
    signIn(makeUser());
    const { container } = renderPage();
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('1,609.75');
    expect(screen.getByTestId('wallet-total-note').textContent).toBe(
      'Not counted (no reference price): NOPE',
    );
    expect(screen.getByText('USDT available')).toBeTruthy();
    expect(screen.getByTestId('wallet-deposit').textContent).toBe('Deposit');
    expect(screen.getByTestId('wallet-withdraw').textContent).toBe('Withdraw');
    expect(screen.getByTestId('asset-value-NOPE').textContent).toBe('No reference price');
    expect((await screen.findByTestId('wallet-kyc-status')).textContent).toBe('Pending review');
    const row = await screen.findByTestId('transaction-record-3');
    expect(row.textContent).toContain('Deposit');
    expect(row.textContent).toContain('Available balance 100.00');
    const text = (container.textContent ?? '').replace(tx.memo ?? '', '');
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('makes no call without a token', async () => {
    renderPage();
    await sleep(50);
    expect(calls).toHaveLength(0);
  });

  it('shows the total of every coin at its reference price, each asset with value and share, and the recent rows', async () => {
    signIn(makeUser());
    renderPage();
    // 1,249.75 USDT + 0.006 BTC × 60,000.5 = 1,609.753 → 1,609.75 (rounded down).
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('1,609.75');
    expect(screen.getByTestId('wallet-total-note').textContent).toBe('未计入无参考价的 NOPE');
    expect(screen.getByTestId('wallet-available').textContent).toBe('1,234.50');
    expect(screen.getByTestId('wallet-frozen').textContent).toBe('10.00');
    expect(screen.getByTestId('wallet-salary').textContent).toBe('5.25');
    // Largest value first, the coin without a price last, a coin not held left out.
    const rows = screen.getAllByTestId(/^asset-row-/).map((row) => row.getAttribute('data-testid'));
    expect(rows).toEqual(['asset-row-USDT', 'asset-row-BTC', 'asset-row-NOPE']);
    expect(screen.getByTestId('asset-amount-BTC').textContent).toBe('0.006 BTC');
    expect(screen.getByTestId('asset-value-BTC').textContent).toBe('≈ 360.00 USDT');
    expect(screen.getByTestId('asset-share-BTC').textContent).toBe('占比 22.4%');
    expect(screen.getByTestId('asset-share-USDT').textContent).toBe('占比 77.6%');
    expect(screen.getByTestId('asset-value-NOPE').textContent).toBe('无参考价');
    expect(screen.getByTestId('asset-share-NOPE').textContent).toBe('不计入占比');
    expect(screen.getByTestId('asset-row-BTC').getAttribute('href')).toBe('/wallet/asset/BTC');
    expect((await screen.findByTestId('wallet-kyc-status')).textContent).toBe('待审核');
    const row = await screen.findByTestId('transaction-record-3');
    expect(row.textContent).toContain('充值');
    expect(row.textContent).toContain('+100.00 USDT');
    expect(screen.getByTestId('open-transaction-record-3').getAttribute('href')).toBe('/wallet/deposits/9');
    expect(
      calls.find((c) => c.url.pathname === '/api/wallet/transactions')?.url.searchParams.get('limit'),
    ).toBe('5');
  });

  it('shows each coin’s average cost and unrealised P&L in the up/down colour, and 成本未知 where coins have no buy price', async () => {
    handlers['GET /api/wallet/holdings'] = () =>
      ok({
        holdings: [
          {
            currency: 'BTC',
            quantity: '0.006',
            known_quantity: '0.005',
            unknown_quantity: '0.001',
            avg_cost: '50000',
            price_usdt: '60000.5',
            // (60,000.5 − 50,000) × 0.005 = 50.0025; 10,000.5 / 50,000 = 20.001 %.
            unrealised_pnl: '50.0025',
            unrealised_pnl_percent: '20.00',
          },
          {
            currency: 'NOPE',
            quantity: '5',
            known_quantity: '0',
            unknown_quantity: '5',
            avg_cost: null,
            price_usdt: null,
            unrealised_pnl: null,
            unrealised_pnl_percent: null,
          },
        ],
      });
    signIn(makeUser());
    renderPage();
    const btc = await screen.findByTestId('holding-BTC');
    expect(btc.textContent).toBe('成本 50,000.00 · 盈亏 +50.00 USDT (+20.00%) · 0.001 BTC 成本未知');
    expect(screen.getByTestId('holding-BTC-pnl').style.color).toBe('var(--app-up)');
    expect(screen.getByTestId('holding-NOPE').textContent).toBe('成本未知');
    expect(screen.queryByTestId('holding-USDT')).toBeNull();
  });

  it('colours a loss in the down colour', async () => {
    handlers['GET /api/wallet/holdings'] = () =>
      ok({
        holdings: [
          {
            currency: 'BTC',
            quantity: '0.006',
            known_quantity: '0.006',
            unknown_quantity: '0',
            avg_cost: '70000',
            price_usdt: '60000.5',
            unrealised_pnl: '-56.997',
            unrealised_pnl_percent: '-13.57',
          },
        ],
      });
    signIn(makeUser());
    renderPage();
    const btc = await screen.findByTestId('holding-BTC');
    expect(btc.textContent).toBe('成本 70,000.00 · 盈亏 -57.00 USDT (-13.57%)');
    expect(screen.getByTestId('holding-BTC-pnl').style.color).toBe('var(--app-down)');
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
    expect(screen.getByTestId('wallet-total').textContent).toBe('1,709.75');
  });

  it('shows the empty ledger and the load error with retry', async () => {
    signIn(makeUser());
    handlers['GET /api/wallet/transactions'] = () => ok({ transactions: [], pagination: pagination(0) });
    handlers['GET /api/wallet'] = () => jsonResponse({ success: false, message: '数据库繁忙' }, 400);
    renderPage();
    expect(await screen.findByText('获取钱包信息失败')).toBeTruthy();
    expect(screen.getByText('数据库繁忙')).toBeTruthy();
    handlers['GET /api/wallet'] = () =>
      ok({
        wallets: [],
        total_value_usdt: '0',
        unpriced_currencies: [],
        withdrawRequirement: { canWithdraw: false, reasons: [] },
      });
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('0.00');
    expect(await screen.findByText('暂无资金流水')).toBeTruthy();
  });
});
