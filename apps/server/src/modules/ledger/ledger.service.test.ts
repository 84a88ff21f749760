import { contractMessageIn } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { Decimal, formatFixed } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema.ts';
import {
  ensureUserWallet,
  getUserWallets,
  type PostTransactionRequest,
  postTransaction,
  systemAccountBalance,
} from './ledger.service.ts';
import { createTestUsers, errorText, rejectionOf } from './ledger.test-helpers.ts';
import { assertLedgerOk } from './verify.ts';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

afterEach(async () => {
  // Synthetic postings with no business row behind them: the journal's own invariants only
  // (the reconciliation with the business tables is proven in reconciliation.test.ts).
  await assertLedgerOk(db);
});

const post = (req: PostTransactionRequest) => db.transaction((tx) => postTransaction(tx, req));

let keySeq = 0;
const nextKey = (label: string) => `test:${label}:${++keySeq}:${Date.now()}`;

function deposit(
  userId: number,
  amount: string,
  currency = 'USDT',
  key = nextKey('deposit'),
): PostTransactionRequest {
  return {
    idempotencyKey: key,
    kind: 'deposit',
    postings: [
      { account: { userId, bucket: 'available' }, currency, amount },
      { account: { system: 'external_deposits' }, currency, amount: `-${amount}` },
    ],
  };
}

async function available(userId: number, currency = 'USDT'): Promise<string> {
  const wallet = (await getUserWallets(db, userId)).find((w) => w.currency === currency);
  return wallet?.balance ?? 'none';
}

async function journalCounts(): Promise<{ transactions: number; entries: number }> {
  const [row] = await queryRows<{ t: string; e: string }>(
    db,
    sql`SELECT (SELECT count(*) FROM ledger_transactions)::text AS t, (SELECT count(*) FROM ledger_entries)::text AS e`,
  );
  return { transactions: Number(row?.t), entries: Number(row?.e) };
}

async function journalRowsWithKey(key: string): Promise<number> {
  const rows = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));
  return rows.length;
}

