import { type AdminOrdersData, adminOrdersData, type TradingStats, tradingStats } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../core/money.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { postTransaction } from '../../ledger/ledger.service.ts';
import { tradingPairs } from '../../market-data/market-data.schema.ts';
import { users } from '../../users/users.schema.ts';
import { insertOrder, type NewOrder } from '../orders.repository.ts';
import { perpetualPositions, timedContracts } from '../trading.schema.ts';
import { createTradingAdminService } from './trading-admin.service.ts';

/**
 * The admin's trading overview and order list over orders inserted directly (as the engines would
 * write them). The clock is fixed at 12:00 Beijing time on 2030-03-10, so "today" starts at
 * 2030-03-09T16:00:00Z: an order one millisecond earlier is yesterday even though its UTC date is
 * the same as that of today's first order.
 */

const NOW = new Date('2030-03-10T04:00:00.000Z');
const TODAY = new Date('2030-03-09T16:00:00.000Z');
const after = (seconds: number) => new Date(TODAY.getTime() + seconds * 1000);
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

let t: TestApp;
let adminToken: string;
let userToken: string;
let u: { u1: number; u2: number; u3: number; u4: number };
let phone1: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createAdmin(t, 'admin')).token;
  userToken = (await registerUser(t.app)).token;
});
afterAll(() => t.close());

type OrderSeed = Omit<NewOrder, 'userId' | 'baseCurrency' | 'quoteCurrency' | 'amountCurrency'> & {
  user: number;
  amountCurrency?: string;
};

async function order(name: string, seed: OrderSeed) {
  const { user, ...values } = seed;
  const [base = '', quote = ''] =
    values.symbol === 'ETHBTC' ? ['ETH', 'BTC'] : [values.symbol.replace(/USDT$/, ''), 'USDT'];
  const timed = values.product === 'flash' || values.product === 'option';
  const row = await insertOrder(t.database.db, {
    userId: user,
    baseCurrency: base,
    quoteCurrency: quote,
    amountCurrency: seed.amountCurrency ?? (timed ? quote : base),
    updatedAt: values.createdAt,
    ...values,
  });
  ids[name] = row.id;
  // The ledger side of the row, as the engines post it: the overview reads fees from the ledger.
  if (
    quote === 'USDT' &&
    new Decimal(values.fee ?? '0').gt(0) &&
    (values.product === 'spot' || values.product === 'perpetual')
  ) {
    await book(values.product === 'spot' ? 'spot_fill' : 'perpetual_open', 'fees', values.fee as string);
  }
  return row;
}

let booked = 0;
/** Posts `amount` to a system account under a journal `kind` (the other side: adjustments). */
async function book(kind: string, account: 'fees' | 'house_pnl', amount: string) {
  if (new Decimal(amount).isZero()) return;
  await t.database.db.transaction((tx) =>
    postTransaction(tx, {
      idempotencyKey: `trading-admin-test:${++booked}`,
      kind,
      postings: [
        { account: { system: account }, currency: 'USDT', amount: new Decimal(amount).toFixed() },
        {
          account: { system: 'adjustments' },
          currency: 'USDT',
          amount: new Decimal(amount).negated().toFixed(),
        },
      ],
    }),
  );
}

async function timedContract(
  name: string,
  values: { status: 'open' | 'settled'; outcome?: 'win' | 'loss' | 'draw'; payout?: string },
) {
  const id = ids[name] as number;
  const [o] = await t.database.db
    .execute(sql`SELECT * FROM trade_orders WHERE id = ${id}`)
    .then((r) => (r as unknown as { rows: Record<string, string>[] }).rows);
  if (!o) throw new Error('no order');
  const openedAt = new Date(o.created_at as string);
  await t.database.db.insert(timedContracts).values({
    orderId: id,
    userId: Number(o.user_id),
    product: o.product as string,
    symbol: o.symbol as string,
    direction: o.side as string,
    stake: o.amount as string,
    currency: 'USDT',
    payoutRate: '0.85',
    durationSeconds: 60,
    entryPrice: o.price as string,
    entrySource: 'test',
    entryAt: openedAt,
    openedAt,
    expiresAt: plus(openedAt, 60),
    status: values.status,
    outcome: values.outcome ?? null,
    payout: values.payout ?? null,
    settledAt: values.status === 'settled' ? plus(openedAt, 60) : null,
  });
  // The settlement's posting: the house takes stake − payout.
  if (values.status === 'settled') {
    await book(
      `${o.product}_settle`,
      'house_pnl',
      new Decimal(o.amount as string).minus(values.payout ?? '0').toFixed(),
    );
  }
}

