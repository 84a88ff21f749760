import { isLiquidatable, type PositionSide, tpslTriggered } from '@platform/domain';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { Decimal, decimalFromDb } from '../../../core/money.ts';
import type { Db } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { fundUser } from '../../../test/money.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { testTradingDeps } from '../testing/trading-fixtures.ts';
import { perpetualPositions } from '../trading.schema.ts';
import { createPerpetualEngine } from './perpetual.engine.ts';
import { closeSettlement } from './perpetual.math.ts';
import { quickUser, setPrice, systemUsdt, usdt } from './perpetual.test-helpers.ts';

/**
 * Random sequences of openings, closings, price moves, liquidation runs (with their take-profits
 * and stop-losses), closes racing a liquidation, take-profit / stop-loss settings and margin
 * additions, through the engine with a clock of the test's own. Afterwards every balance must be
 * what the positions' stored outcomes say, every outcome must follow from its stored price, and the
 * ledger verifier must pass. One database for all runs; each run has its own users and closes what
 * it left open, so that runs do not touch each other's money.
 */

const SYMBOLS = ['BTCUSDT', 'ETHUSDT'] as const;
type Symbol = (typeof SYMBOLS)[number];
const START: Record<Symbol, string> = { BTCUSDT: '50000', ETHUSDT: '3000' };
const USERS = 3;
const FUNDS = '1000';
const CLOSE_RATE = new Decimal('0.0005');

type Op =
  | { type: 'open'; user: number; symbol: Symbol; side: PositionSide; margin: string; leverage: number }
  | { type: 'close'; user: number; pick: number }
  | { type: 'move'; symbol: Symbol; bp: number }
  | { type: 'liquidate' }
  | { type: 'race'; user: number; pick: number }
  | { type: 'tpsl'; user: number; pick: number; tpBp: number; slBp: number }
  | { type: 'margin'; user: number; pick: number; cents: number };

const userArb = fc.integer({ min: 0, max: USERS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('open' as const),
      user: userArb,
      symbol: fc.constantFrom(...SYMBOLS),
      side: fc.constantFrom<PositionSide>('long', 'short'),
      margin: fc.integer({ min: 1000, max: 40000 }).map((cents) => new Decimal(cents).div(100).toFixed()),
      leverage: fc.oneof(fc.constantFrom(1, 2, 3, 5, 10), fc.constantFrom(20, 50, 100)),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('close' as const), user: userArb, pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('move' as const),
      symbol: fc.constantFrom(...SYMBOLS),
      bp: fc.noBias(fc.integer({ min: -2000, max: 2000 })),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ type: 'liquidate' as const }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('race' as const), user: userArb, pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('tpsl' as const),
      user: userArb,
      pick: fc.nat(),
      tpBp: fc.integer({ min: 1, max: 1500 }),
      slBp: fc.integer({ min: 1, max: 1500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('margin' as const),
      user: userArb,
      pick: fc.nat(),
      cents: fc.integer({ min: 1, max: 20000 }),
    }),
  },
);

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

const isConflict = (err: unknown) => err instanceof AppError && err.statusCode === 409;
const isRefusal = (err: unknown) => err instanceof AppError && err.statusCode === 422;
/** What a take-profit, stop-loss or margin addition may be refused with: a rule (400), a state (409), money (422). */
const isAnyRefusal = (err: unknown) => err instanceof AppError && [400, 409, 422].includes(err.statusCode);

