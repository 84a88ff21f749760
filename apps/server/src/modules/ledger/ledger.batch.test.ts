import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { Decimal, formatFixed } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { arrayLiteral, queryRows } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema.ts';
import {
  getUserWallets,
  type PostTransactionRequest,
  postTransaction,
  postTransactionsBatch,
} from './ledger.service.ts';
import { createTestUsers, rejectionOf } from './ledger.test-helpers.ts';
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

const run = `${testEngine}:${Date.now()}`;
let seq = 0;
const key = (what: string) => `${run}:${what}:${++seq}`;

/** Money from the house to a user, or back: the shape of a settlement. */
function payout(userId: number, amount: string, k = key('payout')): PostTransactionRequest {
  const negative = amount.startsWith('-');
  const abs = negative ? amount.slice(1) : amount;
  return {
    idempotencyKey: k,
    kind: 'test_settlement',
    postings: [
      { account: { userId, bucket: 'available' }, currency: 'USDT', amount },
      { account: { system: 'house_pnl' }, currency: 'USDT', amount: negative ? abs : `-${abs}` },
    ],
  };
}

const batch = (reqs: PostTransactionRequest[]) => db.transaction((tx) => postTransactionsBatch(tx, reqs));
const single = (req: PostTransactionRequest) => db.transaction((tx) => postTransaction(tx, req));
const available = async (userId: number) =>
  (await getUserWallets(db, userId)).find((w) => w.currency === 'USDT')?.balance ??
  formatFixed(new Decimal(0));