async function position(
  name: string,
  values: { status: 'open' | 'closed' | 'liquidated'; margin: string; payout?: string; closeFee?: string },
) {
  const id = ids[name] as number;
  const openedAt = after(-86_400 * 2);
  await t.database.db.insert(perpetualPositions).values({
    orderId: id,
    userId: u.u3,
    symbol: 'ETHUSDT',
    side: 'long',
    margin: values.margin,
    currency: 'USDT',
    leverage: 10,
    quantity: '1',
    entryPrice: '3000',
    entrySource: 'test',
    entryAt: openedAt,
    openFee: '1',
    maintenanceRate: '0.005',
    liquidationPrice: '2700',
    status: values.status,
    closeFee: values.closeFee ?? null,
    payout: values.payout ?? null,
    // A finished position names how it ended (migration 0034's check).
    closeReason: values.status === 'open' ? null : values.status === 'closed' ? 'user' : 'liquidation',
    openedAt,
    closedAt: values.status === 'open' ? null : openedAt,
  });
  // The close or liquidation's posting: the house takes margin − payout − close fee.
  if (values.status !== 'open') {
    await book(
      values.status === 'closed' ? 'perpetual_close' : 'perpetual_liquidate',
      'house_pnl',
      new Decimal(values.margin)
        .minus(values.payout ?? '0')
        .minus(values.closeFee ?? '0')
        .toFixed(),
    );
  }
}

const service = (now: Date = NOW) => createTradingAdminService({ db: t.database.db, now: () => now });

describe('admin trading calls: access and validation', () => {
  for (const url of ['/api/admin/trading/stats', '/api/admin/orders']) {
    it(`${url}: 401 without a token, 403 for a normal user`, async () => {
      const anonymous = await api(t.app, 'GET', url);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.success).toBe(false);
      const user = await api(t.app, 'GET', url, { token: userToken });
      expect(user.status).toBe(403);
      expect(user.body.message).toBe('权限不足，需要管理员权限');
    });
  }

  it('refuses an unknown type or status with a Chinese message (400)', async () => {
    const type = await api(t.app, 'GET', '/api/admin/orders?type=futures', { token: adminToken });
    expect(type.status).toBe(400);
    expect(type.body.success).toBe(false);
    expect(type.body.message).toContain('订单类型不正确');
    const status = await api(t.app, 'GET', '/api/admin/orders?status=done', { token: adminToken });
    expect(status.status).toBe(400);
    expect(status.body.message).toContain('订单状态不正确');
    const limit = await api(t.app, 'GET', '/api/admin/orders?limit=1000', { token: adminToken });
    expect(limit.status).toBe(400);
  });
});

describe('admin trading calls: an empty platform', () => {
  it('answers zeros, empty lists and < 1', async () => {
    const enabled = await t.database.db.$count(tradingPairs, eq(tradingPairs.enabled, true));
    expect(enabled).toBeGreaterThan(0);
    const stats = await api<TradingStats>(t.app, 'GET', '/api/admin/trading/stats', { token: adminToken });
    expect(stats.status).toBe(200);
    expect(stats.body.message).toBe('获取交易统计成功');
    expect(stats.body.data).toEqual({
      totalVolume: '0',
      todayVolume: '0',
      activeOrders: 0,
      completedOrders: 0,
      activeUsers: 0,
      tradingPairs: enabled,
      optionContracts: 0,
      perpetualPositions: 0,
      todayOrders: 0,
      avgOrderAmount: '0.00',
      recentTrades: [],
      topTradingPairs: [],
      orderStats: { spot: 0, flash: 0, perpetual: 0, option: 0 },
      profitLoss: '0',
      totalFees: '0',
      avgProcessingTime: '< 1',
    });
    const list = await api<AdminOrdersData>(t.app, 'GET', '/api/admin/orders', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.message).toBe('获取订单列表成功');
    expect(list.body.data).toEqual({
      orders: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
      stats: {
        totalOrders: 0,
        todayOrders: 0,
        pendingOrders: 0,
        filledOrders: 0,
        totalVolume: '0',
        todayVolume: '0',
      },
    });
  });
});

