import {
  DEFAULT_OPTION_CONFIG,
  type OptionConfig,
  type OptionConfigForUser,
  type TimedContract,
  type TimedStats,
  type TradeOrder,
} from '@platform/contracts';
import { periodAt } from '@platform/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import {
  api,
  createAdmin,
  createTestApp,
  registerUser,
  saveApproved,
  type TestApp,
} from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { recordTick, testTradingDeps, withSlowPairReads } from '../testing/trading-fixtures.ts';
import { toTimedContract } from '../timed/timed.service.ts';
import { clockDeps, contractRow, era, fixedClock, fundedUsers, usdt } from '../timed/timed.test-helpers.ts';
import { createOptionEngine } from './option.engine.ts';

/**
 * The option calls. HTTP tests run on real time (a tick at Date.now() fixes the entry price);
 * period rules run on an engine with a fixed clock on the same database, on symbols that the
 * real-time tests never use (a later tick would otherwise be the fixed clock's "current" price).
 */

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createAdmin(t, 'admin')).token;
});
afterAll(() => t?.close());

const db = () => t.database.db;
type Placed = { order: TradeOrder; contract: TimedContract };

async function saveConfig(change: Partial<OptionConfig>) {
  // A proposal another admin approves (docs/pending-changes.md).
  await saveApproved(t, 'POST', '/api/admin/trading/options/config', {
    token: adminToken,
    body: { ...DEFAULT_OPTION_CONFIG, ...change },
  });
}
beforeEach(() => saveConfig({}));

async function trader(amount = '10000') {
  const user = await registerUser(t.app);
  await fundUser(db(), user.user.id, amount);
  return { token: user.token, id: user.user.id };
}
const place = (token: string, body: Record<string, unknown>) =>
  api<Placed>(t.app, 'POST', '/api/trading/option/order', { token, body });

/**
 * An instant at Beijing time hh:mm:ss of a fixed day (UTC+8, no daylight saving); hh 24 and above
 * run into the next day, so (23, 59) and (24, 0) are one minute apart across midnight.
 */
const beijing = (day: number, hh: number, mm: number, ss = 0) =>
  era(day) + ((hh - 8) * 3600 + mm * 60 + ss) * 1000;

describe('GET /api/trading/option/config', () => {
  it("answers the product parameters, the current period and each level's availability for the caller", async () => {
    const { token } = await trader();
    const res = await api<OptionConfigForUser>(t.app, 'GET', '/api/trading/option/config', { token });
    expect(res.status).toBe(200);
    const data = res.body.data as OptionConfigForUser;
    const period = periodAt(DEFAULT_OPTION_CONFIG.timeWindows, Date.parse(data.server_time));
    expect(data).toMatchObject({
      enabled: true,
      maintenanceMode: false,
      tradable: true,
      period,
      inWindow: period === 'window',
      durations: [60, 180, 300, 600],
      currency: 'USDT',
      min_stake: '10',
      max_stake: '50000',
      valid_orders: { window: 0, nonWindow: 0 },
      timeWindows: DEFAULT_OPTION_CONFIG.timeWindows,
      minTradeRequirements: DEFAULT_OPTION_CONFIG.minTradeRequirements,
    });
    expect(data).not.toHaveProperty('profitLoss');
    expect(data.pairs.map((p) => p.symbol)).toContain('BTCUSDT');
    const min = period === 'window' ? 3 : 5;
    expect(data.levels[0]).toMatchObject({
      level: 1,
      percentage: 80,
      payout_rate: '0.8',
      available: true,
      reason: null,
    });
    expect(data.levels[1]).toMatchObject({
      level: 2,
      available: false,
      reason: 'not_opened',
      reason_text: `需完成 ${min} 笔有效订单后开放该等级`,
      orders_needed: min,
    });
    if (period === 'nonWindow') {
      expect(data.levels[2]).toMatchObject({
        available: false,
        reason: 'not_in_period',
        reason_text: '该投资等级在非窗口期不可用',
      });
    }
    expect((await api(t.app, 'GET', '/api/trading/option/config')).status).toBe(401);
  });
});

