import type { OrderBook } from '@platform/contracts';
import { tradeFee } from '@platform/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { Decimal } from '../../../core/money.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import { counterMismatches } from '../../reconciliation/counter-check.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { testTradingDeps } from '../testing/trading-fixtures.ts';
import { createSpotEngine } from './spot.engine.ts';
import { balancesOf, body, fillsOf, makeBook, ordersOfUser, quickUser } from './spot.test-helpers.ts';

/**
 * Random sequences of placements (market, GTC, IOC, FOK), cancels, book moves, trigger and expiry
 * runs (some of them racing), then: the ledger verifier, every fill equal to what a model computes
 * from the books the engine saw (placement: the book walked best level first within the limit;
 * trigger: the order's limit price), and every balance equal to what the fills imply (ARCHITECTURE.md,
 * "The ledger (money)" and "Tests").
 */
let t: TestApp;
const db = () => t.database.db;
let clock = Date.parse('2032-06-01T00:00:00.000Z');
const books: Record<string, OrderBook> = {};
const engine = () => createSpotEngine(testTradingDeps(db(), { now: () => clock, books }));
/** The book each order was placed against, by order id. */
const placementBooks = new Map<number, OrderBook>();
/** Every book the engine may have seen, by its `updated_at` (ms); each snapshot has its own time. */
const booksAt = new Map<number, OrderBook>();
const publish = (book: OrderBook) => {
  books.ETHUSDT = book;
  booksAt.set(Date.parse(book.updated_at), book);
};

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
  publish(
    makeBook('ETHUSDT', clock, {
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
    }),
  );
}
const refreshBook = () => {
  const b = books.ETHUSDT;
  if (b) publish({ ...b, updated_at: new Date(clock).toISOString() });
};

/** Refusals a random sequence may meet; anything else fails the property. */
function expectedRefusal(err: unknown): undefined {
  if (err instanceof AppError && (err.statusCode === 422 || err.statusCode === 409)) return;
  throw err;
}

// ---- the model --------------------------------------------------------------------------------

type Level = { price: Decimal; quantity: Decimal };

/** The side of `book` an order of `side` takes (asks for a buy, bids for a sell), best first. */
function opposite(book: OrderBook, side: 'buy' | 'sell'): Level[] {
  const levels = (side === 'buy' ? book.asks : book.bids).map(([p, q]) => ({
    price: new Decimal(p),
    quantity: new Decimal(q),
  }));
  return levels.sort((a, b) => (side === 'buy' ? a.price.cmp(b.price) : b.price.cmp(a.price)));
}

const within = (side: 'buy' | 'sell', level: Decimal, limit: Decimal) =>
  side === 'buy' ? level.lte(limit) : level.gte(limit);

/** Rounding of a turnover in the house's favour: up when the user pays, down when the user receives. */
const houseRound = (side: 'buy' | 'sell', exact: Decimal) =>
  exact.toDecimalPlaces(18, side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);

/**
 * What a placement takes from `book`: up to `amount`, best level first, only levels within `limit`
 * (none for a market order). `quantity` may be less than `amount` (the rest rests or expires).
 */
function walkModel(book: OrderBook, side: 'buy' | 'sell', amount: Decimal, limit: Decimal | null) {
  let quantity = new Decimal(0);
  let exact = new Decimal(0);
  for (const level of opposite(book, side)) {
    if (limit && !within(side, level.price, limit)) break;
    const take = Decimal.min(amount.minus(quantity), level.quantity);
    if (!take.gt(0)) break;
    quantity = quantity.plus(take);
    exact = exact.plus(take.times(level.price));
  }
  return {
    quantity,
    turnover: houseRound(side, exact),
    avgPrice: quantity.gt(0) ? exact.div(quantity).toDecimalPlaces(18) : null,
  };
}

type FillRow = Awaited<ReturnType<typeof fillsOf>>[number];
type OrderRowT = Awaited<ReturnType<typeof ordersOfUser>>[number];
const same = (a: Decimal | string, b: Decimal | string) => new Decimal(a).eq(b);

/**
 * The order's fills against the model: the placement fill (if the book crossed) is the book walk;
 * every later fill is a trigger fill at the limit price against a book whose best level crossed it;
 * fees are charged on the cumulative turnover; the status follows the time in force.
 */
