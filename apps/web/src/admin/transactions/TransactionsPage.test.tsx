import { type JournalData, type JournalTransaction, LEDGER_SYSTEM_ACCOUNT_LABELS } from '@platform/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { adminZhCN } from '../../i18n/admin/zh-CN.ts';
import { applyLanguage } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queryClient.ts';
import { ok } from '../../test/api.ts';
import { chineseIn } from '../../test/chinese.ts';
import { jsonResponse, makeAdmin } from '../../test/fixtures.ts';
import { renderInApp, signIn } from '../../test/render.tsx';
import TransactionsPage from './TransactionsPage.tsx';

const deposit: JournalTransaction = {
  id: 41,
  idempotency_key: 'deposit:7:approve',
  kind: 'deposit',
  memo: '充值审核通过',
  created_at: '2024-03-01T16:30:00.000Z',
  entries: [
    {
      account: 'user',
      user_id: 7,
      user_email: 'alice@example.com',
      bucket: 'available',
      currency: 'USDT',
      amount: '100.000000000000000000',
      balance_after: '150.500000000000000000',
    },
    {
      account: 'system',
      user_id: null,
      user_email: null,
      bucket: 'external_deposits',
      currency: 'USDT',
      amount: '-100.000000000000000000',
      balance_after: null,
    },
  ],
};

const settlement: JournalTransaction = {
  id: 42,
  idempotency_key: 'trade:9',
  kind: 'trade_settlement',
  memo: null,
  created_at: '2024-03-02T01:00:00.000Z',
  entries: [
    {
      account: 'user',
      user_id: 8,
      user_email: 'bob@example.com',
      bucket: 'frozen',
      currency: 'BTC',
      amount: '-0.001230000000000000',
      balance_after: '0.000000000000000000',
    },
    {
      account: 'system',
      user_id: null,
      user_email: null,
      bucket: 'house_pnl',
      currency: 'BTC',
      amount: '0.001230000000000000',
      balance_after: null,
    },
  ],
};

function reply(overrides: Partial<JournalData> = {}): JournalData {
  return {
    transactions: [settlement, deposit],
    pagination: { page: 1, limit: 20, total: 45, totalPages: 3, totalExact: true },
    kinds: ['deposit', 'trade_settlement', 'withdrawal_freeze'],
    ...overrides,
  };
}

type FetchArgs = [string, RequestInit?];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
let respond: (url: URL) => Response;

beforeEach(() => {
  respond = () => ok(reply());
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async (url) =>
    respond(new URL(url, 'http://localhost')),
  );
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
});

/** The address the page is at, beside it. */
function Where() {
  return <div data-testid="where">{useLocation().search}</div>;
}

function renderPage(path = '/admin/transactions') {
  signIn(makeAdmin(), 'admin-token');
  renderInApp(
    <>
      <TransactionsPage />
      <Where />
    </>,
    path,
  );
}

/** The query of the last journal call. */
function lastQuery(): URLSearchParams {
  const calls = fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/admin/transactions'));
  const last = calls.at(-1);
  if (!last) throw new Error('no journal call');
  return new URL(last[0], 'http://localhost').searchParams;
}

