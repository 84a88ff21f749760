import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { Decimal, formatFixed, formatNormalised } from '../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.ts';
import {
  getUserWallets,
  type Posting,
  type PostTransactionRequest,
  postTransaction,
  type SystemAccount,
  systemAccountBalance,
  type UserBucket,
} from './ledger.service.ts';
import { createTestUsers, errorText } from './ledger.test-helpers.ts';
import { verifyLedger } from './verify.ts';

/**
 * Random sequences of money movements applied through postTransaction and, in parallel, to an
 * in-memory model with decimal arithmetic. After every sequence each balance must match the model,
 * every refusal must be one the model predicted, and the verifier must pass. One database for all
 * runs; each run uses its own users.
 */

const CURRENCIES = ['USDT', 'BTC'] as const;
type Currency = (typeof CURRENCIES)[number];
const USERS = 3;
const SYSTEMS: SystemAccount[] = ['external_deposits', 'external_withdrawals', 'fees'];

type Op =
  | { type: 'deposit'; user: number; currency: Currency; amount: string }
  | { type: 'transfer'; user: number; to: number; currency: Currency; amount: string }
  | { type: 'freeze'; user: number; currency: Currency; amount: string }
  | { type: 'unfreeze'; user: number; currency: Currency; amount: string }
  | { type: 'withdraw'; user: number; currency: Currency; amount: string }
  | { type: 'fee'; user: number; currency: Currency; amount: string }
  | { type: 'overdraw'; user: number; currency: Currency; bucket: 'available' | 'frozen'; extra: string }
  | { type: 'replay' };

/** A positive decimal string of `units / 10^scale`, built from integers: no float ever involved. */
const amountArb = (maxUnits: bigint, scales: number[]) =>
  fc
    .tuple(fc.bigInt({ min: 1n, max: maxUnits }), fc.constantFrom(...scales))
    .map(([units, scale]) =>
      formatNormalised(new Decimal(units.toString()).dividedBy(new Decimal(10).pow(scale))),
    );

const userArb = fc.integer({ min: 0, max: USERS - 1 });
const currencyArb = fc.constantFrom(...CURRENCIES);
const smallAmount = amountArb(10n ** 6n, [2, 6, 18]);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      user: userArb,
      currency: currencyArb,
      amount: amountArb(10n ** 8n, [0, 2]),
    }),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        user: userArb,
        offset: fc.integer({ min: 1, max: USERS - 1 }),
        currency: currencyArb,
        amount: smallAmount,
      })
      .map(({ user, offset, currency, amount }) => ({
        type: 'transfer' as const,
        user,
        to: (user + offset) % USERS,
        currency,
        amount,
      })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('freeze' as const),
      user: userArb,
      currency: currencyArb,
      amount: smallAmount,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('unfreeze' as const),
      user: userArb,
      currency: currencyArb,
      amount: smallAmount,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('withdraw' as const),
      user: userArb,
      currency: currencyArb,
      amount: smallAmount,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('fee' as const),
      user: userArb,
      currency: currencyArb,
      amount: smallAmount,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('overdraw' as const),
      user: userArb,
      currency: currencyArb,
      bucket: fc.constantFrom('available' as const, 'frozen' as const),
      extra: amountArb(10n ** 4n, [0, 18]),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'replay' as const }) },
);

/** The expected state: user balances and how much each system account moved during this run. */
class Model {
  readonly balances = new Map<string, Decimal>();
  readonly systemDeltas = new Map<string, Decimal>();

  balance(userId: number, bucket: UserBucket, currency: string): Decimal {
    return this.balances.get(`${userId}:${bucket}:${currency}`) ?? new Decimal(0);
  }

  /** Whether the postings leave every user balance at zero or above. */
  allows(postings: readonly Posting[]): boolean {
    return postings.every(
      (p) =>
        'system' in p.account ||
        !this.balance(p.account.userId, p.account.bucket, p.currency).plus(p.amount).isNegative(),
    );
  }

  apply(postings: readonly Posting[]): void {
    for (const p of postings) {
      const key =
        'system' in p.account
          ? `${p.account.system}:${p.currency}`
          : `${p.account.userId}:${p.account.bucket}:${p.currency}`;
      const map = 'system' in p.account ? this.systemDeltas : this.balances;
      map.set(key, (map.get(key) ?? new Decimal(0)).plus(p.amount));
    }
  }
}

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

const neg = (amount: string) => formatNormalised(new Decimal(amount).negated());
const user = (userId: number, bucket: UserBucket) => ({ userId, bucket });

