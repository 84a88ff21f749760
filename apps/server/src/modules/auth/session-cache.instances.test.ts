import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.ts';
import { registerOn, sleep } from '../../test/fixtures.ts';
import {
  callServer,
  logRecords,
  type ServerProcess,
  startServer,
  stopServer,
} from '../../test/server-process.ts';
import { LISTENER_APPLICATION_NAME } from './session-changes.ts';
import { hashToken } from './tokens.ts';

/**
 * The session cache across two real server processes on one PostgreSQL (issue 19): whatever A
 * changes, B refuses at the very next request although it had the session cached; with the
 * listening connection killed B looks sessions up until it listens again. The control at the end
 * shows that B does answer from its cache (an unannounced revoke goes unseen).
 */

const ADMIN_EMAIL = 'root-session-cache@example.com';
const ADMIN_PASSWORD = 'root-secret-1';

describe.skipIf(testEngine !== 'postgres')('session cache: two server processes', () => {
  let target: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    target = await createTestDatabase();
    const env = {
      DATABASE_URL: target.url as string,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ADMIN_2FA_REQUIRED: 'false',
    };
    a = await startServer(env);
    b = await startServer(env);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopServer(s)));
    await target?.close();
  });

  const meOnB = async (token: string) =>
    (await callServer(b.origin, 'GET', '/api/auth/me', { token })).status;
  const cachedOnB = async (token: string) => {
    expect(await meOnB(token)).toBe(200);
    expect(await meOnB(token)).toBe(200);
  };
  /** As if nothing announced it: the trigger off for this one statement. */
  const unannouncedRevoke = (token: string) =>
    target.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_announce_change`);
      await tx.execute(sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(token)}`);
      await tx.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_announce_change`);
    });

  it('refuses on B at the next request what A revoked, 40 times in a row', async () => {
    let stale = 0;
    for (let i = 0; i < 40; i++) {
      const user = await registerOn(a.origin, `logout-${i}`);
      await cachedOnB(user.token);
      expect((await callServer(a.origin, 'POST', '/api/auth/logout', { token: user.token })).status).toBe(
        200,
      );
      if ((await meOnB(user.token)) !== 401) stale++;
    }
    expect(stale).toBe(0);
  });

  it('an admin disabling the user and a password change on A', async () => {
    const login = await callServer<{ token: string }>(a.origin, 'POST', '/api/auth/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const admin = login.data?.token as string;
    const disabled = await registerOn(a.origin, 'disabled');
    await cachedOnB(disabled.token);
    const res = await callServer(a.origin, 'PATCH', `/api/admin/users/${disabled.user.id}/status`, {
      token: admin,
      body: { is_active: false },
    });
    expect(res.status, res.message).toBe(200);
    expect(await meOnB(disabled.token)).toBe(401);

    const user = await registerOn(a.origin, 'password');
    const email = (
      await callServer<{ user: { email: string } }>(a.origin, 'GET', '/api/auth/me', { token: user.token })
    ).data?.user.email as string;
    const other = await callServer<{ token: string }>(b.origin, 'POST', '/api/auth/login', {
      body: { email, password: 'Trade-pass-2026' },
    });
    const otherToken = other.data?.token as string;
    await cachedOnB(otherToken);
    const changed = await callServer(a.origin, 'PATCH', '/api/auth/password', {
      token: user.token,
      body: { oldPassword: 'Trade-pass-2026', newPassword: 'another-secret9' },
    });
    expect(changed.status, changed.message).toBe(200);
    expect(await meOnB(otherToken)).toBe(401);
    expect(await meOnB(user.token)).toBe(200);
  });

  it('with its listener killed B looks sessions up until it is back, then caches again', async () => {
    const kept = await registerOn(a.origin, 'kept');
    const fresh = await registerOn(a.origin, 'fresh');
    await cachedOnB(kept.token);
    const before = logRecords(b).filter((r) => r.msg === 'session change listener back').length;
    // Every listener of the database (A's and B's), waiting until their backends have ended.
    const killed = await queryRows<{ gone: boolean }>(
      target.db,
      sql`SELECT pg_terminate_backend(pid, 5000) AS gone FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    const gapStart = performance.now();
    expect(killed.length).toBe(2);
    // B reconnects 0.5 s after it saw the loss: these run in the gap, with revokes nobody hears.
    expect(await meOnB(fresh.token)).toBe(200);
    await unannouncedRevoke(kept.token);
    await unannouncedRevoke(fresh.token);
    expect(await meOnB(kept.token)).toBe(401);
    expect(await meOnB(fresh.token)).toBe(401);
    expect(performance.now() - gapStart, 'the gap steps ran past the reconnection').toBeLessThan(500);

    for (let i = 0; i < 100; i++) {
      if (logRecords(b).filter((r) => r.msg === 'session change listener back').length > before) break;
      await sleep(50);
    }
    expect(
      logRecords(b).some(
        (r) =>
          r.msg === 'session change listener lost: sessions are looked up in the database until it is back',
      ),
    ).toBe(true);
    expect(logRecords(b).filter((r) => r.msg === 'session change listener back').length).toBe(before + 1);

    // Control: back, B answers from its cache again, so a revoke that nobody announces goes unseen.
    const later = await registerOn(a.origin, 'later');
    await cachedOnB(later.token);
    await unannouncedRevoke(later.token);
    expect(await meOnB(later.token)).toBe(200);
  });
});
