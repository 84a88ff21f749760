import type { OrderBook } from '@platform/contracts';
import { tradeFee } from '@platform/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { Decimal } from '../../../core/money.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import { assertLedgerOk } from '../../ledger/verify.ts';
import { counterMismatches } from '../../stats/stats.repository.ts';
import { testTradingDeps } from '../testing/trading-fixtures.ts';
import { createSpotEngine } from './spot.engine.ts';
import { balancesOf, body, fillsOf, makeBook, ordersOfUser, quickUser } from './spot.test-helpers.ts';

/**
 * Random sequences of placements (market, GTC, IOC, FOK), cancels, book moves, trigger and expiry
 * runs (some of them racing), then: the ledger verifier, and every balance equal to what the fills
 * imply (DESIGN.md §4, §9).
 */
let t: TestApp;
const db = () => t.database.db;
let clock = Date.parse('2032-06-01T00:00:00.000Z');
const books: Record<string, OrderBook> = {};
const engine = () => createSpotEngine(testTradingDeps(db(), { now: () => clock, books }));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const START = { USDT: '200000', ETH: '50' };
const FEE_RATE = new Decimal('0.001');

type Command =
  | {
      kind: 'limit';
      user: number;
      side: 'buy' | 'sell';
      tenths: number;
      price: number;
      tif: 'GTC' | 'IOC' | 'FOK';
    }
  | { kind: 'market'; user: number; side: 'buy' | 'sell'; tenths: number }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'book'; mid: number; tenths: number }
  | { kind: 'trigger' }
  | { kind: 'race'; pick: number }
  | { kind: 'expire' };

