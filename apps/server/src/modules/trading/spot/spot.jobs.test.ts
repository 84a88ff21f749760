import type { OrderBook } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { Decimal } from '../../../core/money.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import { tradingPairs } from '../../market-data/market-data.schema.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { testTradingDeps } from '../testing/trading-fixtures.ts';
import { tradeOrders } from '../trading.schema.ts';
import { ORDER_UPDATED_EVENT } from '../trading-deps.ts';
import { createSpotEngine, type SpotEngineOptions } from './spot.engine.ts';
import {
  body,
  fillsOf,
  houseSnapshot,
  makeBook,
  orderRow,
  ordersOfUser,
  postingsOf,
  quickUser,
  wallet,
} from './spot.test-helpers.ts';

/**
 * The engine on the test app's database with a clock and books of our own: exact fill arithmetic,
 * the trigger and expiry steps, two runners at once, crashes inside the transaction.
 */
let t: TestApp;
const db = () => t.database.db;
const T0 = Date.parse('2031-03-01T08:00:00.000Z');
let clock = T0;
const books: Record<string, OrderBook> = {};
const toUser = vi.fn();

function engine(options: SpotEngineOptions = {}) {
  const deps = testTradingDeps(db(), { now: () => clock, books });
  return createSpotEngine({ ...deps, realtime: { toUser, toAdmins() {} } }, options);
}
let spot: ReturnType<typeof engine>;

beforeAll(async () => {
  t = await createTestApp();
  spot = engine();
});
afterAll(async () => {
  await assertLedgerOk(t.database.db);
  await t.close();
});

/** ETH books at the current clock. */
function setBook(levels: { asks?: [string, string][]; bids?: [string, string][] }, symbol = 'ETHUSDT') {
  books[symbol] = makeBook(symbol, clock, levels);
}
const tick = (ms = 1000) => {
  clock += ms;
};

async function user(funds: Record<string, string> = {}) {
  const id = await quickUser(db());
  for (const [currency, amount] of Object.entries(funds)) await fundUser(db(), id, amount, currency);
  return id;
}

async function refused(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

const limit = (side: 'buy' | 'sell', amount: string, price: string, tif?: 'GTC' | 'IOC' | 'FOK') =>
  body({ symbol: 'ETHUSDT', side, type: 'limit', amount, price, ...(tif ? { time_in_force: tif } : {}) });
const market = (side: 'buy' | 'sell', amount: string) =>
  body({ symbol: 'ETHUSDT', side, type: 'market', amount });
const far = () => setBook({ asks: [['9000', '100']], bids: [['100', '100']] });
/** What the order still holds frozen, normalised. */
const frozenOf = async (id: number) => new Decimal((await orderRow(db(), id)).frozenAmount).toFixed();

describe('market orders (constructed book)', () => {
  it('buy: level-by-level turnover, weighted average, fee, house legs', async () => {
    const u = await user({ USDT: '10000' });
    setBook({
      asks: [
        ['3000', '0.5'],
        ['3001', '0.5'],
        ['3005', '2'],
      ],
      bids: [['2999', '1']],
    });
    const before = await houseSnapshot(db(), ['USDT', 'ETH']);
    const order = await spot.placeOrder(u, market('buy', '1.2'));
    expect(order).toMatchObject({
      status: 'filled',
      filled_amount: '1.2',
      avg_price: '3001.25',
      quote_amount: '3601.5',
      fee: '3.6015',
    });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6394.8985', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '1.2', frozen: '0' });
    const after = await houseSnapshot(db(), ['USDT', 'ETH']);
    const delta = (k: string) => (after[k] as Decimal).minus(before[k] as Decimal).toFixed();
    expect([delta('house:USDT'), delta('house:ETH'), delta('fees:USDT')]).toEqual([
      '3601.5',
      '-1.2',
      '3.6015',
    ]);
    const fills = await fillsOf(db(), order.id);
    expect(fills.map((f) => [f.seq, f.quantity, f.priceSource])).toEqual([
      [1, '1.200000000000000000', 'test-book'],
    ]);
  });

  it('sell: receives turnover minus fee', async () => {
    const u = await user({ ETH: '2' });
    setBook({
      bids: [
        ['2999', '1'],
        ['2990', '1'],
      ],
    });
    const order = await spot.placeOrder(u, market('sell', '1.5'));
    expect(order).toMatchObject({ avg_price: '2996', quote_amount: '4494', fee: '4.494' });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '4489.506', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.5', frozen: '0' });
  });

  it('fills whole lots only: a level under one lot (ETH trades 0.0001) is not taken', async () => {
    // The order form's "≈ total" on this book is 1750 too (apps/web orderForm.test.ts); walking the
    // raw book it said 1749.955.
    const u = await user({ USDT: '2000' });
    setBook({
      asks: [
        ['3000', '0.00009'],
        ['3500', '1'],
      ],
    });
    const order = await spot.placeOrder(u, market('buy', '0.5'));
    expect(order).toMatchObject({ avg_price: '3500', quote_amount: '1750', fee: '1.75' });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '248.25', frozen: '0' });
  });

  it('too little depth, a stale book or no book are refused and change nothing', async () => {
    const u = await user({ USDT: '100000' });
    setBook({ asks: [['3000', '1']] });
    const deep = await refused(spot.placeOrder(u, market('buy', '1.0001')));
    expect([deep.statusCode, deep.message]).toEqual([422, '市场深度不足']);
    books.ETHUSDT = makeBook('ETHUSDT', clock - 3001, { asks: [['3000', '10']] });
    const stale = await refused(spot.placeOrder(u, market('buy', '1')));
    expect(stale.statusCode).toBe(502);
    const none = await refused(
      spot.placeOrder(u, body({ symbol: 'SOLUSDT', side: 'buy', type: 'market', amount: '1' })),
    );
    expect(none.statusCode).toBe(502);
    expect(await ordersOfUser(db(), u)).toHaveLength(0);
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '100000', frozen: '0' });
  });
});

