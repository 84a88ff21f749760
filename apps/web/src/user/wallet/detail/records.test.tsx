import type { UserTransaction } from '@platform/contracts';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { type Call, type Handler, mockApi, ok, pagedReply, pagination } from '../../../test/api.ts';
import { jsonResponse, makeOrder, makeUser } from '../../../test/fixtures.ts';
import { renderWithAnt, signIn } from '../../../test/render.tsx';
import { TransactionRecord } from '../records.tsx';
import { userWithdrawal } from '../testData.ts';
import AssetPage from './AssetPage.tsx';
import DepositDetailPage from './DepositDetailPage.tsx';
import OrderDetailPage from './OrderDetailPage.tsx';
import WithdrawalDetailPage from './WithdrawalDetailPage.tsx';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket.ts')).fakeSocketModule);
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

const HASH = 'ab12'.repeat(16);

let calls: Call[];
let handlers: Record<string, Handler>;

beforeEach(() => {
  signIn(makeUser());
  ({ calls, handlers } = mockApi({
    'GET /api/wallet/withdrawals/41': () =>
      ok({ withdrawal: userWithdrawal({ status: 'completed', tx_hash: HASH, admin_remark: '链上已转出' }) }),
    'GET /api/wallet/withdrawals/42': () => jsonResponse({ success: false, message: '提现记录不存在' }, 404),
    'GET /api/trading/pairs': () => ok({ pairs: [] }),
    'GET /api/wallet': () =>
      ok({
        wallets: [
          {
            currency: 'USDT',
            balance: '100',
            frozen_balance: '0',
            salary_balance: '0',
            price_usdt: '1',
            value_usdt: '100',
          },
          {
            currency: 'BTC',
            balance: '0.004',
            frozen_balance: '0.0019999999',
            salary_balance: '0',
            price_usdt: '50000',
            value_usdt: '299.999995',
          },
        ],
        total_value_usdt: '399.999995',
        unpriced_currencies: [],
        withdrawRequirement: { canWithdraw: true, reasons: [] },
      }),
    'GET /api/wallet/transactions': () => ok({ transactions: [], pagination: pagination(0) }),
  }));
});

/** `element` at `pattern` opened on `path`, as the user routes mount it. */
function renderRoute(pattern: string, path: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  renderWithAnt(<RouterProvider router={router} />);
  return router;
}

const row = (overrides: Partial<UserTransaction>): UserTransaction => ({
  id: 7,
  transaction_id: 5,
  kind: 'flash_open',
  memo: null,
  currency: 'USDT',
  movement: 'freeze',
  amount: '0.000000000000000000',
  changes: [
    { bucket: 'available', amount: '-10.000000000000000000', balance_after: '90.000000000000000000' },
    { bucket: 'frozen', amount: '10.000000000000000000', balance_after: '10.000000000000000000' },
  ],
  reference: { kind: 'order', id: 12 },
  created_at: '2024-05-01T02:00:00.000Z',
  ...overrides,
});

const renderRow = (tx: UserTransaction) =>
  renderWithAnt(
    <MemoryRouter>
      <TransactionRecord tx={tx} />
    </MemoryRouter>,
  );

describe('a statement row', () => {
  it('shows a stake frozen as 冻结, not as money received, named 秒合约 and linked to its order', () => {
    renderRow(row({}));
    const shown = screen.getByTestId('transaction-record-7');
    expect(shown.textContent).toContain('秒合约下单');
    expect(within(shown).getByTestId('statement-amount').textContent).toBe('冻结10.00 USDT');
    expect(shown.textContent).not.toContain('+10.00');
    expect(shown.textContent).toContain('可用余额 90.00 USDT');
    expect(screen.getByTestId('open-transaction-record-7').getAttribute('href')).toBe('/orders/12');
  });

  it('shows a settlement as what the user holds more, with the buckets it moved, rounded down', () => {
    renderRow(
      row({
        kind: 'flash_settle',
        movement: 'in',
        amount: '1.509000000000000000',
        changes: [
          { bucket: 'frozen', amount: '-10.000000000000000000', balance_after: '0.000000000000000000' },
          { bucket: 'available', amount: '11.509000000000000000', balance_after: '101.509000000000000000' },
        ],
      }),
    );
    const shown = screen.getByTestId('transaction-record-7');
    expect(within(shown).getByTestId('statement-amount').textContent).toBe('+1.50 USDT');
    expect(shown.textContent).toContain('冻结 -10.00 · 可用 +11.50');
    expect(shown.textContent).toContain('可用余额 101.50 USDT');
  });

  it('shows an unfreeze as 解冻 and a payout as money out; salary rows link nowhere', () => {
    renderRow(
      row({
        kind: 'withdrawal_reject',
        movement: 'unfreeze',
        changes: [
          { bucket: 'frozen', amount: '-101.000000000000000000', balance_after: '0.000000000000000000' },
          { bucket: 'available', amount: '101.000000000000000000', balance_after: '101.000000000000000000' },
        ],
        reference: { kind: 'withdrawal', id: 41 },
      }),
    );
    expect(screen.getByTestId('statement-amount').textContent).toBe('解冻101.00 USDT');
    expect(screen.getByTestId('open-transaction-record-7').getAttribute('href')).toBe(
      '/wallet/withdrawals/41',
    );
  });

  it('opens nothing for a row without a record', () => {
    renderRow(
      row({
        kind: 'team_salary',
        movement: 'in',
        amount: '5.000000000000000000',
        changes: [
          { bucket: 'salary', amount: '5.000000000000000000', balance_after: '5.000000000000000000' },
        ],
        reference: null,
      }),
    );
    expect(screen.getByTestId('statement-amount').textContent).toBe('+5.00 USDT');
    expect(screen.queryByTestId('open-transaction-record-7')).toBeNull();
  });
});