describe('batch posting', () => {
  it('moves the same money as posting one by one, with every entry carrying its running balance', async () => {
    const [a, b] = await createTestUsers(db, 2);
    const results = await batch([
      payout(a!, '10'),
      payout(b!, '5.5'),
      payout(a!, '-3.25'),
      payout(a!, '0.000000000000000001'),
    ]);
    expect(results.every((r) => !r.replayed)).toBe(true);
    expect(await available(a!)).toBe(formatFixed(new Decimal('6.750000000000000001')));
    expect(await available(b!)).toBe(formatFixed(new Decimal('5.5')));
    const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, a!));
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account!.id))
      .orderBy(ledgerEntries.id);
    expect(entries.map((e) => e.balanceAfter && new Decimal(e.balanceAfter).toString())).toEqual([
      '10',
      '6.75',
      '6.750000000000000001',
    ]);
  });

  it('a replayed batch moves nothing; a key reused for other postings refuses the whole batch', async () => {
    const [a] = await createTestUsers(db, 1);
    const first = [payout(a!, '7', key('r1')), payout(a!, '8', key('r2'))];
    const posted = await batch(first);
    const again = await batch(first);
    expect(again.map((r) => r.replayed)).toEqual([true, true]);
    expect(again.map((r) => r.transactionId)).toEqual(posted.map((r) => r.transactionId));
    expect(await available(a!)).toBe(formatFixed(new Decimal(15)));

    const fresh = key('fresh');
    const err = await rejectionOf(batch([payout(a!, '1', fresh), payout(a!, '9', first[0]!.idempotencyKey)]));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(409);
    expect(await available(a!)).toBe(formatFixed(new Decimal(15)));
    expect(
      await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, fresh)),
    ).toHaveLength(0);
  });

  it('refuses the whole batch when a balance would go below zero at any step, naming the transaction', async () => {
    const [a, b] = await createTestUsers(db, 2);
    await single(payout(a!, '5'));
    const culprit = key('overdraw');
    // The net is positive, but the second step would overdraw.
    const err = await rejectionOf(batch([payout(b!, '1'), payout(a!, '-6', culprit), payout(a!, '10')]));
    expect((err as AppError).statusCode).toBe(422);
    expect((err as AppError).data).toMatchObject({ idempotencyKey: culprit });
    expect(await available(a!)).toBe(formatFixed(new Decimal(5)));
    expect(await available(b!)).toBe(formatFixed(new Decimal(0)));
  });

  it('two runners posting overlapping batches at once post each key exactly once', async () => {
    const users = await createTestUsers(db, 5);
    const requests = Array.from({ length: 200 }, (_, i) => payout(users[i % 5]!, '1.01', key('race')));
    // The second runner sees the same keys in the opposite order.
    const [x, y] = await Promise.all([batch(requests.slice(0, 150)), batch(requests.slice(50).reverse())]);
    const replayed = [...x, ...y].filter((r) => r.replayed).length;
    expect(replayed).toBe(100);
    for (const u of users) expect(await available(u)).toBe(formatFixed(new Decimal('40.4')));
    const keys = requests.map((r) => r.idempotencyKey);
    expect(
      await db.select().from(ledgerTransactions).where(inArray(ledgerTransactions.idempotencyKey, keys)),
    ).toHaveLength(200);
  });

  it('property: any batch leaves the balances the one-by-one postings would, or refuses and leaves them untouched', async () => {
    const users = await createTestUsers(db, 3);
    const step = fc.record({
      user: fc.integer({ min: 0, max: 2 }),
      cents: fc.integer({ min: -3000, max: 5000 }).filter((c) => c !== 0),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const before = await Promise.all(users.map((u) => available(u)));
        const expected = before.map((b) => new Decimal(b));
        let refusable = false;
        for (const s of steps) {
          expected[s.user] = expected[s.user]!.plus(new Decimal(s.cents).div(100));
          if (expected[s.user]!.isNegative()) refusable = true;
        }
        const requests = steps.map((s) =>
          payout(users[s.user]!, new Decimal(s.cents).div(100).toFixed(2), key('prop')),
        );
        const outcome = await batch(requests).then(
          () => 'posted' as const,
          (err: unknown) =>
            err instanceof AppError && err.statusCode === 422 ? ('refused' as const) : Promise.reject(err),
        );
        const after = await Promise.all(users.map((u) => available(u)));
        if (refusable) {
          expect(outcome).toBe('refused');
          expect(after).toEqual(before);
        } else {
          expect(outcome).toBe('posted');
          expect(after).toEqual(expected.map((e) => formatFixed(e)));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('what a batch checks and stores per transaction', () => {
  it('stores the fingerprint every earlier posting stored (a replay compares them), whichever path posted it', async () => {
    const [a, b] = await createTestUsers(db, 2);
    const three = (k: string, kind: string): PostTransactionRequest => ({
      idempotencyKey: k,
      kind,
      postings: [
        { account: { userId: b!, bucket: 'available' }, currency: 'USDT', amount: '11.50' },
        { account: { system: 'house_pnl' }, currency: 'USDT', amount: '-1.5' },
        { account: { userId: a!, bucket: 'available' }, currency: 'USDT', amount: '-10' },
      ],
    });
    await batch([payout(a!, '20')]);
    // The canonical form the fingerprints have been made of since the ledger's first migration.
    const expected = (kind: string) =>
      createHash('sha256')
        .update(
          JSON.stringify({
            v: 1,
            kind,
            postings: [
              ['system:house_pnl:USDT', '-1.5'],
              [`user:${a}:available:USDT`, '-10'],
              [`user:${b}:available:USDT`, '11.5'],
            ].sort((x, y) => (x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : 0)),
          }),
        )
        .digest('hex');
    const kB = key('fp-batch');
    const kS = key('fp-single');
    const odd = 'kind "with" \\ escapes 中';
    await batch([three(kB, odd)]);
    await single(three(kS, 'test_settlement'));
    const stored = await db
      .select({ key: ledgerTransactions.idempotencyKey, fingerprint: ledgerTransactions.fingerprint })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, [kB, kS]));
    expect(new Map(stored.map((r) => [r.key, r.fingerprint]))).toEqual(
      new Map([
        [kB, expected(odd)],
        [kS, expected('test_settlement')],
      ]),
    );
  });

  it('refuses, inside a batch of valid ones, a transaction that does not balance or has a bad amount, even after the same amounts balanced', async () => {
    const [a] = await createTestUsers(db, 1);
    await batch([payout(a!, '100')]);
    const good = () => payout(a!, '-1.5');
    // −1.5 from the user against a second posting.
    const against = (second: PostTransactionRequest['postings'][number]): PostTransactionRequest => ({
      ...good(),
      postings: [{ account: { userId: a!, bucket: 'available' }, currency: 'USDT', amount: '-1.5' }, second],
    });
    const unbalanced = against({ account: { system: 'house_pnl' }, currency: 'USDT', amount: '1.4' });
    const otherCurrency = against({ account: { system: 'house_pnl' }, currency: 'BTC', amount: '1.5' });
    const badAmount = against({
      account: { system: 'house_pnl' },
      currency: 'USDT',
      amount: '1.5000000000000000001',
    });
    const twice = against({ account: { userId: a!, bucket: 'available' }, currency: 'USDT', amount: '1.5' });
    await expect(batch([good(), good(), unbalanced])).rejects.toThrow('USDT sums to -0.1');
    await expect(batch([good(), otherCurrency, good()])).rejects.toThrow('do not balance');
    await expect(batch([good(), badAmount])).rejects.toThrow('at most 18 decimals');
    await expect(batch([good(), twice])).rejects.toThrow('appears twice');
    expect(await available(a!)).toBe(formatFixed(new Decimal(100)));
  });
});

describe('array parameters (arrayLiteral)', () => {
  it('the database reads back every text, number and NULL exactly as given', async () => {
    const tricky = [
      'a',
      '',
      'NULL',
      'null',
      ' x ',
      'a,b',
      '{c}',
      'q"uote',
      'back\\slash',
      '\\"',
      '中文',
      'line\nbreak',
    ];
    const texts = await queryRows<{ v: string | null }>(
      db,
      sql`SELECT v FROM unnest(${arrayLiteral([...tricky, null])}::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i`,
    );
    expect(texts.map((r) => r.v)).toEqual([...tricky, null]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.option(
            // PostgreSQL's text holds any character but NUL.
            fc.string({ unit: 'grapheme' }).filter((v) => !v.includes('\u0000')),
            { nil: null },
          ),
          { maxLength: 20 },
        ),
        async (values) => {
          const rows = await queryRows<{ v: string | null }>(
            db,
            sql`SELECT v FROM unnest(${arrayLiteral(values)}::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i`,
          );
          expect(rows.map((r) => r.v)).toEqual(values);
        },
      ),
      { numRuns: 50 },
    );
    const numbers = await queryRows<{ id: string; amount: string | null }>(
      db,
      sql`SELECT id::text AS id, amount::text AS amount
          FROM unnest(${arrayLiteral([1, 9007199254740991, 42])}::bigint[],
            ${arrayLiteral(['-10.5', null, '0.000000000000000001'])}::numeric[]) AS t(id, amount)`,
    );
    expect(numbers).toEqual([
      { id: '1', amount: '-10.5' },
      { id: '9007199254740991', amount: null },
      { id: '42', amount: '0.000000000000000001' },
    ]);
    expect(() => arrayLiteral([Number.NaN])).toThrow();
  });
});

describe('batch posting without its savepoint', () => {
  it('posts the same; a refusal, left to end the caller’s transaction, keeps nothing of it', async () => {
    const [a, b] = await createTestUsers(db, 2);
    const posted = await db.transaction((tx) =>
      postTransactionsBatch(tx, [payout(a!, '4'), payout(b!, '2'), payout(a!, '-1')], { savepoint: false }),
    );
    expect(posted.map((r) => r.replayed)).toEqual([false, false, false]);
    expect(await available(a!)).toBe(formatFixed(new Decimal(3)));

    // The caller's contract: it does not catch the refusal and commit (the journal row of the
    // refused batch is written before the balances are checked, and no savepoint takes it back).
    const earlier = key('earlier');
    const overdraw = key('overdraw');
    const err = await rejectionOf(
      db.transaction(async (tx) => {
        await postTransaction(tx, payout(b!, '1', earlier));
        await postTransactionsBatch(tx, [payout(b!, '1'), payout(a!, '-5', overdraw)], { savepoint: false });
      }),
    );
    expect((err as AppError).statusCode).toBe(422);
    expect((err as AppError).data).toMatchObject({ idempotencyKey: overdraw });
    expect(
      await db
        .select()
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.idempotencyKey, [earlier, overdraw])),
    ).toHaveLength(0);
    expect(await available(a!)).toBe(formatFixed(new Decimal(3)));
    expect(await available(b!)).toBe(formatFixed(new Decimal(2)));
  });
});