describe('limit orders: placement match, trigger, IOC, FOK', () => {
  it('a GTC buy fills partly on the trigger, then fully; each fill releases its share of frozen', async () => {
    const u = await user({ USDT: '10000' });
    setBook({ asks: [['3010', '5']] });
    const placed = await spot.placeOrder(u, limit('buy', '1', '3000'));
    expect(placed.status).toBe('pending');
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6997', frozen: '3003' });

    tick();
    setBook({
      asks: [
        ['2995', '0.4'],
        ['3000', '0.2'],
        ['3001', '5'],
      ],
    });
    toUser.mockClear();
    const first = await spot.triggerLimitOrders(new Date(clock));
    expect(first.map((r) => r.id)).toEqual([placed.id]);
    expect(toUser).toHaveBeenCalledWith(u, ORDER_UPDATED_EVENT, {
      order: expect.objectContaining({ id: placed.id, status: 'partial', filled_amount: '0.6' }),
    });
    let row = await orderRow(db(), placed.id);
    expect([
      row.status,
      new Decimal(row.filledAmount).toFixed(),
      new Decimal(row.frozenAmount).toFixed(),
    ]).toEqual(['partial', '0.6', '1201.2']);
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6997', frozen: '1201.2' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.6', frozen: '0' });

    // The same snapshot is never consumed twice by one order.
    expect(await spot.triggerLimitOrders(new Date(clock))).toEqual([]);

    tick();
    setBook({ asks: [['2999', '10']] });
    await spot.triggerLimitOrders(new Date(clock));
    row = await orderRow(db(), placed.id);
    expect(row.status).toBe('filled');
    expect(new Decimal(row.fee).toFixed()).toBe('3');
    expect(new Decimal(row.avgPrice as string).toFixed()).toBe('3000');
    expect(row.closedAt?.getTime()).toBe(clock);
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6997', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '1', frozen: '0' });
    const fills = await fillsOf(db(), placed.id);
    expect(
      fills.map((f) => [f.seq, new Decimal(f.quantity).toFixed(), new Decimal(f.fee).toFixed()]),
    ).toEqual([
      [1, '0.6', '1.8'],
      [2, '0.4', '1.2'],
    ]);
  });

  it('a GTC sell matches what crosses at placement, rests with the rest; a lower fee leaves a leftover that goes back', async () => {
    const u = await user({ ETH: '2' });
    setBook({
      bids: [
        ['3105', '1'],
        ['3100', '0.5'],
        ['3090', '9'],
      ],
    });
    const placed = await spot.placeOrder(u, limit('sell', '2', '3100'));
    // The crossing 1.5 takes the bids best first: 1 × 3105 + 0.5 × 3100 = 4655, not 1.5 × 3100.
    expect(placed).toMatchObject({
      status: 'partial',
      filled_amount: '1.5',
      avg_price: '3103.333333333333333333',
      quote_amount: '4655',
      fee: '4.655',
    });
    expect(await frozenOf(placed.id)).toBe('0.5');
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0', frozen: '0.5' });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '4650.345', frozen: '0' });
    expect(await postingsOf(db(), `spot:${placed.id}:fill:1`)).toEqual({
      'user:frozen ETH': '-1.5',
      'user:available USDT': '4650.345',
      'house_pnl ETH': '1.5',
      'house_pnl USDT': '-4655',
      'fees USDT': '4.655',
    });

    // A buy whose fee rate drops before its fill: the unused fee comes back on the final fill.
    const b = await user({ USDT: '5000' });
    far();
    const buy = await spot.placeOrder(b, limit('buy', '1', '3000'));
    await db().update(tradingPairs).set({ feeRate: '0' }).where(eq(tradingPairs.symbol, 'ETHUSDT'));
    try {
      tick();
      setBook({ asks: [['3000', '1']], bids: [['3101', '1']] });
      await spot.triggerLimitOrders(new Date(clock));
    } finally {
      await db().update(tradingPairs).set({ feeRate: '0.001' }).where(eq(tradingPairs.symbol, 'ETHUSDT'));
    }
    expect((await orderRow(db(), buy.id)).status).toBe('filled');
    expect(await wallet(db(), b, 'USDT')).toEqual({ available: '2000', frozen: '0' });
    // The sell's rest crossed the 3101 bid at the same time: a resting order fills at its limit price.
    const sell = await orderRow(db(), placed.id);
    expect([
      sell.status,
      new Decimal(sell.quoteAmount).toFixed(),
      new Decimal(sell.fee).toFixed(),
      new Decimal(sell.avgPrice as string).toFixed(),
      new Decimal(sell.frozenAmount).toFixed(),
    ]).toEqual(['filled', '6205', '4.655', '3102.5', '0']);
    expect(
      (await fillsOf(db(), placed.id)).map((f) => [
        f.seq,
        new Decimal(f.quantity).toFixed(),
        new Decimal(f.price).toFixed(),
        new Decimal(f.quoteAmount).toFixed(),
        new Decimal(f.fee).toFixed(),
      ]),
    ).toEqual([
      [1, '1.5', '3103.333333333333333333', '4655', '4.655'],
      [2, '0.5', '3100', '1550', '0'],
    ]);
    // 4655 − 4.655 at placement, then 1550 with no fee at the lowered rate
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6200.345', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0', frozen: '0' });
  });

  it('shares the reference volume in price-time priority within one pass', async () => {
    const [a, b, c, d] = [
      await user({ USDT: '5000' }),
      await user({ USDT: '5000' }),
      await user({ USDT: '5000' }),
      await user({ USDT: '5000' }),
    ];
    far();
    const oa = await spot.placeOrder(a, limit('buy', '1', '3010'));
    tick(10);
    const ob = await spot.placeOrder(b, limit('buy', '1', '3005'));
    tick(10);
    const oc = await spot.placeOrder(c, limit('buy', '0.6', '3010'));
    tick(10);
    const od = await spot.placeOrder(d, limit('buy', '1', '2999'));
    tick();
    setBook({
      asks: [
        ['3000', '1'],
        ['3005', '1'],
        ['3020', '5'],
      ],
    });
    await spot.triggerLimitOrders(new Date(clock));
    const filled = async (id: number) => new Decimal((await orderRow(db(), id)).filledAmount).toFixed();
    expect([await filled(oa.id), await filled(oc.id), await filled(ob.id), await filled(od.id)]).toEqual([
      '1',
      '0.6',
      '0.4',
      '0',
    ]);
    // fills are at each order's limit price
    expect((await fillsOf(db(), oc.id))[0]?.price).toBe('3010.000000000000000000');
    expect((await orderRow(db(), ob.id)).status).toBe('partial');
    // clean up: cancel what is open
    await spot.cancelOwnOrder(b, ob.id);
    await spot.cancelOwnOrder(d, od.id);
  });

  it('sells share the bids the same way (best price first, then oldest)', async () => {
    const [a, b] = [await user({ ETH: '1' }), await user({ ETH: '1' })];
    far();
    const first = await spot.placeOrder(a, limit('sell', '1', '3000'));
    tick(10);
    const second = await spot.placeOrder(b, limit('sell', '1', '3000'));
    tick();
    setBook({ bids: [['3001', '1.5']] });
    await spot.triggerLimitOrders(new Date(clock));
    expect((await orderRow(db(), first.id)).status).toBe('filled');
    expect(new Decimal((await orderRow(db(), second.id)).filledAmount).toFixed()).toBe('0.5');
    await spot.cancelOwnOrder(b, second.id);
    expect(await wallet(db(), b, 'ETH')).toEqual({ available: '0.5', frozen: '0' });
  });

  it('IOC fills what crosses now and expires the rest; FOK all or nothing', async () => {
    const u = await user({ USDT: '10000' });
    setBook({
      asks: [
        ['3000', '0.3'],
        ['3050', '5'],
      ],
    });
    const ioc = await spot.placeOrder(u, limit('buy', '1', '3000', 'IOC'));
    expect(ioc).toMatchObject({
      status: 'expired',
      filled_amount: '0.3',
      avg_price: '3000',
      quote_amount: '900',
      fee: '0.9',
    });
    expect(await frozenOf(ioc.id)).toBe('0');
    // froze 3003; the fill takes 900.9; the unfilled 2102.1 goes back on expiry
    expect(await postingsOf(db(), `spot:${ioc.id}:release`)).toEqual({
      'user:available USDT': '2102.1',
      'user:frozen USDT': '-2102.1',
    });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '9099.1', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.3', frozen: '0' });
    const iocNone = await spot.placeOrder(u, limit('buy', '1', '2000', 'IOC'));
    expect(iocNone).toMatchObject({ status: 'expired', filled_amount: '0' });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '9099.1', frozen: '0' });

    const fok = await refused(spot.placeOrder(u, limit('buy', '1', '3000', 'FOK')));
    expect([fok.statusCode, fok.message]).toEqual([422, 'FOK 订单无法立即全部成交，未下单']);
    expect(await ordersOfUser(db(), u)).toHaveLength(2);
    // FOK at 3050 walks the book: 0.3 × 3000 + 0.7 × 3050 = 3035 (the reference book is not consumed).
    const fokFull = await spot.placeOrder(u, limit('buy', '1', '3050', 'FOK'));
    expect(fokFull).toMatchObject({
      status: 'filled',
      filled_amount: '1',
      avg_price: '3035',
      quote_amount: '3035',
      fee: '3.035',
    });
    expect(await frozenOf(fokFull.id)).toBe('0');
    expect(
      (await fillsOf(db(), fokFull.id)).map((f) => [
        f.seq,
        new Decimal(f.quantity).toFixed(),
        new Decimal(f.price).toFixed(),
        new Decimal(f.quoteAmount).toFixed(),
        new Decimal(f.fee).toFixed(),
      ]),
    ).toEqual([[1, '1', '3035', '3035', '3.035']]);
    // froze 3050 + 3.05; the fill takes 3035 + 3.035 and gives the 15.015 left back at once
    expect(await postingsOf(db(), `spot:${fokFull.id}:fill:1`)).toEqual({
      'user:frozen USDT': '-3053.05',
      'user:available USDT': '15.015',
      'user:available ETH': '1',
      'house_pnl ETH': '-1',
      'house_pnl USDT': '3035',
      'fees USDT': '3.035',
    });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6061.065', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '1.3', frozen: '0' });
    // IOC and FOK never rest: the trigger has nothing of theirs
    expect((await ordersOfUser(db(), u)).every((o) => o.status === 'filled' || o.status === 'expired')).toBe(
      true,
    );
  });
});

