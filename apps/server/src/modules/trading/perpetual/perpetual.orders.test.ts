import {
  type AdminPerpetualPosition,
  type IndexComponent,
  PERPETUAL_CONFIG_KEY,
  type PerpetualLimitOrder,
  type PerpetualPosition,
  type TradeOrder,
} from '@platform/contracts';
import { closeSettlement, Decimal, positionLiquidationPrice } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { api, createAdmin, createTestApp, type TestApp } from '../../../test/app.ts';
import { appSettings } from '../../jobs/jobs.schema.ts';
import { writeSetting } from '../../jobs/settings.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { createReferencePrices } from '../reference-prices.ts';
import { indexOfTickers } from '../testing/trading-fixtures.ts';
import { journalCount, perpetualClient, setPrice, systemUsdt, usdt } from './perpetual.test-helpers.ts';

/**
 * Limit orders (opened by the `perpetual-limit-orders` step when the index reaches their price),
 * partial closes and the operator's list of open positions (issue 33), over HTTP on a real database;
 * the job runs through a second engine with a clock of the test's own. Each test has symbols of
 * its own, since a job turn looks at every waiting order.
 */

let t: TestApp;
let db: Db;
let c: ReturnType<typeof perpetualClient>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  c = perpetualClient(t);
});
afterAll(async () => {
  await assertLedgerOk(db);
  await t.close();
});

type Placed = { order: TradeOrder; position: PerpetualPosition | null; limit_order: PerpetualLimitOrder };
type Cancelled = { order: TradeOrder; limit_order: PerpetualLimitOrder };
type LimitList = { limit_orders: PerpetualLimitOrder[]; pagination: { total: number } };
type View = { order: TradeOrder; position: PerpetualPosition };

