import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../app.ts';
import { verifyAuditChain } from '../modules/audit/audit.chain.ts';
import { verifyLedger } from '../modules/reconciliation/ledger-check.ts';
import { api, createTestApp, registerUser, type TestApp } from '../test/app.ts';
import { createTestDatabase, type TestDatabase, terminateBackends, testEngine } from '../test/database.ts';
import { sleep } from '../test/fixtures.ts';
import { insertDepositChannel } from '../test/money.ts';
import { startTcpRelay, type TcpRelay } from '../test/tcp-relay.ts';
import { openPostgres, snapshotCheck } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { queryRows } from './rows.ts';

/**
 * PostgreSQL that cannot serve a request (issue 18): a row lock held past lock_timeout, or the
 * server unreachable. The request gets 503 服务暂时不可用 with Retry-After, soon, never a 500 or a
 * wait without end, and the platform serves again by itself once the database is back.
 */

/** Polls `ok` every 50 ms until it holds; resolves with the milliseconds it took. */
async function timeUntil(ok: () => Promise<boolean>, limitMs: number) {
  const started = Date.now();
  while (!(await ok())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

describe.skipIf(testEngine !== 'postgres')(`PostgreSQL unavailable (${testEngine})`, () => {
  let target: TestDatabase;
  let relay: TcpRelay;
  let t: TestApp;
  const limits = { statementTimeoutMs: 10_000, lockTimeoutMs: 300, connectTimeoutMs: 1_000 };
  /** Every connection cut and new ones refused: the database is gone. */
  const cut = () => {
    relay.partition(true, { newConnections: 'refuse' });
    relay.resetAll();
  };

  beforeAll(async () => {
    target = await createTestDatabase();
    relay = await startTcpRelay(target.url as string);
    t = await createTestApp({}, () => openPostgres(relay.url(target.url as string), 4, limits));
  });
  afterAll(async () => {
    relay?.partition(false);
    await t?.close();
    await relay?.close();
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

    cut();
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

    relay.partition(false);
    const back = await api(t.app, 'GET', '/api/wallet', { token: user.token });
    expect(back.status, back.body.message).toBe(200);
  });

  it('every pool connection has an error listener for its whole life, checked out too (issue 31)', async () => {
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      expect(client.listenerCount('error')).toBeGreaterThan(0);
    } finally {
      client.release();
    }
  });

  it('a backend terminated or a connection reset while a transaction holds it is 503, never an uncaught error (issue 31)', async () => {
    const user = await registerUser(t.app);
    for (const fault of ['terminate', 'reset'] as const) {
      // Idle in its transaction when the connection goes: the client has no query to fail.
      const idle = t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          if (fault === 'terminate') await terminateBackends(target.url as string);
          else relay.resetAll();
          await sleep(200);
          await tx.execute(sql`SELECT 1`);
        })
        .then(() => null)
        .catch((err: unknown) => err);
      expect(isDatabaseUnavailable(await idle), `${fault}: ${String(await idle)}`).toBe(true);

      // A request waiting on a row lock when its backend goes.
      const holder = new pg.Client({ connectionString: target.url });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.user.id]);
      const waiting = api(t.app, 'PATCH', '/api/auth/profile', {
        token: user.token,
        body: { nickname: fault },
      });
      await sleep(100);
      if (fault === 'terminate') {
        const admin = new pg.Client({ connectionString: target.url });
        await admin.connect();
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid NOT IN (pg_backend_pid(), $1)`,
          [(await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid],
        );
        await admin.end();
      } else relay.resetAll();
      const res = await waiting;
      await holder.query('ROLLBACK');
      await holder.end();
      expect(res.status, `${fault}: ${res.body.message}`).toBe(503);
      expect(res.body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      expect(res.raw.headers['retry-after']).toBe('5');

      // Served again at once: the pool replaces what it lost.
      const back = await api(t.app, 'GET', '/api/wallet', { token: user.token });
      expect(back.status, back.body.message).toBe(200);
    }
  });

  it('a partition: 503 within the connect timeout and a few seconds, health within 1 s, served again within 2 s of healing (issue 31)', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', '/api/wallet', { token: user.token })).status).toBe(200);
    relay.partition(true);
    try {
      const started = Date.now();
      const [wallet, me] = await Promise.all([
        api(t.app, 'GET', '/api/wallet', { token: user.token }),
        api(t.app, 'POST', '/api/auth/login', { body: { account: user.email, password: user.password } }),
      ]);
      const waited = Date.now() - started;
      for (const res of [wallet, me]) {
        expect(res.status, res.body.message).toBe(503);
        expect(res.raw.headers['retry-after']).toBe('5');
      }
      expect(waited).toBeLessThan(limits.connectTimeoutMs + 3_000);

      const asked = Date.now();
      const health = await api<{ status: string; reason: string }>(t.app, 'GET', '/api/health');
      expect(Date.now() - asked).toBeLessThan(1_000);
      expect(health.status).toBe(503);
      expect(health.body.message).toMatch(/^数据库不可用：/);
      expect(health.body.data).toMatchObject({ status: 'down', database: 'postgres' });

      // Known silent: refused at once, not after a connect timeout of its own.
      const again = Date.now();
      const refused = await api(t.app, 'GET', '/api/wallet', { token: user.token });
      expect(refused.status).toBe(503);
      expect(Date.now() - again).toBeLessThan(limits.connectTimeoutMs / 2);
    } finally {
      relay.partition(false);
    }
    const recovery = await timeUntil(
      async () => (await api(t.app, 'GET', '/api/wallet', { token: user.token })).status === 200,
      2_000,
    );
    expect(recovery).toBeLessThan(2_000);
    await timeUntil(async () => (await api(t.app, 'GET', '/api/health')).status === 200, 2_000);
  });

  it('without the watch, a query the server never answers ends at query_timeout, and gives its pool slot back (issue 31)', async () => {
    const strict = await openPostgres(relay.url(target.url as string), 2, {
      statementTimeoutMs: 300,
      lockTimeoutMs: 300,
      connectTimeoutMs: 0,
    });
    const pool = (strict.db as unknown as { $client: pg.Pool }).$client;
    try {
      // Both connections of the pool open and idle, then both stuck in a BEGIN nobody answers.
      await Promise.all([1, 2].map(() => strict.db.execute(sql`SELECT pg_sleep(0.05)`)));
      expect(pool.totalCount).toBe(2);
      relay.partition(true);
      const started = Date.now();
      const lost = await Promise.all(
        [1, 2].map(() =>
          strict.db
            .transaction((tx) => tx.execute(sql`SELECT 1`))
            .then(() => null)
            .catch((err: unknown) => err),
        ),
      );
      for (const err of lost) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      expect(Date.now() - started).toBeLessThan(300 + 5_000);
      // Destroyed and out of the pool: not kept by the failed BEGIN (Drizzle releases a client only
      // after BEGIN), nor handed back wedged behind the unanswered query.
      expect(pool.totalCount).toBe(0);
      relay.partition(false);
      await strict.db.transaction((tx) => tx.execute(sql`SELECT 2`));
    } finally {
      relay.partition(false);
      await strict.close();
    }
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
      // The same sleep inside a snapshot check runs to its end, past the client-side query timeout too.
      await snapshotCheck(strict.db, (tx) => tx.execute(sql`SELECT pg_sleep(2.2)`));
      expect((await verifyLedger(strict.db)).ok).toBe(true);
      expect((await verifyAuditChain(strict.db)).ok).toBe(true);
    } finally {
      await strict.close();
    }
  });
});

describe(`a database short of a resource: SQLSTATE class 53 (${testEngine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // The next deposit insert fails with the code in fault_code, as a full disk would fail it.
    await t.database.db.execute(sql`CREATE TABLE fault_code (code text)`);
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION raise_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE c text := (SELECT code FROM fault_code LIMIT 1);
        BEGIN
          IF c IS NOT NULL THEN RAISE EXCEPTION 'injected fault' USING ERRCODE = c; END IF;
          RETURN NEW;
        END $$`),
    );
    await t.database.db.execute(
      sql`CREATE TRIGGER deposits_fault BEFORE INSERT ON deposits FOR EACH ROW EXECUTE FUNCTION raise_fault()`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('disk full, out of memory and too many connections are 503 with Retry-After, the key given back, and health shows them (issue 31)', async () => {
    const user = await registerUser(t.app);
    const channel = await insertDepositChannel(t.database.db);
    for (const code of ['53100', '53200', '53300']) {
      await t.database.db.execute(sql`DELETE FROM fault_code`);
      await t.database.db.execute(sql`INSERT INTO fault_code VALUES (${code})`);
      const key = `class-53-${code}`;
      const deposit = () =>
        api(t.app, 'POST', '/api/wallet/deposits', {
          token: user.token,
          headers: { 'idempotency-key': key },
          body: { channel_id: channel.id, amount: '20' },
        });
      const refused = await deposit();
      expect(refused.status, `${code}: ${refused.body.message}`).toBe(503);
      expect(refused.body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      expect(refused.raw.headers['retry-after']).toBe('5');
      // Nothing was done, and the key is not left in progress: the retry runs.
      const [held] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key} AND state = 'in_progress'`,
      );
      expect(held?.n).toBe(0);

      if (testEngine === 'postgres') {
        const health = await api<{ reason: string }>(t.app, 'GET', '/api/health');
        expect(health.status).toBe(503);
        expect(health.body.data?.reason).toContain(code);
      }

      await t.database.db.execute(sql`DELETE FROM fault_code`);
      const retried = await deposit();
      expect(retried.status, retried.body.message).toBe(200);
    }
  });
});