describe('POST /api/trading/option/order', () => {
  it('opens at the reference price with the level, its payout rate and the period stored', async () => {
    const { token, id } = await trader('1000');
    const now = Date.now();
    await recordTick(db(), 'BTCUSDT', '95000', now);
    const res = await place(token, {
      symbol: 'BTCUSDT',
      direction: 'call',
      amount: '100',
      level: 1,
      duration: 60,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('下单成功');
    expect(res.body.data?.order).toMatchObject({
      product: 'option',
      side: 'call',
      amount: '100',
      price: '95000',
      status: 'pending',
    });
    expect(res.body.data?.contract).toMatchObject({
      level: 1,
      payout_rate: '0.8',
      duration: 60,
      period: periodAt(
        DEFAULT_OPTION_CONFIG.timeWindows,
        Date.parse(res.body.data?.order.created_at as string),
      ),
      entry: { price: '95000', source: 'test' },
    });
    expect(await usdt(db(), id)).toEqual({ available: '900', frozen: '100' });
  });

  it('judges the entry price’s age at the request’s arrival, not after the engine’s own reads', async () => {
    // As for flash: arrived 0.9 s before the engine took it, 0.5 s of pair read, a tick 0.3 s old
    // on arrival is the price; counted from the engine's start it is 1.2 s old and passed over.
    const { id } = await trader();
    const arrived = Date.now();
    await recordTick(db(), 'DOGEUSDT', '0.456', arrived - 300);
    let clock = arrived + 900;
    const engine = createOptionEngine(
      withSlowPairReads(testTradingDeps(db(), { now: () => clock }), () => {
        clock += 500;
      }),
    );
    const body = { symbol: 'DOGEUSDT', direction: 'call', amount: '10', duration: 60, level: 1 } as const;
    const onArrival = await engine.placeOrder(id, body, { sinceArrivalMs: 900 });
    expect(toTimedContract(onArrival.contract).entry).toMatchObject({ price: '0.456', source: 'test' });
    clock = arrived + 900;
    // (The test's venues answer nothing, so the order is refused rather than priced by a venue.)
    await expect(engine.placeOrder(id, body)).rejects.toThrow('行情更新中，请重试');
  });

  it('refuses when switched off, in maintenance, or for a bad level, duration or stake, and changes nothing', async () => {
    const { token, id } = await trader('100');
    await recordTick(db(), 'ETHUSDT', '3400', Date.now());
    const body = { symbol: 'ETHUSDT', direction: 'put', amount: '20', level: 1, duration: 60 };
    const expectRefused = async (change: Record<string, unknown>, status: number, message: string) => {
      const res = await place(token, { ...body, ...change });
      expect(res.status, message).toBe(status);
      expect(res.body.message).toContain(message);
    };

    await saveConfig({ globalSettings: { enabled: false, maintenanceMode: false } });
    await expectRefused({}, 422, '期权交易已关闭');
    const closed = await api<OptionConfigForUser>(t.app, 'GET', '/api/trading/option/config', { token });
    expect(closed.body.data).toMatchObject({ enabled: false, tradable: false });
    await saveConfig({ globalSettings: { enabled: true, maintenanceMode: true } });
    await expectRefused({}, 422, '期权交易维护中，请稍后再试');
    await saveConfig({
      timeWindows: [],
      investmentLevels: [
        { level: 1, percentage: 80, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
        { level: 2, percentage: 85, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: false },
        { level: 3, percentage: 90, windowPeriodEnabled: true, nonWindowPeriodEnabled: false, enabled: true },
        { level: 4, percentage: 95, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
      ],
    });
    await expectRefused({ level: 9 }, 422, '投资等级不存在');
    await expectRefused({ level: 2 }, 422, '该投资等级已停用');
    // No windows: always the non-window period.
    await expectRefused({ level: 3 }, 422, '该投资等级在非窗口期不可用');
    await expectRefused({ level: 4 }, 422, '需完成 15 笔有效订单后开放该等级');
    await expectRefused({ duration: 30 }, 422, '不支持的期权周期，可选：60、180、300、600 秒');
    await expectRefused({ amount: '9' }, 422, '投注金额不能低于 10 USDT');
    await expectRefused({ amount: '50001' }, 422, '投注金额不能超过 50000 USDT');
    await expectRefused({ amount: '10.123' }, 400, '投注金额最多保留 2 位小数');
    await expectRefused({ amount: '101' }, 422, '余额不足');
    await expectRefused({ direction: 'up' }, 400, '方向必须是 call（看涨）或 put（看跌）');
    await expectRefused({ level: 0 }, 400, '投资等级必须是正整数');
    await expectRefused({ symbol: 'NOPEUSDT' }, 404, '交易对不存在或已停用');
    expect(await usdt(db(), id)).toEqual({ available: '100', frozen: '0' });
    const own = await api<{ orders: TradeOrder[] }>(t.app, 'GET', '/api/trading/orders', { token });
    expect(own.body.data?.orders).toEqual([]);
  });
});

describe('periods and level opening (fixed clock)', () => {
  it('detects a window that crosses Beijing midnight at its boundaries (23:55-00:05; 23:59 → 00:00)', async () => {
    await saveConfig({
      timeWindows: [{ start: '23:55', end: '00:05', enabled: true }],
      investmentLevels: [
        { level: 1, percentage: 70, windowPeriodEnabled: true, nonWindowPeriodEnabled: false, enabled: true },
        { level: 2, percentage: 60, windowPeriodEnabled: false, nonWindowPeriodEnabled: true, enabled: true },
      ],
      minTradeRequirements: { windowTime: 1, nonWindowTime: 1 },
    });
    const [user] = await fundedUsers(db(), 1, '1000');
    if (!user) throw new Error('no user');
    const clock = fixedClock(0);
    const engine = createOptionEngine(clockDeps(db(), clock));
    const cases: Array<[number, 'window' | 'nonWindow']> = [
      [beijing(20, 23, 54, 59), 'nonWindow'],
      [beijing(20, 23, 55, 0), 'window'],
      [beijing(20, 23, 59, 0), 'window'],
      [beijing(20, 23, 59, 59), 'window'],
      [beijing(20, 24, 0, 0), 'window'],
      [beijing(20, 24, 4, 59), 'window'],
      [beijing(20, 24, 5, 0), 'nonWindow'],
    ];
    for (const [at, expected] of cases) {
      clock.set(at);
      const label = `${new Date(at + 8 * 3_600_000).toISOString()} Beijing`;
      const view = await engine.configFor(user);
      expect(view.period, label).toBe(expected);
      expect(view.beijing_time).toBe(new Date(at + 8 * 3_600_000).toISOString().slice(11, 19));
      expect(view.activeWindow, label).toEqual(
        expected === 'window' ? { start: '23:55', end: '00:05', enabled: true } : null,
      );
      await recordTick(db(), 'NEARUSDT', '5.5', at);
      // Level 1 is valid in the window only: it is placed inside and refused outside.
      const attempt = engine.placeOrder(user, {
        symbol: 'NEARUSDT',
        direction: 'call',
        amount: '10',
        level: 1,
        duration: 60,
      });
      if (expected === 'window') {
        const { contract } = await attempt;
        expect(contract.period, label).toBe('window');
      } else {
        await expect(attempt, label).rejects.toThrow('该投资等级在非窗口期不可用');
      }
    }
    // 23:59 Beijing is 15:59 UTC; the next minute, 00:00 Beijing, is 16:00 UTC of the same UTC day.
    expect(new Date(beijing(20, 23, 59)).toISOString().slice(11, 16)).toBe('15:59');
    expect(beijing(20, 24, 0) - beijing(20, 23, 59)).toBe(60_000);
    expect(new Date(beijing(20, 24, 0)).toISOString().slice(11, 16)).toBe('16:00');
  });

  it('opens a level after the valid orders of the same period type; draws and voids do not count', async () => {
    await saveConfig({
      timeWindows: [{ start: '10:00', end: '11:00', enabled: true }],
      investmentLevels: [
        { level: 1, percentage: 80, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
        { level: 2, percentage: 85, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
        { level: 3, percentage: 90, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
      ],
      minTradeRequirements: { windowTime: 1, nonWindowTime: 1 },
    });
    const [user] = await fundedUsers(db(), 1, '1000');
    if (!user) throw new Error('no user');
    const clock = fixedClock(beijing(30, 10, 30));
    const engine = createOptionEngine(clockDeps(db(), clock));
    const symbol = 'APTUSDT';
    /** Places at the clock, sets the price at expiry and settles; returns the contract row. */
    const trade = async (level: number, direction: 'call' | 'put', settle: string | null) => {
      await recordTick(db(), symbol, '10', clock.now());
      const { order } = await engine.placeOrder(user, {
        symbol,
        direction,
        amount: '100',
        level,
        duration: 60,
      });
      const expiry = clock.advance(60_000);
      if (settle) await recordTick(db(), symbol, settle, expiry);
      await engine.settleDueContracts(new Date(clock.advance(settle ? 2000 : 31_000)));
      return contractRow(db(), order.id);
    };
    const level2 = () =>
      engine.placeOrder(user, { symbol, direction: 'call', amount: '10', level: 2, duration: 60 });

    // Window period: level 2 needs one valid window order.
    await recordTick(db(), symbol, '10', clock.now());
    await expect(level2()).rejects.toThrow('需完成 1 笔有效订单后开放该等级');
    expect(await trade(1, 'call', '10')).toMatchObject({ outcome: 'draw', period: 'window' });
    expect(await trade(1, 'call', null)).toMatchObject({ outcome: 'void', period: 'window' });
    await recordTick(db(), symbol, '10', clock.now());
    await expect(level2()).rejects.toThrow('需完成 1 笔有效订单后开放该等级');
    const lost = await trade(1, 'call', '9');
    expect(lost).toMatchObject({ outcome: 'loss', period: 'window' });
    expect(lost.payout).toMatch(/^0\.?0*$/);
    const won = await trade(2, 'put', '9');
    expect(won).toMatchObject({ outcome: 'win', level: 2, period: 'window' });
    expect(won.payout).toMatch(/^185\.?0*$/);

    // Outside the window the non-window count applies: none yet.
    clock.set(beijing(30, 12, 0));
    await recordTick(db(), symbol, '10', clock.now());
    await expect(level2()).rejects.toThrow('需完成 1 笔有效订单后开放该等级');
    let view = await engine.configFor(user);
    expect(view).toMatchObject({ period: 'nonWindow', valid_orders: { window: 2, nonWindow: 0 } });
    expect(view.levels.map((l) => l.available)).toEqual([true, false, false]);
    await trade(1, 'put', '11');
    view = await engine.configFor(user);
    expect(view.valid_orders).toEqual({ window: 2, nonWindow: 1 });
    expect(view.levels.map((l) => [l.available, l.orders_needed])).toEqual([
      [true, 0],
      [true, 1],
      [false, 2],
    ]);
    expect(view.levels[2]?.reason_text).toBe('需完成 2 笔有效订单后开放该等级');

    // A config change after placement changes nothing about a placed contract's payout.
    await recordTick(db(), symbol, '10', clock.now());
    const { order } = await engine.placeOrder(user, {
      symbol,
      direction: 'call',
      amount: '100',
      level: 2,
      duration: 60,
    });
    await saveConfig({
      timeWindows: [{ start: '10:00', end: '11:00', enabled: true }],
      investmentLevels: [
        { level: 1, percentage: 10, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: true },
        { level: 2, percentage: 10, windowPeriodEnabled: true, nonWindowPeriodEnabled: true, enabled: false },
      ],
    });
    await recordTick(db(), symbol, '10.5', clock.advance(60_000));
    await engine.settleDueContracts(new Date(clock.advance(2000)));
    const settled = await contractRow(db(), order.id);
    expect(settled.outcome).toBe('win');
    expect(settled.payout).toMatch(/^185\.?0*$/);
    // 1000 − 100 (draw back) … : draw 0, void 0, loss −100, win +85, loss −100, win +85
    expect(await usdt(db(), user)).toEqual({ available: '970', frozen: '0' });
    await assertLedgerOk(db());
  });
});

describe('GET /api/trading/option/active, /history and /stats', () => {
  it('list open options with the seconds left, then settled ones with their prices and the counts', async () => {
    const { token, id } = await trader('1000');
    const now = Date.now();
    await recordTick(db(), 'SOLUSDT', '190', now);
    await recordTick(db(), 'BNBUSDT', '650', now);
    const first = (
      await place(token, { symbol: 'SOLUSDT', direction: 'call', amount: '100', level: 1, duration: 60 })
    ).body.data?.order as TradeOrder;
    const second = (
      await place(token, { symbol: 'BNBUSDT', direction: 'put', amount: '50', level: 1, duration: 180 })
    ).body.data?.order as TradeOrder;

    const active = await api<{ contracts: Array<TimedContract & { seconds_left: number }> }>(
      t.app,
      'GET',
      '/api/trading/option/active',
      { token },
    );
    expect(active.status).toBe(200);
    expect(active.body.data?.contracts.map((c) => c.order_id)).toEqual([first.id, second.id]);
    const [a, b] = active.body.data?.contracts ?? [];
    expect(a?.seconds_left).toBeGreaterThan(50);
    expect(a?.seconds_left).toBeLessThanOrEqual(60);
    expect(b?.seconds_left).toBeGreaterThan(170);

    const expiry = Date.parse(first.expires_at as string);
    await recordTick(db(), 'SOLUSDT', '191', expiry - 1000);
    const settler = createOptionEngine(testTradingDeps(db(), { now: () => expiry + 2000 }));
    await settler.settleDueContracts(new Date(expiry + 2000));

    const after = await api<{ contracts: TimedContract[] }>(t.app, 'GET', '/api/trading/option/active', {
      token,
    });
    expect(after.body.data?.contracts.map((c) => c.order_id)).toEqual([second.id]);
    const history = await api<{ contracts: TimedContract[]; pagination: unknown }>(
      t.app,
      'GET',
      '/api/trading/option/history',
      { token },
    );
    expect(history.body.data?.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    expect(history.body.data?.contracts[1]).toMatchObject({
      order_id: first.id,
      product: 'option',
      level: 1,
      outcome: 'win',
      payout: '180',
      profit: '80',
      settlement: { price: '191', source: 'test', at: new Date(expiry - 1000).toISOString() },
    });
    const stats = await api<TimedStats>(t.app, 'GET', '/api/trading/option/stats', { token });
    expect(stats.body.data).toEqual({
      total: 2,
      open: 1,
      wins: 1,
      losses: 0,
      draws: 0,
      voids: 0,
      total_stake: '150',
      total_payout: '180',
      net_profit: '80',
      win_rate: '100.00',
    });
    expect(await usdt(db(), id)).toEqual({ available: '1030', frozen: '50' });
    for (const path of ['active', 'history', 'stats']) {
      expect((await api(t.app, 'GET', `/api/trading/option/${path}`)).status).toBe(401);
    }
  });

  it('an engine refusal is an AppError with the reason in its data', async () => {
    await saveConfig({ timeWindows: [] });
    const [user] = await fundedUsers(db(), 1, '100');
    if (!user) throw new Error('no user');
    const engine = createOptionEngine(testTradingDeps(db()));
    const err = await engine
      .placeOrder(user, { symbol: 'BTCUSDT', direction: 'call', amount: '10', level: 3, duration: 60 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).data).toMatchObject({ reason: 'not_in_period', period: 'nonWindow' });
  });
});
