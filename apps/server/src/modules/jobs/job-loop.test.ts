import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { sleep } from '../../test/fixtures.ts';
import { createJobLoop } from './job-loop.ts';
import { createLease, LEASED_JOBS, type Lease, leaseTakeoverWithinMs } from './lease.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Fastify's logger with logging off: failing steps are expected here. */
const log = Fastify({ logger: false }).log;

describe('job loop', () => {
  it('only the lease holder runs the steps; a step never overlaps itself; a failing step keeps its turns', async () => {
    const runs = { a: 0, b: 0, failing: 0 };
    let concurrent = 0;
    let maxConcurrent = 0;
    const steps = (who: 'a' | 'b') => [
      {
        name: 'slow',
        everyMs: 10,
        run: async () => {
          runs[who]++;
          concurrent++;
          maxConcurrent = Math.max(maxConcurrent, concurrent);
          await sleep(40);
          concurrent--;
        },
      },
      {
        name: 'failing',
        everyMs: 10,
        run: async () => {
          runs.failing++;
          throw new Error('boom');
        },
      },
    ];
    const a = createJobLoop({
      lease: createLease(database.db, 'loop-test', 5000, 'a'),
      steps: steps('a'),
      log,
    });
    const b = createJobLoop({
      lease: createLease(database.db, 'loop-test', 5000, 'b'),
      steps: steps('b'),
      log,
    });
    await a.start();
    await b.start();
    await sleep(300);
    await a.stop();
    await b.stop();

    expect(runs.a).toBeGreaterThan(2);
    expect(runs.b).toBe(0);
    expect(maxConcurrent).toBe(1);
    expect(runs.failing).toBeGreaterThan(5);
  });

  it('stop waits for the running step and gives the lease to the next instance', async () => {
    let finished = false;
    const a = createJobLoop({
      lease: createLease(database.db, 'loop-handover', 60_000, 'a'),
      log,
      steps: [
        {
          name: 'long',
          everyMs: 5,
          run: async () => {
            await sleep(80);
            finished = true;
          },
        },
      ],
    });
    await a.start();
    await sleep(30);
    await a.stop();
    expect(finished).toBe(true);
    expect(await createLease(database.db, 'loop-handover', 60_000, 'b').acquire()).toBe(true);
  });

  it("a holder that dies is replaced within its lease's takeoverWithinMs (the TTL and one renewal turn)", async () => {
    // The dead holder: took the lease, then never renewed or released it (kill -9).
    const dead = createLease(database.db, 'loop-takeover', 1000, 'dead');
    expect(await dead.acquire()).toBe(true);
    const diedAt = performance.now();
    const lease = createLease(database.db, 'loop-takeover', 1000, 'standby');
    expect(lease.takeoverWithinMs).toBe(1200);
    let firstRun: number | null = null;
    const standby = createJobLoop({
      lease,
      log,
      steps: [
        {
          name: 'work',
          everyMs: 20,
          run: async () => {
            firstRun ??= performance.now();
          },
        },
      ],
    });
    await standby.start();
    await sleep(lease.takeoverWithinMs + 300);
    await standby.stop();
    expect(firstRun).not.toBeNull();
    const after = (firstRun ?? 0) - diedAt;
    expect(after).toBeGreaterThanOrEqual(1000);
    // A step's own interval and a loaded machine's timers on top of the stated bound.
    expect(after).toBeLessThan(lease.takeoverWithinMs + 250);
  });

  it('every leased job states its takeover time; the trading jobs are taken over within 15 s', () => {
    const within = Object.fromEntries(
      Object.entries(LEASED_JOBS).map(([job, { ttlMs }]) => [job, leaseTakeoverWithinMs(ttlMs)]),
    );
    expect(within).toEqual({
      trading: 12_000,
      marketFeed: 12_000,
      reconciliation: 72_000,
      idempotencyPrune: 72_000,
      adminChanges: 72_000,
      priceAlerts: 12_000,
      riskAlerts: 12_000,
    });
  });

  it('without a lease, every instance runs the steps', async () => {
    const runs = { a: 0, b: 0 };
    const loop = (who: 'a' | 'b') =>
      createJobLoop({ log, steps: [{ name: 'sweep', everyMs: 10, run: async () => void runs[who]++ }] });
    const a = loop('a');
    const b = loop('b');
    await a.start();
    await b.start();
    await sleep(150);
    await a.stop();
    await b.stop();
    expect(runs.a).toBeGreaterThan(2);
    expect(runs.b).toBeGreaterThan(2);
  });

  it("passes the lease's fence to its steps: a step stops writing once its lease was taken over", async () => {
    const outcomes: string[] = [];
    // A holder whose renewals stalled (a frozen VM, a starved event loop) while its steps still run.
    const stalled: Lease = Object.create(createLease(database.db, 'loop-fence', 200, 'a'), {
      renewEveryMs: { value: 60_000 },
    });
    const a = createJobLoop({
      lease: stalled,
      log,
      steps: [
        {
          name: 'fenced',
          everyMs: 20,
          run: async (_now, fence) => {
            await database.db.transaction(async (tx) => fence(tx));
            outcomes.push('wrote');
          },
        },
      ],
    });
    await a.start();
    await sleep(100);
    expect(outcomes.length).toBeGreaterThan(0);
    // Another holder takes over behind a's back (a's renewal has not come).
    await sleep(150);
    expect(await createLease(database.db, 'loop-fence', 60_000, 'b').acquire()).toBe(true);
    const before = outcomes.length;
    await sleep(100);
    await a.stop();
    expect(outcomes.length).toBe(before);
  });
});
