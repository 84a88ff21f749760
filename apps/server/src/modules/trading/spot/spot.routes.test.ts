import { type OrderBook, SPOT_LIMITS, SPOT_TEXTS, type TradeOrder } from '@platform/contracts';
import { tradeFee } from '@platform/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../../core/money.ts';
import { api, createAdmin, createTestApp, type TestApp } from '../../../test/app.ts';
import { fundedUser, sleep } from '../../../test/fixtures.ts';
import { fundUser } from '../../../test/money.ts';
import { auditLogs } from '../../audit/audit.schema.ts';
import { tradingPairs } from '../../market-data/market-data.schema.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { insertOrder } from '../orders.repository.ts';
import { tradeOrders } from '../trading.schema.ts';
import { ORDER_UPDATED_EVENT } from '../trading-deps.ts';
import { houseSnapshot, ordersOfUser, wallet } from './spot.test-helpers.ts';

/**
 * The spot calls over HTTP against the app's own engine (the simulated market's book). Exact
 * arithmetic against constructed books and the job steps are in spot.jobs.test.ts.
 */
let t: TestApp;
let admin: { token: string; id: number };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
});
afterAll(async () => {
  await assertLedgerOk(t.database.db);
  await t.close();
});

type OrderReply = { order: TradeOrder };
const place = (token: string, body: Record<string, unknown>) =>
  api<OrderReply>(t.app, 'POST', '/api/trading/spot/order', { token, body });
const cancel = (token: string, id: number) =>
  api<OrderReply>(t.app, 'DELETE', `/api/trading/order/${id}`, { token });

/**
 * The book the app will trade against: the public call serves the cached book while it is under 3 s
 * old, the engine fetches again past 1.5 s (SPOT_LIMITS.bookMaxAgeMs / 2). So the book is taken only
 * when it is fresh (the cached one has expired and been fetched again), and the order that uses it
 * must follow within the second.
 */
async function bookOf(symbol: string): Promise<OrderBook> {
  for (;;) {
    const res = await api<{ orderBook: OrderBook }>(t.app, 'GET', `/api/huobi/orderbook/${symbol}?depth=20`);
    if (!res.body.data) throw new Error(res.body.message);
    const book = res.body.data.orderBook;
    const age = Date.now() - Date.parse(book.updated_at);
    if (age < 300) return book;
    await sleep(Math.max(0, SPOT_LIMITS.bookMaxAgeMs - age) + 20);
  }
}

function walk(levels: [string, string][], amount: Decimal) {
  let remaining = amount;
  let turnover = new Decimal(0);
  for (const [p, q] of levels) {
    const take = Decimal.min(remaining, q);
    turnover = turnover.plus(take.times(p));
    remaining = remaining.minus(take);
    if (remaining.isZero()) break;
  }
  return { turnover, avg: turnover.div(amount).toDecimalPlaces(18) };
}

