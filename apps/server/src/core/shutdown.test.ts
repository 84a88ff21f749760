import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../test/database.ts';
import { registerOn, sleep } from '../test/fixtures.ts';
import { logRecords, type ServerProcess, startServer, stopServer } from '../test/server-process.ts';

/**
 * SIGTERM (issue 18): the instance stops accepting, lets what is in flight finish and exits 0; past
 * SHUTDOWN_TIMEOUT_MS it names what was still running and exits 1. A request is held in flight by a
 * table lock taken from the test, so PostgreSQL only; the server runs as a real child process with
 * its feed and job loops on.
 */

/** Holds an ACCESS EXCLUSIVE lock on the balances table, so a wallet read waits for it. */
async function lockBalances(url: string) {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE ledger_accounts IN ACCESS EXCLUSIVE MODE');
  return {
    async release() {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    },
  };
}

describe.skipIf(testEngine !== 'postgres')('shutdown on SIGTERM', () => {
  let target: TestDatabase;
  const servers: ServerProcess[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer({ DATABASE_URL: target.url as string, LOG_LEVEL: 'info', ...env });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    target = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    await target?.close();
  });

  it('lets the request in flight finish, stops its jobs and exits 0', async () => {
    const server = await start();
    const token = (await registerOn(server.origin, 'shutdown')).token;
    const lock = await lockBalances(target.url as string);
    let inFlight: Promise<Response>;
    try {
      inFlight = fetch(`${server.origin}/api/wallet`, { headers: { authorization: `Bearer ${token}` } });
      await sleep(500);
      server.child.kill('SIGTERM');
      await sleep(500);
      // Stopped accepting: a new connection is refused while the first request still waits.
      await expect(fetch(`${server.origin}/api/health`)).rejects.toThrow();
    } finally {
      await lock.release();
    }
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await server.exited, server.output.slice(-15).join('\n')).toBe(0);
    const messages = logRecords(server).map((r) => r.msg);
    expect(messages).toContain('shutting down');
    expect(messages).toContain('shut down cleanly');
  });

  it('the market-feed leader on Redis exits 0 (its stop was announced over a Redis connection already closed)', async () => {
    const server = await start({ REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
    // Leader of the feed and of the trading jobs once both loops have taken their leases.
    for (let i = 0; i < 50 && !logRecords(server).some((r) => r.event === 'feed.leader'); i++)
      await sleep(100);
    expect(logRecords(server).some((r) => r.event === 'feed.leader')).toBe(true);
    expect(await stopServer(server), server.output.slice(-10).join('\n')).toBe(0);
  });

  it('past SHUTDOWN_TIMEOUT_MS, logs what was still running and exits 1', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '1000', DATABASE_LOCK_TIMEOUT_MS: '30000' });
    const token = (await registerOn(server.origin, 'shutdown')).token;
    const lock = await lockBalances(target.url as string);
    try {
      void fetch(`${server.origin}/api/wallet`, { headers: { authorization: `Bearer ${token}` } }).catch(
        () => undefined,
      );
      await sleep(500);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(Date.now() - signalled).toBeLessThan(4000);
    } finally {
      await lock.release();
    }
    const deadline = logRecords(server).find(
      (r) => r.msg === 'shutdown deadline passed with work still running; exiting',
    );
    expect(deadline).toBeDefined();
    const running = (deadline?.running ?? []) as { label: string; ms: number }[];
    expect(running.map((w) => w.label)).toContain('GET /api/wallet');
  });
});