describe('limit orders placed across the market take the book, not their limit', () => {
  const fillRows = async (orderId: number) =>
    (await fillsOf(db(), orderId)).map((f) => [
      f.seq,
      new Decimal(f.quantity).toFixed(),
      new Decimal(f.price).toFixed(),
      new Decimal(f.quoteAmount).toFixed(),
      new Decimal(f.fee).toFixed(),
      f.priceSource,
    ]);

  it('a buy far above the best ask pays the asks it takes and gets frozen − turnover − fee back', async () => {
    const u = await user({ USDT: '5000' });
    setBook({
      asks: [
        ['3000', '0.4'],
        ['3002', '0.6'],
        ['3010', '5'],
      ],
      bids: [['2990', '1']],
    });
    const before = await houseSnapshot(db(), ['USDT', 'ETH']);
    const placed = await spot.placeOrder(u, limit('buy', '1', '3500'));
    // 0.4 × 3000 + 0.6 × 3002 = 3001.2 (not 1 × 3500); fee 0.1% of that
    expect(placed).toMatchObject({
      status: 'filled',
      filled_amount: '1',
      avg_price: '3001.2',
      quote_amount: '3001.2',
      fee: '3.0012',
      price: '3500',
    });
    expect(await frozenOf(placed.id)).toBe('0');
    expect(await fillRows(placed.id)).toEqual([[1, '1', '3001.2', '3001.2', '3.0012', 'test-book']]);
    // froze 3500 + 3.5 at the limit ...
    expect(await postingsOf(db(), `spot:${placed.id}:freeze`)).toEqual({
      'user:available USDT': '-3503.5',
      'user:frozen USDT': '3503.5',
    });
    // ... and the fill takes all of it out of frozen, 3503.5 − 3001.2 − 3.0012 = 499.2988 back to available
    const leftover = new Decimal('3503.5').minus('3001.2').minus('3.0012');
    expect(leftover.toFixed()).toBe('499.2988');
    expect(await postingsOf(db(), `spot:${placed.id}:fill:1`)).toEqual({
      'user:frozen USDT': '-3503.5',
      'user:available USDT': leftover.toFixed(),
      'user:available ETH': '1',
      'house_pnl ETH': '-1',
      'house_pnl USDT': '3001.2',
      'fees USDT': '3.0012',
    });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '1995.7988', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '1', frozen: '0' });
    const after = await houseSnapshot(db(), ['USDT', 'ETH']);
    const delta = (k: string) => (after[k] as Decimal).minus(before[k] as Decimal).toFixed();
    expect([delta('house:USDT'), delta('house:ETH'), delta('fees:USDT')]).toEqual(['3001.2', '-1', '3.0012']);
    // filled at placement: nothing rests, the trigger has nothing more to do with it
    tick();
    setBook({ asks: [['2000', '10']] });
    await spot.triggerLimitOrders(new Date(clock));
    expect(await fillsOf(db(), placed.id)).toHaveLength(1);
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '1995.7988', frozen: '0' });
  });

  it('a sell far below the best bid receives the bids it takes, not its limit', async () => {
    const u = await user({ ETH: '2' });
    setBook({
      asks: [['3010', '1']],
      bids: [
        ['3000', '0.5'],
        ['2995', '1'],
        ['2900', '5'],
      ],
    });
    const before = await houseSnapshot(db(), ['USDT', 'ETH']);
    const placed = await spot.placeOrder(u, limit('sell', '1.2', '2000'));
    // 0.5 × 3000 + 0.7 × 2995 = 3596.5 (not 1.2 × 2000 = 2400); average 3596.5 / 1.2
    expect(placed).toMatchObject({
      status: 'filled',
      filled_amount: '1.2',
      avg_price: '2997.083333333333333333',
      quote_amount: '3596.5',
      fee: '3.5965',
      price: '2000',
    });
    expect(await frozenOf(placed.id)).toBe('0');
    expect(await fillRows(placed.id)).toEqual([
      [1, '1.2', '2997.083333333333333333', '3596.5', '3.5965', 'test-book'],
    ]);
    expect(await postingsOf(db(), `spot:${placed.id}:freeze`)).toEqual({
      'user:available ETH': '-1.2',
      'user:frozen ETH': '1.2',
    });
    // the frozen 1.2 ETH goes to the house; the user gets 3596.5 − 3.5965
    expect(await postingsOf(db(), `spot:${placed.id}:fill:1`)).toEqual({
      'user:frozen ETH': '-1.2',
      'user:available USDT': '3592.9035',
      'house_pnl ETH': '1.2',
      'house_pnl USDT': '-3596.5',
      'fees USDT': '3.5965',
    });
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '3592.9035', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.8', frozen: '0' });
    const after = await houseSnapshot(db(), ['USDT', 'ETH']);
    const delta = (k: string) => (after[k] as Decimal).minus(before[k] as Decimal).toFixed();
    expect([delta('house:USDT'), delta('house:ETH'), delta('fees:USDT')]).toEqual([
      '-3596.5',
      '1.2',
      '3.5965',
    ]);
  });
});