describe('postTransaction', () => {
  it('moves money with a balanced posting and writes its entries', async () => {
    const [alice, bob] = await createTestUsers(db, 2);
    if (!alice || !bob) throw new Error('users');

    const first = await post(deposit(alice, '100.5'));
    expect(first.replayed).toBe(false);
    expect(await available(alice)).toBe('100.500000000000000000');

    const transfer = await post({
      idempotencyKey: nextKey('transfer'),
      kind: 'transfer',
      memo: 'alice pays bob',
      metadata: { reason: 'test' },
      postings: [
        {
          account: { userId: alice, bucket: 'available' },
          currency: 'USDT',
          amount: '-40.250000000000000001',
        },
        { account: { userId: bob, bucket: 'available' }, currency: 'USDT', amount: '40.250000000000000001' },
      ],
    });
    expect(await available(alice)).toBe('60.249999999999999999');
    expect(await available(bob)).toBe('40.250000000000000001');

    const entries = await queryRows<{ user_id: string | null; amount: string; balance_after: string | null }>(
      db,
      sql`SELECT a.user_id::text AS user_id, e.amount::text AS amount, e.balance_after::text AS balance_after
          FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE e.transaction_id = ${transfer.transactionId} ORDER BY e.id`,
    );
    expect(entries).toEqual([
      { user_id: String(alice), amount: '-40.250000000000000001', balance_after: '60.249999999999999999' },
      { user_id: String(bob), amount: '40.250000000000000001', balance_after: '40.250000000000000001' },
    ]);

    const [journal] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, transfer.transactionId));
    expect(journal?.kind).toBe('transfer');
    expect(journal?.memo).toBe('alice pays bob');
    expect(journal?.metadata).toEqual({ reason: 'test' });

    const depositEntries = await queryRows<{ is_system: boolean; balance_after: string | null }>(
      db,
      sql`SELECT a.is_system, e.balance_after::text AS balance_after
          FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE e.transaction_id = ${first.transactionId} ORDER BY a.is_system`,
    );
    expect(depositEntries).toEqual([
      { is_system: false, balance_after: '100.500000000000000000' },
      { is_system: true, balance_after: null },
    ]);
  });

  it('refuses an unbalanced posting as a bug and changes nothing', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    await post(deposit(alice, '10'));
    const before = await journalCounts();
    const key = nextKey('unbalanced');

    const err = await rejectionOf(
      post({
        idempotencyKey: key,
        kind: 'transfer',
        postings: [
          { account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount: '-5' },
          { account: { system: 'fees' }, currency: 'USDT', amount: '4.999999999999999999' },
        ],
      }),
    );
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(AppError);
    expect(errorText(err)).toMatch(/do not balance: USDT sums to -0\.000000000000000001/);

    // Balanced per total but not per currency.
    await expect(
      post({
        idempotencyKey: key,
        kind: 'transfer',
        postings: [
          { account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount: '-5' },
          { account: { system: 'fees' }, currency: 'BTC', amount: '5' },
        ],
      }),
    ).rejects.toThrow(/do not balance/);

    expect(await journalCounts()).toEqual(before);
    expect(await journalRowsWithKey(key)).toBe(0);
    expect(await available(alice)).toBe('10.000000000000000000');
  });

  it('refuses malformed requests', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    const before = await journalCounts();
    const bad = (amount: string, extra: Partial<PostTransactionRequest> = {}) =>
      post({
        idempotencyKey: nextKey('bad'),
        kind: 'deposit',
        postings: [
          { account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount },
          {
            account: { system: 'external_deposits' },
            currency: 'USDT',
            amount: amount.startsWith('-') ? amount.slice(1) : `-${amount}`,
          },
        ],
        ...extra,
      });

    await expect(bad('0')).rejects.toThrow(/zero/);
    await expect(bad('1.0000000000000000001')).rejects.toThrow(/at most 18 decimals/);
    await expect(bad('1e3')).rejects.toThrow(/not a decimal string/);
    await expect(bad('NaN')).rejects.toThrow(/not a decimal string/);
    await expect(bad('Infinity')).rejects.toThrow(/not a decimal string/);
    await expect(bad('1', { idempotencyKey: '' })).rejects.toThrow(/idempotency key/);
    await expect(
      post({
        idempotencyKey: nextKey('single'),
        kind: 'deposit',
        postings: [{ account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount: '1' }],
      }),
    ).rejects.toThrow(/at least two postings/);
    await expect(
      post({
        idempotencyKey: nextKey('twice'),
        kind: 'deposit',
        postings: [
          { account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount: '2' },
          { account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount: '-1' },
          { account: { system: 'external_deposits' }, currency: 'USDT', amount: '-1' },
        ],
      }),
    ).rejects.toThrow(/appears twice/);
    await expect(
      post({
        idempotencyKey: nextKey('currency'),
        kind: 'deposit',
        postings: [
          { account: { userId: alice, bucket: 'available' }, currency: 'usdt', amount: '1' },
          { account: { system: 'external_deposits' }, currency: 'usdt', amount: '-1' },
        ],
      }),
    ).rejects.toThrow(/invalid currency/);
    expect(await journalCounts()).toEqual(before);
  });

  it("refuses an overdraft with 422 '余额不足' and changes nothing", async () => {
    const [alice, bob] = await createTestUsers(db, 2);
    if (!alice || !bob) throw new Error('users');
    await post(deposit(alice, '10'));
    const before = await journalCounts();
    const key = nextKey('overdraft');
    const transfer = (amount: string): PostTransactionRequest => ({
      idempotencyKey: key,
      kind: 'transfer',
      postings: [
        { account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount: `-${amount}` },
        { account: { userId: bob, bucket: 'available' }, currency: 'USDT', amount },
      ],
    });

    const err = await rejectionOf(post(transfer('10.000000000000000001')));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(422);
    expect((err as AppError).message).toBe('余额不足');
    // The contracts' text: the error handler says it in the request's language (Insufficient balance).
    expect(contractMessageIn('en', (err as AppError).message)).toBe('Insufficient balance');

    expect(await journalCounts()).toEqual(before);
    expect(await journalRowsWithKey(key)).toBe(0);
    expect(await available(alice)).toBe('10.000000000000000000');
    expect(await available(bob)).toBe('none'); // not even bob's account was left behind

    // The refused posting left nothing behind: the key is still free, and a caller that catches
    // the 422 can carry on in the same transaction.
    const result = await db.transaction(async (tx) => {
      await expect(postTransaction(tx, transfer('11'))).rejects.toThrow('余额不足');
      return postTransaction(tx, transfer('10'));
    });
    expect(result.replayed).toBe(false);
    expect(await available(alice)).toBe('0.000000000000000000');
    expect(await available(bob)).toBe('10.000000000000000000');
  });

  it('without a savepoint: the same posting, and a refusal ends the whole caller transaction', async () => {
    const [alice, bob] = await createTestUsers(db, 2);
    if (!alice || !bob) throw new Error('users');
    await post(deposit(alice, '10'));
    const before = await journalCounts();
    const transfer = (amount: string, key = nextKey('no-savepoint')): PostTransactionRequest => ({
      idempotencyKey: key,
      kind: 'transfer',
      postings: [
        { account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount: `-${amount}` },
        { account: { userId: bob, bucket: 'available' }, currency: 'USDT', amount },
      ],
    });
    // A refusal inside a transaction that also wrote: nothing of it stays.
    const err = await rejectionOf(
      db.transaction(async (tx) => {
        await postTransaction(tx, transfer('4'), { savepoint: false });
        await postTransaction(tx, transfer('7'), { savepoint: false });
      }),
    );
    expect((err as AppError).statusCode).toBe(422);
    expect(await journalCounts()).toEqual(before);
    expect(await available(alice)).toBe('10.000000000000000000');
    // Accepted: the same movement as with the savepoint; the key replays.
    const key = nextKey('no-savepoint-ok');
    await db.transaction((tx) => postTransaction(tx, transfer('4', key), { savepoint: false }));
    const again = await db.transaction((tx) => postTransaction(tx, transfer('4', key), { savepoint: false }));
    expect(again.replayed).toBe(true);
    expect(await available(alice)).toBe('6.000000000000000000');
    expect(await available(bob)).toBe('4.000000000000000000');
  });

  it('replays the same key and postings without posting twice', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    const key = nextKey('replay');
    const req = deposit(alice, '25', 'USDT', key);

    const first = await post(req);
    const before = await journalCounts();
    // Same movement, postings in another order, another memo: still the same transaction.
    const again = await post({ ...req, memo: 'retried', postings: [...req.postings].reverse() });
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await journalCounts()).toEqual(before);
    expect(await journalRowsWithKey(key)).toBe(1);
    expect(await available(alice)).toBe('25.000000000000000000');
  });

  it('refuses the same key with different postings or kind as a 409', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    const key = nextKey('reused');
    await post(deposit(alice, '25', 'USDT', key));
    const before = await journalCounts();

    for (const req of [
      deposit(alice, '26', 'USDT', key),
      { ...deposit(alice, '25', 'USDT', key), kind: 'reward' },
    ]) {
      const err = await rejectionOf(post(req));
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(409);
      expect((err as AppError).message).toBe('幂等键已用于另一笔交易');
      expect((err as AppError).messageIn('en')).toBe(
        'This idempotency key was already used for another transaction',
      );
    }
    expect(await journalCounts()).toEqual(before);
    expect(await available(alice)).toBe('25.000000000000000000');
  });

  it('keeps system account rows at zero and derives their balances from entries', async () => {
    const [alice, bob] = await createTestUsers(db, 2);
    if (!alice || !bob) throw new Error('users');
    const feesBefore = await systemAccountBalance(db, 'fees', 'ETH');
    expect(feesBefore).toBe('0.000000000000000000');
    const depositsBefore = await systemAccountBalance(db, 'external_deposits', 'ETH');

    await post(deposit(alice, '3', 'ETH'));
    await post(deposit(bob, '0.5', 'ETH'));
    for (const [user, fee] of [
      [alice, '0.1'],
      [bob, '0.25'],
    ] as const) {
      await post({
        idempotencyKey: nextKey('fee'),
        kind: 'fee',
        postings: [
          { account: { userId: user, bucket: 'available' }, currency: 'ETH', amount: `-${fee}` },
          { account: { system: 'fees' }, currency: 'ETH', amount: fee },
        ],
      });
    }

    expect(await systemAccountBalance(db, 'fees', 'ETH')).toBe('0.350000000000000000');
    const depositsAfter = await systemAccountBalance(db, 'external_deposits', 'ETH');
    expect(depositsAfter).toBe(formatFixed(new Decimal(depositsBefore).minus('3.5')));
    const systemRows = await queryRows<{ bucket: string; balance: string; updated: boolean }>(
      db,
      sql`SELECT bucket, balance::text AS balance, updated_at <> created_at AS updated
          FROM ledger_accounts WHERE is_system AND currency = 'ETH' ORDER BY bucket`,
    );
    expect(systemRows).toEqual([
      { bucket: 'external_deposits', balance: '0.000000000000000000', updated: false },
      { bucket: 'fees', balance: '0.000000000000000000', updated: false },
    ]);
  });

  it('creates wallets idempotently and lists them USDT first, then alphabetically', async () => {
    const [carol] = await createTestUsers(db, 1);
    if (!carol) throw new Error('users');
    expect(await getUserWallets(db, carol)).toEqual([]);

    await db.transaction(async (tx) => {
      await ensureUserWallet(tx, carol, 'USDT');
      await ensureUserWallet(tx, carol, 'USDT');
    });
    await ensureUserWallet(db, carol, 'USDT');
    const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, carol));
    expect(accounts.map((a) => `${a.bucket}:${a.currency}`).sort()).toEqual([
      'available:USDT',
      'frozen:USDT',
      'salary:USDT',
    ]);

    await ensureUserWallet(db, carol, 'ETH');
    await post(deposit(carol, '1.5', 'BTC'));
    await post({
      idempotencyKey: nextKey('freeze'),
      kind: 'freeze',
      postings: [
        { account: { userId: carol, bucket: 'available' }, currency: 'BTC', amount: '-0.5' },
        { account: { userId: carol, bucket: 'frozen' }, currency: 'BTC', amount: '0.5' },
      ],
    });
    const zero = '0.000000000000000000';
    expect(await getUserWallets(db, carol)).toEqual([
      { currency: 'USDT', balance: zero, frozen_balance: zero, salary_balance: zero },
      {
        currency: 'BTC',
        balance: '1.000000000000000000',
        frozen_balance: '0.500000000000000000',
        salary_balance: zero,
      },
      { currency: 'ETH', balance: zero, frozen_balance: zero, salary_balance: zero },
    ]);
  });
});