describe('WithdrawalDetailPage', () => {
  it('shows the payout hash of a completed USDT withdrawal, linked to the block explorer', async () => {
    renderRoute('/wallet/withdrawals/:id', '/wallet/withdrawals/41', <WithdrawalDetailPage />);
    const hash = await screen.findByTestId('withdrawal-tx-hash-41');
    const link = within(hash).getByRole('link');
    expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${HASH}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe(HASH);
    expect(screen.getByTestId('withdrawal-detail-amount').textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('withdrawal-detail').textContent).toContain('链上已转出');
  });

  it('says 记录不存在 for a withdrawal that is not the user’s', async () => {
    renderRoute('/wallet/withdrawals/:id', '/wallet/withdrawals/42', <WithdrawalDetailPage />);
    expect(await screen.findByTestId('withdrawal-detail-page-missing')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/wallet/withdrawals/42')).toHaveLength(1);
  });

  it('asks nothing for an id that is not one', async () => {
    renderRoute('/wallet/withdrawals/:id', '/wallet/withdrawals/abc', <WithdrawalDetailPage />);
    expect(await screen.findByTestId('withdrawal-detail-page-missing')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/wallet/withdrawals'))).toHaveLength(0);
  });
});

/** The statement has `count` deposits, newest (id `count`) first, paged as the server pages. */
function serveStatement(count: number) {
  const statement = Array.from({ length: count }, (_, i) =>
    row({
      id: count - i,
      transaction_id: count - i,
      kind: 'deposit',
      movement: 'in',
      amount: '1',
      changes: [],
    }),
  );
  handlers['GET /api/wallet/transactions'] = (call) => pagedReply(call, 'transactions', statement);
}

describe('AssetPage', () => {
  it('shows what is held, rounded down, its value and share, and the history of that currency only', async () => {
    renderRoute('/wallet/asset/:currency', '/wallet/asset/BTC', <AssetPage />);
    // 0.004 + 0.0019999999 = 0.0059999999 BTC: shown to 8 places, rounded down.
    expect((await screen.findByTestId('asset-held')).textContent).toBe('0.00599999');
    expect(screen.getByTestId('asset-value').textContent).toBe('≈ 299.99 USDT · 占总资产 75.0%');
    expect(screen.getByTestId('asset-summary').textContent).toContain('参考价（USDT）50,000.00');
    await screen.findByText('暂无流水');
    const history = calls.find((c) => c.url.pathname === '/api/wallet/transactions');
    expect(history?.url.searchParams.get('currency')).toBe('BTC');
  });

  it('says when a currency has no reference price', async () => {
    handlers['GET /api/wallet'] = () =>
      ok({
        wallets: [
          {
            currency: 'NOPE',
            balance: '5',
            frozen_balance: '0',
            salary_balance: '0',
            price_usdt: null,
            value_usdt: null,
          },
        ],
        total_value_usdt: '0',
        unpriced_currencies: ['NOPE'],
        withdrawRequirement: { canWithdraw: true, reasons: [] },
      });
    renderRoute('/wallet/asset/:currency', '/wallet/asset/NOPE', <AssetPage />);
    expect((await screen.findByTestId('asset-value')).textContent).toBe('无参考价，未计入总资产');
  });

  it('reaches every record of its statement: 30 records at 10 a page are pages 1 to 3, the last row on page 3', async () => {
    serveStatement(30);
    renderRoute('/wallet/asset/:currency', '/wallet/asset/USDT', <AssetPage />);
    await screen.findByTestId('transaction-record-30');
    expect(screen.getByTestId('asset-history-page-text').textContent).toBe('显示第 1 到 10 条，共 30 条记录');
    const pager = screen.getByTestId('asset-history-pagination');
    fireEvent.click(within(pager).getByTitle('3'));
    await screen.findByTestId('transaction-record-1');
    expect(screen.getByTestId('asset-history-page-text').textContent).toBe(
      '显示第 21 到 30 条，共 30 条记录',
    );
    expect(
      calls
        .filter((c) => c.url.pathname === '/api/wallet/transactions')
        .at(-1)
        ?.url.searchParams.get('page'),
    ).toBe('3');
  });

  it('offers the second page of 11 to 20 records', async () => {
    serveStatement(15);
    renderRoute('/wallet/asset/:currency', '/wallet/asset/USDT', <AssetPage />);
    await screen.findByTestId('transaction-record-15');
    fireEvent.click(within(screen.getByTestId('asset-history-pagination')).getByTitle('2'));
    await screen.findByTestId('transaction-record-1');
    expect(screen.getByTestId('asset-history-page-text').textContent).toBe(
      '显示第 11 到 15 条，共 15 条记录',
    );
  });

  it('shows an empty statement as 暂无流水 with no pager and no 第 0 页', async () => {
    renderRoute('/wallet/asset/:currency', '/wallet/asset/USDT', <AssetPage />);
    await screen.findByText('暂无流水');
    expect(screen.queryByTestId('asset-history-page-text')).toBeNull();
    expect(screen.queryByTestId('asset-history-pagination')).toBeNull();
    expect(screen.getByTestId('asset-history').textContent).not.toContain('第 0');
  });
});

/** The page's text without what the server sent (`data`: remarks, channel names). */
const ownText = (element: HTMLElement, data: string[] = []) =>
  data.reduce((rest, item) => rest.replaceAll(item, ''), element.textContent ?? '');
const CHINESE = /[\u4e00-\u9fff]/;

describe('the record pages in English', () => {
  beforeEach(() => applyLanguage('en'));

  it('shows a withdrawal’s details in English, the server’s remark aside', async () => {
    renderRoute('/wallet/withdrawals/:id', '/wallet/withdrawals/41', <WithdrawalDetailPage />);
    const detail = await screen.findByTestId('withdrawal-detail');
    expect(screen.getByText('Withdrawal details')).toBeTruthy();
    expect(screen.getByText('Withdrawal amount')).toBeTruthy();
    expect(screen.getByText('Payout transaction hash')).toBeTruthy();
    expect(screen.getByText('Receiving address (TRC20)')).toBeTruthy();
    expect(ownText(document.body, ['链上已转出', 'USDT-TRC20 提现'])).not.toMatch(CHINESE);
    expect(detail.textContent).toContain('Total frozen');
  });

  it('says Record not found in English', async () => {
    renderRoute('/wallet/withdrawals/:id', '/wallet/withdrawals/abc', <WithdrawalDetailPage />);
    expect((await screen.findByTestId('withdrawal-detail-page-missing')).textContent).toContain(
      'Record not found',
    );
    expect(ownText(document.body)).not.toMatch(CHINESE);
  });

  it('shows a deposit’s details in English, its channel name and notes aside', async () => {
    handlers['GET /api/wallet/deposits/7'] = () =>
      ok({
        deposit: {
          id: 7,
          channel_id: 1,
          channel_name: '波场网络',
          to_address: 'TXyz',
          currency: 'USDT',
          amount: '50',
          tx_hash: HASH,
          remark: '我的转账',
          status: 'rejected',
          admin_note: '未到账',
          created_at: '2024-05-01T02:00:00.000Z',
          reviewed_at: '2024-05-01T03:00:00.000Z',
        },
      });
    renderRoute('/wallet/deposits/:id', '/wallet/deposits/7', <DepositDetailPage />);
    await screen.findByTestId('deposit-detail');
    for (const label of ['Deposit details', 'Deposit amount', 'Channel', 'Rejection reason', 'My note'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(ownText(document.body, ['波场网络', '我的转账', '未到账'])).not.toMatch(CHINESE);
  });

  it('shows a perpetual order in English', async () => {
    handlers['GET /api/trading/orders/9'] = () =>
      ok({
        order: makeOrder({ id: 9, product: 'perpetual', side: 'long', price: '50000', type: 'limit' }),
        contract: null,
      });
    renderRoute('/orders/:id', '/orders/9', <OrderDetailPage />);
    await screen.findByTestId('order-detail');
    expect(screen.getByText('Order details')).toBeTruthy();
    expect(screen.getByText('Entry price')).toBeTruthy();
    expect(screen.getByTestId('order-detail-trade').textContent).toBe('Trade Perpetual');
    expect(ownText(document.body)).not.toMatch(CHINESE);
  });

  it('shows an asset in English with its own statement', async () => {
    renderRoute('/wallet/asset/:currency', '/wallet/asset/BTC', <AssetPage />);
    expect((await screen.findByTestId('asset-value')).textContent).toBe(
      '≈ 299.99 USDT · 75.0% of total assets',
    );
    expect(screen.getByText('BTC statement')).toBeTruthy();
    await screen.findByText('No records');
    expect(screen.getByTestId('asset-summary').textContent).toContain('Reference price (USDT)50,000.00');
    expect(ownText(document.body)).not.toMatch(CHINESE);
  });
});
