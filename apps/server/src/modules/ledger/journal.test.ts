import {
  type JournalData,
  type JournalTransaction,
  journalQuery,
  LEDGER_KIND_LABELS,
} from '@platform/contracts';
import { formatDate } from '@platform/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { listJournal, pageBeyondWindow } from './journal.service.ts';
import { type PostTransactionRequest, postTransaction } from './ledger.service.ts';
import { assertLedgerOk } from './verify.ts';

let t: TestApp;
let root: Awaited<ReturnType<typeof createAdmin>>;
let plain: Awaited<ReturnType<typeof createAdmin>>;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

const tx: Record<string, number> = {};

async function post(name: string, req: Omit<PostTransactionRequest, 'idempotencyKey'>) {
  const result = await t.database.db.transaction((db) =>
    postTransaction(db, { ...req, idempotencyKey: `journal-test:${name}` }),
  );
  tx[name] = result.transactionId;
}

const deposit = (userId: number, amount: string, currency = 'USDT') => ({
  kind: 'deposit',
  memo: `充值 ${amount} ${currency}`,
  postings: [
    { account: { userId, bucket: 'available' as const }, currency, amount },
    { account: { system: 'external_deposits' as const }, currency, amount: `-${amount}` },
  ],
});

async function list(query = '', token = root.token) {
  return api<JournalData>(t.app, 'GET', `/api/admin/transactions${query}`, { token });
}

const ids = (transactions: JournalTransaction[] | undefined) => (transactions ?? []).map((x) => x.id);

beforeAll(async () => {
  t = await createTestApp();
  root = await createAdmin(t, 'super_admin');
  plain = await createAdmin(t, 'admin');
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);

  await post('a1', deposit(alice.user.id, '100'));
  await post('b1', deposit(bob.user.id, '50'));
  await post('a2', {
    kind: 'withdrawal_freeze',
    postings: [
      { account: { userId: alice.user.id, bucket: 'available' }, currency: 'USDT', amount: '-30' },
      { account: { userId: alice.user.id, bucket: 'frozen' }, currency: 'USDT', amount: '30' },
    ],
  });
  await post('a3', deposit(alice.user.id, '0.5', 'BTC'));
  await post('b2', {
    kind: 'trade_settlement',
    postings: [
      { account: { userId: bob.user.id, bucket: 'available' }, currency: 'USDT', amount: '-20' },
      { account: { system: 'house_pnl' }, currency: 'USDT', amount: '20' },
    ],
  });
});
// Synthetic postings with no business row behind them: the journal's own invariants only
// (the reconciliation with the business tables is proven in reconciliation.test.ts).
afterEach(async () => assertLedgerOk(t.database.db));
afterAll(async () => t?.close());

