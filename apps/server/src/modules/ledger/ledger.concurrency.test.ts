import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { Decimal, formatFixed } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.ts';
import { balanceOf } from '../../test/fixtures.ts';
import { ledgerAccounts, ledgerTransactions } from './ledger.schema.ts';
import { type PostTransactionRequest, postTransaction } from './ledger.service.ts';
import { createTestUsers, errorText } from './ledger.test-helpers.ts';
import { assertLedgerOk } from './verify.ts';

/**
 * On PostgreSQL these run truly in parallel (a pool of 20 connections), so they race for real:
 * the idempotency key, the row locks and the balance check are what keep them apart. On PGlite
 * the same code runs one transaction at a time.
 */

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
  await assertLedgerOk(db);
});

const post = (req: PostTransactionRequest) => db.transaction((tx) => postTransaction(tx, req));
const run = `${testEngine}:${Date.now()}`;

function deposit(userId: number, amount: string, key: string, currency = 'USDT'): PostTransactionRequest {
  return {
    idempotencyKey: key,
    kind: 'deposit',
    postings: [
      { account: { userId, bucket: 'available' }, currency, amount },
      { account: { system: 'external_deposits' }, currency, amount: `-${amount}` },
    ],
  };
}

describe('concurrent postings', () => {
  it('posts exactly once when 100 transactions race with the same idempotency key', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    const key = `${run}:same-key`;

    const results = await Promise.all(Array.from({ length: 100 }, () => post(deposit(alice, '12.34', key))));

    const fresh = results.filter((r) => !r.replayed);
    expect(fresh).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    const journal = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    expect(journal).toHaveLength(1);
    const [entries] = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM ledger_entries WHERE transaction_id = ${journal[0]?.id}`,
    );
    expect(entries?.n).toBe('2');
    expect(await balanceOf(db, alice)).toBe('12.340000000000000000');
  });

  it('lets exactly N of 50 racing debits through when the balance holds N of them', async () => {
    const [alice] = await createTestUsers(db, 1);
    if (!alice) throw new Error('users');
    const x = '0.300000000000000001';
    const n = 17;
    const funds = formatFixed(new Decimal(x).times(n));
    await post(deposit(alice, funds, `${run}:funds`));

    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        post({
          idempotencyKey: `${run}:debit:${i}`,
          kind: 'withdrawal',
          postings: [
            { account: { userId: alice, bucket: 'available' }, currency: 'USDT', amount: `-${x}` },
            { account: { system: 'external_withdrawals' }, currency: 'USDT', amount: x },
          ],
        }),
      ),
    );

    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(succeeded).toHaveLength(n);
    expect(refused).toHaveLength(50 - n);
    for (const r of refused) {
      expect(r.reason, errorText(r.reason)).toBeInstanceOf(AppError);
      expect((r.reason as AppError).statusCode).toBe(422);
      expect((r.reason as AppError).message).toBe('余额不足');
    }
    expect(await balanceOf(db, alice)).toBe('0.000000000000000000');

    // Never below zero on the way: the debits' balance_after values step down by x to exactly 0.
    const steps = await queryRows<{ balance_after: string }>(
      db,
      sql`SELECT e.balance_after::text AS balance_after FROM ledger_entries e
          JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.user_id = ${alice} AND e.amount < 0 ORDER BY e.id`,
    );
    expect(steps.map((s) => s.balance_after)).toEqual(
      Array.from({ length: n }, (_, i) => formatFixed(new Decimal(x).times(n - 1 - i))),
    );
  });

  it('does not deadlock when transfers lock the same accounts from opposite sides', async () => {
    const users = await createTestUsers(db, 3);
    const [a, b, c] = users;
    if (!a || !b || !c) throw new Error('users');
    for (const u of users) await post(deposit(u, '1000', `${run}:seed:${u}`));

    // Each transfer lists its postings in a different order; the ledger locks by id regardless.
    const rotations = [
      [a, b, c],
      [c, b, a],
      [b, a, c],
      [c, a, b],
    ] as const;
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => {
        const [from, to1, to2] = rotations[i % rotations.length] ?? [a, b, c];
        return post({
          idempotencyKey: `${run}:cross:${i}`,
          kind: 'transfer',
          postings: [
            { account: { userId: to2, bucket: 'available' }, currency: 'USDT', amount: '0.5' },
            { account: { userId: from, bucket: 'available' }, currency: 'USDT', amount: '-1.5' },
            { account: { userId: to1, bucket: 'available' }, currency: 'USDT', amount: '1' },
          ],
        });
      }),
    );
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures.map((f) => errorText(f.reason))).toEqual([]);

    // 15 transfers per rotation. a: sends in rotation 0, receives 1 in rotations 2 and 3 and 0.5
    // in rotation 1; b: sends in 2, receives 1 in 0 and 1, 0.5 in 3; c: sends in 1 and 3, 0.5 in 0 and 2.
    const expected = (sends: number, receivesOne: number, receivesHalf: number) =>
      formatFixed(
        new Decimal(1000)
          .minus(new Decimal('1.5').times(sends))
          .plus(receivesOne)
          .plus(new Decimal('0.5').times(receivesHalf)),
      );
    expect(await balanceOf(db, a)).toBe(expected(15, 30, 15));
    expect(await balanceOf(db, b)).toBe(expected(15, 30, 15));
    expect(await balanceOf(db, c)).toBe(expected(30, 0, 30));
    expect(expected(30, 0, 30)).toBe('970.000000000000000000');
  });

  it('creates a new account once when many postings need it at the same time', async () => {
    const [dave] = await createTestUsers(db, 1);
    if (!dave) throw new Error('users');
    const currency = `C${Date.now().toString(36).toUpperCase()}`.slice(0, 12);

    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => post(deposit(dave, '0.25', `${run}:create:${i}`, currency))),
    );
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => errorText((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.currency, currency));
    expect(accounts.map((acc) => acc.bucket).sort()).toEqual(['available', 'external_deposits']);
    expect(await balanceOf(db, dave, currency)).toBe('10.000000000000000000');
  });
});