/**
 * Statements a batch sends, counted at node-postgres's client (PostgreSQL only: PGlite has no wire):
 * the journal rows, the accounts with their locks, the balances with the entries; the savepoint and
 * its release unless the caller leaves them out.
 */
describe.skipIf(testEngine !== 'postgres')('statements per batch (PostgreSQL)', () => {
  const original = pg.Client.prototype.query;
  async function statementsOf(
    post: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<unknown>,
  ) {
    const sent: string[] = [];
    await db.transaction(async (tx) => {
      pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
        const first = args[0];
        sent.push(typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '?'));
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
      try {
        await post(tx);
      } finally {
        pg.Client.prototype.query = original;
      }
    });
    return sent.map((q) => q.replace(/\s+/g, ' ').slice(0, 40));
  }

  it('three statements for a batch of many transactions, five with the savepoint', async () => {
    const users = await createTestUsers(db, 4);
    // Accounts exist after a first posting: creating missing ones is the rare path.
    await batch(users.map((u) => payout(u, '100')));
    const requests = () => Array.from({ length: 40 }, (_, i) => payout(users[i % 4]!, '-1.5', key('count')));
    const bare = await statementsOf((tx) => postTransactionsBatch(tx, requests(), { savepoint: false }));
    expect(bare, bare.join('\n')).toHaveLength(3);
    const saved = await statementsOf((tx) => postTransactionsBatch(tx, requests()));
    expect(saved, saved.join('\n')).toHaveLength(5);
    for (const u of users) expect(await available(u)).toBe(formatFixed(new Decimal(70)));
  });
});
