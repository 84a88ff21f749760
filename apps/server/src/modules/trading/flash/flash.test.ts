import {
  FLASH_CONFIG_SETTING_KEY,
  type FlashConfigData,
  type TimedContract,
  type TimedStats,
  type TradeOrder,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { sleep } from '../../../test/fixtures.ts';
import { fundUser } from '../../../test/money.ts';
import { appSettings } from '../../jobs/jobs.schema.ts';
import { writeSetting } from '../../jobs/settings.ts';
import { tradingPairs } from '../../market-data/market-data.schema.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { recordTick, testTradingDeps, withSlowPairReads } from '../testing/trading-fixtures.ts';
import { toTimedContract } from '../timed/timed.service.ts';
import { insertOpenContracts, journalCount, usdt } from '../timed/timed.test-helpers.ts';
import { tradeOrders } from '../trading.schema.ts';
import { createFlashEngine, FLASH_CONFIG_CACHE_MS } from './flash.engine.ts';

/**
 * The flash calls over HTTP. The app's own engine runs on real time: a tick recorded at Date.now()
 * fixes the entry price it uses. Settlement runs from a second engine on the same database with a
 * clock past expiry. Each test trades its own symbols, because a tick recorded at a future expiry
 * would be the "latest" price of that symbol for later orders.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.database.db;
type Placed = { order: TradeOrder; contract: TimedContract };
const place = (token: string, body: Record<string, unknown>) =>
  api<Placed>(t.app, 'POST', '/api/trading/flash/order', { token, body });

async function trader(amount = '100000') {
  const user = await registerUser(t.app);
  if (amount !== '0') await fundUser(db(), user.user.id, amount);
  return { token: user.token, id: user.user.id };
}

describe('GET /api/trading/flash/config', () => {
  it('is public and answers the default durations, rates, stake limits and enabled pairs', async () => {
    const res = await api<FlashConfigData>(t.app, 'GET', '/api/trading/flash/config');
    expect(res.status).toBe(200);
    const data = res.body.data as FlashConfigData;
    expect(data.durations).toEqual([
      { seconds: 30, payout_rate: '0.1', payout_percent: '10' },
      { seconds: 60, payout_rate: '0.15', payout_percent: '15' },
      { seconds: 120, payout_rate: '0.2', payout_percent: '20' },
      { seconds: 300, payout_rate: '0.3', payout_percent: '30' },
    ]);
    expect(data).toMatchObject({
      currency: 'USDT',
      min_stake: '10',
      max_stake: '50000',
      max_open_contracts: 200,
    });
    expect(data.pairs.map((p) => p.symbol)).toContain('BTCUSDT');
    expect(data.settlement).toEqual({ tick_tolerance_seconds: 5, void_after_seconds: 30 });
  });

  it('takes its values from the app setting flash.config when one is stored (orders within a second)', async () => {
    await writeSetting(
      db(),
      FLASH_CONFIG_SETTING_KEY,
      { durations: [{ seconds: 45, payout_rate: '0.5' }], min_stake: '1', max_stake: '20' },
      null,
    );
    // Orders use the instance's copy of the config for FLASH_CONFIG_CACHE_MS.
    const pastOrdersCopy = () => sleep(FLASH_CONFIG_CACHE_MS + 50);
    try {
      const res = await api<FlashConfigData>(t.app, 'GET', '/api/trading/flash/config');
      expect(res.body.data).toMatchObject({
        durations: [{ seconds: 45, payout_rate: '0.5', payout_percent: '50' }],
        min_stake: '1',
        max_stake: '20',
      });
      const { token } = await trader('100');
      await pastOrdersCopy();
      await recordTick(db(), 'TRXUSDT', '0.25', Date.now());
      const ok = await place(token, { symbol: 'TRXUSDT', direction: 'up', amount: '5', duration: 45 });
      expect(ok.status).toBe(200);
      expect(ok.body.data?.contract.payout_rate).toBe('0.5');
      const refused = await place(token, { symbol: 'TRXUSDT', direction: 'up', amount: '5', duration: 60 });
      expect(refused.body.message).toBe('不支持的周期，可选：45 秒');

      // A stored value that breaks the schema is reported, not silently replaced.
      await writeSetting(db(), FLASH_CONFIG_SETTING_KEY, { durations: [] }, null);
      const broken = await api(t.app, 'GET', '/api/trading/flash/config');
      expect(broken.status).toBe(500);
      expect(broken.body.message).toBe('秒合约配置已损坏，请联系管理员');
    } finally {
      await db().delete(appSettings).where(eq(appSettings.key, FLASH_CONFIG_SETTING_KEY));
      await pastOrdersCopy();
    }
  });
});

describe('POST /api/trading/flash/order', () => {
  it('never opens on a price observed more than 1 s before the order: a 1.5 s old tick is passed over', async () => {
    const { token } = await trader('1000');
    const stale = Date.now() - 1500;
    await recordTick(db(), 'ADAUSDT', '123456', stale);
    const res = await place(token, { symbol: 'ADAUSDT', direction: 'up', amount: '10', duration: 60 });
    expect(res.status, res.body.message).toBe(200);
    const { order, contract } = res.body.data as Placed;
    expect(contract.entry.price).not.toBe('123456');
    expect(contract.entry.source).toBe('index');
    expect(contract.entry.components?.map((c) => c.source)).toEqual(['sim-a', 'sim-b', 'sim-c']);
    expect(Date.parse(contract.entry.at)).toBeGreaterThanOrEqual(Date.parse(order.created_at) - 1000);
  });

  it('judges the entry price’s age at the request’s arrival, not after the engine’s own reads', async () => {
    // The order arrived 0.9 s before the engine took it (the route's elapsed time) and the pair read
    // takes 0.5 s more; the tick was 0.3 s old on arrival: it is the order's price. Counted from the
    // engine's start instead, the same tick is 1.2 s old and passed over.
    const { id } = await trader('1000');
    const arrived = Date.now();
    await recordTick(db(), 'DOGEUSDT', '0.123', arrived - 300);
    let clock = arrived + 900;
    const engine = createFlashEngine(
      withSlowPairReads(testTradingDeps(db(), { now: () => clock }), () => {
        clock += 500;
      }),
    );
    const body = { symbol: 'DOGEUSDT', direction: 'up', amount: '10', duration: 60 } as const;
    const onArrival = await engine.placeOrder(id, body, { sinceArrivalMs: 900 });
    expect(toTimedContract(onArrival.contract).entry).toMatchObject({ price: '0.123', source: 'test' });
    clock = arrived + 900;
    // (The test's venues answer nothing, so the order is refused rather than priced by a venue.)
    await expect(engine.placeOrder(id, body)).rejects.toThrow('行情更新中，请重试');
  });

  it('opens at the reference price: order pending, stake frozen, contract stored with its entry', async () => {
    const { token, id } = await trader('1000');
    const before = Date.now();
    await recordTick(db(), 'BTCUSDT', '95000.5', before);
    const res = await place(token, { symbol: 'btc/usdt', direction: 'up', amount: '100', duration: 60 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('下单成功');
    const { order, contract } = res.body.data as Placed;
    expect(order).toMatchObject({
      product: 'flash',
      symbol: 'BTCUSDT',
      base_currency: 'BTC',
      quote_currency: 'USDT',
      side: 'up',
      type: null,
      amount: '100',
      amount_currency: 'USDT',
      price: '95000.5',
      quote_amount: '100',
      status: 'pending',
    });
    expect(Date.parse(order.expires_at as string) - Date.parse(order.created_at)).toBe(60_000);
    expect(contract).toMatchObject({
      order_id: order.id,
      direction: 'up',
      stake: '100',
      payout_rate: '0.15',
      duration: 60,
      level: null,
      entry: { price: '95000.5', source: 'test', at: new Date(before).toISOString() },
      settlement: null,
      status: 'open',
      outcome: null,
      payout: null,
    });
    expect(await usdt(db(), id)).toEqual({ available: '900', frozen: '100' });
    expect(await journalCount(db(), [`flash:${order.id}:open`])).toBe(1);
    // It shows among the user's orders of every product.
    const own = await api<{ orders: TradeOrder[] }>(t.app, 'GET', '/api/trading/orders?product=flash', {
      token,
    });
    expect(own.body.data?.orders.map((o) => o.id)).toEqual([order.id]);
  });

  it('refuses a stake with too many decimals in English for an English reader', async () => {
    const { token } = await trader('50');
    await recordTick(db(), 'ETHUSDT', '3400', Date.now());
    const res = await api(t.app, 'POST', '/api/trading/flash/order', {
      token,
      body: { symbol: 'ETHUSDT', direction: 'up', amount: '10.123', duration: 30 },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Stake amount can have at most 2 decimal places');
  });

  it('refuses bad input and broken rules with a Chinese message, and changes nothing', async () => {
    const { token, id } = await trader('50');
    await db().update(tradingPairs).set({ enabled: false }).where(eq(tradingPairs.symbol, 'UNIUSDT'));
    await recordTick(db(), 'ETHUSDT', '3400', Date.now());
    const body = { symbol: 'ETHUSDT', direction: 'up', amount: '20', duration: 30 };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ duration: 45 }, 422, '不支持的周期，可选：30、60、120、300 秒'],
      [{ amount: '9.99' }, 422, '投注金额不能低于 10 USDT'],
      [{ amount: '50000.01' }, 422, '投注金额不能超过 50000 USDT'],
      // USDT has 2 decimals: a stake of 10.123 would be confirmed and shown as 10.12.
      [{ amount: '10.123' }, 400, '投注金额最多保留 2 位小数'],
      [{ amount: '20.100' }, 400, '投注金额最多保留 2 位小数'],
      [{ amount: '40', symbol: 'UNIUSDT' }, 404, '交易对不存在或已停用：UNIUSDT'],
      [{ symbol: 'NOPEUSDT' }, 404, '交易对不存在或已停用：NOPEUSDT'],
      [{ amount: '60' }, 422, '余额不足'],
      [{ direction: 'sideways' }, 400, '方向必须是 up（看涨）或 down（看跌）'],
      [{ amount: '10.123456789' }, 400, '金额格式不正确'],
      [{ amount: '-10' }, 400, '金额格式不正确'],
      [{ duration: 'soon' }, 400, 'duration'],
      [{ client_order_id: 'no spaces allowed' }, 400, 'client_order_id'],
    ];
    for (const [change, status, message] of cases) {
      const res = await place(token, { ...body, ...change });
      expect(res.status, message).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(message);
    }
    expect((await api(t.app, 'POST', '/api/trading/flash/order', { body })).status).toBe(401);
    expect(await db().select().from(tradeOrders).where(eq(tradeOrders.userId, id))).toEqual([]);
    expect(await usdt(db(), id)).toEqual({ available: '50', frozen: '0' });
    await db().update(tradingPairs).set({ enabled: true }).where(eq(tradingPairs.symbol, 'UNIUSDT'));
  });

  it('a client_order_id makes retries, sequential or concurrent, return the first order', async () => {
    const { token, id } = await trader('1000');
    await recordTick(db(), 'SOLUSDT', '190', Date.now());
    const body = {
      symbol: 'SOLUSDT',
      direction: 'down',
      amount: '10',
      duration: 30,
      client_order_id: 'flash-1',
    };
    const first = await place(token, body);
    const again = await place(token, body);
    expect(again.body.data?.order.id).toBe(first.body.data?.order.id);
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => place(token, { ...body, client_order_id: 'flash-2' })),
    );
    expect(racing.every((r) => r.status === 200)).toBe(true);
    expect(new Set(racing.map((r) => r.body.data?.order.id)).size).toBe(1);
    expect(await usdt(db(), id)).toEqual({ available: '980', frozen: '20' });
  });

  it('parallel orders at one balance: exactly as many as it covers go through', async () => {
    const { token, id } = await trader('100');
    await recordTick(db(), 'BNBUSDT', '650', Date.now());
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        place(token, { symbol: 'BNBUSDT', direction: 'up', amount: '20', duration: 30 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422 && r.body.message === '余额不足')).toHaveLength(3);
    expect(await usdt(db(), id)).toEqual({ available: '0', frozen: '100' });
    await assertLedgerOk(db());
  });

  it('at most 200 open contracts per user', async () => {
    const { token, id } = await trader('1000');
    await insertOpenContracts(db(), {
      userIds: [id],
      perUser: 200,
      symbols: ['LINKUSDT'],
      stake: '10',
      payoutRate: '0.2',
      entryPrice: '22',
      openedAt: Date.now(),
      expiresAt: Date.now() + 120_000,
    });
    await recordTick(db(), 'LINKUSDT', '22', Date.now());
    const res = await place(token, { symbol: 'LINKUSDT', direction: 'up', amount: '10', duration: 300 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('未结算的合约过多（最多 200 笔），请等待结算后再下单');
    expect(await usdt(db(), id)).toEqual({ available: '1000', frozen: '2000' });
  });
});

describe('GET /api/trading/flash/history and /stats', () => {
  it('show each contract with entry and settlement prices, and count outcomes, stakes and profit', async () => {
    const { token, id } = await trader('1000');
    // Each order's entry tick is recorded just before it (a timed entry must be at most 1 s old when
    // the order arrives: ticks recorded once for all five went stale on a loaded machine).
    const entryAt = new Map<string, number>();
    const open = async (symbol: string, price: string, direction: string, amount: string, duration = 30) => {
      const at = Date.now();
      await recordTick(db(), symbol, price, at);
      entryAt.set(symbol, at);
      return (await place(token, { symbol, direction, amount, duration })).body.data?.order as TradeOrder;
    };
    const win = await open('ADAUSDT', '1', 'up', '100');
    const loss = await open('XRPUSDT', '2', 'up', '50');
    const draw = await open('DOTUSDT', '7', 'down', '20');
    const voided = await open('AVAXUSDT', '38', 'down', '10');
    const still = await open('TONUSDT', '5', 'up', '10', 300);
    const expiry = (o: TradeOrder) => Date.parse(o.expires_at as string);
    await recordTick(db(), 'ADAUSDT', '1.1', expiry(win) - 100);
    await recordTick(db(), 'XRPUSDT', '1.9', expiry(loss));
    await recordTick(db(), 'DOTUSDT', '7', expiry(draw) - 4000);

    const settleAt = expiry(voided) + 31_000;
    const settler = createFlashEngine(testTradingDeps(db(), { now: () => settleAt }));
    await settler.settleDueContracts(new Date(settleAt));

    const res = await api<{ contracts: TimedContract[]; pagination: unknown }>(
      t.app,
      'GET',
      '/api/trading/flash/history?limit=10',
      { token },
    );
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data?.contracts.map((c) => [c.order_id, c]));
    expect(res.body.data?.contracts.map((c) => c.order_id)).toEqual([
      still.id,
      voided.id,
      draw.id,
      loss.id,
      win.id,
    ]);
    expect(byId.get(win.id)).toMatchObject({
      outcome: 'win',
      payout: '110',
      profit: '10',
      status: 'settled',
      entry: { price: '1', source: 'test', at: new Date(entryAt.get('ADAUSDT') ?? 0).toISOString() },
      settlement: { price: '1.1', source: 'test', at: new Date(expiry(win) - 100).toISOString() },
      settled_at: new Date(settleAt).toISOString(),
    });
    expect(byId.get(loss.id)).toMatchObject({ outcome: 'loss', payout: '0', profit: '-50' });
    expect(byId.get(draw.id)).toMatchObject({ outcome: 'draw', payout: '20', profit: '0' });
    expect(byId.get(voided.id)).toMatchObject({
      outcome: 'void',
      payout: '10',
      profit: '0',
      settlement: null,
    });
    expect(byId.get(still.id)).toMatchObject({ status: 'open', outcome: null, payout: null, profit: null });

    const paged = await api<{ contracts: TimedContract[]; pagination: unknown }>(
      t.app,
      'GET',
      '/api/trading/flash/history?page=2&limit=2&status=settled',
      { token },
    );
    expect(paged.body.data?.pagination).toEqual({ page: 2, limit: 2, total: 4, totalPages: 2 });
    expect(paged.body.data?.contracts.map((c) => c.order_id)).toEqual([loss.id, win.id]);
    expect((await api(t.app, 'GET', '/api/trading/flash/history?status=nope', { token })).status).toBe(400);

    const stats = await api<TimedStats>(t.app, 'GET', '/api/trading/flash/stats', { token });
    expect(stats.body.data).toEqual({
      total: 5,
      open: 1,
      wins: 1,
      losses: 1,
      draws: 1,
      voids: 1,
      total_stake: '190',
      total_payout: '140',
      net_profit: '-40',
      win_rate: '50.00',
    });
    expect(await usdt(db(), id)).toEqual({ available: '950', frozen: '10' });
    // Orders of settled contracts are filled; the socket would carry them (realtime is silent here).
    const own = await api<{ orders: TradeOrder[] }>(t.app, 'GET', '/api/trading/orders?product=flash', {
      token,
    });
    expect(own.body.data?.orders.filter((o) => o.status === 'filled')).toHaveLength(4);
    expect((await api(t.app, 'GET', '/api/trading/flash/stats')).status).toBe(401);
    await assertLedgerOk(db());
  });
});