describe('the database itself', () => {
  it('rejects UPDATE, DELETE and TRUNCATE on the journal', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    const { transactionId } = await post(deposit(alice, '7'));
    const before = await journalCounts();

    const attempts = [
      sql`UPDATE ledger_entries SET amount = amount * 2 WHERE transaction_id = ${transactionId}`,
      sql`DELETE FROM ledger_entries WHERE transaction_id = ${transactionId}`,
      sql`UPDATE ledger_transactions SET kind = 'other' WHERE id = ${transactionId}`,
      sql`DELETE FROM ledger_transactions WHERE id = ${transactionId}`,
      sql`TRUNCATE ledger_entries`,
      sql`TRUNCATE ledger_transactions CASCADE`,
    ];
    for (const attempt of attempts) {
      const err = await rejectionOf(db.execute(attempt));
      expect(errorText(err)).toMatch(/append-only/);
    }
    // Also through the query builder.
    const err = await rejectionOf(
      db.update(ledgerEntries).set({ amount: '0.1' }).where(eq(ledgerEntries.transactionId, transactionId)),
    );
    expect(errorText(err)).toMatch(/append-only/);

    expect(await journalCounts()).toEqual(before);
    expect(await available(alice)).toBe('7.000000000000000000');
  });

  it('refuses entries that name a missing journal transaction or account, and never loses an account', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    const { transactionId } = await post(deposit(alice, '3'));
    const [account] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, alice));
    if (!account) throw new Error('account');
    const [last] = await queryRows<{ t: string; a: string }>(
      db,
      sql`SELECT (SELECT max(id) FROM ledger_transactions)::text AS t, (SELECT max(id) FROM ledger_accounts)::text AS a`,
    );
    const noTransaction = Number(last?.t) + 1000;
    const noAccount = Number(last?.a) + 1000;
    const before = await journalCounts();

    // One bad row among good ones, as a batch would write it.
    for (const [tx, acc] of [
      [noTransaction, account.id],
      [transactionId, noAccount],
    ] as const) {
      const err = await rejectionOf(
        db.insert(ledgerEntries).values([
          { transactionId, accountId: account.id, currency: 'USDT', amount: '1', balanceAfter: '4' },
          { transactionId: tx, accountId: acc, currency: 'USDT', amount: '-1' },
        ]),
      );
      expect(errorText(err)).toMatch(/ledger entry names a missing/);
    }
    for (const attempt of [
      sql`DELETE FROM ledger_accounts WHERE id = ${account.id}`,
      sql`DELETE FROM ledger_accounts WHERE id = (SELECT max(id) FROM ledger_accounts)`,
      sql`UPDATE ledger_accounts SET id = DEFAULT WHERE id = ${account.id}`,
      sql`TRUNCATE ledger_accounts CASCADE`,
    ]) {
      const err = await rejectionOf(db.execute(attempt));
      expect(errorText(err)).toMatch(/ledger accounts are kept/);
    }
    expect(await journalCounts()).toEqual(before);
    expect(await available(alice)).toBe('3.000000000000000000');
  });

  it('refuses a negative user balance and a changed system row even without the service', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    await post(deposit(alice, '1'));

    const negative = await rejectionOf(
      db.execute(
        sql`UPDATE ledger_accounts SET balance = balance - 2 WHERE user_id = ${alice} AND bucket = 'available'`,
      ),
    );
    expect(errorText(negative)).toMatch(/ledger_accounts_user_balance_non_negative/);

    const systemRow = await rejectionOf(
      db.execute(
        sql`UPDATE ledger_accounts SET balance = 1 WHERE is_system AND bucket = 'external_deposits'`,
      ),
    );
    expect(errorText(systemRow)).toMatch(/ledger_accounts_system_row_not_updated/);
    expect(await available(alice)).toBe('1.000000000000000000');
  });
});
