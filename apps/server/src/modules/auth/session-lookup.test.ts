import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { hashToken } from './tokens.ts';

/**
 * Session lookups that miss the cache at the same moment share one statement (issue 19: 10,000
 * sockets connecting at once each bring a session no instance has looked up yet). Each request still
 * gets its own answer: its own user, or its own refusal (revoked, expired, an idle admin), and an
 * admin session is touched only when it is its own turn. Statements are counted at the database
 * client the app's pool queries through (PGlite's or node-postgres's).
 */

let t: TestApp;
let lookups = 0;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_IDLE_TIMEOUT_MINUTES: '30' });
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const original = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '');
    if (text.includes('touched_session')) lookups++;
    return original(...args);
  };
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => api<{ user: { email: string } }>(t.app, 'GET', '/api/auth/me', { token });
const db = () => t.database.db;

describe(`concurrent session lookups (${testEngine})`, () => {
  it('twenty first requests at once: one lookup statement, each its own user', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    lookups = 0;
    const replies = await Promise.all(users.map((u) => me(u.token)));
    replies.forEach((res, i) => {
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data?.user.email).toBe(users[i]?.email);
    });
    expect(lookups).toBe(1);
  });

  it('in one lookup a revoked, an expired and an idle admin session are refused, the others served', async () => {
    const fine = await registerUser(t.app);
    const revoked = await registerUser(t.app);
    const expired = await registerUser(t.app);
    const idleAdmin = await createAdmin(t);
    const busyAdmin = await createAdmin(t);
    expect((await api(t.app, 'POST', '/api/auth/logout', { token: revoked.token })).status).toBe(200);
    await db().execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(expired.token)}`,
    );
    await db().execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = ${hashToken(idleAdmin.token)}`,
    );
    // Over the minute after which a lookup refreshes last_seen_at, within the idle limit.
    await db().execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '5 minutes' WHERE token_hash = ${hashToken(busyAdmin.token)}`,
    );
    lookups = 0;
    const [a, b, c, d, e] = await Promise.all([
      me(fine.token),
      me(revoked.token),
      me(expired.token),
      me(idleAdmin.token),
      me(busyAdmin.token),
    ]);
    expect(lookups).toBe(1);
    expect(a?.status).toBe(200);
    expect(a?.body.data?.user.email).toBe(fine.email);
    expect([b?.status, b?.body.message]).toEqual([401, 'token 无效或已过期，请重新登录']);
    expect([c?.status, c?.body.message]).toEqual([401, 'token 无效或已过期，请重新登录']);
    expect([d?.status, d?.body.message]).toEqual([401, '登录已超时，请重新登录']);
    expect(e?.status).toBe(200);
    expect(e?.body.data?.user.email).toBe(busyAdmin.email);

    // Only the admin whose turn it was is touched; the idle one is not revived.
    const seen = async (token: string) =>
      (
        (await db().execute(
          sql`SELECT extract(epoch from now() - last_seen_at)::float8 AS age FROM sessions WHERE token_hash = ${hashToken(token)}`,
        )) as unknown as { rows: Array<{ age: number }> }
      ).rows[0]?.age ?? Number.NaN;
    expect(await seen(busyAdmin.token)).toBeLessThan(60);
    expect(await seen(idleAdmin.token)).toBeGreaterThan(30 * 60);
  });
});