describe('POST /api/trading/spot/order: validation', () => {
  it('refuses bad bodies with Chinese messages and changes nothing', async () => {
    const u = await fundedUser(t, '100000');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01' }, 400, '限价单必须填写价格'],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01', price: '100' },
        400,
        '市价单不能指定价格',
      ],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01', time_in_force: 'IOC' },
        400,
        '市价单不能指定有效期类型',
      ],
      [
        { symbol: 'BTCUSDT', side: 'hold', type: 'market', amount: '0.01' },
        400,
        '买卖方向必须是 buy 或 sell',
      ],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'stop', amount: '0.01' },
        400,
        '订单类型必须是 market 或 limit',
      ],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0' }, 400, '数量必须大于0'],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '1234567890123' }, 400, '数量格式不正确'],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.123456789' }, 400, '数量格式不正确'],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.000011' }, 400, '数量最多 5 位小数'],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '1000.123' },
        400,
        '价格最多 2 位小数',
      ],
      [
        {
          symbol: 'BTCUSDT',
          side: 'buy',
          type: 'limit',
          amount: '0.01',
          price: '1000',
          time_in_force: 'DAY',
        },
        400,
        '有效期类型必须是 GTC、IOC 或 FOK',
      ],
      [{ symbol: 'ETHUSDT', side: 'buy', type: 'market', amount: '0.00005' }, 400, '数量最多 4 位小数'],
      [{ symbol: 'DOGEUSDT', side: 'buy', type: 'market', amount: '0.5' }, 400, '数量最多 0 位小数'],
      [{ symbol: 'XRPUSDT', side: 'buy', type: 'market', amount: '0.05' }, 400, '数量最多 1 位小数'],
      [{ symbol: 'BNBUSDT', side: 'buy', type: 'market', amount: '0.0001' }, 400, '数量最多 3 位小数'],
      [{ symbol: 'NOPEUSDT', side: 'buy', type: 'market', amount: '1' }, 404, '交易对不存在或已停用'],
      [
        {
          symbol: 'BTCUSDT',
          side: 'buy',
          type: 'limit',
          amount: '1',
          price: '1',
          client_order_id: 'bad id!',
        },
        400,
        'client_order_id',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await place(u.token, body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(message);
    }
    // below the pair's minimum (XRP: 0.1)
    const small = await place(u.token, { symbol: 'XRPUSDT', side: 'buy', type: 'market', amount: '0.0' });
    expect(small.status).toBe(400);
    const belowMin = await place(u.token, {
      symbol: 'SOL/USDT',
      side: 'buy',
      type: 'limit',
      amount: '0',
      price: '1',
    });
    expect(belowMin.status).toBe(400);
    expect(await ordersOfUser(db(), u.user.id)).toHaveLength(0);
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({ available: '100000', frozen: '0' });
  });

  it('applies the pair minimum, the value limit and the enabled flag', async () => {
    const u = await fundedUser(t, '100');
    await db().update(tradingPairs).set({ minAmount: '0.5' }).where(eq(tradingPairs.symbol, 'LINKUSDT'));
    const belowMin = await place(u.token, {
      symbol: 'LINKUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.49',
      price: '1',
    });
    expect(belowMin.status).toBe(422);
    expect(belowMin.body.message).toBe(SPOT_TEXTS.amountBelowMin('0.5', 'LINK'));
    await db().update(tradingPairs).set({ minAmount: '0.01' }).where(eq(tradingPairs.symbol, 'LINKUSDT'));

    const huge = await place(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '100000000',
      price: '100000',
    });
    expect(huge.status).toBe(422);
    expect(huge.body.message).toBe(SPOT_TEXTS.orderValueTooLarge);

    await db().update(tradingPairs).set({ enabled: false }).where(eq(tradingPairs.symbol, 'UNIUSDT'));
    const disabled = await place(u.token, { symbol: 'UNIUSDT', side: 'buy', type: 'market', amount: '1' });
    expect(disabled.status).toBe(404);
    expect(disabled.body.message).toContain('交易对不存在或已停用');
    await db().update(tradingPairs).set({ enabled: true }).where(eq(tradingPairs.symbol, 'UNIUSDT'));

    const anonymous = await api(t.app, 'POST', '/api/trading/spot/order', {
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.001' },
    });
    expect(anonymous.status).toBe(401);
    expect(await ordersOfUser(db(), u.user.id)).toHaveLength(0);
  });
});

