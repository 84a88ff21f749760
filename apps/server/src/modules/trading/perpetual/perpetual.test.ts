import {
  PERPETUAL_CONFIG_KEY,
  PERPETUAL_TEXTS,
  type PerpetualConfigData,
  type PerpetualPosition,
  type TradeOrder,
} from '@platform/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../core/money.ts';
import type { Db } from '../../../db/client.ts';
import { api, createTestApp, type TestApp } from '../../../test/app.ts';
import { appSettings } from '../../jobs/jobs.schema.ts';
import { writeSetting } from '../../jobs/settings.ts';
import { tradingPairs } from '../../market-data/market-data.schema.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { testTradingDeps, withSlowPairReads } from '../testing/trading-fixtures.ts';
import { tradeOrders } from '../trading.schema.ts';
import { ORDER_UPDATED_EVENT } from '../trading-deps.ts';
import { createPerpetualEngine } from './perpetual.engine.ts';
import { pnlAt } from './perpetual.math.ts';
import { journalCount, perpetualClient, setPrice, systemUsdt, usdt } from './perpetual.test-helpers.ts';

/**
 * The perpetual calls over HTTP on a real server and database. The app's engine takes real time:
 * `setPrice` records a tick at now, which is the price its next order or close uses. The liquidation
 * job runs through a second engine on the same database with a fixed clock.
 */

type View = { order: TradeOrder; position: PerpetualPosition };
type List = { positions: PerpetualPosition[]; pagination: { total: number } };

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

const dec = (v: string | number) => new Decimal(v);
const floor18 = (v: Decimal) => v.toDecimalPlaces(18, Decimal.ROUND_FLOOR).toFixed();
const ceil18 = (v: Decimal) => v.toDecimalPlaces(18, Decimal.ROUND_CEIL).toFixed();

describe('GET /api/trading/perpetual/config', () => {
  it('needs a token', async () => {
    expect((await api(t.app, 'GET', '/api/trading/perpetual/config')).status).toBe(401);
  });

  it('gives the defaults and the enabled USDT pairs with their latest price', async () => {
    const { token } = await c.trader('0');
    const at = await setPrice(db, 'BTCUSDT', '50000');
    const res = await api<PerpetualConfigData>(t.app, 'GET', '/api/trading/perpetual/config', { token });
    expect(res.status).toBe(200);
    const data = res.body.data as PerpetualConfigData;
    expect(data).toMatchObject({
      currency: 'USDT',
      leverages: [1, 2, 3, 5, 10, 20, 50, 100],
      open_fee_rate: '0.0005',
      close_fee_rate: '0.0005',
      maintenance_margin_rate: '0.005',
      min_margin: '10',
      max_margin: '100000',
      max_open_positions: 50,
    });
    expect(data.pairs.find((p) => p.symbol === 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      base_currency: 'BTC',
      quote_currency: 'USDT',
      price_precision: 2,
      price: '50000',
      price_at: new Date(at).toISOString(),
    });
    expect(data.pairs.every((p) => p.quote_currency === 'USDT')).toBe(true);
  });

  it('an operator setting overrides the defaults; an invalid one is refused loudly', async () => {
    const { token } = await c.trader();
    try {
      await writeSetting(db, PERPETUAL_CONFIG_KEY, { leverages: [5, 10], max_open_positions: 2 }, null);
      const res = await api<PerpetualConfigData>(t.app, 'GET', '/api/trading/perpetual/config', { token });
      expect(res.body.data).toMatchObject({ leverages: [5, 10], max_open_positions: 2, min_margin: '10' });

      await setPrice(db, 'BTCUSDT', '50000');
      const refused = await c.open(token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 20 });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('不支持该杠杆倍数，可选：5、10 倍');

      await c.opened(token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 5 });
      await c.opened(token, { symbol: 'BTCUSDT', side: 'short', margin: '10', leverage: 10 });
      const third = await c.open(token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 5 });
      expect(third.status).toBe(422);
      expect(third.body.message).toBe('持仓数量已达上限（最多 2 个）');
      expect((await c.list(token)).body.data?.pagination.total).toBe(2);

      await writeSetting(db, PERPETUAL_CONFIG_KEY, { maintenance_margin_rate: '0.02' }, null);
      const invalid = await api(t.app, 'GET', '/api/trading/perpetual/config', { token });
      expect(invalid.status).toBe(500);
      expect(invalid.body.message).toBe('永续合约配置无效，请联系管理员');
    } finally {
      await db.delete(appSettings).where(eq(appSettings.key, PERPETUAL_CONFIG_KEY));
    }
  });
});

