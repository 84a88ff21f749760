import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../app.ts';
import { verifyAuditChain } from '../modules/audit/audit.chain.ts';
import { verifyLedger } from '../modules/ledger/verify.ts';
import { api, createTestApp, registerUser, type TestApp } from '../test/app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../test/database.ts';
import { openPostgres, snapshotCheck } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

/**
 * PostgreSQL that cannot serve a request (issue 18): a row lock held past lock_timeout, or the
 * server unreachable. The request gets 503 服务暂时不可用 with Retry-After, soon, never a 500 or a
 * wait without end, and the platform serves again by itself once the database is back.
 */

/** A TCP relay to the test PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const relay = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        port = (relay.address() as net.AddressInfo).port;
        server = relay;
        resolve();
      });
    });
  const cut = async () => {
    const open = server;
    server = undefined;
    for (const s of sockets) s.destroy();
    if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
  };
  await listen();
  return {
    url(database: URL) {
      const url = new URL(database);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    cut,
    /** Listens again on the same port (new connections reach the database again). */
    restore: () => (server ? Promise.resolve() : listen()),
  };
}

describe.skipIf(testEngine !== 'postgres')(`PostgreSQL unavailable (${testEngine})`, () => {
  let target: TestDatabase;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let t: TestApp;

  beforeAll(async () => {
    target = await createTestDatabase();
    relay = await startRelay(new URL(target.url as string));
    const limits = { statementTimeoutMs: 10_000, lockTimeoutMs: 300, connectTimeoutMs: 1_000 };
    t = await createTestApp({}, () => openPostgres(relay.url(new URL(target.url as string)), 4, limits));
  });
  afterAll(async () => {
    await relay?.restore();
    await t?.close();
    await relay?.cut();
    await target?.close();
  });

  it('a request that waits on a row lock past lock_timeout is 503 with Retry-After, and changes nothing', async () => {
    const user = await registerUser(t.app);
    const holder = new pg.Client({ connectionString: target.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.user.id]);
      const started = Date.now();
      const res = await api(t.app, 'PATCH', '/api/auth/profile', {
        token: user.token,
        body: { nickname: 'locked out' },
      });
      expect(res.status, res.body.message).toBe(503);
      expect(res.body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      expect(res.raw.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const me = await api<{ user: { nickname: string | null } }>(t.app, 'GET', '/api/auth/me', {
      token: user.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.data?.user.nickname).not.toBe('locked out');
  });

  it('the database unreachable is 503 with Retry-After on every route, and the platform recovers by itself', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', '/api/wallet', { token: user.token })).status).toBe(200);

    await relay.cut();
    const started = Date.now();
    for (const [method, url, body] of [
      ['GET', '/api/wallet', undefined],
      ['GET', '/api/auth/me', undefined],
      ['POST', '/api/auth/login', { account: user.email, password: user.password }],
    ] as const) {
      const res = await api(t.app, method, url, { token: user.token, body });
      expect(res.status, `${url}: ${res.body.message}`).toBe(503);
      expect(res.body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      expect(res.raw.headers['retry-after']).toBe('5');
    }
    expect(Date.now() - started).toBeLessThan(10_000);

    await relay.restore();
    const back = await api(t.app, 'GET', '/api/wallet', { token: user.token });
    expect(back.status, back.body.message).toBe(200);
  });

  it("statement_timeout cuts a request's statement, but not the ledger and audit snapshot checks", async () => {
    const strict = await openPostgres(target.url as string, 2, {
      statementTimeoutMs: 50,
      lockTimeoutMs: 50,
      connectTimeoutMs: 1_000,
    });
    try {
      const slow = await strict.db.execute(sql`SELECT pg_sleep(0.3)`).catch((err: unknown) => err);
      expect(isDatabaseUnavailable(slow)).toBe(true);
      // The same sleep inside a snapshot check runs to its end.
      await snapshotCheck(strict.db, (tx) => tx.execute(sql`SELECT pg_sleep(0.3)`));
      expect((await verifyLedger(strict.db)).ok).toBe(true);
      expect((await verifyAuditChain(strict.db)).ok).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