function checkFillsAgainstModel(order: OrderRowT, fills: FillRow[]) {
  const side = order.side as 'buy' | 'sell';
  const amount = new Decimal(order.amount);
  const book = placementBooks.get(order.id);
  expect(book, `order ${order.id}: no placement book recorded`).toBeDefined();
  if (!book) return;
  const limit = order.orderType === 'limit' ? new Decimal(order.price as string) : null;
  const placement = walkModel(book, side, amount, limit);
  const placedAt = order.createdAt.getTime();
  let rest = fills;
  if (placement.quantity.gt(0)) {
    const [first, ...later] = fills;
    expect(first, `order ${order.id}: a crossing placement fills at once`).toBeDefined();
    if (!first) return;
    expect({
      seq: first.seq,
      createdAt: first.createdAt.getTime(),
      priceAt: first.priceAt.getTime(),
      quantity: new Decimal(first.quantity).toFixed(),
      price: new Decimal(first.price).toFixed(),
      quoteAmount: new Decimal(first.quoteAmount).toFixed(),
    }).toEqual({
      seq: 1,
      createdAt: placedAt,
      priceAt: Date.parse(book.updated_at),
      quantity: placement.quantity.toFixed(),
      price: (placement.avgPrice as Decimal).toFixed(),
      quoteAmount: placement.turnover.toFixed(),
    });
    rest = later;
  }
  if (order.orderType === 'market') {
    expect(placement.quantity.eq(amount)).toBe(true);
    expect(rest).toHaveLength(0);
  } else if (order.timeInForce === 'FOK') {
    expect(placement.quantity.eq(amount)).toBe(true);
    expect(order.status).toBe('filled');
  } else if (order.timeInForce === 'IOC') {
    expect(order.status).toBe(placement.quantity.eq(amount) ? 'filled' : 'expired');
    expect(rest).toHaveLength(0);
  }
  for (const fill of rest) {
    // a trigger fill: later than the placement, at the limit price, against a book that crossed it
    expect(fill.createdAt.getTime()).toBeGreaterThan(placedAt);
    expect(same(fill.price, limit as Decimal)).toBe(true);
    expect(same(fill.quoteAmount, houseRound(side, new Decimal(fill.quantity).times(limit as Decimal)))).toBe(
      true,
    );
    const seen = booksAt.get(fill.priceAt.getTime());
    expect(seen, `order ${order.id}: fill ${fill.seq} names a book the test never served`).toBeDefined();
    const best = seen ? opposite(seen, side)[0] : undefined;
    expect(best && within(side, best.price, limit as Decimal)).toBe(true);
  }
  // Fees on the cumulative turnover: each fill's fee is tradeFee(turnover so far) − fees so far.
  let quote = new Decimal(0);
  let fee = new Decimal(0);
  for (const fill of fills) {
    quote = quote.plus(fill.quoteAmount);
    const due = tradeFee(quote, FEE_RATE).minus(fee);
    expect(new Decimal(fill.fee).toFixed()).toBe(due.toFixed());
    fee = fee.plus(fill.fee);
  }
  const qty = fills.reduce((s, f) => s.plus(f.quantity), new Decimal(0));
  if (qty.gt(0)) {
    expect(new Decimal(order.avgPrice as string).toFixed()).toBe(
      quote.div(qty).toDecimalPlaces(18).toFixed(),
    );
  } else {
    expect(order.avgPrice).toBeNull();
  }
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
      const book = books.ETHUSDT as OrderBook;
      const placed = await spot
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
      if (placed) placementBooks.set(placed.id, book);
      return;
    }
    case 'market': {
      const amount = new Decimal(cmd.tenths).div(10).toFixed();
      const book = books.ETHUSDT as OrderBook;
      const placed = await spot
        .placeOrder(
          users[cmd.user] as number,
          body({ symbol: 'ETHUSDT', side: cmd.side, type: 'market', amount }),
        )
        .catch(expectedRefusal);
      if (placed) placementBooks.set(placed.id, book);
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

/** Fills equal to the model's; balances and order states equal to what the recorded fills imply. */
async function checkAgainstFills(userId: number) {
  let usdt = new Decimal(START.USDT);
  let eth = new Decimal(START.ETH);
  let frozenUsdt = new Decimal(0);
  let frozenEth = new Decimal(0);
  for (const order of await ordersOfUser(db(), userId)) {
    const fills = await fillsOf(db(), order.id);
    checkFillsAgainstModel(order, fills);
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
      // never worse than the limit: a buy pays at most it, a sell receives at least it
      const avg = new Decimal(order.avgPrice as string);
      expect(order.side === 'buy' ? avg.lte(order.price as string) : avg.gte(order.price as string)).toBe(
        true,
      );
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
