import { Decimal } from '@platform/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalFromDb } from '../../../core/money.ts';
import type { Db } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { assertLedgerOk, verifyLedger } from '../../reconciliation/ledger-check.ts';
import { perpetualPositions } from '../trading.schema.ts';
import { journalCount, perpetualClient, setPrice, systemUsdt, usdt } from './perpetual.test-helpers.ts';

/**
 * The insurance fund (docs/insurance-fund.md), on its own database so that its balance is this
 * file's: a liquidation between the liquidation and the bankruptcy price feeds it the equity left
 * (margin + P&L at the mark); one whose mark jumped past the bankruptcy price between two ticks
 * closes at the bankruptcy price and draws the gap, as far as the fund holds it. The verifier
 * checks the fund against the positions' stored amounts after each step.
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
  await t.close();
});

const d = (v: string | number) => new Decimal(v);

async function stored(orderId: number) {
  const [row] = await db.select().from(perpetualPositions).where(eq(perpetualPositions.orderId, orderId));
  if (!row) throw new Error('no position');
  return row;
}

/** A BTC long of margin 100 at 10× from 50,000: quantity 0.02, bankruptcy price 45,000. */
async function btcLong() {
  const trader = await c.trader('1000');
  await setPrice(db, 'BTCUSDT', '50000');
  const { order, position } = await c.opened(trader.token, {
    symbol: 'BTCUSDT',
    side: 'long',
    margin: '100',
    leverage: 10,
  });
  expect(position.quantity).toBe('0.02');
  return { ...trader, orderId: order.id, position };
}

async function liquidateAt(price: string) {
  const at = await setPrice(db, 'BTCUSDT', price);
  return (await c.jobEngine(at).checkPositions(new Date(at))).liquidated;
}

describe('insurance fund', () => {
  it('feeds, draws a covered gap, then draws what is left of an uncovered one and never goes below zero', async () => {
    const start = await systemUsdt(db);
    expect(start.insurance.toFixed()).toBe('0');

    // 1. Between the liquidation price (≈45,226) and the bankruptcy price (45,000): equity 100 − 96 = 4.
    const fed = await btcLong();
    expect(d(fed.position.liquidation_price).gt(45200)).toBe(true);
    expect(await liquidateAt('45200')).toBe(1);
    let sys = await systemUsdt(db);
    expect(sys.insurance.toFixed()).toBe('4');
    expect(sys.house.minus(start.house).toFixed()).toBe('96');
    expect((await stored(fed.orderId)).status).toBe('liquidated');
    expect(decimalFromDb((await stored(fed.orderId)).insuranceAmount).toFixed()).toBe('4');
    expect(decimalFromDb((await stored(fed.orderId)).closePrice).toFixed()).toBe('45200');
    expect((await usdt(db, fed.id)).frozen.toFixed()).toBe('0');
    await assertLedgerOk(db);

    // 2. The price gaps from above the liquidation price to 44,900 between two ticks: equity −2, the
    //    fund pays the house the gap of 2; the user loses exactly the margin, closed at 45,000.
    const covered = await btcLong();
    expect(await liquidateAt('44900')).toBe(1);
    const before = sys;
    sys = await systemUsdt(db);
    expect(sys.insurance.toFixed()).toBe('2');
    expect(sys.house.minus(before.house).toFixed()).toBe('102');
    const gap = await stored(covered.orderId);
    expect(decimalFromDb(gap.closePrice).toFixed()).toBe('45000');
    expect(decimalFromDb(gap.realisedPnl).toFixed()).toBe('-100');
    expect(decimalFromDb(gap.insuranceAmount).toFixed()).toBe('-2');
    expect((await usdt(db, covered.id)).available.toFixed()).toBe('899.5');
    await assertLedgerOk(db);

    // 3. A gap of 20 (to 44,000) with 2 in the fund: it pays 2, the house bears the other 18.
    const uncovered = await btcLong();
    expect(await liquidateAt('44000')).toBe(1);
    const prior = sys;
    sys = await systemUsdt(db);
    expect(sys.insurance.toFixed()).toBe('0');
    expect(sys.house.minus(prior.house).toFixed()).toBe('102');
    expect(decimalFromDb((await stored(uncovered.orderId)).insuranceAmount).toFixed()).toBe('-2');
    const [tx] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `perpetual:${uncovered.orderId}:liquidate`));
    expect(tx?.metadata).toMatchObject({ bankruptcy_price: '45000', uncovered_gap: '18' });

    // 4. An empty fund: a gap draws nothing, the house keeps the margin, nothing goes negative.
    const empty = await btcLong();
    expect(await liquidateAt('40000')).toBe(1);
    const last = sys;
    sys = await systemUsdt(db);
    expect(sys.insurance.toFixed()).toBe('0');
    expect(sys.house.minus(last.house).toFixed()).toBe('100');
    expect(decimalFromDb((await stored(empty.orderId)).insuranceAmount).toFixed()).toBe('0');
    expect(decimalFromDb((await stored(empty.orderId)).closePrice).toFixed()).toBe('45000');
    expect(await journalCount(db, `perpetual:${empty.orderId}:liquidate`)).toBe(1);
    await assertLedgerOk(db);
  });

  it('a user’s close past the bankruptcy price is the same liquidation, drawing on the fund', async () => {
    // Feed the fund first (equity 4), then close a second long at 44,950 (gap 1).
    const fed = await btcLong();
    expect(await liquidateAt('45200')).toBe(1);
    expect((await stored(fed.orderId)).status).toBe('liquidated');
    const sys = await systemUsdt(db);
    const user = await btcLong();
    await setPrice(db, 'BTCUSDT', '44950');
    const res = await c.close(user.token, user.orderId);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data?.position).toMatchObject({
      status: 'liquidated',
      close_price: '45000',
      payout: '0',
    });
    const after = await systemUsdt(db);
    expect(after.insurance.minus(sys.insurance).toFixed()).toBe('-1');
    expect(after.house.minus(sys.house).toFixed()).toBe('101');
    await assertLedgerOk(db);
  });

  it('the verifier notices a fund that differs from the positions’ amounts', async () => {
    const fed = await btcLong();
    expect(await liquidateAt('45200')).toBe(1);
    await db
      .update(perpetualPositions)
      .set({ insuranceAmount: '5' })
      .where(eq(perpetualPositions.orderId, fed.orderId));
    try {
      const report = await verifyLedger(db);
      expect(report.breaches.map((b) => b.kind)).toEqual(
        expect.arrayContaining(['house_insurance', 'house_pnl']),
      );
    } finally {
      await db
        .update(perpetualPositions)
        .set({ insuranceAmount: '4' })
        .where(eq(perpetualPositions.orderId, fed.orderId));
    }
    await assertLedgerOk(db);
  });
});
