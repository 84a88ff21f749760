import {
  type AdminNotificationEvent,
  RISK_STRESS_MOVES,
  type RiskExposureData,
  type RiskThreshold,
  type TradeOrder,
} from '@platform/contracts';
import {
  Decimal,
  exposureString,
  positionHouseResult,
  timedHouseResult,
  timedWorstCasePayout,
} from '@platform/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { fundUser } from '../../test/money.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import type { PerLanguage } from '../realtime/realtime.ts';
import { createTradingExposure, fundingSums } from '../trading/exposure/exposure.service.ts';
import { createFlashEngine } from '../trading/flash/flash.engine.ts';
import { createPerpetualFunding, type FundingRates } from '../trading/perpetual/funding.service.ts';
import { insuranceFundBalance } from '../trading/perpetual/insurance-fund.ts';
import { createPerpetualEngine } from '../trading/perpetual/perpetual.engine.ts';
import { perpetualClient, setPrice } from '../trading/perpetual/perpetual.test-helpers.ts';
import { recordTick, testTradingDeps } from '../trading/testing/trading-fixtures.ts';
import {
  perpetualFundingPayments,
  perpetualPositions,
  priceTicks,
  timedContracts,
} from '../trading/trading.schema.ts';
import { riskAlerts } from './risk.schema.ts';
import { createRiskService } from './risk.service.ts';

/**
 * 风险敞口 over HTTP: positions and contracts opened through the engines' routes, the figures checked
 * against a recomputation position by position and contract by contract (not the aggregates), after
 * a price move, a close and a settlement; admin only; a threshold crossing notifies once.
 */

let t: TestApp;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
});
afterAll(() => t?.close());