// antd's first render in jsdom takes seconds on a busy 2-core machine.
describe('TransactionsPage (资金流水)', { timeout: 20_000 }, () => {
  it('shows each transaction with its time in Beijing, kind label, users and signed amounts', async () => {
    renderPage();
    const row = await screen.findByTestId('journal-row-41');
    expect(within(row).getByText('2024-03-02 00:30:00')).toBeTruthy();
    expect(within(row).getByText('充值')).toBeTruthy();
    expect(within(row).getByText('alice@example.com')).toBeTruthy();
    expect(within(row).getByText('+100.00 USDT')).toBeTruthy();
    expect(within(row).getByText('充值审核通过')).toBeTruthy();

    const other = screen.getByTestId('journal-row-42');
    // A kind without a label is shown as it is; BTC keeps its decimals.
    expect(within(other).getByText('trade_settlement')).toBeTruthy();
    expect(within(other).getByText('-0.00123 BTC')).toBeTruthy();
    expect(screen.getByTestId('journal-page-text').textContent).toBe('显示第 1 到 20 条，共 45 条记录');

    const query = lastQuery();
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('20');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer admin-token',
    );
  });

  it('expands a row into its entries with accounts and balances after', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('journal-row-41'));
    const entries = await screen.findByTestId('journal-entries-41');
    expect(within(entries).getByText('deposit:7:approve')).toBeTruthy();
    expect(within(entries).getByText('可用')).toBeTruthy();
    expect(within(entries).getByText('系统 · 外部充值')).toBeTruthy();
    expect(within(entries).getByText('-100.00 USDT')).toBeTruthy();
    expect(within(entries).getByText('150.50 USDT')).toBeTruthy();
  });

  it('shows amounts to the display precision of their currency, not to 8 decimals: USDT 2 places, a change rounded down', async () => {
    const fill: JournalTransaction = {
      id: 43,
      idempotency_key: 'spot:fill:9',
      kind: 'spot_fill',
      memo: null,
      created_at: '2024-03-02T08:00:00.000Z',
      entries: [
        {
          account: 'user',
          user_id: 7,
          user_email: 'alice@example.com',
          bucket: 'available',
          currency: 'USDT',
          amount: '-12.345678910000000000',
          balance_after: '87.654321090000000000',
        },
        {
          account: 'system',
          user_id: null,
          user_email: null,
          bucket: 'fees',
          currency: 'USDT',
          amount: '0.012345670000000000',
          balance_after: null,
        },
        {
          account: 'user',
          user_id: 7,
          user_email: 'alice@example.com',
          bucket: 'available',
          currency: 'BTC',
          amount: '0.000123456789000000',
          balance_after: '0.000123456789000000',
        },
      ],
    };
    respond = () => ok(reply({ transactions: [fill] }));
    renderPage();
    const row = await screen.findByTestId('journal-row-43');
    expect(within(row).getByText('-12.35 USDT')).toBeTruthy();
    expect(within(row).getByText('+0.00012345 BTC')).toBeTruthy();
    expect(row.textContent).not.toMatch(/\.\d{3,} USDT/);
    fireEvent.click(row);
    const entries = await screen.findByTestId('journal-entries-43');
    expect(within(entries).getByText('87.65 USDT')).toBeTruthy();
    expect(within(entries).getByText('+0.01 USDT')).toBeTruthy();
    expect(within(entries).getByText('0.00012345 BTC')).toBeTruthy();
    expect(entries.textContent).not.toMatch(/\.\d{3,} USDT/);
  });

  it('sends the user and currency filters on 查询, resetting to page 1', async () => {
    renderPage();
    await screen.findByTestId('journal-row-41');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));

    fireEvent.change(screen.getByTestId('journal-filter-user'), { target: { value: ' alice@example.com ' } });
    fireEvent.change(screen.getByTestId('journal-filter-currency'), { target: { value: 'btc' } });
    fireEvent.click(screen.getByTestId('journal-search'));
    await waitFor(() => expect(lastQuery().get('user')).toBe('alice@example.com'));
    expect(lastQuery().get('currency')).toBe('BTC');
    expect(lastQuery().get('page')).toBe('1');
  });

  it('sends the kind chosen from the kinds the server listed', async () => {
    renderPage();
    await screen.findByTestId('journal-row-41');
    const select = screen.getByTestId('journal-filter-kind');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('提现冻结（withdrawal_freeze）'));
    await waitFor(() => expect(lastQuery().get('kind')).toBe('withdrawal_freeze'));
  });

  it('refuses a user that is neither an id nor an e-mail without calling the server', async () => {
    renderPage();
    await screen.findByTestId('journal-row-41');
    const calls = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByTestId('journal-filter-user'), { target: { value: 'bob' } });
    fireEvent.click(screen.getByTestId('journal-search'));
    expect(await screen.findByText('请输入用户ID或邮箱')).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('takes filters and the date range from the address', async () => {
    renderPage('/admin/transactions?user=7&dateFrom=2024-03-01&dateTo=2024-03-02');
    await screen.findByTestId('journal-row-41');
    const query = lastQuery();
    expect(query.get('user')).toBe('7');
    expect(query.get('dateFrom')).toBe('2024-03-01');
    expect(query.get('dateTo')).toBe('2024-03-02');
    expect((screen.getByTestId('journal-filter-user') as HTMLInputElement).value).toBe('7');
  });

  it('keeps applied filters, page and size in the address', async () => {
    respond = () =>
      ok(reply({ pagination: { page: 1, limit: 20, total: 200, totalPages: 10, totalExact: true } }));
    renderPage('/admin/transactions?currency=USDT&page=3');
    await screen.findByTestId('journal-row-41');
    expect(lastQuery().get('currency')).toBe('USDT');
    expect(lastQuery().get('page')).toBe('3');
    fireEvent.change(screen.getByTestId('journal-filter-user'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('journal-search'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?currency=USDT&user=7'));
    expect(lastQuery().get('page')).toBe('1');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?currency=USDT&user=7&page=2'));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
  });

  it('leaves out address values the contract refuses, so the list still loads', async () => {
    renderPage(
      '/admin/transactions?user=bob&currency=$$&kind=a%20b&dateFrom=2024-03-05&dateTo=2024-03-01&page=0&limit=7',
    );
    await screen.findByTestId('journal-row-41');
    const query = Object.fromEntries(lastQuery());
    // dateTo before dateFrom: the range check names dateTo, which is dropped.
    expect(query).toEqual({ page: '1', limit: '20', dateFrom: '2024-03-05' });
  });

  it('says when the total is an estimate past the window', async () => {
    respond = () =>
      jsonResponse({
        success: true,
        message: 'ok',
        data: reply({
          pagination: { page: 1, limit: 20, total: 2_345_678, totalPages: 500, totalExact: false },
        }),
      });
    renderPage();
    expect((await screen.findByTestId('journal-page-text')).textContent).toBe(
      '显示第 1 到 20 条，约 2,345,678 条，可翻阅最新 10,000 条，更早的记录请按日期筛选',
    );
  });

  it('shows 暂无资金流水 when nothing matches', async () => {
    respond = () =>
      jsonResponse({
        success: true,
        message: 'ok',
        data: reply({
          transactions: [],
          pagination: { page: 1, limit: 20, total: 0, totalPages: 0, totalExact: true },
        }),
      });
    renderPage();
    expect(await screen.findByText('暂无资金流水')).toBeTruthy();
  });

  it('replaces the page with 获取资金流水失败 and retries', async () => {
    respond = () => jsonResponse({ success: false, message: '服务器错误' }, 400);
    renderPage();
    expect(await screen.findByText('获取资金流水失败')).toBeTruthy();
    expect(screen.getByText('服务器错误')).toBeTruthy();
    respond = () => ok(reply());
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByTestId('journal-row-41')).toBeTruthy();
  });
});

describe('TransactionsPage in English', { timeout: 20_000 }, () => {
  it("names kinds, accounts and columns in English; the memo is the server's", async () => {
    applyLanguage('en');
    renderPage();
    const row = await screen.findByTestId('journal-row-41');
    expect(within(row).getByText('Deposit')).toBeTruthy();
    fireEvent.click(row);
    const entries = await screen.findByTestId('journal-entries-41');
    expect(within(entries).getByText('Available')).toBeTruthy();
    expect(within(entries).getByText('System · External deposits')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Balance after' })).toBeTruthy();
    expect(chineseIn(entries)).toEqual([]);
  });

  it("takes the system accounts' Chinese names from the contracts (not a copy of them)", () => {
    expect(adminZhCN.journal.systemAccounts).toBe(LEDGER_SYSTEM_ACCOUNT_LABELS);
  });
});