describe('POST /api/trading/perpetual/order', () => {
  it('opens a long: order, position, liquidation price and the money', async () => {
    const { token, id } = await c.trader();
    const sys = await systemUsdt(db);
    const at = await setPrice(db, 'BTCUSDT', '50000');
    const res = await c.open(token, { symbol: 'btc/usdt', side: 'long', margin: '100', leverage: 10 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('下单成功');
    const { order, position } = res.body.data as View;
    expect(order).toMatchObject({
      product: 'perpetual',
      symbol: 'BTCUSDT',
      side: 'long',
      type: null,
      amount: '0.02',
      amount_currency: 'BTC',
      price: '50000',
      quote_amount: '1000',
      fee: '0.5',
      status: 'filled',
      closed_at: null,
    });
    expect(position).toMatchObject({
      id: order.id,
      status: 'open',
      side: 'long',
      margin: '100',
      leverage: 10,
      quantity: '0.02',
      notional: '1000',
      entry_price: '50000',
      entry_source: 'test',
      entry_at: new Date(at).toISOString(),
      open_fee: '0.5',
      maintenance_rate: '0.005',
      liquidation_price: floor18(dec('45000').div('0.995')),
      mark_price: '50000',
      unrealised_pnl: '0',
      roe_percent: '0',
      close_price: null,
      payout: null,
    });
    const wallet = await usdt(db, id);
    expect(wallet.available.toFixed()).toBe('9899.5');
    expect(wallet.frozen.toFixed()).toBe('100');
    expect((await systemUsdt(db)).fees.minus(sys.fees).toFixed()).toBe('0.5');
    expect(await journalCount(db, `perpetual:${order.id}:open`)).toBe(1);
  });

  it('opens a short with its liquidation price above the entry', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'ETHUSDT', '3000');
    const { position } = await c.opened(token, {
      symbol: 'ETHUSDT',
      side: 'short',
      margin: '30',
      leverage: 20,
    });
    expect(position.quantity).toBe('0.2');
    expect(position.liquidation_price).toBe(ceil18(dec('3150').div('1.005')));
  });

  it('prices an order by the tick fresh when it arrived, however long the reads before the price take', async () => {
    // The order arrives at `clock`, its pair read takes 3.5 s (a loaded machine), the tick was 0.1 s
    // old on arrival: it is the order's price, not a refusal or a later observation.
    const { id } = await c.trader();
    let clock = Date.now();
    await setPrice(db, 'XRPUSDT', '0.5', clock - 100);
    const engine = createPerpetualEngine(
      withSlowPairReads(testTradingDeps(db, { now: () => clock }), () => {
        clock += 3500;
      }),
    );
    const { position } = await engine.open(id, {
      symbol: 'XRPUSDT',
      side: 'long',
      margin: '10',
      leverage: 5,
    });
    expect(position?.entry_price).toBe('0.5');
  });

  it('counts the price age from the request’s arrival: the time spent before the engine does not age it', async () => {
    // The request arrived 3.5 s before the engine got it (a stalled moment of ours); the tick was
    // 0.5 s old on arrival, 4 s old when the engine prices the order.
    const { id } = await c.trader();
    const engineStart = Date.now();
    await setPrice(db, 'UNIUSDT', '80', engineStart - 4000);
    const engine = createPerpetualEngine(testTradingDeps(db, { now: () => engineStart }));
    const { position } = await engine.open(
      id,
      { symbol: 'UNIUSDT', side: 'short', margin: '10', leverage: 5 },
      { sinceArrivalMs: 3500 },
    );
    expect(position?.entry_price).toBe('80');
    // Without the arrival time the same tick is too old: 行情更新中，请重试, nothing opened.
    await setPrice(db, 'UNIUSDT', '81', engineStart - 4000 + 1);
    await expect(
      engine.open(id, { symbol: 'UNIUSDT', side: 'short', margin: '10', leverage: 5 }),
    ).rejects.toThrow('行情更新中，请重试');
  });

  it('refuses what the rules forbid, and nothing changes', async () => {
    const { token, id } = await c.trader('60');
    await db.update(tradingPairs).set({ enabled: false }).where(eq(tradingPairs.symbol, 'ETCUSDT'));
    await setPrice(db, 'BTCUSDT', '50000');
    const base = { symbol: 'BTCUSDT', side: 'long', margin: '50', leverage: 10 };
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ leverage: 7 }, 422, '不支持该杠杆倍数，可选：1、2、3、5、10、20、50、100 倍'],
      [{ leverage: 'ten' }, 400, /杠杆/],
      [{ leverage: 2.5 }, 400, /杠杆倍数必须是整数/],
      [{ margin: '9.99' }, 422, '保证金不能少于 10 USDT'],
      [{ margin: '100000.01' }, 422, '保证金不能超过 100000 USDT'],
      [{ margin: '10.123456789' }, 400, /保证金格式不正确/],
      [{ margin: 50 }, 400, /保证金/],
      [{ margin: '0' }, 400, /保证金必须大于0/],
      [{ side: 'up' }, 400, /方向必须是 long/],
      [{ symbol: 'ETCUSDT' }, 404, '交易对不存在或已停用：ETCUSDT'],
      [{ symbol: 'NOPEUSDT' }, 404, /交易对不存在或已停用/],
      // 60 margin + 0.3 fee: more than the 60 funded.
      [{ margin: '60' }, 422, '余额不足'],
      [{ client_order_id: 'bad id!' }, 400, /client_order_id/],
    ];
    for (const [change, status, message] of cases) {
      const res = await c.open(token, { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(res.body.success).toBe(false);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const wallet = await usdt(db, id);
    expect(wallet.available.toFixed()).toBe('60');
    expect(wallet.frozen.toFixed()).toBe('0');
    const orders = await db.select().from(tradeOrders).where(eq(tradeOrders.userId, id));
    expect(orders).toHaveLength(0);
    await db.update(tradingPairs).set({ enabled: true }).where(eq(tradingPairs.symbol, 'ETCUSDT'));
  });

  it('a client_order_id makes retries and concurrent duplicates one order', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'BTCUSDT', '50000');
    const body = { symbol: 'BTCUSDT', side: 'short', margin: '20', leverage: 5, client_order_id: 'perp-1' };
    const first = await c.opened(token, body);
    const again = await c.opened(token, body);
    expect(again.order.id).toBe(first.order.id);
    const racing = await Promise.all(
      [1, 2, 3].map(() => c.open(token, { ...body, client_order_id: 'perp-2' })),
    );
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((r) => r.body.data?.order.id)).size).toBe(1);
    const orders = await db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.userId, id), eq(tradeOrders.product, 'perpetual')));
    expect(orders).toHaveLength(2);
    // Two openings of 20 + 0.05 fee each.
    expect((await usdt(db, id)).available.toFixed()).toBe('9959.9');
  });

  it('the open-position limit holds under concurrent openings', async () => {
    const { token } = await c.trader();
    try {
      await writeSetting(db, PERPETUAL_CONFIG_KEY, { max_open_positions: 3 }, null);
      await setPrice(db, 'BTCUSDT', '50000');
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          c.open(token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 2 }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      expect(results.filter((r) => r.status === 422)).toHaveLength(3);
    } finally {
      await db.delete(appSettings).where(eq(appSettings.key, PERPETUAL_CONFIG_KEY));
    }
  });
});