const call = <T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown, key?: string) =>
  api<T>(t.app, method, url, {
    token,
    ...(body !== undefined ? { body } : {}),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const place = (token: string, body: Record<string, unknown>, key?: string) =>
  call<Placed>(token, 'POST', '/api/trading/perpetual/order', { type: 'limit', ...body }, key);
async function placed(token: string, body: Record<string, unknown>): Promise<Placed> {
  const res = await place(token, body);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as Placed;
}
const cancel = (token: string, id: number | string, key?: string) =>
  call<Cancelled>(token, 'POST', `/api/trading/perpetual/limit-orders/${id}/cancel`, undefined, key);
const limits = (token: string, query = '') =>
  call<LimitList>(token, 'GET', `/api/trading/perpetual/limit-orders${query}`);
const reduce = (token: string, id: number | string, body: unknown, key?: string) =>
  call<View>(token, 'POST', `/api/trading/perpetual/reduce/${id}`, body, key);

const COMPONENTS: IndexComponent[] = [
  { source: 'sim-a', price: '48990', at: null, status: 'included', deviation: '0' },
  { source: 'sim-b', price: '48980', at: null, status: 'included', deviation: '-0.0002' },
  { source: 'sim-c', price: '49000', at: null, status: 'included', deviation: '0.0002' },
];

/** A tick with its index components, 1 s after `after`. */
async function tickWithComponents(symbol: string, price: string, after: number): Promise<number> {
  const at = after + 1000;
  await createReferencePrices({ db, index: indexOfTickers(async () => []) }).record(db, [
    { symbol, price, source: 'index', at: new Date(at), components: COMPONENTS },
  ]);
  return at;
}

const trigger = (at: number, events: unknown[][] = []) =>
  c.jobEngine(at, events).triggerLimitOrders(new Date(at));

describe('perpetual limit orders', () => {
  it('freezes margin + fee, waits, and opens a long at the index tick that reaches its price', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'BTCUSDT', '50000');
    const before = await usdt(db, id);
    const sys = await systemUsdt(db);
    const { order, position, limit_order } = await placed(token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
      price: '49000',
    });
    expect(position).toBeNull();
    // Fee 100 × 10 × 0.0005 = 0.5, frozen with the margin.
    expect(limit_order).toMatchObject({
      status: 'pending',
      price: '49000',
      open_fee: '0.5',
      frozen: '100.5',
    });
    expect(order).toMatchObject({ status: 'pending', type: 'limit', price: '49000', product: 'perpetual' });
    let wallet = await usdt(db, id);
    expect(before.available.minus(wallet.available).toFixed()).toBe('100.5');
    expect(wallet.frozen.minus(before.frozen).toFixed()).toBe('100.5');
    expect((await limits(token)).body.data?.limit_orders.map((l) => l.id)).toEqual([order.id]);
    // The waiting order's frozen funds are an obligation the ledger check knows.
    await assertLedgerOk(db);

    // Not before: 49000.01 is above a long's limit.
    const above = await setPrice(db, 'BTCUSDT', '49000.01');
    expect(await trigger(above)).toEqual({ opened: 0, cancelled: 0 });
    expect((await usdt(db, id)).frozen.minus(before.frozen).toFixed()).toBe('100.5');

    // The crossing tick: 48990, with its components.
    const events: unknown[][] = [];
    const at = await tickWithComponents('BTCUSDT', '48990', above);
    expect(await trigger(at, events)).toEqual({ opened: 1, cancelled: 0 });
    const [open] = (await c.list(token, '?symbol=BTCUSDT')).body.data?.positions ?? [];
    expect(open).toMatchObject({
      id: order.id,
      status: 'open',
      side: 'long',
      margin: '100',
      leverage: 10,
      entry_price: '48990',
      entry_source: 'index',
      entry_at: new Date(at).toISOString(),
      entry_components: COMPONENTS,
      open_fee: '0.5',
    });
    expect(new Decimal(open?.quantity ?? '0').toFixed()).toBe(
      new Decimal(1000).div(48990).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed(),
    );
    wallet = await usdt(db, id);
    expect(wallet.frozen.minus(before.frozen).toFixed()).toBe('100');
    expect(before.available.minus(wallet.available).toFixed()).toBe('100.5');
    expect((await systemUsdt(db)).fees.minus(sys.fees).toFixed()).toBe('0.5');
    expect(events.some((e) => e[0] === id)).toBe(true);
    const ended = (await limits(token, '?status=ended')).body.data?.limit_orders ?? [];
    expect(ended.find((l) => l.id === order.id)).toMatchObject({ status: 'filled' });
    expect((await limits(token)).body.data?.limit_orders).toEqual([]);

    // A rerun opens nothing twice; the filled order cannot be cancelled.
    expect(await trigger(at + 1)).toEqual({ opened: 0, cancelled: 0 });
    expect(await journalCount(db, `perpetual:${order.id}:open`)).toBe(1);
    expect((await c.list(token, '?symbol=BTCUSDT')).body.data?.pagination.total).toBe(1);
    const late = await cancel(token, order.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('委托已成交或已撤销');
    expect((await c.close(token, order.id)).status).toBe(200);
  });

  it('opens a short only at or above its price', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'ETHUSDT', '3000');
    const { order } = await placed(token, {
      symbol: 'ETHUSDT',
      side: 'short',
      margin: '50',
      leverage: 5,
      price: '3100',
    });
    const below = await setPrice(db, 'ETHUSDT', '3099.99');
    expect((await trigger(below)).opened).toBe(0);
    const at = await setPrice(db, 'ETHUSDT', '3100');
    expect((await trigger(at)).opened).toBe(1);
    const [open] = (await c.list(token, '?symbol=ETHUSDT')).body.data?.positions ?? [];
    expect(open).toMatchObject({ id: order.id, side: 'short', entry_price: '3100' });
    expect((await c.close(token, order.id)).status).toBe(200);
  });

  it('refuses bad orders with a Chinese message and freezes nothing', async () => {
    const { token, id } = await c.trader();
    const before = await usdt(db, id);
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ symbol: 'SOLUSDT', side: 'long', margin: '100', leverage: 10 }, 400, /请输入委托价格/],
      [
        { symbol: 'SOLUSDT', side: 'long', margin: '100', leverage: 10, price: '0' },
        400,
        /委托价格必须大于0/,
      ],
      [
        { symbol: 'SOLUSDT', side: 'long', margin: '100', leverage: 10, price: '-1' },
        400,
        /委托价格格式不正确/,
      ],
      [
        { symbol: 'SOLUSDT', side: 'long', margin: '100', leverage: 10, price: '1.123' },
        400,
        '委托价格最多 2 位小数',
      ],
      [
        { symbol: 'SOLUSDT', side: 'long', margin: '100', leverage: 10, price: '100', type: 'stop' },
        400,
        /委托类型/,
      ],
      [
        { symbol: 'SOLUSDT', side: 'long', margin: '100', leverage: 10, price: '100', type: 'market' },
        400,
        /市价委托不能指定价格/,
      ],
      [
        { symbol: 'SOLUSDT', side: 'long', margin: '100', leverage: 7, price: '100' },
        422,
        /不支持该杠杆倍数/,
      ],
      [
        { symbol: 'SOLUSDT', side: 'long', margin: '5', leverage: 10, price: '100' },
        422,
        '保证金不能少于 10 USDT',
      ],
      [{ symbol: 'SOLUSDT', side: 'long', margin: '20000', leverage: 10, price: '100' }, 422, '余额不足'],
    ];
    for (const [body, status, message] of cases) {
      const res = await place(token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const after = await usdt(db, id);
    expect(after.available.toFixed()).toBe(before.available.toFixed());
    expect(after.frozen.toFixed()).toBe(before.frozen.toFixed());
    expect((await limits(token)).body.data?.pagination.total).toBe(0);
  });

  it('cancels once: the funds come back exactly once, the job never opens it, others get 404', async () => {
    const a = await c.trader();
    const b = await c.trader();
    await setPrice(db, 'LTCUSDT', '100');
    const before = await usdt(db, a.id);
    const { order } = await placed(a.token, {
      symbol: 'LTCUSDT',
      side: 'long',
      margin: '40',
      leverage: 5,
      price: '90',
    });

    const foreign = await cancel(b.token, order.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('委托不存在');
    expect((await cancel(b.token, 987654321)).status).toBe(404);
    expect((await cancel(a.token, 'abc')).status).toBe(400);

    const first = await cancel(a.token, order.id, `cancel-${order.id}`);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe('委托已撤销');
    expect(first.body.data?.limit_order).toMatchObject({ status: 'cancelled', cancel_reason: '用户撤单' });
    expect(first.body.data?.order).toMatchObject({ status: 'cancelled' });
    // A retry with the same key replays; a new click is a 409.
    expect((await cancel(a.token, order.id, `cancel-${order.id}`)).status).toBe(200);
    expect((await cancel(a.token, order.id)).status).toBe(409);
    const after = await usdt(db, a.id);
    expect(after.available.toFixed()).toBe(before.available.toFixed());
    expect(after.frozen.toFixed()).toBe(before.frozen.toFixed());
    expect(await journalCount(db, `perpetual:${order.id}:limit-cancel`)).toBe(1);

    const at = await setPrice(db, 'LTCUSDT', '80');
    expect(await trigger(at)).toEqual({ opened: 0, cancelled: 0 });
    expect((await c.list(a.token, '?symbol=LTCUSDT')).body.data?.pagination.total).toBe(0);
  });

  it('a cancel racing the trigger: exactly one wins, the money moves once', async () => {
    const { token, id } = await c.trader('100000');
    await setPrice(db, 'BNBUSDT', '600');
    const before = await usdt(db, id);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        (await placed(token, { symbol: 'BNBUSDT', side: 'long', margin: '20', leverage: 2, price: '590' }))
          .order.id,
      );
    }
    const at = await setPrice(db, 'BNBUSDT', '580');
    const engine = c.jobEngine(at);
    const [turn, ...cancels] = await Promise.all([
      engine.triggerLimitOrders(new Date(at)),
      ...ids.map((orderId) => cancel(token, orderId)),
    ]);
    const cancelledIds = ids.filter((_, i) => cancels[i]?.status === 200);
    for (const res of cancels) expect([200, 409]).toContain(res.status);
    expect(turn.opened + cancelledIds.length).toBe(ids.length);
    // Whatever is left pending is opened by the next turn; nothing is opened twice.
    await c.jobEngine(at + 1).triggerLimitOrders(new Date(at + 1));
    const openIds = ((await c.list(token, '?symbol=BNBUSDT&limit=50')).body.data?.positions ?? []).map(
      (p) => p.id,
    );
    expect(openIds.sort()).toEqual(ids.filter((x) => !cancelledIds.includes(x)).sort());
    for (const orderId of ids) {
      const opens = await journalCount(db, `perpetual:${orderId}:open`);
      const releases = await journalCount(db, `perpetual:${orderId}:limit-cancel`);
      expect(opens + releases).toBe(1);
    }
    // Frozen: the margins of what opened; available: less margin + fee of those.
    const wallet = await usdt(db, id);
    expect(wallet.frozen.minus(before.frozen).toFixed()).toBe(
      new Decimal(20).times(openIds.length).toFixed(),
    );
    expect(before.available.minus(wallet.available).toFixed()).toBe(
      new Decimal('20.02').times(openIds.length).toFixed(),
    );
    for (const orderId of openIds) expect((await c.close(token, orderId)).status).toBe(200);
  });

  it('cancels at the trigger with the reason when the config no longer allows the order', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'ADAUSDT', '1');
    const before = await usdt(db, id);
    const { order } = await placed(token, {
      symbol: 'ADAUSDT',
      side: 'short',
      margin: '30',
      leverage: 20,
      price: '1.1',
    });
    try {
      await writeSetting(db, PERPETUAL_CONFIG_KEY, { leverages: [5, 10] }, null);
      const at = await setPrice(db, 'ADAUSDT', '1.2');
      expect(await trigger(at)).toEqual({ opened: 0, cancelled: 1 });
    } finally {
      await db.delete(appSettings).where(eq(appSettings.key, PERPETUAL_CONFIG_KEY));
    }
    const [ended] = (await limits(token, '?status=ended')).body.data?.limit_orders ?? [];
    expect(ended).toMatchObject({
      id: order.id,
      status: 'cancelled',
      cancel_reason: '触发时无法开仓：不支持该杠杆倍数，可选：5、10 倍',
    });
    const after = await usdt(db, id);
    expect(after.available.toFixed()).toBe(before.available.toFixed());
    expect(after.frozen.toFixed()).toBe(before.frozen.toFixed());
  });

  it('waiting orders count against the open-position limit', async () => {
    const { token } = await c.trader();
    try {
      await writeSetting(db, PERPETUAL_CONFIG_KEY, { max_open_positions: 2 }, null);
      await placed(token, { symbol: 'DOTUSDT', side: 'long', margin: '10', leverage: 2, price: '1' });
      await placed(token, { symbol: 'DOTUSDT', side: 'long', margin: '10', leverage: 2, price: '1' });
      const third = await place(token, {
        symbol: 'DOTUSDT',
        side: 'long',
        margin: '10',
        leverage: 2,
        price: '1',
      });
      expect(third.status).toBe(422);
      expect(third.body.message).toBe('持仓数量已达上限（最多 2 个）');
    } finally {
      await db.delete(appSettings).where(eq(appSettings.key, PERPETUAL_CONFIG_KEY));
    }
    for (const l of (await limits(token)).body.data?.limit_orders ?? []) {
      expect((await cancel(token, l.id)).status).toBe(200);
    }
  });
});

