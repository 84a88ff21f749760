import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestUsers } from '../../ledger/ledger.test-helpers.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { recordTick } from '../testing/trading-fixtures.ts';
import { createTimedSettlement, SETTLEMENT_PARALLELISM } from './settlement.ts';
import { clockDeps, era, fixedClock, insertOpenContracts } from './timed.test-helpers.ts';

/**
 * Timing of one settlement run over many contracts that expire in the same second. Off by default
 * (a measurement, not a check): `TIMED_SETTLEMENT_PERF=10000 npx vitest run <this file>`, with
 * TEST_DB_ENGINE=postgres for the number that matters; TIMED_SETTLEMENT_USERS and
 * TIMED_SETTLEMENT_PARALLELISM vary the shape. A quarter of the contracts have no price and void in
 * a second run 30 s later.
 */
const env = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? `${fallback}`, 10);
const COUNT = env('TIMED_SETTLEMENT_PERF', 0);
const USERS = env('TIMED_SETTLEMENT_USERS', Math.max(1, Math.ceil(COUNT / 50)));
const PARALLELISM = env('TIMED_SETTLEMENT_PARALLELISM', SETTLEMENT_PARALLELISM);

let t: TestApp;
beforeAll(async () => {
  if (COUNT > 0) t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

describe.runIf(COUNT > 0)('settlement timing', () => {
  it(`settles ${COUNT} contracts expiring in one second`, { timeout: 900_000 }, async () => {
    const db = t.database.db;
    const clock = fixedClock(era(40));
    const t0 = clock.now();
    const expiry = t0 + 60_000;
    const perUser = Math.ceil(COUNT / USERS);
    await insertOpenContracts(db, {
      userIds: await createTestUsers(db, USERS),
      perUser,
      symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT'],
      stake: '10',
      payoutRate: '0.15',
      entryPrice: '100',
      openedAt: t0,
      expiresAt: expiry,
      spreadMs: 1000,
    });
    const total = USERS * perUser;
    await recordTick(db, 'BTCUSDT', '101', expiry - 1000);
    await recordTick(db, 'ETHUSDT', '99', expiry - 1000);
    await recordTick(db, 'SOLUSDT', '100', expiry - 1000);

    const settlement = createTimedSettlement(clockDeps(db, clock));
    const started = performance.now();
    const run = await settlement.settleDueContracts(new Date(expiry + 2000), { parallelism: PARALLELISM });
    const ms = performance.now() - started;
    console.log(
      `[${t.database.engine}] settled ${run.settled} of ${total} contracts (${USERS} users, parallelism ` +
        `${PARALLELISM}) in ${ms.toFixed(0)} ms = ${((run.settled / ms) * 1000).toFixed(0)}/s over ` +
        `${run.batches} batches: ${JSON.stringify(run.outcomes)}`,
    );
    expect(run.settled).toBe(total - total / 4);
    const voids = performance.now();
    const late = await settlement.settleDueContracts(new Date(expiry + 32_000), { parallelism: PARALLELISM });
    console.log(
      `[${t.database.engine}] voided ${late.settled} in ${(performance.now() - voids).toFixed(0)} ms`,
    );
    await assertLedgerOk(db);
  });
});
