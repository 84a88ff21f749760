import type {
  FundingPayment,
  FundingRateData,
  FundingReportRow,
  PerpetualPosition,
} from '@platform/contracts';
import { Decimal, positionLiquidationPrice } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { api, createAdmin, createTestApp, type TestApp } from '../../../test/app.ts';
import { testEngine } from '../../../test/database.ts';
import { systemAccountBalance } from '../../ledger/ledger.service.ts';
import { assertLedgerOk, checkLedger, type LedgerVerification } from '../../reconciliation/ledger-check.ts';
import { SETTLEMENT_TICK_TOLERANCE_MS } from '../reference-prices.ts';
import { recordTick, testTradingDeps } from '../testing/trading-fixtures.ts';
import { perpetualFundingPayments } from '../trading.schema.ts';
import { createPerpetualFunding, type FundingRates, fundingAmount } from './funding.service.ts';
import { journalCount, perpetualClient, setPrice, usdt } from './perpetual.test-helpers.ts';

/**
 * Perpetual funding (issue 34, docs/perpetual-funding.md) on a real database: positions opened over
 * HTTP, the `perpetual-funding` step run by funding runners of the test's own (clock and rate), with
 * FUNDING_INTERVAL_MINUTES = 1 so that a test's instant (`instantAfter`) is a minute or two ahead. Each
 * test has a pair of its own, since a turn looks at every pair.
 */

let t: TestApp;
let db: Db;
let c: ReturnType<typeof perpetualClient>;

beforeAll(async () => {
  t = await createTestApp({ FUNDING_INTERVAL_MINUTES: '1' });
  db = t.database.db;
  c = perpetualClient(t);
});
afterAll(async () => {
  await assertLedgerOk(db);
  await t.close();
});

const fixedRate = (rate: string): FundingRates => ({
  rateFor: async () => ({ rate, components: [{ source: 'test', rate, status: 'ok' }] }),
});

/** A funding runner (a second instance, say) at `now` with a fixed rate. */
function runner(now: number, rate: string) {
  return createPerpetualFunding(testTradingDeps(db, { now: () => now }), {
    perpetual: c.jobEngine(now),
    rates: fixedRate(rate),
    intervalMinutes: 1,
  });
}

type Opened = Awaited<ReturnType<typeof c.opened>>;

/**
 * Opens a position at `price`, recorded just before (the entry price must be at most 3 s old when the
 * order arrives, however long the test took to register its users).
 */
async function openAt(
  price: string,
  token: string,
  symbol: string,
  side: 'long' | 'short',
  margin: string,
  leverage: number,
) {
  await setPrice(db, symbol, price);
  return c.opened(token, { symbol, side, margin, leverage });
}

/**
 * The funding instant of a test: the first whole minute whose previous minute comes more than the
 * settlement tolerance after the positions' own opened_at and entry ticks (as the server stamped them,
 * not this process's Date.now()). So every position is open at it, and no tick recorded before is the
 * mark of it or of the instant before it: the marks are the ticks the test records for them. Nothing
 * depends on where the wall clock stands in its minute (the runners have clocks of their own).
 */
function instantAfter(...opened: Opened[]): number {
  const after = Math.max(
    ...opened.flatMap(({ position }) => [Date.parse(position.opened_at), Date.parse(position.entry_at)]),
  );
  return Math.ceil((after + SETTLEMENT_TICK_TOLERANCE_MS + 60_000 + 1) / 60_000) * 60_000;
}

async function position(token: string, id: number): Promise<PerpetualPosition> {
  const list = (await c.list(token, '?status=open&limit=100')).body.data?.positions ?? [];
  const found = list.find((p) => p.id === id);
  if (!found) throw new Error(`position ${id} not open`);
  return found;
}

const paymentsOf = (orderId: number) =>
  db.select().from(perpetualFundingPayments).where(eq(perpetualFundingPayments.orderId, orderId));