describe('POST /api/trading/perpetual/reduce/{id}', () => {
  const CLOSE_RATE = new Decimal('0.0005');

  it('closes part of a position pro rata through the ledger; the rest keeps its entry and TP/SL', async () => {
    const a = await c.trader();
    const b = await c.trader();
    await setPrice(db, 'LINKUSDT', '100');
    // 100 × 10 at 100: 10 LINK.
    const { order } = await c.opened(a.token, {
      symbol: 'LINKUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
    });
    await c.tpsl(a.token, order.id, { take_profit_price: '130', stop_loss_price: '95' });
    await setPrice(db, 'LINKUSDT', '110');
    const before = await usdt(db, a.id);
    const sys = await systemUsdt(db);

    const res = await reduce(a.token, order.id, { quantity: '4' }, `reduce-${order.id}`);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('部分平仓成功');
    const expected = closeSettlement(
      'long',
      { margin: new Decimal(40), quantity: new Decimal(4), entry: new Decimal(100) },
      new Decimal(110),
      CLOSE_RATE,
    );
    // +40 P&L, fee 4 × 110 × 0.0005 = 0.22, back 40 + 40 − 0.22.
    expect(expected.payout.toFixed()).toBe('79.78');
    const rest = { margin: new Decimal(60), quantity: new Decimal(6), entry: new Decimal(100) };
    expect(res.body.data?.position).toMatchObject({
      status: 'open',
      quantity: '6',
      margin: '60',
      entry_price: '100',
      take_profit_price: '130',
      stop_loss_price: '95',
      liquidation_price: positionLiquidationPrice('long', rest, new Decimal('0.005')).toFixed(),
    });
    // A retry with the same key is the same partial close.
    expect((await reduce(a.token, order.id, { quantity: '4' }, `reduce-${order.id}`)).status).toBe(200);
    const wallet = await usdt(db, a.id);
    expect(wallet.available.minus(before.available).toFixed()).toBe('79.78');
    expect(before.frozen.minus(wallet.frozen).toFixed()).toBe('40');
    const after = await systemUsdt(db);
    expect(after.fees.minus(sys.fees).toFixed()).toBe('0.22');
    expect(after.house.minus(sys.house).toFixed()).toBe(expected.houseResult.toFixed());
    expect(await journalCount(db, `perpetual:${order.id}:reduce:%`)).toBe(1);
    await assertLedgerOk(db);

    // Bad quantities change nothing.
    const cases: [unknown, number, string | RegExp][] = [
      [{ quantity: '6.000000000000000001' }, 400, '平仓数量不能超过持仓数量 6'],
      [{ quantity: '7' }, 400, '平仓数量不能超过持仓数量 6'],
      [{ quantity: '0' }, 400, /平仓数量必须大于0/],
      [{ quantity: '-1' }, 400, /平仓数量格式不正确/],
      [{ quantity: 'abc' }, 400, /平仓数量格式不正确/],
      [{ percent: 33 }, 400, /平仓比例必须是 25、50、75 或 100/],
      [{ quantity: '1', percent: 50 }, 400, /请输入平仓数量或选择平仓比例（二选一）/],
      [{}, 400, /请输入平仓数量或选择平仓比例（二选一）/],
    ];
    for (const [body, status, message] of cases) {
      const r = await reduce(a.token, order.id, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (typeof message === 'string') expect(r.body.message).toBe(message);
      else expect(r.body.message).toMatch(message);
    }
    const foreign = await reduce(b.token, order.id, { quantity: '1' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('仓位不存在');
    const [kept] = (await c.list(a.token, '?symbol=LINKUSDT')).body.data?.positions ?? [];
    expect(kept).toMatchObject({ quantity: '6', margin: '60' });

    // 50 %: 3 of 6, then 100 % is the full close of the rest.
    const half = await reduce(a.token, order.id, { percent: 50 });
    expect(half.body.data?.position).toMatchObject({ status: 'open', quantity: '3', margin: '30' });
    const all = await reduce(a.token, order.id, { percent: 100 });
    expect(all.status).toBe(200);
    expect(all.body.message).toBe('平仓成功');
    expect(all.body.data?.position).toMatchObject({ status: 'closed', quantity: '3', close_reason: 'user' });
    expect((await usdt(db, a.id)).frozen.toFixed()).toBe('0');
    expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(1);
    expect((await reduce(a.token, order.id, { percent: 25 })).status).toBe(409);
  });
});

describe('GET /api/admin/trading/perpetual-positions', () => {
  it('lists every user open position with its mark, filtered by user and pair, for admins only', async () => {
    const a = await c.trader();
    const b = await c.trader();
    await setPrice(db, 'XRPUSDT', '2');
    await setPrice(db, 'TRXUSDT', '0.3');
    const pa = await c.opened(a.token, { symbol: 'XRPUSDT', side: 'long', margin: '20', leverage: 5 });
    const pb = await c.opened(b.token, { symbol: 'TRXUSDT', side: 'short', margin: '30', leverage: 3 });
    await setPrice(db, 'XRPUSDT', '2.1');
    const admin = await createAdmin(t, 'admin');
    const get = (query: string, token = admin.token) =>
      api<{ positions: AdminPerpetualPosition[]; pagination: { total: number } }>(
        t.app,
        'GET',
        `/api/admin/trading/perpetual-positions${query}`,
        { token },
      );

    const byUser = await get(`?user=${a.id}`);
    expect(byUser.status, byUser.body.message).toBe(200);
    expect(byUser.body.data?.positions).toHaveLength(1);
    expect(byUser.body.data?.positions[0]).toMatchObject({
      id: pa.order.id,
      user: { id: a.id },
      symbol: 'XRPUSDT',
      side: 'long',
      leverage: 5,
      entry_price: '2',
      mark_price: '2.1',
      // 50 XRP × 0.1
      unrealised_pnl: '5',
    });
    const email = byUser.body.data?.positions[0]?.user.email ?? '';
    expect((await get(`?user=${email.toUpperCase()}`)).body.data?.pagination.total).toBe(1);
    const bySymbol = await get('?symbol=trxusdt&limit=100');
    expect(bySymbol.body.data?.positions.map((p) => p.id)).toContain(pb.order.id);
    expect(bySymbol.body.data?.positions.every((p) => p.symbol === 'TRXUSDT')).toBe(true);
    expect((await get(`?user=${a.id}&symbol=TRXUSDT`)).body.data?.pagination.total).toBe(0);

    expect((await get('?user=not an email')).status).toBe(400);
    expect((await get('?page=0')).status).toBe(400);
    expect((await get('', a.token)).status).toBe(403);
    expect((await api(t.app, 'GET', '/api/admin/trading/perpetual-positions')).status).toBe(401);

    await setPrice(db, 'XRPUSDT', '2');
    await setPrice(db, 'TRXUSDT', '0.3');
    expect((await c.close(a.token, pa.order.id)).status).toBe(200);
    expect((await c.close(b.token, pb.order.id)).status).toBe(200);
    expect((await get(`?user=${a.id}`)).body.data?.pagination.total).toBe(0);
  });
});