function postingsOf(op: Exclude<Op, { type: 'replay' }>, ids: readonly number[], model: Model): Posting[] {
  const id = ids[op.user];
  if (id === undefined) throw new Error('user index');
  const c = op.currency;
  switch (op.type) {
    case 'deposit':
      return [
        { account: user(id, 'available'), currency: c, amount: op.amount },
        { account: { system: 'external_deposits' }, currency: c, amount: neg(op.amount) },
      ];
    case 'transfer': {
      const to = ids[op.to];
      if (to === undefined) throw new Error('user index');
      return [
        { account: user(id, 'available'), currency: c, amount: neg(op.amount) },
        { account: user(to, 'available'), currency: c, amount: op.amount },
      ];
    }
    case 'freeze':
      return [
        { account: user(id, 'available'), currency: c, amount: neg(op.amount) },
        { account: user(id, 'frozen'), currency: c, amount: op.amount },
      ];
    case 'unfreeze':
      return [
        { account: user(id, 'frozen'), currency: c, amount: neg(op.amount) },
        { account: user(id, 'available'), currency: c, amount: op.amount },
      ];
    case 'withdraw':
      return [
        { account: user(id, 'frozen'), currency: c, amount: neg(op.amount) },
        { account: { system: 'external_withdrawals' }, currency: c, amount: op.amount },
      ];
    case 'fee':
      return [
        { account: user(id, 'available'), currency: c, amount: neg(op.amount) },
        { account: { system: 'fees' }, currency: c, amount: op.amount },
      ];
    case 'overdraw': {
      // More than the bucket holds, by `extra`: must always be refused.
      const amount = formatNormalised(model.balance(id, op.bucket, c).plus(op.extra));
      return [
        { account: user(id, op.bucket), currency: c, amount: neg(amount) },
        { account: { system: 'external_withdrawals' }, currency: c, amount },
      ];
    }
  }
}

async function systemSnapshot(): Promise<Map<string, Decimal>> {
  const snapshot = new Map<string, Decimal>();
  for (const system of SYSTEMS) {
    for (const currency of CURRENCIES) {
      snapshot.set(`${system}:${currency}`, new Decimal(await systemAccountBalance(db, system, currency)));
    }
  }
  return snapshot;
}

let runSeq = 0;
const tally = { posted: 0, refused: 0, replayed: 0 };

async function runSequence(ops: Op[]): Promise<void> {
  const run = `${testEngine}:${Date.now()}:${++runSeq}`;
  const ids = await createTestUsers(db, USERS);
  const model = new Model();
  const systemsBefore = await systemSnapshot();
  let lastPosted: PostTransactionRequest | undefined;
  let lastId: number | undefined;

  for (const [i, op] of ops.entries()) {
    if (op.type === 'replay') {
      if (!lastPosted) continue;
      const again = await db.transaction((tx) => postTransaction(tx, lastPosted as PostTransactionRequest));
      expect(again).toEqual({ transactionId: lastId, replayed: true });
      tally.replayed++;
      continue;
    }
    const postings = postingsOf(op, ids, model);
    const req: PostTransactionRequest = { idempotencyKey: `${run}:${i}`, kind: op.type, postings };
    const allowed = model.allows(postings);
    if (op.type === 'overdraw') expect(allowed).toBe(false);
    try {
      const result = await db.transaction((tx) => postTransaction(tx, req));
      expect(result.replayed).toBe(false);
      expect(allowed, `${op.type} went through but the model says it overdraws`).toBe(true);
      model.apply(postings);
      lastPosted = req;
      lastId = result.transactionId;
      tally.posted++;
    } catch (err) {
      if (!(err instanceof AppError))
        throw new Error(`Unexpected failure of ${JSON.stringify(op)}: ${errorText(err)}`);
      expect(err.statusCode).toBe(422);
      expect(err.message).toBe('余额不足');
      expect(allowed, `${op.type} was refused but the model allows it`).toBe(false);
      tally.refused++;
    }
  }

  for (const id of ids) {
    const wallets = await getUserWallets(db, id);
    for (const currency of CURRENCIES) {
      const wallet = wallets.find((w) => w.currency === currency);
      expect({
        user: id,
        currency,
        balance: wallet?.balance ?? formatFixed(new Decimal(0)),
        frozen: wallet?.frozen_balance ?? formatFixed(new Decimal(0)),
        salary: wallet?.salary_balance ?? formatFixed(new Decimal(0)),
      }).toEqual({
        user: id,
        currency,
        balance: formatFixed(model.balance(id, 'available', currency)),
        frozen: formatFixed(model.balance(id, 'frozen', currency)),
        salary: formatFixed(model.balance(id, 'salary', currency)),
      });
    }
  }
  const systemsAfter = await systemSnapshot();
  for (const [key, before] of systemsBefore) {
    const moved = (systemsAfter.get(key) ?? new Decimal(0)).minus(before);
    expect({ key, moved: formatFixed(moved) }).toEqual({
      key,
      moved: formatFixed(model.systemDeltas.get(key) ?? new Decimal(0)),
    });
  }

  // Synthetic postings with no business row behind them: the journal's own invariants only
  // (the reconciliation with the business tables is proven in reconciliation.test.ts).
  const verification = await verifyLedger(db);
  expect(verification.problems).toEqual([]);
  expect(verification.ok).toBe(true);
}

describe('ledger property', () => {
  it('matches a decimal model and verifies after random operation sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30, size: 'max' }), (ops) =>
        runSequence(ops),
      ),
      { numRuns: 25 },
    );
    console.info(`ledger property (${testEngine}): ${JSON.stringify(tally)}`);
    // The runs did move money, refuse overdrafts and replay keys: the property was not vacuous.
    expect(tally.posted).toBeGreaterThan(50);
    expect(tally.refused).toBeGreaterThan(5);
    expect(tally.replayed).toBeGreaterThan(0);
  });
});
