import {
  ACCOUNT_SECURITY_MESSAGES,
  type AccountLogins,
  type AccountSessions,
  TWOFA_MESSAGES,
} from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../db/client.ts';
import {
  api,
  createAdmin,
  createTestApp,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/app.ts';
import { testEngine } from '../../../test/database.ts';
import { login, loginToken, sleep } from '../../../test/fixtures.ts';
import { callServer } from '../../../test/server-process.ts';
import { nextEvent, testSockets } from '../../../test/sockets.ts';
import { users } from '../../users/users.schema.ts';
import { sessions, twoFactorCredentials } from '../auth.schema.ts';
import { hashToken } from '../tokens.ts';
import { timeStep, totpAt } from '../two-factor/totp.ts';
import { LOGIN_EVENTS_KEPT, recordLoginEvent } from './account-security.repository.ts';
import { loginEvents } from './login-events.schema.ts';

/**
 * 安全中心 (issue 20): the caller's own sessions (device, IP, last use, 本机), revoking one (at once
 * on every instance: on PostgreSQL A and B are two apps on one database, B called over HTTP as in
 * session-cache.test.ts) or all the others, and the recent logins with failures. Another user's
 * session id is the same 404 as an unknown one; malformed ids are a Chinese 400.
 */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

let a: TestApp;
let b: TestApp;
let bOrigin = '';
const sockets = testSockets(() => a.app);

beforeAll(async () => {
  a = await createTestApp({ TWOFA_MAX_FAILED_ATTEMPTS: '3' });
  b =
    testEngine === 'postgres' ? await createTestApp({}, () => openPostgres(a.database.url as string, 5)) : a;
  if (b !== a) bOrigin = await b.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  sockets.close();
  if (b !== a) await b?.close();
  await a?.close();
});

const db = () => a.database.db;
const listSessions = (token: string, query = '') =>
  api<AccountSessions>(a.app, 'GET', `/api/account/sessions${query}`, { token });
const listLogins = (token: string, query = '') =>
  api<AccountLogins>(a.app, 'GET', `/api/account/logins${query}`, { token });
const revoke = (token: string, id: string) =>
  api(a.app, 'DELETE', `/api/account/sessions/${encodeURIComponent(id)}`, { token });
const sessionIdOf = async (token: string) =>
  (
    await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]?.id as string;
const lastSeenOf = async (token: string) =>
  (
    await db()
      .select({ at: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]?.at.getTime() ?? 0;
/** A GET on B (over HTTP when B is another app, as another instance is called). */
async function meOnB(token: string) {
  if (!bOrigin) return (await api(b.app, 'GET', '/api/auth/me', { token })).status;
  return (await callServer(bOrigin, 'GET', '/api/auth/me', { token })).status;
}

describe(`安全中心: sessions (${testEngine})`, () => {
  it('lists only the caller’s live sessions: this one first (本机), device, IP, login and last use', async () => {
    const user = await registerUser(a.app);
    const phone = await loginToken(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    const mac = await loginToken(a, user.email, user.password, { userAgent: MAC_SAFARI });
    const gone = await loginToken(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    expect((await api(a.app, 'POST', '/api/auth/logout', { token: gone })).status).toBe(200);
    const expired = await loginToken(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    const stranger = await registerUser(a.app);

    const res = await listSessions(mac);
    expect(res.status, res.body.message).toBe(200);
    const listed = res.body.data?.sessions ?? [];
    expect(listed.map((s) => s.id).sort()).toEqual(
      [await sessionIdOf(user.token), await sessionIdOf(phone), await sessionIdOf(mac)].sort(),
    );
    expect(listed[0]).toMatchObject({
      id: await sessionIdOf(mac),
      current: true,
      device: 'Safari · macOS',
      user_agent: MAC_SAFARI,
      ip: '127.0.0.1',
    });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const phoneId = await sessionIdOf(phone);
    expect(listed.find((s) => s.id === phoneId)?.device).toBe('Chrome · Android');
    for (const s of listed) {
      expect(Date.parse(s.created_at)).not.toBeNaN();
      expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at) - 1000);
    }
    expect(res.body.data?.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expect(listed.map((s) => s.id)).not.toContain(await sessionIdOf(stranger.token));
    // Paged like every list: a page of one, and an out-of-range limit is a 400.
    const paged = await listSessions(mac, '?page=2&limit=1');
    expect(paged.body.data?.sessions).toHaveLength(1);
    expect(paged.body.data?.sessions[0]?.current).toBe(false);
    expect((await listSessions(mac, '?limit=1000')).status).toBe(400);
    expect((await listSessions('not-a-token')).status).toBe(401);
  });

  it('revokes another device of the caller at once (sockets too); the list no longer has it', async () => {
    const user = await registerUser(a.app);
    const other = await loginToken(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    const otherId = await sessionIdOf(other);
    const socket = await sockets.open(other);
    const disconnected = nextEvent(socket, 'disconnect');

    const res = await revoke(user.token, otherId);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.revoked);
    await disconnected;
    const me = await api(a.app, 'GET', '/api/auth/me', { token: other });
    expect(me.status).toBe(401);
    expect(me.body.message).toContain('token');
    const listed = (await listSessions(user.token)).body.data?.sessions ?? [];
    expect(listed.map((s) => s.id)).toEqual([await sessionIdOf(user.token)]);
    // Twice: it is no longer a live session of the caller.
    const again = await revoke(user.token, otherId);
    expect([again.status, again.body.message]).toEqual([404, ACCOUNT_SECURITY_MESSAGES.sessionNotFound]);
  });

  it('refuses another user’s session id exactly as an unknown one, and leaves that session alone', async () => {
    const user = await registerUser(a.app);
    const victim = await registerUser(a.app);
    const victimSession = await sessionIdOf(victim.token);
    const foreign = await revoke(user.token, victimSession);
    const unknown = await revoke(user.token, '0b6f1c1e-8f43-4c8a-9d55-3f2b8a1e7c44');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.sessionNotFound);
    expect((await api(a.app, 'GET', '/api/auth/me', { token: victim.token })).status).toBe(200);
    const row = (await db().select().from(sessions).where(eq(sessions.id, victimSession)))[0];
    expect(row?.revokedAt).toBeNull();
  });

  it('answers malformed ids with a Chinese 400 naming the id, never a 500', async () => {
    const user = await registerUser(a.app);
    for (const id of [
      'abc',
      '123',
      '0b6f1c1e-8f43-4c8a-9d55-3f2b8a1e7c4',
      '0b6f1c1e-8f43-4c8a-9d55-3f2b8a1e7c44x',
      "' OR 1=1 --",
      'z'.repeat(90),
      '%00',
    ]) {
      const res = await revoke(user.token, id);
      expect(res.status, id).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message, id).toMatch(/参数错误|设备ID不正确/);
    }
    // Past the router's longest path parameter (100 characters), and a broken escape: refused by
    // the router before the route, in the envelope all the same.
    for (const path of [`/api/account/sessions/${'z'.repeat(500)}`, '/api/account/sessions/%E0%A4%A']) {
      const res = await api(a.app, 'DELETE', path, { token: user.token });
      expect([res.status, res.body.success, res.body.message]).toEqual([
        400,
        false,
        '参数错误：路径格式不正确',
      ]);
    }
    const res = await revoke(user.token, 'abc');
    expect(res.body.message).toContain('id');
    expect(res.body.message).toContain(ACCOUNT_SECURITY_MESSAGES.badSessionId);
    expect((await api(a.app, 'GET', '/api/auth/me', { token: user.token })).status).toBe(200);
  });

  it('revoking this session logs it out; revoking the others keeps it', async () => {
    const user = await registerUser(a.app);
    const second = await loginToken(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    const third = await loginToken(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    const others = await api<{ revoked: number }>(a.app, 'DELETE', '/api/account/sessions', {
      token: user.token,
    });
    expect(others.status, others.body.message).toBe(200);
    expect(others.body.data?.revoked).toBe(2);
    expect((await api(a.app, 'GET', '/api/auth/me', { token: second })).status).toBe(401);
    expect((await api(a.app, 'GET', '/api/auth/me', { token: third })).status).toBe(401);
    expect((await api(a.app, 'GET', '/api/auth/me', { token: user.token })).status).toBe(200);

    const own = await revoke(user.token, await sessionIdOf(user.token));
    expect(own.status, own.body.message).toBe(200);
    const after = await listSessions(user.token);
    expect(after.status).toBe(401);
    expect(after.body.message).toContain('token');
  });

  it('a revoke through A is refused on B at its next request, though B had the session cached', async () => {
    const user = await registerUser(a.app);
    const other = await loginToken(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    expect(await meOnB(other)).toBe(200);
    expect(await meOnB(other)).toBe(200);
    expect((await revoke(user.token, await sessionIdOf(other))).status).toBe(200);
    expect(await meOnB(other)).toBe(401);
    expect(await meOnB(user.token)).toBe(200);
  });

  it('last use is written at most once a minute per session, also while the session is cached', async () => {
    const user = await registerUser(a.app);
    // Moving last_seen_at back is announced, so the cached copy goes too (a test's edit).
    await db()
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect((await api(a.app, 'GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    const touched = await lastSeenOf(user.token);
    expect(Date.now() - touched).toBeLessThan(30_000);
    for (let i = 0; i < 5; i++) await api(a.app, 'GET', '/api/auth/me', { token: user.token });
    expect(await lastSeenOf(user.token)).toBe(touched);

    // 58 s ago: this lookup writes nothing and is cached for the 2 s left of the minute only, so a
    // request after it is looked up again and writes the new last use.
    await db()
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '58 seconds'` })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    const before = await lastSeenOf(user.token);
    expect((await api(a.app, 'GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    expect(await lastSeenOf(user.token)).toBe(before);
    await sleep(2_500);
    expect((await api(a.app, 'GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    expect(Date.now() - (await lastSeenOf(user.token))).toBeLessThan(30_000);
    const listed = (await listSessions(user.token)).body.data?.sessions[0];
    expect(Date.parse(listed?.last_seen_at ?? '')).toBe(await lastSeenOf(user.token));
  });
});

describe(`安全中心: recent logins (${testEngine})`, () => {
  it('records successes and failures on the account (not on unknown accounts), newest first', async () => {
    const user = await registerUser(a.app);
    expect((await login(a, user.email, 'wrong-password', { userAgent: MAC_SAFARI })).status).toBe(401);
    const token = await loginToken(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(loginEvents);
    expect((await login(a, uniqueEmail('ghost'), 'whatever', { userAgent: ANDROID_CHROME })).status).toBe(
      401,
    );
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(loginEvents);
    expect(after[0]?.n).toBe(before[0]?.n);

    const res = await listLogins(token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data?.logins).toMatchObject([
      { success: true, failure_reason: null, device: 'Chrome · Android', ip: '127.0.0.1' },
      { success: false, failure_reason: 'password', device: 'Safari · macOS', user_agent: MAC_SAFARI },
    ]);
    expect(res.body.data?.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    // Only the caller's own.
    const stranger = await registerUser(a.app);
    expect((await listLogins(stranger.token)).body.data?.logins).toEqual([]);
    expect((await listLogins(token, '?page=0')).status).toBe(400);
  });

  it('a disabled account and 2FA: a wrong code and the limit are failures, the code still to come is not', async () => {
    const user = await registerUser(a.app);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await db().insert(twoFactorCredentials).values({ userId: user.user.id, secret, enabledAt: new Date() });
    await db().update(users).set({ twofaEnabledAt: new Date() }).where(eq(users.id, user.user.id));
    const code = totpAt(secret, timeStep(Date.now()));
    const wrong = code === '000000' ? '111111' : '000000';

    const asked = await login(a, user.email, user.password, { userAgent: ANDROID_CHROME });
    expect([asked.status, asked.body.message]).toEqual([401, TWOFA_MESSAGES.required]);
    expect(
      (await login(a, user.email, user.password, { userAgent: ANDROID_CHROME, totp: wrong })).status,
    ).toBe(401);
    const ok = await login(a, user.email, user.password, { userAgent: ANDROID_CHROME, totp: code });
    expect(ok.status, ok.body.message).toBe(200);
    const token = ok.body.data?.token as string;
    // TWOFA_MAX_FAILED_ATTEMPTS is 3: the third wrong code uses the count up, then every code is a 429.
    for (let i = 0; i < 2; i++)
      await login(a, user.email, user.password, { userAgent: ANDROID_CHROME, totp: wrong });
    const locked = await login(a, user.email, user.password, { userAgent: ANDROID_CHROME, totp: code });
    expect(locked.status).toBe(429);

    const reasons = (await listLogins(token)).body.data?.logins.map((l) => l.failure_reason ?? 'ok');
    expect(reasons).toEqual(['locked', 'totp', 'totp', 'ok', 'totp']);

    await db().update(users).set({ isActive: false }).where(eq(users.id, user.user.id));
    expect((await login(a, user.email, user.password, { userAgent: ANDROID_CHROME })).status).toBe(403);
    const [latest] = await db()
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, user.user.id))
      .orderBy(sql`id DESC`)
      .limit(1);
    expect(latest).toMatchObject({ success: false, failureReason: 'disabled' });
  });

  it(`keeps the newest ${LOGIN_EVENTS_KEPT} attempts of an account and pages them 20 at a time`, async () => {
    const user = await registerUser(a.app);
    for (let i = 0; i < LOGIN_EVENTS_KEPT + 5; i++) {
      await recordLoginEvent(db(), {
        userId: user.user.id,
        success: i % 2 === 0,
        failureReason: i % 2 === 0 ? null : 'password',
        ip: `10.0.0.${i}`,
        userAgent: null,
      });
    }
    const res = await listLogins(user.token);
    expect(res.body.data?.pagination.total).toBe(LOGIN_EVENTS_KEPT);
    expect(res.body.data?.logins).toHaveLength(20);
    expect(res.body.data?.logins[0]).toMatchObject({
      ip: `10.0.0.${LOGIN_EVENTS_KEPT + 4}`,
      device: '未知设备',
    });
    const last = await listLogins(user.token, `?page=${LOGIN_EVENTS_KEPT / 20}`);
    expect(last.body.data?.logins.at(-1)?.ip).toBe('10.0.0.5');
  });
});

describe(`安全中心 in English: device names in the reader's language (${testEngine})`, () => {
  const WECHAT_IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

  it('names the sessions and logins in English for an English reader, in Chinese otherwise', async () => {
    const user = await registerUser(a.app);
    const wechat = await loginToken(a, user.email, user.password, { userAgent: WECHAT_IPHONE });
    await loginToken(a, user.email, user.password, { userAgent: '[]{}' });
    const headers = { 'accept-language': 'en' };
    const devices = async (path: string, token: string, extra: Record<string, string> = {}) => {
      const res = await api<{ sessions?: { device: string }[]; logins?: { device: string }[] }>(
        a.app,
        'GET',
        path,
        { token, headers: extra },
      );
      expect(res.status, res.body.message).toBe(200);
      return (res.body.data?.sessions ?? res.body.data?.logins ?? []).map((row) => row.device).sort();
    };
    expect(await devices('/api/account/sessions', wechat, headers)).toEqual(
      ['Unknown device', 'WeChat · iOS', 'lightMyRequest'].sort(),
    );
    expect(await devices('/api/account/logins', wechat, headers)).toEqual(
      ['Unknown device', 'WeChat · iOS'].sort(),
    );
    expect(await devices('/api/account/sessions', wechat)).toEqual(
      ['未知设备', '微信 · iOS', 'lightMyRequest'].sort(),
    );

    // 用户详情's 登录设备 and 登录记录 speak the admin's language.
    const admin = await createAdmin(a, 'admin');
    const id = user.user.id;
    expect(await devices(`/api/admin/users/${id}/sessions`, admin.token, headers)).toContain('WeChat · iOS');
    expect(await devices(`/api/admin/users/${id}/logins`, admin.token, headers)).toEqual(
      ['Unknown device', 'WeChat · iOS'].sort(),
    );
    expect(await devices(`/api/admin/users/${id}/logins`, admin.token)).toEqual(
      ['未知设备', '微信 · iOS'].sort(),
    );
  });
});