describe('POST /api/trading/perpetual/close/{id}', () => {
  const cases = [
    { side: 'long', close: '55000', pnl: '100', fee: '0.55', payout: '199.45', house: '-100' },
    { side: 'long', close: '48000', pnl: '-40', fee: '0.48', payout: '59.52', house: '40' },
    { side: 'short', close: '45000', pnl: '100', fee: '0.45', payout: '199.55', house: '-100' },
    { side: 'short', close: '52000', pnl: '-40', fee: '0.52', payout: '59.48', house: '40' },
  ] as const;
  // Beyond the liquidation price a close is the liquidation (the last test of this file).
  for (const k of cases) {
    it(`closes a ${k.side} at ${k.close}: P&L ${k.pnl}, fee ${k.fee}, payout ${k.payout}`, async () => {
      const { token, id } = await c.trader();
      await setPrice(db, 'BTCUSDT', '50000');
      const { order } = await c.opened(token, {
        symbol: 'BTCUSDT',
        side: k.side,
        margin: '100',
        leverage: 10,
      });
      const sys = await systemUsdt(db);
      const at = await setPrice(db, 'BTCUSDT', k.close);
      const res = await c.close(token, order.id);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.message).toBe('平仓成功');
      const view = res.body.data as View;
      expect(view.position).toMatchObject({
        status: 'closed',
        close_price: k.close,
        close_source: 'test',
        close_price_at: new Date(at).toISOString(),
        realised_pnl: k.pnl,
        close_fee: k.fee,
        payout: k.payout,
        mark_price: null,
        unrealised_pnl: null,
      });
      expect(view.position.closed_at).not.toBeNull();
      expect(view.order.status).toBe('filled');
      expect(view.order.closed_at).not.toBeNull();
      expect(view.order.fee).toBe(dec('0.5').plus(k.fee).toFixed());
      const wallet = await usdt(db, id);
      expect(wallet.available.toFixed()).toBe(dec('9899.5').plus(k.payout).toFixed());
      expect(wallet.frozen.toFixed()).toBe('0');
      const after = await systemUsdt(db);
      expect(after.fees.minus(sys.fees).toFixed()).toBe(k.fee);
      expect(after.house.minus(sys.house).toFixed()).toBe(k.house);
    });
  }

  it('only the owner closes, only an open position, and a double click closes once', async () => {
    const a = await c.trader();
    const b = await c.trader();
    await setPrice(db, 'BTCUSDT', '50000');
    const { order } = await c.opened(a.token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '100',
      leverage: 3,
    });
    const other = await c.close(b.token, order.id);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('仓位不存在');
    expect((await c.close(a.token, 987654321)).status).toBe(404);
    expect((await c.close(a.token, 'abc')).status).toBe(400);

    await setPrice(db, 'BTCUSDT', '51000');
    const clicks = await Promise.all([c.close(a.token, order.id), c.close(a.token, order.id)]);
    expect(clicks.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(clicks.find((r) => r.status === 409)?.body.message).toBe('仓位已平仓');
    const again = await c.close(a.token, order.id);
    expect(again.status).toBe(409);
    expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(1);
    // 100 × 3 / 50000 = 0.006 BTC; +6 P&L; fee 0.006 × 51000 × 0.0005 = 0.153.
    expect((await usdt(db, a.id)).available.toFixed()).toBe(
      dec('10000').minus('100.15').plus('105.847').toFixed(),
    );
  });
});