const userIx = fc.integer({ min: 0, max: 2 });
const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      user: userIx,
      side,
      tenths: fc.integer({ min: 1, max: 40 }),
      price: fc.integer({ min: 280, max: 320 }).map((p) => p * 10),
      tif: fc.constantFrom<'GTC' | 'IOC' | 'FOK'>('GTC', 'GTC', 'IOC', 'FOK'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      user: userIx,
      side,
      tenths: fc.integer({ min: 1, max: 20 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user: userIx, pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      mid: fc.integer({ min: 2850, max: 3150 }),
      tenths: fc.integer({ min: 1, max: 10 }),
    }),
  },
  { weight: 4, arbitrary: fc.constant({ kind: 'trigger' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('race' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
);

function setBook(mid: number, tenths: number) {
  const q = (k: number) => new Decimal(tenths).times(k).div(10).toFixed();
  books.ETHUSDT = makeBook('ETHUSDT', clock, {
    asks: [
      [String(mid + 1), q(1)],
      [String(mid + 7), q(2)],
      [String(mid + 20), q(3)],
    ],
    bids: [
      [String(mid - 1), q(1)],
      [String(mid - 6), q(2)],
      [String(mid - 25), q(3)],
    ],
  });
}
const refreshBook = () => {
  const b = books.ETHUSDT;
  if (b) books.ETHUSDT = { ...b, updated_at: new Date(clock).toISOString() };
};

/** Refusals a random sequence may meet; anything else fails the property. */
function expectedRefusal(err: unknown) {
  if (err instanceof AppError && (err.statusCode === 422 || err.statusCode === 409)) return;
  throw err;
}

async function openOrders(userId: number) {
  return (await ordersOfUser(db(), userId)).filter((o) => o.status === 'pending' || o.status === 'partial');
}

async function run(cmd: Command, users: number[]) {
  const spot = engine();
  clock += 200;
  refreshBook();
  switch (cmd.kind) {
    case 'limit': {
      const amount = new Decimal(cmd.tenths).div(10).toFixed();
      await spot
        .placeOrder(
          users[cmd.user] as number,
          body({
            symbol: 'ETHUSDT',
            side: cmd.side,
            type: 'limit',
            amount,
            price: String(cmd.price),
            time_in_force: cmd.tif,
          }),
        )
        .catch(expectedRefusal);
      return;
    }
    case 'market': {
      const amount = new Decimal(cmd.tenths).div(10).toFixed();
      await spot
        .placeOrder(
          users[cmd.user] as number,
          body({ symbol: 'ETHUSDT', side: cmd.side, type: 'market', amount }),
        )
        .catch(expectedRefusal);
      return;
    }
    case 'cancel': {
      const userId = users[cmd.user] as number;
      const open = await openOrders(userId);
      const target = open[cmd.pick % Math.max(1, open.length)];
      if (target) await spot.cancelOwnOrder(userId, target.id).catch(expectedRefusal);
      return;
    }
    case 'book':
      clock += 1000;
      setBook(cmd.mid, cmd.tenths);
      return;
    case 'trigger':
      clock += 1000;
      refreshBook();
      await spot.triggerLimitOrders(new Date(clock));
      return;
    case 'race': {
      clock += 1000;
      refreshBook();
      const all = (await Promise.all(users.map(openOrders))).flat();
      const target = all[cmd.pick % Math.max(1, all.length)];
      await Promise.all([
        spot.triggerLimitOrders(new Date(clock)),
        engine().triggerLimitOrders(new Date(clock)),
        target ? engine().cancelOwnOrder(target.userId, target.id).catch(expectedRefusal) : null,
      ]);
      return;
    }
    case 'expire':
      await Promise.all([
        spot.expireOrders(new Date(clock + 31 * 86_400_000)),
        engine().expireOrders(new Date(clock + 31 * 86_400_000)),
      ]);
      return;
  }
}

/** Balances and order states equal to what the recorded fills imply. */
async function checkAgainstFills(userId: number) {
  let usdt = new Decimal(START.USDT);
  let eth = new Decimal(START.ETH);
  let frozenUsdt = new Decimal(0);
  let frozenEth = new Decimal(0);
  for (const order of await ordersOfUser(db(), userId)) {
    const fills = await fillsOf(db(), order.id);
    const qty = fills.reduce((s, f) => s.plus(f.quantity), new Decimal(0));
    const quote = fills.reduce((s, f) => s.plus(f.quoteAmount), new Decimal(0));
    const fee = fills.reduce((s, f) => s.plus(f.fee), new Decimal(0));
    expect(new Decimal(order.filledAmount).eq(qty)).toBe(true);
    expect(new Decimal(order.quoteAmount).eq(quote)).toBe(true);
    expect(new Decimal(order.fee).eq(fee)).toBe(true);
    expect(fills.map((f) => f.seq)).toEqual(fills.map((_, i) => i + 1));
    const amount = new Decimal(order.amount);
    if (order.status === 'filled') expect(qty.eq(amount)).toBe(true);
    if (order.orderType === 'limit' && qty.gt(0)) {
      expect(new Decimal(order.avgPrice as string).eq(order.price as string)).toBe(true);
    }
    // A fee never exceeds tradeFee of the turnover.
    expect(fee.lte(tradeFee(quote, FEE_RATE))).toBe(true);
    if (order.side === 'buy') {
      usdt = usdt.minus(quote).minus(fee);
      eth = eth.plus(qty);
    } else {
      usdt = usdt.plus(quote).minus(fee);
      eth = eth.minus(qty);
    }
    const frozen = new Decimal(order.frozenAmount);
    const open = order.status === 'pending' || order.status === 'partial';
    if (!open) expect(frozen.isZero()).toBe(true);
    else if (order.side === 'sell') {
      expect(frozen.eq(amount.minus(qty))).toBe(true);
      frozenEth = frozenEth.plus(frozen);
    } else {
      const value = amount.times(order.price as string);
      expect(frozen.eq(value.plus(tradeFee(value, FEE_RATE)).minus(quote).minus(fee))).toBe(true);
      frozenUsdt = frozenUsdt.plus(frozen);
    }
  }
  const { of } = await balancesOf(db(), userId);
  const u = of('USDT');
  const e = of('ETH');
  expect({ usdt: u.available.plus(u.frozen).toFixed(), frozen: u.frozen.toFixed() }).toEqual({
    usdt: usdt.toFixed(),
    frozen: frozenUsdt.toFixed(),
  });
  expect({ eth: e.available.plus(e.frozen).toFixed(), frozen: e.frozen.toFixed() }).toEqual({
    eth: eth.toFixed(),
    frozen: frozenEth.toFixed(),
  });
}

describe('random spot sequences', () => {
  it('keep the ledger sound and every balance equal to what the fills imply', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40 }), async (commands) => {
        const users: number[] = [];
        for (let i = 0; i < 3; i++) {
          const id = await quickUser(db());
          await fundUser(db(), id, START.USDT);
          await fundUser(db(), id, START.ETH, 'ETH');
          users.push(id);
        }
        clock += 60_000;
        setBook(3000, 3);
        for (const cmd of commands) await run(cmd, users);
        await assertLedgerOk(db());
        for (const id of users) await checkAgainstFills(id);
      }),
      { numRuns: 12 },
    );
    expect(await counterMismatches(db())).toEqual([]);
  });
});