async function runSequence(ops: Op[]) {
  const users = await Promise.all(Array.from({ length: USERS }, () => quickUser(db)));
  for (const id of users) await fundUser(db, id, FUNDS);
  const sysBefore = await systemUsdt(db);
  const prices = new Map<Symbol, Decimal>(SYMBOLS.map((s) => [s, new Decimal(START[s])]));
  let clock = Date.now();
  const engine = createPerpetualEngine(testTradingDeps(db, { now: () => clock }));

  // The clock moves a millisecond per price move, so every symbol's last tick stays fresh (3 s).
  const tick = async (symbols: readonly Symbol[] = SYMBOLS) => {
    for (const s of symbols) clock = await setPrice(db, s, (prices.get(s) as Decimal).toFixed(), clock + 1);
  };
  const openOf = async (user: number) =>
    db
      .select()
      .from(perpetualPositions)
      .where(and(eq(perpetualPositions.userId, users[user] as number), eq(perpetualPositions.status, 'open')))
      .orderBy(perpetualPositions.orderId);
  const noneLiquidatable = async () => {
    const open = await db
      .select()
      .from(perpetualPositions)
      .where(and(inArray(perpetualPositions.userId, users), eq(perpetualPositions.status, 'open')));
    for (const p of open) {
      const mark = prices.get(p.symbol as Symbol) as Decimal;
      const terms = {
        margin: decimalFromDb(p.margin),
        quantity: decimalFromDb(p.quantity),
        entry: decimalFromDb(p.entryPrice),
      };
      expect(isLiquidatable(p.side as PositionSide, terms, mark, decimalFromDb(p.maintenanceRate))).toBe(
        false,
      );
    }
  };

  // After a turn no open position's take-profit or stop-loss has been reached at the mark.
  const noneTriggered = async () => {
    const open = await db
      .select()
      .from(perpetualPositions)
      .where(and(inArray(perpetualPositions.userId, users), eq(perpetualPositions.status, 'open')));
    for (const p of open) {
      const orders = {
        takeProfit: p.takeProfitPrice === null ? null : decimalFromDb(p.takeProfitPrice),
        stopLoss: p.stopLossPrice === null ? null : decimalFromDb(p.stopLossPrice),
      };
      expect(
        tpslTriggered(p.side as PositionSide, orders, prices.get(p.symbol as Symbol) as Decimal),
      ).toBeNull();
    }
  };

  await tick();
  for (const op of ops) {
    switch (op.type) {
      case 'open':
        try {
          await engine.open(users[op.user] as number, {
            symbol: op.symbol,
            side: op.side,
            margin: op.margin,
            leverage: op.leverage,
          });
        } catch (err) {
          if (!isRefusal(err)) throw err;
          expect((err as AppError).message).toBe('余额不足');
        }
        break;
      case 'close': {
        const open = await openOf(op.user);
        const target = open[op.pick % Math.max(open.length, 1)];
        if (target) await engine.close(users[op.user] as number, target.orderId);
        break;
      }
      case 'move': {
        const moved = (prices.get(op.symbol) as Decimal).times(new Decimal(10000 + op.bp).div(10000));
        prices.set(op.symbol, Decimal.max(moved.toDecimalPlaces(2), '0.01'));
        await tick([op.symbol]);
        break;
      }
      case 'liquidate':
        await engine.checkPositions(new Date(clock));
        await noneLiquidatable();
        await noneTriggered();
        break;
      case 'race': {
        const open = await openOf(op.user);
        const target = open[op.pick % Math.max(open.length, 1)];
        if (!target) break;
        const [closing] = await Promise.allSettled([
          engine.close(users[op.user] as number, target.orderId),
          engine.checkPositions(new Date(clock)),
        ]);
        if (closing.status === 'rejected' && !isConflict(closing.reason)) throw closing.reason;
        break;
      }
      case 'tpsl': {
        const open = await openOf(op.user);
        const target = open[op.pick % Math.max(open.length, 1)];
        if (!target) break;
        // Take-profit on the profit side of the entry, stop-loss on the loss side (maybe past the
        // liquidation price, which is refused), to the pairs' 2 decimals.
        const entry = decimalFromDb(target.entryPrice);
        const up = target.side === 'long' ? 1 : -1;
        const at = (bp: number) =>
          entry
            .times(10000 + bp)
            .div(10000)
            .toDecimalPlaces(2)
            .toFixed();
        await engine
          .setTpsl(users[op.user] as number, target.orderId, {
            take_profit_price: at(up * op.tpBp),
            stop_loss_price: at(-up * op.slBp),
          })
          .catch((err) => {
            if (!isAnyRefusal(err)) throw err;
          });
        break;
      }
      case 'margin': {
        const open = await openOf(op.user);
        const target = open[op.pick % Math.max(open.length, 1)];
        if (!target) break;
        await engine
          .addMargin(users[op.user] as number, target.orderId, {
            amount: new Decimal(op.cents).div(100).toFixed(),
          })
          .catch((err) => {
            if (!isAnyRefusal(err)) throw err;
          });
        break;
      }
    }
  }

  // Close what is left, so that later runs' liquidations cannot touch this run's money.
  for (let u = 0; u < USERS; u++) {
    for (const p of await openOf(u)) {
      await engine.close(users[u] as number, p.orderId).catch((err) => {
        if (!isConflict(err)) throw err;
      });
    }
  }

  const positions = await db
    .select()
    .from(perpetualPositions)
    .where(inArray(perpetualPositions.userId, users));
  let fees = new Decimal(0);
  let house = new Decimal(0);
  let fund = new Decimal(0);
  for (let u = 0; u < USERS; u++) {
    let available = new Decimal(FUNDS);
    for (const p of positions.filter((row) => row.userId === users[u])) {
      const margin = decimalFromDb(p.margin);
      const openFee = decimalFromDb(p.openFee);
      const payout = decimalFromDb(p.payout);
      const closeFee = decimalFromDb(p.closeFee);
      const price = decimalFromDb(p.closePrice);
      const side = p.side as PositionSide;
      const terms = { margin, quantity: decimalFromDb(p.quantity), entry: decimalFromDb(p.entryPrice) };
      expect(p.status).not.toBe('open');
      if (p.status === 'closed') {
        const expected = closeSettlement(side, terms, price, CLOSE_RATE);
        // A take-profit or stop-loss closed at a mark that had reached it.
        if (p.closeReason === 'take_profit' || p.closeReason === 'stop_loss') {
          const orders = {
            takeProfit: p.takeProfitPrice === null ? null : decimalFromDb(p.takeProfitPrice),
            stopLoss: p.stopLossPrice === null ? null : decimalFromDb(p.stopLossPrice),
          };
          expect(tpslTriggered(side, orders, price)).toBe(p.closeReason);
          expect(isLiquidatable(side, terms, price, decimalFromDb(p.maintenanceRate))).toBe(false);
        }
        expect(payout.eq(expected.payout) && closeFee.eq(expected.fee)).toBe(true);
        expect(decimalFromDb(p.realisedPnl).eq(expected.realisedPnl)).toBe(true);
      } else {
        expect(isLiquidatable(side, terms, price, decimalFromDb(p.maintenanceRate))).toBe(true);
        expect(payout.isZero() && closeFee.isZero()).toBe(true);
      }
      available = available.minus(margin).minus(openFee).plus(payout);
      fees = fees.plus(openFee).plus(closeFee);
      // A liquidation's remaining equity (or minus the gap it drew) is the insurance fund's.
      const insurance = decimalFromDb(p.insuranceAmount);
      if (p.status === 'closed') expect(insurance.isZero()).toBe(true);
      house = house.plus(margin).minus(payout).minus(closeFee).minus(insurance);
      fund = fund.plus(insurance);
    }
    const wallet = await usdt(db, users[u] as number);
    expect(wallet.available.toFixed()).toBe(available.toFixed());
    expect(wallet.frozen.isZero()).toBe(true);
  }
  const sysAfter = await systemUsdt(db);
  expect(sysAfter.fees.minus(sysBefore.fees).toFixed()).toBe(fees.toFixed());
  expect(sysAfter.house.minus(sysBefore.house).toFixed()).toBe(house.toFixed());
  expect(sysAfter.insurance.minus(sysBefore.insurance).toFixed()).toBe(fund.toFixed());
  await assertLedgerOk(db);
}

describe('perpetual random sequences', () => {
  it('keep every balance equal to the stored outcomes, and the ledger balanced', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 15, maxLength: 30 }), runSequence), {
      numRuns: 6,
    });
  });
});