describe('expiry', () => {
  it('GTC orders expire after 30 days; only the unfilled part is released', async () => {
    const u = await user({ USDT: '10000' });
    setBook({ asks: [['2990', '0.25']] });
    const placed = await spot.placeOrder(u, limit('buy', '1', '3000'));
    // froze 3003; the crossing 0.25 fills at the ask, 2990: 747.5 + 0.7475 fee out of frozen
    expect(placed).toMatchObject({
      status: 'partial',
      filled_amount: '0.25',
      avg_price: '2990',
      quote_amount: '747.5',
      fee: '0.7475',
    });
    expect(await frozenOf(placed.id)).toBe('2254.7525');
    expect(new Decimal((await fillsOf(db(), placed.id))[0]?.price ?? '0').toFixed()).toBe('2990');
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6997', frozen: '2254.7525' });
    const expiresAt = Date.parse(placed.expires_at as string);
    expect(expiresAt).toBe(clock + 30 * 86_400_000);

    expect(await spot.expireOrders(new Date(expiresAt - 1))).toEqual([]);
    // Past its expiry the trigger leaves it alone.
    const saved = clock;
    clock = expiresAt + 500;
    setBook({ asks: [['2900', '10']] });
    await spot.triggerLimitOrders(new Date(clock));
    expect((await orderRow(db(), placed.id)).status).toBe('partial');
    toUser.mockClear();
    const expired = await spot.expireOrders(new Date(clock));
    clock = saved;
    expect(expired.map((r) => r.id)).toContain(placed.id);
    expect(toUser).toHaveBeenCalledWith(u, ORDER_UPDATED_EVENT, {
      order: expect.objectContaining({ id: placed.id, status: 'expired' }),
    });
    expect(await postingsOf(db(), `spot:${placed.id}:release`)).toEqual({
      'user:available USDT': '2254.7525',
      'user:frozen USDT': '-2254.7525',
    });
    // 10000 − 747.5 − 0.7475
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '9251.7525', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.25', frozen: '0' });
    expect(await fillsOf(db(), placed.id)).toHaveLength(1);
    const keys = await db().execute(
      sql`SELECT idempotency_key FROM ledger_transactions WHERE idempotency_key LIKE ${`spot:${placed.id}:%`} ORDER BY id`,
    );
    expect(
      (keys as unknown as { rows: { idempotency_key: string }[] }).rows.map((r) => r.idempotency_key),
    ).toEqual([`spot:${placed.id}:freeze`, `spot:${placed.id}:fill:1`, `spot:${placed.id}:release`]);
  });
});