describe(`GET /api/admin/transactions (${testEngine})`, () => {
  it('needs a token and an admin; a plain admin may read it', async () => {
    expect((await api(t.app, 'GET', '/api/admin/transactions')).status).toBe(401);
    const normal = await list('', alice.token);
    expect(normal.status).toBe(403);
    expect(normal.body.message).toBe('权限不足，需要管理员权限');
    expect((await list('', plain.token)).status).toBe(200);
  });

  it('lists transactions newest first with their entries, signed amounts and balances after', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取资金流水成功');
    const data = res.body.data!;
    expect(ids(data.transactions)).toEqual([tx.b2, tx.a3, tx.a2, tx.b1, tx.a1]);
    expect(data.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1, totalExact: true });
    // Every labelled kind, plus the unlabelled kinds that occur.
    expect(data.kinds).toEqual([...Object.keys(LEDGER_KIND_LABELS), 'trade_settlement'].sort());

    const freeze = data.transactions.find((x) => x.id === tx.a2)!;
    expect(freeze).toMatchObject({
      idempotency_key: 'journal-test:a2',
      kind: 'withdrawal_freeze',
      memo: null,
    });
    expect(freeze.entries).toEqual([
      {
        account: 'user',
        user_id: alice.user.id,
        user_email: alice.email,
        bucket: 'available',
        currency: 'USDT',
        amount: '-30.000000000000000000',
        balance_after: '70.000000000000000000',
      },
      {
        account: 'user',
        user_id: alice.user.id,
        user_email: alice.email,
        bucket: 'frozen',
        currency: 'USDT',
        amount: '30.000000000000000000',
        balance_after: '30.000000000000000000',
      },
    ]);
    const first = data.transactions.find((x) => x.id === tx.a1)!;
    expect(first.memo).toBe('充值 100 USDT');
    expect(first.entries[1]).toEqual({
      account: 'system',
      user_id: null,
      user_email: null,
      bucket: 'external_deposits',
      currency: 'USDT',
      amount: '-100.000000000000000000',
      balance_after: null,
    });
    expect(new Date(first.created_at).toISOString()).toBe(first.created_at);
  });

  it('filters by user id or e-mail, through that user’s accounts', async () => {
    expect(ids((await list(`?user=${alice.user.id}`)).body.data?.transactions)).toEqual([
      tx.a3,
      tx.a2,
      tx.a1,
    ]);
    const byEmail = await list(`?user=${encodeURIComponent(bob.email.toUpperCase())}`);
    expect(ids(byEmail.body.data?.transactions)).toEqual([tx.b2, tx.b1]);
    // Every entry of a matching transaction is shown, not only the user's.
    expect(byEmail.body.data?.transactions[0]?.entries).toHaveLength(2);
    const unknown = await list('?user=nobody%40example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.body.data?.transactions).toEqual([]);
    expect(unknown.body.data?.pagination).toMatchObject({ total: 0, totalPages: 0, totalExact: true });
    expect((await list('?user=999999')).body.data?.transactions).toEqual([]);
  });

  it('filters by currency, kind and both with a user', async () => {
    expect(ids((await list('?currency=BTC')).body.data?.transactions)).toEqual([tx.a3]);
    expect(ids((await list('?currency=btc')).body.data?.transactions)).toEqual([tx.a3]);
    expect(ids((await list('?kind=deposit')).body.data?.transactions)).toEqual([tx.a3, tx.b1, tx.a1]);
    expect(
      ids((await list(`?kind=deposit&currency=USDT&user=${alice.user.id}`)).body.data?.transactions),
    ).toEqual([tx.a1]);
    expect(ids((await list(`?currency=USDT&user=${alice.user.id}`)).body.data?.transactions)).toEqual([
      tx.a2,
      tx.a1,
    ]);
    expect((await list('?kind=no_such_kind')).body.data?.transactions).toEqual([]);
  });

  it('filters by Beijing days', async () => {
    const today = formatDate(new Date());
    const yesterday = formatDate(new Date(Date.now() - 86_400_000));
    const tomorrow = formatDate(new Date(Date.now() + 86_400_000));
    expect((await list(`?dateFrom=${today}&dateTo=${today}`)).body.data?.transactions).toHaveLength(5);
    expect((await list(`?dateTo=${yesterday}`)).body.data?.transactions).toEqual([]);
    expect((await list(`?dateFrom=${tomorrow}`)).body.data?.transactions).toEqual([]);
  });

  it('pages, and stops at the window', async () => {
    const second = await list('?page=2&limit=2');
    expect(ids(second.body.data?.transactions)).toEqual([tx.a2, tx.b1]);
    expect(second.body.data?.pagination).toEqual({
      page: 2,
      limit: 2,
      total: 5,
      totalPages: 3,
      totalExact: true,
    });
    const beyond = await list('?page=501&limit=20');
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe(pageBeyondWindow(10_000));
    expect(beyond.body.message).toBe('只能翻阅最新的10000条流水，请缩小日期范围查看更早的记录');
    // In English: the same refusal in the admin's language.
    const english = await api(t.app, 'GET', '/api/admin/transactions?page=501&limit=20', {
      token: root.token,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.message).toBe(
      'Only the newest 10000 transactions can be paged through; narrow the date range to see older ones',
    );
  });

  it('counts at most the window: an estimate when unfiltered, "more than" when filtered', async () => {
    const db = t.database.db;
    await db.execute(sql`ANALYZE ledger_transactions`);
    const unfiltered = await listJournal(db, journalQuery.parse({ limit: '2' }), { window: 3 });
    expect(unfiltered.transactions).toHaveLength(2);
    expect(unfiltered.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 2, totalExact: false });

    const filtered = await listJournal(db, journalQuery.parse({ limit: '2', currency: 'USDT' }), {
      window: 3,
    });
    expect(filtered.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2, totalExact: false });

    const small = await listJournal(db, journalQuery.parse({ currency: 'BTC' }), { window: 3 });
    expect(small.pagination).toMatchObject({ total: 1, totalExact: true });

    await expect(
      listJournal(db, journalQuery.parse({ page: '3', limit: '2' }), { window: 3 }),
    ).rejects.toThrow(pageBeyondWindow(3));
  });

  it('refuses bad filter values with 400 naming the problem', async () => {
    const cases: Array<[string, string]> = [
      ['?user=bob', '请输入用户ID或邮箱'],
      ['?currency=US-DT', '币种格式不正确'],
      ['?kind=a%20b', '类型格式不正确'],
      ['?dateFrom=2024-02-30', '日期不存在'],
      ['?dateTo=tomorrow', '日期格式应为 YYYY-MM-DD'],
      ['?dateFrom=2024-03-05&dateTo=2024-03-01', '开始日期不能晚于结束日期'],
      ['?limit=0', 'limit'],
      ['?page=abc', 'page'],
    ];
    for (const [query, text] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, query).toContain(text);
    }
  });
});
