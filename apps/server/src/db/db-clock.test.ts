import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../i18n/i18n.ts';
import { fundedUsers, insertOpenContracts } from '../modules/trading/timed/timed.test-helpers.ts';
import { api, createTestApp } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { sleep } from '../test/fixtures.ts';
import { createDbClock } from './db-clock.ts';
import { queryRows } from './rows.ts';

/**
 * One instance's clock must not decide for the cluster (issue 31): times are the database's, and an
 * instance whose own clock is off by more than MAX_CLOCK_SKEW_MS records and settles nothing.
 */
describe('the database clock', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it("corrects an instance's clock to the database's and names a skew beyond the limit", async () => {
    const ahead = createDbClock({ db: database.db, maxSkewMs: 500, localNow: () => Date.now() + 60_000 });
    expect(ahead.problem()).toBeNull();
    await ahead.measure();
    expect(ahead.offsetMs).toBeLessThan(-59_000);
    expect(Math.abs(ahead.now() - Date.now())).toBeLessThan(1000);
    expect(render('zh-CN', ahead.problem()!)).toMatch(/^本实例时钟与数据库相差 -?\d+ ms（允许 500 ms）/);

    const right = createDbClock({ db: database.db, maxSkewMs: 500 });
    await right.measure();
    expect(right.problem()).toBeNull();
  });

  it('is not moved by a reply that waited seconds: the midpoint of a slow round trip is not the time', async () => {
    // The instance's clock is right; the replies named in `slow` arrive 3 s late (a loaded machine):
    // the database read its clock at the start, so their midpoint is 1.5 s off.
    let reads = 0;
    const slow = new Set<number>();
    const clock = createDbClock({
      db: database.db,
      maxSkewMs: 500,
      localNow: () => {
        reads++;
        return Date.now() + (reads % 2 === 0 && slow.has(reads) ? 3000 : 0);
      },
    });
    // At boot, the first reading is slow: the next ones are taken and the best kept.
    slow.add(2);
    await clock.measure();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(200);
    // Later, every reading of a measurement is slow: the good measurement stays.
    for (let r = reads + 2; r <= reads + 6; r += 2) slow.add(r);
    await clock.measure();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(200);
    expect(clock.problem()).toBeNull();
    // A fresh instance whose every reading at boot is slow (a queue before the database reads its
    // clock): the clocks agree, so nothing is corrected.
    let bootReads = 0;
    const booting = createDbClock({
      db: database.db,
      maxSkewMs: 500,
      localNow: () => Date.now() + (++bootReads % 2 === 0 ? 3000 : 0),
    });
    await booting.measure();
    expect(Math.abs(booting.now() - Date.now())).toBeLessThan(200);
    expect(booting.problem()).toBeNull();
  });
});

/** Expired contracts and ticks after three seconds of an instance's jobs, its clock `aheadMs` off. */
async function afterThreeSeconds(
  aheadMs: number,
): Promise<{ ticks: number; open: number; health: { status: number; message: string }; english: string }> {
  const t = await createTestApp({ TRADING_JOBS_AUTOSTART: 'true' }, undefined, {
    localNow: () => Date.now() + aheadMs,
  });
  try {
    const db = t.database.db;
    const users = await fundedUsers(db, 2, '1000');
    // Past their void deadline: any instance allowed to settle voids them at once.
    const expired = Date.now() - 60_000;
    await insertOpenContracts(db, {
      userIds: users,
      perUser: 2,
      symbols: ['BTCUSDT'],
      stake: '10',
      payoutRate: '0.5',
      entryPrice: '100',
      openedAt: expired - 30_000,
      expiresAt: expired,
    });
    await sleep(3000); // three recorder and six settlement turns
    const [ticks] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM price_ticks`);
    const [open] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM timed_contracts WHERE status = 'open'`,
    );
    const health = await api(t.app, 'GET', '/api/health');
    const english = await api(t.app, 'GET', '/api/health', { headers: { 'accept-language': 'en' } });
    return {
      ticks: Number(ticks?.n),
      open: Number(open?.n),
      health: { status: health.status, message: health.body.message },
      english: english.body.message,
    };
  } finally {
    await t.close();
  }
}

describe('an instance whose clock is off', () => {
  it('records no tick and settles nothing when 60 s ahead', async () => {
    const { ticks, open, health, english } = await afterThreeSeconds(60_000);
    expect({ ticks, open }).toEqual({ ticks: 0, open: 4 });
    // Out of the load balancer, saying why.
    expect(health.status).toBe(503);
    expect(health.message).toMatch(/^本实例时钟与数据库相差 -?\d+ ms（允许 500 ms）/);
    expect(english).toMatch(
      /^This instance's clock is -?\d+ ms off the database's \(500 ms allowed\): it records no prices and settles nothing$/,
    );
  }, 60_000);

  it('records and settles when right (the same run, the control)', async () => {
    const { ticks, open, health } = await afterThreeSeconds(0);
    expect(health).toEqual({ status: 200, message: 'ok' });
    expect(ticks).toBeGreaterThan(0);
    expect(open).toBe(0);
  }, 60_000);
});
