import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createJobLoop } from './job-loop.ts';
import { createLease } from './lease.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Fastify's logger with logging off: failing steps are expected here. */
const log = Fastify({ logger: false }).log;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    const lease = createLease(database.db, 'loop-fence', 200, 'a');
    const a = createJobLoop({
      lease,
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
    // Another holder takes over behind a's back (a's renewal timer has not fired: 5 s).
    await sleep(150);
    expect(await createLease(database.db, 'loop-fence', 60_000, 'b').acquire()).toBe(true);
    const before = outcomes.length;
    await sleep(100);
    await a.stop();
    expect(outcomes.length).toBe(before);
  });
});