describe(`perpetual funding (${testEngine})`, () => {
  it('longs pay and shorts receive quantity × mark × rate at the instant, against house_funding, once under two runners', async () => {
    const a = await c.trader();
    const b = await c.trader();
    // Long 0.2 BTC, long 0.05 BTC, short 0.08 BTC at 50,000.
    const longA = await openAt('50000', a.token, 'BTCUSDT', 'long', '1000', 10);
    const longB = await openAt('50000', b.token, 'BTCUSDT', 'long', '500', 5);
    const shortB = await openAt('50000', b.token, 'BTCUSDT', 'short', '2000', 2);
    const before = await usdt(db, a.id);
    const houseBefore = new Decimal(await systemAccountBalance(db, 'house_funding', 'USDT'));

    const instant = instantAfter(longA, longB, shortB);
    await recordTick(db, 'BTCUSDT', '51000', instant - 300); // the mark: the last tick at or before it
    await recordTick(db, 'BTCUSDT', '52000', instant + 500); // after it: not the mark
    const now = instant + 3000;
    // Two instances at once, then a rerun.
    await Promise.all([
      runner(now, '0.0001').runFunding(new Date(now)),
      runner(now, '0.0001').runFunding(new Date(now)),
    ]);
    await runner(now + 500, '0.0001').runFunding(new Date(now + 500));

    // 0.2 × 51,000 × 0.0001 = 1.02; 0.05 × 51,000 × 0.0001 = 0.255; 0.08 × 51,000 × 0.0001 = 0.408.
    const expected = new Map([
      [longA.position.id, '-1.02'],
      [longB.position.id, '-0.255'],
      [shortB.position.id, '0.408'],
    ]);
    for (const [id, amount] of expected) {
      const rows = await paymentsOf(id);
      expect(rows, String(id)).toHaveLength(1);
      expect(new Decimal(rows[0]?.amount ?? '0').toFixed()).toBe(amount);
      expect(new Decimal(rows[0]?.markPrice ?? '0').toFixed()).toBe('51000');
      expect(await journalCount(db, `perpetual:${id}:funding:%`)).toBe(1);
    }
    expect(await journalCount(db, `perpetual:%:funding:${new Date(instant).toISOString()}`)).toBe(3);
    const house = new Decimal(await systemAccountBalance(db, 'house_funding', 'USDT'));
    expect(house.minus(houseBefore).toFixed()).toBe('0.867'); // 1.02 + 0.255 − 0.408
    expect(
      fundingAmount('long', new Decimal('0.2'), new Decimal('51000'), new Decimal('0.0001')).toFixed(),
    ).toBe('-1.02');

    // The payment left frozen with the margin; the position shows it, keeps its size, and its
    // liquidation price follows the new margin.
    const after = await usdt(db, a.id);
    expect(before.frozen.minus(after.frozen).toFixed()).toBe('1.02');
    expect(after.available.toFixed()).toBe(before.available.toFixed());
    const shown = await position(a.token, longA.position.id);
    expect(shown).toMatchObject({ margin: '998.98', funding: '-1.02', notional: '10000' });
    expect(shown.liquidation_price).toBe(
      positionLiquidationPrice(
        'long',
        { margin: new Decimal('998.98'), quantity: new Decimal('0.2'), entry: new Decimal('50000') },
        new Decimal(shown.maintenance_rate),
      ).toFixed(),
    );
    expect((await position(b.token, shortB.position.id)).funding).toBe('0.408');
    await assertLedgerOk(db);

    // The wallet statement shows the payment as 资金费用 (kind perpetual_funding), out of the frozen margin.
    const statement = await api<{ transactions: { kind: string; amount: string; reference: unknown }[] }>(
      t.app,
      'GET',
      '/api/wallet/transactions?currency=USDT',
      { token: a.token },
    );
    const fundingRow = statement.body.data?.transactions.find((r) => r.kind === 'perpetual_funding');
    expect(fundingRow?.reference).toEqual({ kind: 'order', id: longA.position.id });
    expect(new Decimal(fundingRow?.amount ?? '0').toFixed()).toBe('-1.02');

    // A payment row that does not match the ledger is a house_funding breach.
    let tampered: LedgerVerification | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(perpetualFundingPayments)
          .set({ amount: '-1.03' })
          .where(eq(perpetualFundingPayments.orderId, longA.position.id));
        tampered = await checkLedger(tx);
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect(tampered?.breaches.map((b) => b.kind)).toEqual(['house_funding']);

    // Closing after funding: frozen, fees and house P&L still reconcile with the changed margin.
    await setPrice(db, 'BTCUSDT', '50500');
    expect((await c.close(a.token, longA.position.id)).status).toBe(200);
    const reduced = await api(t.app, 'POST', `/api/trading/perpetual/reduce/${shortB.position.id}`, {
      token: b.token,
      body: { percent: 50 },
    });
    expect(reduced.status, reduced.body.message).toBe(200);
    expect((await position(b.token, shortB.position.id)).notional).toBe('2000');
    await assertLedgerOk(db);

    // The user's history (own payments only) and the back office's report of the instant.
    const history = await api<{ payments: FundingPayment[]; pagination: { total: number } }>(
      t.app,
      'GET',
      '/api/trading/perpetual/funding-history?symbol=BTCUSDT',
      { token: b.token },
    );
    expect(history.status).toBe(200);
    expect(history.body.data?.payments.map((p) => [p.position_id, p.amount, p.side]).sort()).toEqual(
      [
        [longB.position.id, '-0.255', 'long'],
        [shortB.position.id, '0.408', 'short'],
      ].sort(),
    );
    expect(history.body.data?.payments[0]).toMatchObject({
      funding_at: new Date(instant).toISOString(),
      rate: '0.0001',
      mark_price: '51000',
      liquidated: false,
    });
    const own = await api<{ payments: FundingPayment[] }>(
      t.app,
      'GET',
      '/api/trading/perpetual/funding-history',
      {
        token: a.token,
      },
    );
    expect(own.body.data?.payments.map((p) => p.position_id)).toEqual([longA.position.id]);

    const admin = await createAdmin(t, 'admin');
    const report = await api<{ rows: FundingReportRow[]; house_funding_balance: string }>(
      t.app,
      'GET',
      '/api/admin/trading/funding?symbol=BTCUSDT',
      { token: admin.token },
    );
    expect(report.status, report.body.message).toBe(200);
    expect(report.body.data?.rows[0]).toEqual({
      symbol: 'BTCUSDT',
      funding_at: new Date(instant).toISOString(),
      rate: '0.0001',
      mark_price: '51000',
      positions: 3,
      paid_by_users: '1.275',
      received_by_users: '0.408',
      house_net: '0.867',
      liquidated: 0,
    });
    expect(report.body.data?.house_funding_balance).toBe(
      new Decimal(await systemAccountBalance(db, 'house_funding', 'USDT')).toFixed(),
    );

    const rate = await api<FundingRateData>(t.app, 'GET', '/api/trading/perpetual/funding/BTCUSDT', {
      token: b.token,
    });
    expect(rate.status, rate.body.message).toBe(200);
    expect(rate.body.data).toMatchObject({
      symbol: 'BTCUSDT',
      interval_minutes: 1,
      last_rate: '0.0001',
      last_funding_at: new Date(instant).toISOString(),
    });
    expect(new Date(rate.body.data?.next_funding_at ?? 0).getTime() % 60_000).toBe(0);
  });

  it('a negative rate makes shorts pay and longs receive', async () => {
    const u = await c.trader();
    const long = await openAt('3000', u.token, 'ETHUSDT', 'long', '300', 10);
    const short = await openAt('3000', u.token, 'ETHUSDT', 'short', '300', 10);
    const instant = instantAfter(long, short);
    await recordTick(db, 'ETHUSDT', '3000', instant);
    await runner(instant + 3000, '-0.0005').runFunding(new Date(instant + 3000));
    // 1 ETH × 3,000 × 0.0005 = 1.5 each way.
    expect((await paymentsOf(long.position.id))[0]?.amount).toMatch(/^1\.50*$/);
    expect((await paymentsOf(short.position.id))[0]?.amount).toMatch(/^-1\.50*$/);
    expect((await position(u.token, short.position.id)).margin).toBe('298.5');
  });

  it('a position whose payment exceeds its equity at the mark is liquidated, not paid; its owner is told', async () => {
    const u = await c.trader();
    // Long 50 SOL at 100 with 100 margin (×50): at 98.6 its equity is 30; 50 × 98.6 × 0.0075 = 36.975.
    const weak = await openAt('100', u.token, 'SOLUSDT', 'long', '100', 50);
    const strong = await openAt('100', u.token, 'SOLUSDT', 'long', '1000', 10);
    expect(new Decimal(weak.position.liquidation_price).lt('98.6')).toBe(true);
    const instant = instantAfter(weak, strong);
    await recordTick(db, 'SOLUSDT', '98.6', instant - 1000);
    const before = await usdt(db, u.id);
    await runner(instant + 3000, '0.0075').runFunding(new Date(instant + 3000));

    const [row] = await paymentsOf(weak.position.id);
    expect(row).toMatchObject({ liquidated: true });
    expect(new Decimal(row?.amount ?? '1').isZero()).toBe(true);
    expect(await journalCount(db, `perpetual:${weak.position.id}:funding:%`)).toBe(0);
    expect(await journalCount(db, `perpetual:${weak.position.id}:liquidate`)).toBe(1);
    const closed = (await c.list(u.token, '?status=liquidated')).body.data?.positions ?? [];
    expect(closed.map((p) => p.id)).toEqual([weak.position.id]);
    // The other pays: 100 × 98.6 × 0.0075 = 73.95.
    expect((await position(u.token, strong.position.id)).funding).toBe('-73.95');
    const after = await usdt(db, u.id);
    expect(before.frozen.minus(after.frozen).toFixed()).toBe('173.95'); // the liquidated margin and the payment
    const notices = await api<{ notifications: { title: string }[] }>(t.app, 'GET', '/api/notifications', {
      token: u.token,
    });
    expect(notices.body.data?.notifications.map((n) => n.title)).toContain('永续合约已强平');
    await assertLedgerOk(db);
  });

  it('FUNDING_INTERVAL_MINUTES = 1: an instant every minute of the engine clock, each paid once', async () => {
    const u = await c.trader();
    const long = await openAt('2', u.token, 'XRPUSDT', 'long', '100', 10);
    const first = instantAfter(long);
    await recordTick(db, 'XRPUSDT', '2', first);
    await recordTick(db, 'XRPUSDT', '2.5', first + 60_000);
    // Before the instant (and its settle delay): nothing (the instant before has no tick at it).
    await runner(first - 1, '0.001').runFunding(new Date(first - 1));
    await runner(first + 1000, '0.001').runFunding(new Date(first + 1000));
    expect(await paymentsOf(long.position.id)).toHaveLength(0);
    await runner(first + 3000, '0.001').runFunding(new Date(first + 3000));
    await runner(first + 30_000, '0.001').runFunding(new Date(first + 30_000));
    expect(await paymentsOf(long.position.id)).toHaveLength(1);
    await runner(first + 63_000, '0.002').runFunding(new Date(first + 63_000));
    const rows = await paymentsOf(long.position.id);
    // 500 XRP × 2 × 0.001 = 1; then 500 × 2.5 × 0.002 = 2.5.
    expect(rows.map((r) => [r.fundingAt.getTime(), new Decimal(r.amount).toFixed()]).sort()).toEqual([
      [first, '-1'],
      [first + 60_000, '-2.5'],
    ]);
    expect((await position(u.token, long.position.id)).funding).toBe('-3.5');
  });

  it('an instant without a tick at it waits, never guessing a mark', async () => {
    const u = await c.trader();
    const long = await openAt('0.2', u.token, 'DOGEUSDT', 'long', '100', 10);
    // The entry tick is more than 5 s before the instant: not a mark of it.
    const instant = instantAfter(long);
    await runner(instant + 3000, '0.001').runFunding(new Date(instant + 3000));
    expect(await paymentsOf(long.position.id)).toHaveLength(0);
    await recordTick(db, 'DOGEUSDT', '0.2', instant - 100);
    await runner(instant + 4000, '0.001').runFunding(new Date(instant + 4000));
    expect(await paymentsOf(long.position.id)).toHaveLength(1);
  });

  it('refuses bad input in Chinese and keeps the report to admins', async () => {
    const u = await c.trader('0');
    for (const url of [
      `/api/trading/perpetual/funding/${'X'.repeat(41)}`,
      '/api/trading/perpetual/funding-history?page=0',
      '/api/trading/perpetual/funding-history?limit=abc',
      `/api/trading/perpetual/funding-history?symbol=${'X'.repeat(41)}`,
      '/api/admin/trading/funding?page=-1',
    ]) {
      const res = await api(t.app, 'GET', url, {
        token: url.includes('admin') ? (await createAdmin(t, 'admin')).token : u.token,
      });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/[\u4e00-\u9fff]/);
    }
    // A pair that is not listed (or disabled): 404, in Chinese.
    const unknown = await api(t.app, 'GET', '/api/trading/perpetual/funding/NOPEUSDT', { token: u.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await api(t.app, 'GET', '/api/admin/trading/funding', { token: u.token })).status).toBe(403);
    expect((await api(t.app, 'GET', '/api/admin/trading/funding')).status).toBe(401);
    expect((await api(t.app, 'GET', '/api/trading/perpetual/funding-history')).status).toBe(401);
  });
});

describe(`the funding report with ADMIN_2FA_REQUIRED (${testEngine})`, () => {
  it('refuses an admin without 2FA, as every admin call', async () => {
    const strict = await createTestApp({ ADMIN_2FA_REQUIRED: 'true' });
    try {
      const admin = await createAdmin(strict, 'admin');
      const res = await api(strict.app, 'GET', '/api/admin/trading/funding', { token: admin.token });
      expect(res.status).toBe(403);
      expect(res.body.data).toMatchObject({ twofa_setup_required: true });
    } finally {
      await strict.close();
    }
  });
});