describe('GET /api/trading/perpetual/positions', () => {
  it('lists open positions marked to the latest price, and the history', async () => {
    const { token } = await c.trader();
    const stranger = await c.trader('0');
    await setPrice(db, 'BTCUSDT', '50000');
    const long = await c.opened(token, { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 });
    await setPrice(db, 'ETHUSDT', '3000');
    const short = await c.opened(token, { symbol: 'ETHUSDT', side: 'short', margin: '50', leverage: 5 });
    const shut = await c.opened(token, { symbol: 'ETHUSDT', side: 'long', margin: '10', leverage: 1 });
    await c.close(token, shut.order.id);

    const markAt = await setPrice(db, 'BTCUSDT', '50250');
    await setPrice(db, 'ETHUSDT', '3030');
    const res = await c.list(token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取持仓成功');
    const data = res.body.data as List;
    expect(data.pagination.total).toBe(2);
    expect(data.positions.map((p) => p.id)).toEqual([short.order.id, long.order.id]);
    expect(data.positions[1]).toMatchObject({
      mark_price: '50250',
      mark_at: new Date(markAt).toISOString(),
      unrealised_pnl: '5',
      roe_percent: '5',
    });
    // Short 50 × 5 / 3000 = 0.08333… ETH, down 30 × that.
    expect(data.positions[0]).toMatchObject({
      mark_price: '3030',
      unrealised_pnl: '-2.5',
      roe_percent: '-5',
    });

    const history = (await c.list(token, '?status=closed')).body.data as List;
    expect(history.positions.map((p) => p.id)).toEqual([shut.order.id]);
    expect(history.positions[0]).toMatchObject({ status: 'closed', close_price: '3000', realised_pnl: '0' });
    expect(((await c.list(token, '?status=liquidated')).body.data as List).positions).toHaveLength(0);
    expect(((await c.list(token, '?symbol=ETHUSDT')).body.data as List).positions).toHaveLength(1);
    expect(((await c.list(stranger.token)).body.data as List).positions).toHaveLength(0);
    const bad = await c.list(token, '?status=pending');
    expect(bad.status).toBe(400);
  });
});

describe('liquidation job', () => {
  it('liquidates a long at its liquidation price, not just before it', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'SOLUSDT', '200');
    const { order, position } = await c.opened(token, {
      symbol: 'SOLUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
    });
    const liq = dec(position.liquidation_price);
    expect(position.liquidation_price).toBe(floor18(dec(180).div('0.995')));

    const before = await setPrice(db, 'SOLUSDT', liq.plus('0.0001').toFixed());
    expect((await c.jobEngine(before).checkPositions(new Date(before))).liquidated).toBe(0);
    expect(((await c.list(token)).body.data as List).positions).toHaveLength(1);

    const sys = await systemUsdt(db);
    const events: unknown[][] = [];
    const at = await setPrice(db, 'SOLUSDT', liq.toFixed());
    expect((await c.jobEngine(at, events).checkPositions(new Date(at))).liquidated).toBe(1);
    const [gone] = ((await c.list(token, '?status=liquidated')).body.data as List).positions;
    expect(gone).toMatchObject({
      id: order.id,
      status: 'liquidated',
      close_price: liq.toFixed(),
      close_source: 'test',
      close_price_at: new Date(at).toISOString(),
      close_fee: '0',
      realised_pnl: '-100',
      payout: '0',
      closed_at: new Date(at).toISOString(),
    });
    const wallet = await usdt(db, id);
    expect(wallet.available.toFixed()).toBe('9899.5');
    expect(wallet.frozen.toFixed()).toBe('0');
    // The equity left at the mark (margin + P&L) goes to the insurance fund, the rest of the margin to the house.
    const equity = dec(100).plus(pnlAt('long', { margin: dec(100), quantity: dec(5), entry: dec(200) }, liq));
    expect(equity.gt(0)).toBe(true);
    const after = await systemUsdt(db);
    expect(after.insurance.minus(sys.insurance).toFixed()).toBe(equity.toFixed());
    expect(after.house.minus(sys.house).toFixed()).toBe(dec(100).minus(equity).toFixed());
    const orderEvents = events.filter((e) => e[1] === ORDER_UPDATED_EVENT);
    expect(orderEvents).toHaveLength(1);
    expect(orderEvents[0]?.[0]).toBe(id);
    expect(orderEvents[0]?.[2]).toMatchObject({ order: { id: order.id, status: 'filled' } });
    // A close afterwards is refused and moves nothing.
    const late = await c.close(token, order.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('仓位已平仓');
  });

  it('liquidates a short at its liquidation price, not just before it', async () => {
    const { token } = await c.trader();
    await setPrice(db, 'BNBUSDT', '600');
    const { order, position } = await c.opened(token, {
      symbol: 'BNBUSDT',
      side: 'short',
      margin: '40',
      leverage: 20,
    });
    const liq = dec(position.liquidation_price);
    // 630 / 1.005, up to the rounding of the quantity (40 × 20 / 600 to 18 places).
    expect(liq.minus(dec(630).div('1.005')).abs().lt('1e-15')).toBe(true);
    const before = await setPrice(db, 'BNBUSDT', liq.minus('0.0001').toFixed());
    expect((await c.jobEngine(before).checkPositions(new Date(before))).liquidated).toBe(0);
    const at = await setPrice(db, 'BNBUSDT', liq.toFixed());
    expect((await c.jobEngine(at).checkPositions(new Date(at))).liquidated).toBe(1);
    expect(await journalCount(db, `perpetual:${order.id}:liquidate`)).toBe(1);
  });

  it('decides nothing without a fresh reference price', async () => {
    const { token } = await c.trader();
    const at = await setPrice(db, 'LTCUSDT', '100');
    const { order } = await c.opened(token, { symbol: 'LTCUSDT', side: 'long', margin: '10', leverage: 100 });
    await setPrice(db, 'LTCUSDT', '50', at + 1);
    // Ten seconds later the tick is stale and the market (the fixture's) gives none.
    const later = at + 10_000;
    expect((await c.jobEngine(later).checkPositions(new Date(later))).liquidated).toBe(0);
    expect(((await c.list(token, '?symbol=LTCUSDT')).body.data as List).positions).toHaveLength(1);
    // Leave nothing liquidatable behind for the other tests.
    await setPrice(db, 'LTCUSDT', '100');
    expect((await c.close(token, order.id)).status).toBe(200);
  });

  it('two runners at once liquidate each position once', async () => {
    const traders = await Promise.all([c.trader(), c.trader()]);
    await setPrice(db, 'DOTUSDT', '7');
    const ids: number[] = [];
    for (const { token } of traders) {
      for (const leverage of [10, 20, 50]) {
        ids.push(
          (await c.opened(token, { symbol: 'DOTUSDT', side: 'long', margin: '15', leverage })).order.id,
        );
      }
    }
    const at = await setPrice(db, 'DOTUSDT', '5');
    const runs = await Promise.all([
      c.jobEngine(at).checkPositions(new Date(at)),
      c.jobEngine(at).checkPositions(new Date(at)),
    ]);
    expect(runs[0].liquidated + runs[1].liquidated).toBe(6);
    for (const id of ids) expect(await journalCount(db, `perpetual:${id}:liquidate`)).toBe(1);
    for (const { id } of traders) expect((await usdt(db, id)).frozen.toFixed()).toBe('0');
  });

  it('a close racing the liquidation settles once, as the liquidation', async () => {
    for (let round = 0; round < 4; round++) {
      const { token, id } = await c.trader();
      await setPrice(db, 'LINKUSDT', '20');
      const { order } = await c.opened(token, {
        symbol: 'LINKUSDT',
        side: 'short',
        margin: '20',
        leverage: 10,
      });
      const at = await setPrice(db, 'LINKUSDT', '23');
      const [closing, job] = await Promise.all([
        c.close(token, order.id),
        c.jobEngine(at).checkPositions(new Date(at)),
      ]);
      expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(0);
      expect(await journalCount(db, `perpetual:${order.id}:liquidate`)).toBe(1);
      if (closing.status === 200) {
        expect(job.liquidated).toBe(0);
        expect(closing.body.data?.position.status).toBe('liquidated');
      } else {
        expect(closing.status).toBe(409);
        expect(job.liquidated).toBe(1);
      }
      expect((await usdt(db, id)).frozen.toFixed()).toBe('0');
    }
  });

  it('a close at or past the liquidation price is the liquidation: the margin is lost, never the remaining equity', async () => {
    const { token, id } = await c.trader();
    await setPrice(db, 'LINKUSDT', '20');
    const before = await usdt(db, id);
    const { order } = await c.opened(token, { symbol: 'LINKUSDT', side: 'long', margin: '20', leverage: 10 });
    await setPrice(db, 'LINKUSDT', '17');
    const res = await c.close(token, order.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(PERPETUAL_TEXTS.liquidatedOnClose);
    expect(res.body.data?.position.status).toBe('liquidated');
    expect(res.body.data?.position.payout).toBe('0');
    expect(await journalCount(db, `perpetual:${order.id}:close`)).toBe(0);
    expect(await journalCount(db, `perpetual:${order.id}:liquidate`)).toBe(1);
    const after = await usdt(db, id);
    expect(after.frozen.toFixed()).toBe('0');
    // The margin and the opening fee are gone; nothing came back.
    expect(after.available.lt(before.available.minus(20))).toBe(true);
    expect((await c.close(token, order.id)).status).toBe(409);
  });
});