describe('market orders against the reference book', () => {
  it('a market buy walks the asks: average price, fee, balances and a new base wallet', async () => {
    const funding = new Decimal('1000000');
    const u = await fundedUser(t, funding.toFixed());
    const before = await houseSnapshot(db(), ['USDT', 'BTC']);
    const walletBefore = await api<{ wallets: { currency: string }[] }>(t.app, 'GET', '/api/wallet', {
      token: u.token,
    });
    expect(walletBefore.body.data?.wallets.map((w) => w.currency)).toEqual(['USDT']);
    const book = await bookOf('BTCUSDT');
    const [a0, a1] = book.asks;
    if (!a0 || !a1) throw new Error('sim book too shallow');
    const amount = new Decimal(a0[1]).plus(new Decimal(a1[1]).div(2)).toDecimalPlaces(5, Decimal.ROUND_DOWN);
    const { turnover, avg } = walk(book.asks, amount);
    const fee = tradeFee(turnover, new Decimal('0.001'));

    const res = await place(u.token, {
      symbol: 'btc/usdt',
      side: 'buy',
      type: 'market',
      amount: amount.toFixed(),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('下单成功');
    const order = res.body.data?.order as TradeOrder;
    expect(order).toMatchObject({
      product: 'spot',
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      price: null,
      status: 'filled',
      amount: amount.toFixed(),
      amount_currency: 'BTC',
      filled_amount: amount.toFixed(),
      avg_price: avg.toFixed(),
      quote_amount: turnover.toFixed(),
      fee: fee.toFixed(),
    });
    expect(new Decimal(order.avg_price as string).gt(a0[0])).toBe(true);

    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({
      available: funding.minus(turnover).minus(fee).toFixed(),
      frozen: '0',
    });
    expect(await wallet(db(), u.user.id, 'BTC')).toEqual({ available: amount.toFixed(), frozen: '0' });
    const after = await houseSnapshot(db(), ['USDT', 'BTC']);
    expect(after['house:USDT']?.minus(before['house:USDT'] as Decimal).toFixed()).toBe(turnover.toFixed());
    expect(after['house:BTC']?.minus(before['house:BTC'] as Decimal).toFixed()).toBe(
      amount.negated().toFixed(),
    );
    expect(after['fees:USDT']?.minus(before['fees:USDT'] as Decimal).toFixed()).toBe(fee.toFixed());

    const wallets = await api<{ wallets: { currency: string; balance: string }[] }>(
      t.app,
      'GET',
      '/api/wallet',
      {
        token: u.token,
      },
    );
    const btc = wallets.body.data?.wallets.find((w) => w.currency === 'BTC');
    expect(new Decimal(btc?.balance as string).toFixed()).toBe(amount.toFixed());

    const mine = await api<{ orders: TradeOrder[] }>(t.app, 'GET', '/api/trading/orders?product=spot', {
      token: u.token,
    });
    expect(mine.body.data?.orders.map((o) => o.id)).toEqual([order.id]);
    // The filled order is history (open=false), not an open order (open=true).
    for (const [open, ids] of [
      ['false', [order.id]],
      ['true', []],
    ] as const) {
      const listed = await api<{ orders: TradeOrder[] }>(
        t.app,
        'GET',
        `/api/trading/orders?product=spot&open=${open}`,
        { token: u.token },
      );
      expect(listed.body.data?.orders.map((o) => o.id)).toEqual(ids);
    }
  });

  it('a market sell walks the bids and pays turnover minus fee', async () => {
    const u = await fundedUser(t, '0', { extra: { ETH: '3' } });
    const book = await bookOf('ETHUSDT');
    const amount = new Decimal(book.bids[0]?.[1] as string).plus('0.0001').toDecimalPlaces(4);
    await fundUser(db(), u.user.id, amount.toFixed(), 'ETH');
    const { turnover, avg } = walk(book.bids, amount);
    const fee = tradeFee(turnover, new Decimal('0.001'));
    const res = await place(u.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'market',
      amount: amount.toFixed(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.order).toMatchObject({
      status: 'filled',
      avg_price: avg.toFixed(),
      fee: fee.toFixed(),
    });
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({
      available: turnover.minus(fee).toFixed(),
      frozen: '0',
    });
    expect(await wallet(db(), u.user.id, 'ETH')).toEqual({ available: '3', frozen: '0' });
  });

  it('refuses an order the visible depth cannot fill, and a buy without the money; nothing moves', async () => {
    const u = await fundedUser(t, '50', { extra: { BTC: '1000' } });
    const book = await bookOf('BTCUSDT');
    const depth = book.bids.reduce((s, [, q]) => s.plus(q), new Decimal(0));
    const tooDeep = await place(u.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      amount: depth.plus('0.00001').toFixed(),
    });
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.body.message).toBe('市场深度不足');

    const broke = await place(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' });
    expect(broke.status).toBe(422);
    expect(broke.body.message).toBe('余额不足');
    const brokeLimit = await place(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '10000',
    });
    expect(brokeLimit.status).toBe(422);
    expect(brokeLimit.body.message).toBe('余额不足');
    const noEth = await place(u.token, { symbol: 'ETHUSDT', side: 'sell', type: 'market', amount: '0.01' });
    expect(noEth.status).toBe(422);

    expect(await ordersOfUser(db(), u.user.id)).toHaveLength(0);
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({ available: '50', frozen: '0' });
    expect(await wallet(db(), u.user.id, 'BTC')).toEqual({ available: '1000', frozen: '0' });
  });
});

describe('limit orders, cancel', () => {
  it('a resting buy freezes quantity × price plus the maximum fee; cancel returns exactly that', async () => {
    const u = await fundedUser(t, '1000');
    const res = await place(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '1000',
    });
    expect(res.status).toBe(200);
    const order = res.body.data?.order as TradeOrder;
    expect(order).toMatchObject({
      status: 'pending',
      time_in_force: 'GTC',
      price: '1000',
      filled_amount: '0',
    });
    expect(Date.parse(order.expires_at as string) - Date.parse(order.created_at)).toBe(30 * 86_400_000);
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({ available: '989.99', frozen: '10.01' });

    const other = await fundedUser(t, '0');
    const foreign = await cancel(other.token, order.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('订单不存在');
    expect((await cancel(u.token, 987654321)).status).toBe(404);

    const done = await cancel(u.token, order.id);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('订单已取消');
    expect(done.body.data?.order.status).toBe('cancelled');
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    const again = await cancel(u.token, order.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('订单已成交或已取消，无法撤销');
    const [row] = await db().select().from(tradeOrders).where(eq(tradeOrders.id, order.id));
    expect(row?.cancelledBy).toBe('user');
    expect(row?.frozenAmount).toMatch(/^0\.0+$/);
  });

  it('a resting sell freezes the base quantity; a filled market order cannot be cancelled', async () => {
    const u = await fundedUser(t, '100000', { extra: { ETH: '2' } });
    const res = await place(u.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      amount: '0.5',
      price: '1000000',
      client_order_id: 'sell-1',
    });
    expect(res.status).toBe(200);
    expect(await wallet(db(), u.user.id, 'ETH')).toEqual({ available: '1.5', frozen: '0.5' });
    const id = res.body.data?.order.id as number;
    expect((await cancel(u.token, id)).status).toBe(200);
    expect(await wallet(db(), u.user.id, 'ETH')).toEqual({ available: '2', frozen: '0' });

    const market = await place(u.token, { symbol: 'ETHUSDT', side: 'buy', type: 'market', amount: '0.01' });
    const refused = await cancel(u.token, market.body.data?.order.id as number);
    expect(refused.status).toBe(409);
  });

  it('flash, option and perpetual orders are not cancellable here', async () => {
    const u = await fundedUser(t, '0');
    const flash = await insertOrder(db(), {
      userId: u.user.id,
      product: 'flash',
      symbol: 'BTCUSDT',
      baseCurrency: 'BTC',
      quoteCurrency: 'USDT',
      side: 'up',
      amount: '10',
      amountCurrency: 'USDT',
      status: 'pending',
    });
    const res = await cancel(u.token, flash.id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('该订单不支持撤销');
    const byAdmin = await api(t.app, 'POST', `/api/admin/orders/${flash.id}/cancel`, {
      token: admin.token,
      body: {},
    });
    expect(byAdmin.status).toBe(422);
    expect(byAdmin.body.message).toBe('该订单不支持撤销');
  });

  it('parallel cancels of one order release its funds once', async () => {
    const u = await fundedUser(t, '500');
    const res = await place(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.002',
      price: '2000',
    });
    const id = res.body.data?.order.id as number;
    const replies = await Promise.all(Array.from({ length: 8 }, () => cancel(u.token, id)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({ available: '500', frozen: '0' });
  });

  it('at most 200 open spot orders per user', async () => {
    const u = await fundedUser(t, '100');
    const values = Array.from({ length: SPOT_LIMITS.maxOpenOrders }, () => ({
      userId: u.user.id,
      product: 'spot',
      symbol: 'BTCUSDT',
      baseCurrency: 'BTC',
      quoteCurrency: 'USDT',
      side: 'buy',
      orderType: 'limit',
      timeInForce: 'GTC',
      amount: '0.001',
      amountCurrency: 'BTC',
      price: '1',
      status: 'pending',
    }));
    const rows = await db().insert(tradeOrders).values(values).returning({ id: tradeOrders.id });
    const body = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.001', price: '1000' };
    const refused = await place(u.token, body);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(SPOT_TEXTS.tooManyOpenOrders);
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect((await cancel(u.token, rows[0]?.id as number)).status).toBe(200);
    const accepted = await place(u.token, body);
    expect(accepted.status).toBe(200);
    // cleanup: the directly inserted rows hold no funds
    await db()
      .update(tradeOrders)
      .set({ status: 'cancelled' })
      .where(and(eq(tradeOrders.userId, u.user.id), eq(tradeOrders.price, '1')));
  });
});

describe('client_order_id', () => {
  it('a retry returns the first order; concurrent duplicates end with one order', async () => {
    const u = await fundedUser(t, '1000');
    const body = {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '1000',
      client_order_id: 'retry-1',
    };
    const first = await place(u.token, body);
    const second = await place(u.token, body);
    expect(second.status).toBe(200);
    expect(second.body.data?.order.id).toBe(first.body.data?.order.id);
    expect(second.body.data?.order.client_order_id).toBe('retry-1');

    const burst = await Promise.all(
      Array.from({ length: 6 }, () => place(u.token, { ...body, client_order_id: 'burst-1' })),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(burst.map((r) => r.body.data?.order.id)).size).toBe(1);
    const marketBurst = await Promise.all(
      Array.from({ length: 6 }, () =>
        place(u.token, {
          symbol: 'ETHUSDT',
          side: 'buy',
          type: 'market',
          amount: '0.01',
          client_order_id: 'm-1',
        }),
      ),
    );
    expect(marketBurst.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(marketBurst.map((r) => r.body.data?.order.id)).size).toBe(1);

    const rows = await ordersOfUser(db(), u.user.id);
    expect(rows).toHaveLength(3);
    expect(await wallet(db(), u.user.id, 'USDT')).toMatchObject({ frozen: '20.02' });
    expect(await wallet(db(), u.user.id, 'ETH')).toEqual({ available: '0.01', frozen: '0' });

    // Another user may use the same id.
    const v = await fundedUser(t, '1000');
    const theirs = await place(v.token, body);
    expect(theirs.body.data?.order.id).not.toBe(first.body.data?.order.id);
  });
});

describe('POST /api/admin/orders/{id}/cancel', () => {
  it('cancels a user open spot order, audited, with funds back and an event to the user', async () => {
    const u = await fundedUser(t, '1000');
    const placed = await place(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '1000',
    });
    const id = placed.body.data?.order.id as number;

    const forbidden = await api(t.app, 'POST', `/api/admin/orders/${id}/cancel`, {
      token: u.token,
      body: {},
    });
    expect(forbidden.status).toBe(403);
    const missing = await api(t.app, 'POST', '/api/admin/orders/99999999/cancel', {
      token: admin.token,
      body: {},
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('订单不存在');
    const tooLong = await api(t.app, 'POST', `/api/admin/orders/${id}/cancel`, {
      token: admin.token,
      body: { reason: 'x'.repeat(201) },
    });
    expect(tooLong.status).toBe(400);

    const emitted = vi.spyOn(t.app.platform.realtime, 'toUser');
    const res = await api<OrderReply>(t.app, 'POST', `/api/admin/orders/${id}/cancel`, {
      token: admin.token,
      body: { reason: '风控检查' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('订单已撤销');
    expect(res.body.data?.order.status).toBe('cancelled');
    expect(emitted).toHaveBeenCalledWith(u.user.id, ORDER_UPDATED_EVENT, {
      order: expect.objectContaining({ id, status: 'cancelled' }),
    });
    emitted.mockRestore();
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    const [row] = await db().select().from(tradeOrders).where(eq(tradeOrders.id, id));
    expect(row?.cancelledBy).toBe(`admin:${admin.id}`);
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'trade_order.cancel'), eq(auditLogs.targetId, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.adminId).toBe(admin.id);
    expect(audits[0]?.before).toMatchObject({ status: 'pending', user_id: u.user.id });
    expect(audits[0]?.after).toMatchObject({ status: 'cancelled', reason: '风控检查' });

    const again = await api(t.app, 'POST', `/api/admin/orders/${id}/cancel`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('订单已成交或已取消，无法撤销');

    // No body at all is fine too.
    const next = await place(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '900',
    });
    const bare = await api(t.app, 'POST', `/api/admin/orders/${next.body.data?.order.id}/cancel`, {
      token: admin.token,
    });
    expect(bare.status).toBe(200);
    expect(await wallet(db(), u.user.id, 'USDT')).toEqual({ available: '1000', frozen: '0' });
  });
});