describe('two runners, crashes', () => {
  it('two trigger runners at once fill every order exactly once; two expiry runners release once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => user({ USDT: '1000' })));
    setBook({ asks: [['9000', '1']] });
    const orders = [];
    for (const u of users) orders.push(await spot.placeOrder(u, limit('buy', '0.1', '3000')));
    tick();
    setBook({ asks: [['2990', '100']] });
    const [one, two] = await Promise.all([
      engine().triggerLimitOrders(new Date(clock)),
      engine().triggerLimitOrders(new Date(clock)),
    ]);
    expect([...one, ...two].map((r) => r.id).sort((x, y) => x - y)).toEqual(orders.map((o) => o.id));
    for (const o of orders) {
      // resting orders the market reaches fill at their limit price (3000), not at the 2990 ask
      expect(
        (await fillsOf(db(), o.id)).map((f) => [
          new Decimal(f.quantity).toFixed(),
          new Decimal(f.price).toFixed(),
          new Decimal(f.quoteAmount).toFixed(),
          new Decimal(f.fee).toFixed(),
        ]),
      ).toEqual([['0.1', '3000', '300', '0.3']]);
      expect((await orderRow(db(), o.id)).status).toBe('filled');
    }
    for (const u of users) {
      expect(await wallet(db(), u, 'ETH')).toEqual({ available: '0.1', frozen: '0' });
      expect(await wallet(db(), u, 'USDT')).toEqual({ available: '699.7', frozen: '0' });
    }

    far();
    const resting = [];
    for (const u of users) resting.push(await spot.placeOrder(u, limit('buy', '0.1', '1000')));
    const later = new Date(clock + 31 * 86_400_000);
    for (const u of users)
      expect(await wallet(db(), u, 'USDT')).toEqual({ available: '599.6', frozen: '100.1' });
    const [e1, e2] = await Promise.all([engine().expireOrders(later), engine().expireOrders(later)]);
    expect([...e1, ...e2].map((r) => r.id).sort((x, y) => x - y)).toEqual(resting.map((o) => o.id));
    for (const u of users) expect(await wallet(db(), u, 'USDT')).toEqual({ available: '699.7', frozen: '0' });
    await assertLedgerOk(db());
  });

  it('a crash between fill and posting leaves nothing half-done', async () => {
    const crash = (kind: string) =>
      engine({
        beforePosting: (step) => {
          if (step.kind === kind) throw new Error(`crash before ${kind}`);
        },
      });
    const u = await user({ USDT: '10000', ETH: '1' });
    setBook({ asks: [['3000', '5']], bids: [['2900', '5']] });

    // market order: no order, no fill, no money
    await expect(crash('fill').placeOrder(u, market('buy', '1'))).rejects.toThrow('crash before fill');
    // limit order crossing at placement: the freeze rolls back with it
    await expect(crash('fill').placeOrder(u, limit('buy', '1', '3000'))).rejects.toThrow('crash before fill');
    await expect(crash('freeze').placeOrder(u, limit('sell', '1', '5000'))).rejects.toThrow(
      'crash before freeze',
    );
    expect(await ordersOfUser(db(), u)).toHaveLength(0);
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    expect(await wallet(db(), u, 'ETH')).toEqual({ available: '1', frozen: '0' });

    // trigger: the order stays as it was
    far();
    const resting = await spot.placeOrder(u, limit('buy', '1', '3000'));
    const before = await orderRow(db(), resting.id);
    tick();
    setBook({ asks: [['2999', '5']] });
    await expect(crash('fill').triggerLimitOrders(new Date(clock))).rejects.toThrow('crash before fill');
    expect(await orderRow(db(), resting.id)).toEqual(before);
    expect(await fillsOf(db(), resting.id)).toHaveLength(0);
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6997', frozen: '3003' });

    // cancel and expiry: still open, still frozen
    await expect(crash('cancel').cancelOwnOrder(u, resting.id)).rejects.toThrow('crash before cancel');
    await expect(crash('release').expireOrders(new Date(clock + 31 * 86_400_000))).rejects.toThrow(
      'crash before release',
    );
    expect(await orderRow(db(), resting.id)).toEqual(before);

    // and the next, healthy run does it once
    await spot.triggerLimitOrders(new Date(clock));
    expect((await orderRow(db(), resting.id)).status).toBe('filled');
    expect(await wallet(db(), u, 'USDT')).toEqual({ available: '6997', frozen: '0' });
    await assertLedgerOk(db());
  });

  it('a cancel racing the trigger ends either filled or cancelled, never both', async () => {
    const u = await user({ USDT: '4000' });
    far();
    const o = await spot.placeOrder(u, limit('buy', '1', '3000'));
    tick();
    setBook({ asks: [['2999', '0.5']] });
    const [, cancelled] = await Promise.allSettled([
      engine().triggerLimitOrders(new Date(clock)),
      engine().cancelOwnOrder(u, o.id),
    ]);
    const row = await orderRow(db(), o.id);
    const filled = new Decimal(row.filledAmount);
    expect(['cancelled', 'partial']).toContain(row.status);
    if (cancelled.status === 'fulfilled') expect(row.status).toBe('cancelled');
    const eth = await wallet(db(), u, 'ETH');
    expect(eth.available).toBe(filled.toFixed());
    const spent = filled.times(3000).plus(filled.times(3000).times('0.001'));
    const usdt = await wallet(db(), u, 'USDT');
    expect(new Decimal(usdt.available).plus(usdt.frozen).toFixed()).toBe(
      new Decimal(4000).minus(spent).toFixed(),
    );
    if (row.status === 'partial') await spot.cancelOwnOrder(u, o.id);
    expect((await wallet(db(), u, 'USDT')).frozen).toBe('0');
  });
});

describe('realtime', () => {
  it('tells the user when a job fills their order', async () => {
    const u = await user({ USDT: '4000' });
    far();
    const o = await spot.placeOrder(u, limit('buy', '1', '3000'));
    toUser.mockClear();
    tick();
    setBook({ asks: [['2999', '2']] });
    await spot.triggerLimitOrders(new Date(clock));
    expect(toUser).toHaveBeenCalledTimes(1);
    expect(toUser).toHaveBeenCalledWith(u, ORDER_UPDATED_EVENT, {
      order: expect.objectContaining({ id: o.id, status: 'filled' }),
    });
    const rows = await db().select().from(tradeOrders).where(eq(tradeOrders.id, o.id));
    expect(rows[0]?.status).toBe('filled');
  });
});