const db = () => t.database.db;
const exposure = async () => {
  const res = await api<RiskExposureData>(t.app, 'GET', '/api/admin/risk/exposure?fresh=true', {
    token: admin.token,
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as RiskExposureData;
};

const sum = (values: Decimal[]) => values.reduce((s, v) => s.plus(v), new Decimal(0));

/** The figures again, one position and one contract at a time, from the rows and the latest ticks. */
async function recompute() {
  const positions = await db().select().from(perpetualPositions).where(eq(perpetualPositions.status, 'open'));
  const contracts = await db().select().from(timedContracts).where(eq(timedContracts.status, 'open'));
  const symbols = [...new Set([...positions.map((p) => p.symbol), ...contracts.map((c) => c.symbol)])].sort();
  const marks = new Map<string, string>();
  for (const symbol of symbols) {
    const [tick] = await db()
      .select({ price: priceTicks.price })
      .from(priceTicks)
      .where(eq(priceTicks.symbol, symbol))
      .orderBy(desc(priceTicks.at))
      .limit(1);
    if (tick) marks.set(symbol, tick.price);
  }
  const stress = RISK_STRESS_MOVES.map(() => new Decimal(0));
  const pairs = symbols.map((symbol) => {
    const mark = marks.get(symbol) as string;
    const ps = positions.filter((p) => p.symbol === symbol);
    const cs = contracts.filter((c) => c.symbol === symbol);
    const side = (s: string) => ps.filter((p) => p.side === s);
    const notional = (s: string) => sum(side(s).map((p) => new Decimal(p.quantity).times(mark)));
    const house = (price: string) =>
      sum(
        ps.map((p) =>
          positionHouseResult(p.side as 'long' | 'short', p.quantity, p.entryPrice, p.margin, price),
        ),
      );
    const dir = (up: boolean) => {
      const mine = cs.filter((c) => ['up', 'call'].includes(c.direction) === up);
      return {
        stake: sum(mine.map((c) => new Decimal(c.stake))).toFixed(),
        profit: sum(mine.map((c) => new Decimal(c.stake).times(c.payoutRate))).toFixed(),
      };
    };
    const up = dir(true);
    const down = dir(false);
    RISK_STRESS_MOVES.forEach((move, i) => {
      const moved = new Decimal(mark).times(new Decimal(1).plus(move)).toFixed();
      stress[i] = (stress[i] as Decimal).plus(house(moved)).plus(timedHouseResult(up, down, move));
    });
    return {
      symbol,
      perpetual_long_notional: exposureString(notional('long')),
      perpetual_short_notional: exposureString(notional('short')),
      perpetual_unrealised_pnl: exposureString(house(mark)),
      timed_open_stake_up: exposureString(new Decimal(up.stake)),
      timed_open_stake_down: exposureString(new Decimal(down.stake)),
      timed_worst_case_payout: exposureString(timedWorstCasePayout(up, down)),
      funding_received: '0',
      funding_paid: '0',
    };
  });
  return {
    pairs,
    stress: RISK_STRESS_MOVES.map((move, i) => ({
      move,
      house_result: exposureString(stress[i] as Decimal),
    })),
    openPositions: positions.length,
    openContracts: contracts.length,
  };
}

async function expectMatchesRecomputation() {
  const [data, expected] = [await exposure(), await recompute()];
  expect(data.pairs).toEqual(expected.pairs);
  expect(data.stress).toEqual(expected.stress);
  expect(data.totals.open_positions).toBe(expected.openPositions);
  expect(data.totals.open_contracts).toBe(expected.openContracts);
  expect(data.totals.perpetual_long_notional).toBe(
    exposureString(sum(expected.pairs.map((p) => new Decimal(p.perpetual_long_notional)))),
  );
  expect(data.insurance_fund).toBe(exposureString(new Decimal(await insuranceFundBalance(db()))));
  return data;
}

async function trader(funds = '100000') {
  const u = await registerUser(t.app);
  if (funds !== '0') await fundUser(db(), u.user.id, funds);
  return { token: u.token, id: u.user.id };
}

describe('GET /api/admin/risk/exposure', () => {
  it('is for admins: a user is refused 403, a guest 401', async () => {
    const user = await trader('0');
    expect((await api(t.app, 'GET', '/api/admin/risk/exposure', { token: user.token })).status).toBe(403);
    expect((await api(t.app, 'GET', '/api/admin/risk/exposure')).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/admin/risk/thresholds', { token: user.token })).status).toBe(403);
  });

  it('equals a recomputation from the positions and contracts opened through the engines, after a move, a close and a settlement', async () => {
    const empty = await exposure();
    expect(empty.pairs).toEqual([]);
    expect(empty.stress.map((s) => s.house_result)).toEqual(['0', '0', '0', '0']);

    const perp = perpetualClient(t);
    const [a, b, c] = [await trader(), await trader(), await trader()];
    await setPrice(db(), 'BTCUSDT', '100000');
    await setPrice(db(), 'ETHUSDT', '3000');
    const longA = await perp.opened(a.token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
    });
    const shortB = await perp.opened(b.token, {
      symbol: 'BTCUSDT',
      side: 'short',
      margin: '300',
      leverage: 5,
    });
    const longC = await perp.opened(c.token, { symbol: 'BTCUSDT', side: 'long', margin: '40', leverage: 50 });
    await perp.opened(c.token, { symbol: 'ETHUSDT', side: 'short', margin: '60', leverage: 20 });

    const flash = (token: string, body: Record<string, unknown>) =>
      api<{ order: TradeOrder }>(t.app, 'POST', '/api/trading/flash/order', { token, body });
    const option = (token: string, body: Record<string, unknown>) =>
      api<{ order: TradeOrder }>(t.app, 'POST', '/api/trading/option/order', { token, body });
    const up = await flash(a.token, { symbol: 'BTCUSDT', direction: 'up', amount: '200', duration: 30 });
    expect(up.status, up.body.message).toBe(200);
    expect(
      (await flash(b.token, { symbol: 'BTCUSDT', direction: 'down', amount: '80', duration: 60 })).status,
    ).toBe(200);
    const call = await option(c.token, {
      symbol: 'ETHUSDT',
      direction: 'call',
      amount: '100',
      level: 1,
      duration: 60,
    });
    expect(call.status, call.body.message).toBe(200);

    const first = await expectMatchesRecomputation();
    const btc = first.pairs.find((p) => p.symbol === 'BTCUSDT');
    expect(btc?.timed_open_stake_up).toBe('200');
    expect(btc?.timed_open_stake_down).toBe('80');
    // up at 10 % pays 220 back; down at 15 % 92: the worst case is the up side winning.
    expect(btc?.timed_worst_case_payout).toBe('220');
    expect(first.totals.open_positions).toBe(4);
    expect(first.totals.open_contracts).toBe(3);
    // 40 × 50 = 2,000 USDT, then 300 × 5 = 1,500: by notional at the mark.
    expect(first.largest_positions.map((p) => p.id).slice(0, 2)).toEqual([
      longC.position.id,
      shortB.position.id,
    ]);
    expect(first.largest_users.map((u) => u.user.id)).toEqual([c.id, b.id, a.id]);
    expect(first.marks.map((m) => m.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    // At −10 % the 50× long is past bankruptcy: the house gains its margin, not more.
    const [down10] = first.stress;
    expect(down10?.move).toBe('-0.1');

    // The mark moves: P&L against the house follows, the 10× long loses what it has.
    await setPrice(db(), 'BTCUSDT', '96000');
    const moved = await expectMatchesRecomputation();
    expect(
      new Decimal(moved.pairs[0]?.perpetual_unrealised_pnl ?? '0').greaterThan(
        first.pairs[0]?.perpetual_unrealised_pnl ?? '0',
      ),
    ).toBe(true);

    // A close takes the position out; a settlement takes the flash contract out.
    expect((await perp.close(a.token, longA.position.id)).status).toBe(200);
    const expiry = Date.parse(up.body.data?.order.expires_at as string);
    await setPrice(db(), 'BTCUSDT', '97000', expiry - 500);
    await createFlashEngine(testTradingDeps(db(), { now: () => expiry + 2000 })).settleDueContracts(
      new Date(expiry + 2000),
    );
    const after = await expectMatchesRecomputation();
    expect(after.totals.open_positions).toBe(3);
    expect(after.totals.open_contracts).toBe(2);
    expect(after.pairs.find((p) => p.symbol === 'BTCUSDT')?.timed_open_stake_up).toBe('0');

    // A liquidation by the job (the mark past the 50× long's liquidation price) takes it out too; the
    // insurance fund shown is the house_insurance balance after it.
    await setPrice(db(), 'BTCUSDT', '98500');
    const now = Date.now();
    await createPerpetualEngine(testTradingDeps(db(), { now: () => now })).checkPositions(new Date(now));
    const [liquidated] = await db()
      .select({ status: perpetualPositions.status })
      .from(perpetualPositions)
      .where(eq(perpetualPositions.orderId, longC.position.id));
    expect(liquidated?.status).toBe('liquidated');
    const last = await expectMatchesRecomputation();
    expect(last.totals.open_positions).toBe(2);
  });

  it('without fresh=true a reply within 5 s of the last computation serves it (computed_at), fresh=true recomputes', async () => {
    const computed = await exposure();
    const perp = perpetualClient(t);
    const d = await trader();
    await setPrice(db(), 'SOLUSDT', '150');
    await perp.opened(d.token, { symbol: 'SOLUSDT', side: 'long', margin: '20', leverage: 5 });
    const cached = await api<RiskExposureData>(t.app, 'GET', '/api/admin/risk/exposure', {
      token: admin.token,
    });
    expect(cached.body.data?.computed_at).toBe(computed.computed_at);
    expect(cached.body.data?.pairs.map((p) => p.symbol)).not.toContain('SOLUSDT');
    const fresh = await expectMatchesRecomputation();
    expect(fresh.pairs.map((p) => p.symbol)).toContain('SOLUSDT');
    const bad = await api(t.app, 'GET', '/api/admin/risk/exposure?fresh=yes', { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it('funding columns are what the funding step posted in the last 24 hours, per pair: received from payers, paid to receivers', async () => {
    const perp = perpetualClient(t);
    const [e, f] = [await trader(), await trader()];
    // A tick of now (setPrice would come after the flash expiry's tick of an earlier test).
    await recordTick(db(), 'XRPUSDT', '0.5', Date.now());
    // Long 2,000 XRP and short 1,000 XRP at 0.5.
    await perp.opened(e.token, { symbol: 'XRPUSDT', side: 'long', margin: '100', leverage: 10 });
    await perp.opened(f.token, { symbol: 'XRPUSDT', side: 'short', margin: '100', leverage: 5 });
    // The funding step with a one-minute interval at the next instant, mark 0.5, rate 0.0001.
    const instant = Math.ceil((Date.now() + 2000) / 60_000) * 60_000;
    for (const symbol of ['XRPUSDT', 'BTCUSDT', 'ETHUSDT', 'SOLUSDT']) {
      const [tick] = await db()
        .select({ price: priceTicks.price })
        .from(priceTicks)
        .where(eq(priceTicks.symbol, symbol))
        .orderBy(desc(priceTicks.at))
        .limit(1);
      if (tick) await recordTick(db(), symbol, tick.price, instant - 300);
    }
    const now = instant + 3000;
    const rates: FundingRates = {
      rateFor: async () => ({
        rate: '0.0001',
        components: [{ source: 'test', rate: '0.0001', status: 'ok' }],
      }),
    };
    await createPerpetualFunding(testTradingDeps(db(), { now: () => now }), {
      perpetual: createPerpetualEngine(testTradingDeps(db(), { now: () => now })),
      rates,
      intervalMinutes: 1,
    }).runFunding(new Date(now));

    const payments = await db().select().from(perpetualFundingPayments);
    expect(payments.length).toBeGreaterThan(1);
    const data = await exposure();
    for (const pair of data.pairs) {
      const mine = payments.filter((p) => p.symbol === pair.symbol).map((p) => new Decimal(p.amount));
      expect(pair.funding_received, pair.symbol).toBe(
        exposureString(sum(mine.filter((a) => a.isNegative())).neg()),
      );
      expect(pair.funding_paid, pair.symbol).toBe(exposureString(sum(mine.filter((a) => a.isPositive()))));
    }
    // The long paid (quantity × mark × 0.0001), the short received.
    const xrp = data.pairs.find((p) => p.symbol === 'XRPUSDT');
    expect(new Decimal(xrp?.funding_received ?? '0').greaterThan(0)).toBe(true);
    expect(new Decimal(xrp?.funding_paid ?? '0').greaterThan(0)).toBe(true);
    expect(data.totals.funding_received).toBe(
      exposureString(sum(data.pairs.map((p) => new Decimal(p.funding_received)))),
    );
  });
});

describe('alert thresholds', () => {
  const save = (body: Record<string, unknown>, token = admin.token) =>
    api<{ thresholds: RiskThreshold[] }>(t.app, 'PUT', '/api/admin/risk/thresholds', { token, body });

  it('refuses bad input in Chinese and stores nothing; a user is refused', async () => {
    const bad = await save({ symbol: 'BTCUSDT', net_notional: '-5', worst_case_loss: null });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/净敞口阈值/);
    const zero = await save({ symbol: 'BTCUSDT', net_notional: null, worst_case_loss: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toMatch(/最坏亏损阈值必须大于0/);
    const user = await trader('0');
    expect(
      (await save({ symbol: 'BTCUSDT', net_notional: '1', worst_case_loss: null }, user.token)).status,
    ).toBe(403);
    const list = await api<{ thresholds: RiskThreshold[] }>(t.app, 'GET', '/api/admin/risk/thresholds', {
      token: admin.token,
    });
    expect(list.body.data?.thresholds).toEqual([]);
  });

  it('a crossing raises one alert and notifies the admins once, however often and by how many it is checked', async () => {
    const notices: PerLanguage[] = [];
    const service = () =>
      createRiskService({
        db: db(),
        exposure: createTradingExposure({ db: db() }),
        extra: { funding: (s) => fundingSums(db(), s) },
        realtime: {
          toAdmins: (_event, payload) => void notices.push(payload as PerLanguage),
        },
        now: () => Date.now(),
      });
    const net = new Decimal((await exposure()).totals.perpetual_long_notional).minus(
      (await exposure()).totals.perpetual_short_notional,
    );
    const btc = (await exposure()).pairs.find((p) => p.symbol === 'BTCUSDT');
    const btcNet = new Decimal(btc?.perpetual_long_notional ?? '0')
      .minus(btc?.perpetual_short_notional ?? '0')
      .abs();
    expect(net.isZero()).toBe(false);

    const saved = await save({ symbol: 'BTCUSDT', net_notional: '1', worst_case_loss: null });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data?.thresholds).toMatchObject([
      { symbol: 'BTCUSDT', net_notional: '1', updated_by: admin.id },
    ]);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'risk_threshold.save'), eq(auditLogs.targetId, 'BTCUSDT')));
    expect(audit?.adminId).toBe(admin.id);

    // Two runners at once, then more turns: one alert, one notification.
    const raised = await Promise.all([service().checkAlerts(), service().checkAlerts()]);
    await service().checkAlerts();
    await service().checkAlerts();
    expect(raised.flat()).toHaveLength(1);
    expect(notices).toHaveLength(1);
    const notice = (language: 'zh-CN' | 'en') => notices[0]?.perLanguage(language) as AdminNotificationEvent;
    expect(notice('zh-CN')).toMatchObject({ type: 'risk', title: '风险敞口预警' });
    expect(notice('zh-CN').message).toBe(
      `BTCUSDT 永续净敞口 ${exposureString(btcNet)} USDT，超过阈值 1 USDT`,
    );
    // In English: the title and the kind in the admin's language, the figures as they are.
    expect(notice('en')).toMatchObject({
      type: 'risk',
      title: 'Risk exposure alert',
      message: `BTCUSDT Perpetual net exposure ${exposureString(btcNet)} USDT is over the threshold of 1 USDT`,
    });
    const alerts = (await exposure()).alerts;
    expect(alerts).toMatchObject([
      { symbol: 'BTCUSDT', kind: 'net_notional', threshold: '1', value: exposureString(btcNet) },
    ]);

    // Back under (the threshold raised past the value): cleared; crossing again notifies again.
    await save({ symbol: 'BTCUSDT', net_notional: btcNet.plus(1000).toFixed(0), worst_case_loss: null });
    await service().checkAlerts();
    expect((await exposure()).alerts).toEqual([]);
    await save({ symbol: 'BTCUSDT', net_notional: '2', worst_case_loss: null });
    await service().checkAlerts();
    expect(notices).toHaveLength(2);

    // Both null removes the thresholds, and the alert with them.
    const removed = await save({ symbol: 'BTCUSDT', net_notional: null, worst_case_loss: null });
    expect(removed.body.message).toBe('预警阈值已删除');
    expect(removed.body.data?.thresholds).toEqual([]);
    await service().checkAlerts();
    expect((await exposure()).alerts).toEqual([]);
    expect(await db().select().from(riskAlerts)).toEqual([]);
  });
});