describe('admin trading calls: seeded orders of every product', () => {
  beforeAll(async () => {
    const regs = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app)));
    const [r1, r2, r3, r4] = regs.map((r) => r.user.id) as [number, number, number, number];
    u = { u1: r1, u2: r2, u3: r3, u4: r4 };
    phone1 = `139${String(Date.now()).slice(-8)}`;
    await t.database.db.update(users).set({ phone: phone1 }).where(eq(users.id, u.u1));
    await t.database.db
      .update(tradingPairs)
      .set({ priceChange24h: '2.5' })
      .where(eq(tradingPairs.symbol, 'BTCUSDT'));
    await t.database.db
      .update(tradingPairs)
      .set({ priceChange24h: '-1.25' })
      .where(eq(tradingPairs.symbol, 'ETHUSDT'));

    // Yesterday (Beijing), 1 ms before midnight: inside the last 24 hours, not today.
    const o1At = new Date(TODAY.getTime() - 1);
    await order('o1', {
      user: u.u1,
      product: 'spot',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      timeInForce: 'GTC',
      amount: '0.1',
      price: '50000',
      filledAmount: '0.1',
      avgPrice: '50000',
      quoteAmount: '5000',
      fee: '5',
      status: 'filled',
      createdAt: o1At,
      closedAt: plus(o1At, 10),
    });
    // Two days ago: outside the 24 hours.
    await order('o2', {
      user: u.u2,
      product: 'flash',
      symbol: 'ETHUSDT',
      side: 'up',
      amount: '100',
      price: '3000',
      filledAmount: '100',
      quoteAmount: '100',
      status: 'filled',
      createdAt: after(-2 * 86_400),
      closedAt: after(-2 * 86_400 + 60),
    });
    // Today, from exactly midnight on.
    await order('o3', {
      user: u.u1,
      product: 'spot',
      symbol: 'BTCUSDT',
      side: 'sell',
      orderType: 'market',
      amount: '0.02',
      price: null,
      filledAmount: '0.02',
      avgPrice: '51000',
      quoteAmount: '1020',
      fee: '1.02',
      status: 'filled',
      createdAt: after(0),
      closedAt: after(3),
    });
    await order('o4', {
      user: u.u2,
      product: 'spot',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      timeInForce: 'GTC',
      amount: '0.5',
      price: '49000',
      status: 'pending',
      createdAt: after(60),
    });
    await order('o5', {
      user: u.u2,
      product: 'spot',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      timeInForce: 'GTC',
      amount: '2',
      price: '3000',
      filledAmount: '1',
      avgPrice: '3000',
      quoteAmount: '3000',
      fee: '3',
      status: 'partial',
      createdAt: after(120),
    });
    await order('o6', {
      user: u.u3,
      product: 'perpetual',
      symbol: 'ETHUSDT',
      side: 'long',
      amount: '1',
      price: '3000',
      filledAmount: '1',
      avgPrice: '3000',
      quoteAmount: '3000',
      fee: '1.5',
      status: 'filled',
      createdAt: after(180),
    });
    await order('o7', {
      user: u.u3,
      product: 'option',
      symbol: 'BTCUSDT',
      side: 'call',
      amount: '50',
      price: '50000',
      quoteAmount: '50',
      status: 'pending',
      createdAt: after(240),
    });
    await order('o8', {
      user: u.u1,
      product: 'flash',
      symbol: 'BTCUSDT',
      side: 'down',
      amount: '20',
      price: '50100',
      filledAmount: '20',
      quoteAmount: '20',
      status: 'filled',
      createdAt: after(300),
      closedAt: after(360),
    });
    // Quoted in BTC: counted in the counts, not in the USDT sums.
    await order('o9', {
      user: u.u1,
      product: 'spot',
      symbol: 'ETHBTC',
      side: 'buy',
      orderType: 'market',
      amount: '1',
      price: null,
      filledAmount: '1',
      avgPrice: '0.05',
      quoteAmount: '0.05',
      fee: '0.00005',
      status: 'filled',
      createdAt: after(360),
      closedAt: after(360),
    });
    await order('o10', {
      user: u.u2,
      product: 'spot',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      timeInForce: 'GTC',
      amount: '0.3',
      price: '40000',
      status: 'cancelled',
      cancelledBy: 'user',
      createdAt: after(420),
      closedAt: after(430),
    });
    await order('o11', {
      user: u.u3,
      product: 'spot',
      symbol: 'BTCUSDT',
      side: 'sell',
      orderType: 'limit',
      timeInForce: 'IOC',
      amount: '0.1',
      price: '90000',
      status: 'expired',
      createdAt: after(480),
      closedAt: after(480),
    });
    // Yesterday morning, by a user with nothing today.
    await order('o13', {
      user: u.u4,
      product: 'option',
      symbol: 'ETHUSDT',
      side: 'put',
      amount: '10',
      price: '3000',
      filledAmount: '10',
      quoteAmount: '10',
      status: 'filled',
      createdAt: new Date('2030-03-09T10:00:00Z'),
      closedAt: new Date('2030-03-09T10:01:00Z'),
    });
    await order('o14', {
      user: u.u3,
      product: 'perpetual',
      symbol: 'ETHUSDT',
      side: 'short',
      amount: '0.33',
      price: '3000',
      filledAmount: '0.33',
      quoteAmount: '1000',
      fee: '1',
      status: 'filled',
      createdAt: after(-2 * 86_400),
      closedAt: after(-2 * 86_400),
    });
    await order('o15', {
      user: u.u3,
      product: 'perpetual',
      symbol: 'ETHUSDT',
      side: 'long',
      amount: '0.13',
      price: '3000',
      filledAmount: '0.13',
      quoteAmount: '400',
      fee: '0.4',
      status: 'filled',
      createdAt: after(-2 * 86_400),
      closedAt: after(-2 * 86_400),
    });

    // The house: +100 (o2 lost), -17 (o8 won 20 → 37), +10 (o13 lost), -50.5 (o14: margin 100,
    // payout 150 after a 0.5 close fee), +40 (o15 liquidated).
    await timedContract('o2', { status: 'settled', outcome: 'loss', payout: '0' });
    await timedContract('o8', { status: 'settled', outcome: 'win', payout: '37' });
    await timedContract('o13', { status: 'settled', outcome: 'loss', payout: '0' });
    await timedContract('o7', { status: 'open' });
    await position('o6', { status: 'open', margin: '300' });
    await position('o14', { status: 'closed', margin: '100', payout: '150', closeFee: '0.5' });
    await position('o15', { status: 'liquidated', margin: '40', payout: '0' });
  });

  it('stats: every field, today cut at 00:00 Beijing time', async () => {
    const enabled = await t.database.db.$count(tradingPairs, eq(tradingPairs.enabled, true));
    const stats = await service().stats();
    expect(tradingStats.parse(stats)).toEqual(stats);
    expect(stats).toEqual({
      // 7090 today + o1 5000 + o2 100 + o13 10 + o14 1000 + o15 400; o9 is in BTC.
      totalVolume: '13600',
      // o3 1020 + o5 3000 + o6 3000 + o7 50 + o8 20 (o1 is 1 ms before midnight).
      todayVolume: '7090',
      activeOrders: 3, // o4 pending, o5 partial, o7 pending
      completedOrders: 9, // o1 o2 o3 o6 o8 o9 o13 o14 o15
      activeUsers: 3, // u4 only traded yesterday
      tradingPairs: enabled,
      optionContracts: 1,
      perpetualPositions: 1,
      todayOrders: 9, // o3 … o11
      avgOrderAmount: '886.25', // 7090 / 8 USDT-quoted orders today
      recentTrades: ['o11', 'o10', 'o9', 'o8', 'o7', 'o6', 'o5', 'o4'].map((name) =>
        expect.objectContaining({ id: ids[name] }),
      ),
      topTradingPairs: [
        // o1 5000 + o3 1020 + o7 50 + o8 20 (+ o4, o10, o11 at 0); o2 is older than 24 h.
        { symbol: 'BTCUSDT', volume: 7, amount: '6090', change: '2.5' },
        { symbol: 'ETHUSDT', volume: 3, amount: '6010', change: '-1.25' },
        { symbol: 'ETHBTC', volume: 1, amount: '0', change: null },
      ],
      orderStats: { spot: 7, flash: 2, perpetual: 3, option: 2 },
      profitLoss: '82.5',
      // o1 5 + o3 1.02 + o5 3 + o6 1.5 + o14 1 + o15 0.4 (o9's fee is in BTC).
      totalFees: '11.92',
      // Filled today: o3 3 s, o6 0 s (a perpetual fills as it is placed), o8 60 s, o9 0 s.
      avgProcessingTime: '15.8',
    });
    const byId = new Map(stats.recentTrades.map((trade) => [trade.id, trade]));
    expect(byId.get(ids.o9 as number)).toEqual({
      id: ids.o9,
      side: 'buy',
      symbol: 'ETHBTC',
      type: 'spot',
      created_at: after(360).toISOString(),
      amount: '1',
      currency: 'ETH',
      // A market order shows its average fill price.
      price: '0.05',
      price_currency: 'BTC',
      status: 'filled',
    });
    expect(byId.get(ids.o7 as number)).toMatchObject({
      side: 'call',
      type: 'option',
      amount: '50',
      currency: 'USDT',
      price: '50000',
      price_currency: 'USDT',
      status: 'pending',
    });
    expect(byId.get(ids.o4 as number)).toMatchObject({ amount: '0.5', currency: 'BTC', price: '49000' });
  });

  it('stats: a loss for the house is negative; a clock one ms before midnight sees yesterday as today', async () => {
    const yesterdayEnd = new Date(TODAY.getTime() - 1);
    const stats = await service(yesterdayEnd).stats();
    // Today is now 2030-03-09 (Beijing): o1 and o13 plus every later row (rows after the clock still count).
    expect(stats.todayOrders).toBe(11);
    expect(stats.activeUsers).toBe(4);
    expect(stats.todayVolume).toBe('12100');
    // Filled since that day began: o1 10 s, o13 60 s and today's four (133 s / 6).
    expect(stats.avgProcessingTime).toBe('22.2');

    // A close that cost the house 200 (read from the ledger, as the overview does).
    await book('perpetual_close', 'house_pnl', '-200');
    expect((await service().stats()).profitLoss).toBe('-117.5');
    await book('perpetual_close', 'house_pnl', '200');
  });

  it('orders: newest first with the user, every field, stats over all orders', async () => {
    const data = await service().orders({ page: 1, limit: 20 });
    expect(adminOrdersData.parse(data)).toEqual(data);
    expect(data.pagination).toEqual({ page: 1, limit: 20, total: 14, totalPages: 1 });
    expect(data.orders.map((o) => o.id)).toEqual(Object.values(ids).sort((a, b) => b - a));
    expect(data.stats).toEqual({
      totalOrders: 14,
      todayOrders: 9,
      pendingOrders: 2,
      filledOrders: 9,
      totalVolume: '13600',
      todayVolume: '7090',
    });
    const [me] = await t.database.db.select().from(users).where(eq(users.id, u.u1));
    const o3 = data.orders.find((o) => o.id === ids.o3);
    expect(o3).toEqual({
      id: ids.o3,
      user: { id: u.u1, email: me?.email, phone: phone1 },
      trading_pair: 'BTCUSDT',
      type: 'spot',
      side: 'sell',
      order_type: 'market',
      amount: '0.02',
      amount_currency: 'BTC',
      base_currency: 'BTC',
      price: null,
      quote_currency: 'USDT',
      filled_amount: '0.02',
      avg_price: '51000',
      quote_amount: '1020',
      fee: '1.02',
      status: 'filled',
      cancelled_by: null,
      created_at: after(0).toISOString(),
      closed_at: after(3).toISOString(),
      outcome: null,
      pnl: null,
    });
    expect(data.orders.find((o) => o.id === ids.o8)).toMatchObject({
      user: { id: u.u1, phone: phone1 },
      type: 'flash',
      side: 'down',
      order_type: null,
      amount: '20',
      amount_currency: 'USDT',
      base_currency: 'BTC',
      price: '50100',
      avg_price: null,
    });
    expect(data.orders.find((o) => o.id === ids.o10)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'user',
      user: { id: u.u2, phone: null },
    });
  });

  it('orders: type and status filter the rows and the total, never the cards', async () => {
    const all = await service().orders({ page: 1, limit: 20 });
    const cases: [Parameters<ReturnType<typeof service>['orders']>[0], string[]][] = [
      [{ page: 1, limit: 20, type: 'spot' }, ['o11', 'o10', 'o9', 'o5', 'o4', 'o3', 'o1']],
      [{ page: 1, limit: 20, type: 'perpetual' }, ['o15', 'o14', 'o6']],
      [{ page: 1, limit: 20, type: 'option' }, ['o13', 'o7']],
      [{ page: 1, limit: 20, status: 'pending' }, ['o7', 'o4']],
      [{ page: 1, limit: 20, status: 'expired' }, ['o11']],
      [{ page: 1, limit: 20, type: 'spot', status: 'pending' }, ['o4']],
      [{ page: 1, limit: 20, type: 'flash', status: 'filled' }, ['o8', 'o2']],
      [{ page: 1, limit: 20, type: 'flash', status: 'cancelled' }, []],
    ];
    for (const [query, expected] of cases) {
      const data = await service().orders(query);
      expect(
        data.orders.map((o) => o.id),
        JSON.stringify(query),
      ).toEqual(expected.map((name) => ids[name]));
      expect(data.pagination.total).toBe(expected.length);
      expect(data.stats).toEqual(all.stats);
    }
  });

  it('orders: pagination of 5 a page', async () => {
    const newestFirst = Object.values(ids).sort((a, b) => b - a);
    const third = await service().orders({ page: 3, limit: 5 });
    expect(third.pagination).toEqual({ page: 3, limit: 5, total: 14, totalPages: 3 });
    expect(third.orders.map((o) => o.id)).toEqual(newestFirst.slice(10));
    const beyond = await service().orders({ page: 4, limit: 5 });
    expect(beyond.orders).toEqual([]);
    expect(beyond.pagination.total).toBe(14);
  });

  it('over HTTP: the same answers, with the query parsed (limit defaults to 20)', async () => {
    const real = createTradingAdminService({ db: t.database.db });
    const stats = await api<TradingStats>(t.app, 'GET', '/api/admin/trading/stats', { token: adminToken });
    expect(stats.status).toBe(200);
    expect(stats.body.data).toEqual(await real.stats());

    const list = await api<AdminOrdersData>(t.app, 'GET', '/api/admin/orders?page=2&limit=3&type=spot', {
      token: adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual(await real.orders({ page: 2, limit: 3, type: 'spot' }));
    expect(list.body.data?.orders.map((o) => o.id)).toEqual([ids.o5, ids.o4, ids.o3]);
    expect(list.body.data?.pagination).toEqual({ page: 2, limit: 3, total: 7, totalPages: 3 });

    const filtered = await api<AdminOrdersData>(t.app, 'GET', '/api/admin/orders?status=partial', {
      token: adminToken,
    });
    expect(filtered.body.data?.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    expect(filtered.body.data?.orders[0]).toMatchObject({
      id: ids.o5,
      status: 'partial',
      filled_amount: '1',
    });
  });

  it('top pairs: five at most, by turnover', async () => {
    for (const [symbol, amount] of [
      ['SOLUSDT', '500'],
      ['XRPUSDT', '400'],
      ['DOGEUSDT', '300'],
      ['ADAUSDT', '200'],
    ] as const) {
      await order(`top-${symbol}`, {
        user: u.u4,
        product: 'flash',
        symbol,
        side: 'up',
        amount,
        price: '1',
        quoteAmount: amount,
        status: 'pending',
        createdAt: after(600),
      });
    }
    const stats = await service().stats();
    expect(stats.topTradingPairs.map((p) => [p.symbol, p.amount])).toEqual([
      ['BTCUSDT', '6090'],
      ['ETHUSDT', '6010'],
      ['SOLUSDT', '500'],
      ['XRPUSDT', '400'],
      ['DOGEUSDT', '300'],
    ]);
    expect(stats.recentTrades).toHaveLength(8);
    expect(
      stats.recentTrades
        .slice(0, 4)
        .map((r) => r.symbol)
        .sort(),
    ).toEqual(['ADAUSDT', 'DOGEUSDT', 'SOLUSDT', 'XRPUSDT'].sort());
    expect(stats.orderStats.flash).toBe(6);
    // Open flash contracts are not option contracts.
    expect(stats.optionContracts).toBe(1);
  });
});
