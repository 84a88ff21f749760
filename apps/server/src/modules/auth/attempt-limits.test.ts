import { TWOFA_MESSAGES } from '@platform/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { login } from '../../test/fixtures.ts';
import { auditLogs } from '../audit/audit.schema.ts';
import { loginEvents } from './account-security/login-events.schema.ts';
import { timeStep, totpAt } from './two-factor/totp.ts';

/**
 * Issue 32 items 6 and 7: the client IP is the one the trusted proxy appended, login has a
 * per-account limit on wrong passwords, and every attempt limit counts before it checks, so that
 * parallel guesses never get more checks than the limit.
 */

const PER_IP = 10;
const PER_ACCOUNT = 10;
const TWOFA_MAX = 5;
const REAL_IP = '198.51.100.7';

/** A request that came through one proxy: the client chose `forged`, the proxy appended `real`. */
const viaProxy = (real: string, forged?: string) => ({
  'x-forwarded-for': forged ? `${forged}, ${real}` : real,
});

const tooManyPasswords = /^密码错误次数过多，请\d+分钟后再试$/;

describe(`client IPs behind TRUST_PROXY=1 (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '1',
      LOGIN_RATE_LIMIT_PER_MINUTE: String(PER_IP),
      LOGIN_MAX_FAILED_PER_ACCOUNT: '1000',
    });
  });
  afterAll(async () => t?.close());

  it('30 wrong passwords, each with a new forged leftmost X-Forwarded-For, are limited after the per-IP count', async () => {
    const user = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await login(t, user.email, 'wrong-password', { headers: viaProxy(REAL_IP, `10.0.${i}.1`) });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(401));
    expect(statuses.slice(PER_IP)).toEqual(Array(30 - PER_IP).fill(429));
    // The attempts that reached the account are recorded with the address the proxy saw.
    const events = await t.database.db
      .select({ ip: loginEvents.ip })
      .from(loginEvents)
      .where(eq(loginEvents.userId, user.user.id));
    expect(events.length).toBe(PER_IP);
    expect(new Set(events.map((e) => e.ip))).toEqual(new Set([REAL_IP]));
  });

  it('audit rows carry the address the proxy appended, not the forged one', async () => {
    const admin = await createAdmin(t, 'super_admin');
    const target = await registerUser(t.app);
    const res = await api(t.app, 'PATCH', `/api/admin/users/${target.user.id}/status`, {
      token: admin.token,
      body: { is_active: false },
      headers: viaProxy('203.0.113.9', '1.2.3.4'),
    });
    expect(res.status, res.body.message).toBe(200);
    const [row] = await t.database.db
      .select({ ip: auditLogs.ip })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'user.status'), eq(auditLogs.targetId, String(target.user.id))))
      .orderBy(desc(auditLogs.id));
    expect(row?.ip).toBe('203.0.113.9');
  });
});

describe(`TRUST_PROXY as proxy addresses (${testEngine})`, () => {
  it('trusts only the listed proxies: the client is the address before the last trusted one', async () => {
    // The test requests come from 127.0.0.1; a load balancer at 10.1.2.3 stands between.
    const t = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.1.0.0/16' });
    try {
      const user = await registerUser(t.app);
      await login(t, user.email, 'wrong-password', {
        headers: { 'x-forwarded-for': '6.6.6.6, 192.0.2.44, 10.1.2.3' },
      });
      const [event] = await t.database.db
        .select({ ip: loginEvents.ip })
        .from(loginEvents)
        .where(eq(loginEvents.userId, user.user.id));
      expect(event?.ip).toBe('192.0.2.44');
    } finally {
      await t.close();
    }
  });
});

describe(`per-account limit on wrong passwords (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILED_PER_ACCOUNT: String(PER_ACCOUNT),
      TWOFA_MAX_FAILED_ATTEMPTS: String(TWOFA_MAX),
    });
  });
  afterAll(async () => t?.close());

  const windowEnd = async (userId: number) => {
    const rows = await queryRows<{ ends: string }>(
      t.database.db,
      sql`SELECT window_ends_at::text AS ends FROM attempt_counters WHERE key = ${`login-password:user:${userId}`}`,
    );
    return rows[0]?.ends;
  };
  const endWindow = (userId: number) =>
    t.database.db.execute(
      sql`UPDATE attempt_counters SET window_ends_at = now() - interval '1 second' WHERE key = ${`login-password:user:${userId}`}`,
    );

  it('11 wrong passwords from 11 addresses: the 11th is refused even with the right password until the window passes', async () => {
    const victim = await registerUser(t.app);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await login(t, victim.email, `wrong-${i}`, { headers: viaProxy(`192.0.2.${i + 1}`) });
      expect(res.status, res.body.message).toBe(401);
    }
    const refused = await login(t, victim.email, victim.password, { headers: viaProxy('192.0.2.200') });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(tooManyPasswords);
    expect(refused.body.message).toBe('密码错误次数过多，请15分钟后再试');
    // The owner sees the refusal in 安全中心.
    const [latest] = await t.database.db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, victim.user.id))
      .orderBy(desc(loginEvents.id))
      .limit(1);
    expect(latest).toMatchObject({ success: false, failureReason: 'locked', ip: '192.0.2.200' });

    // A window, not a lock: more attempts do not move its end.
    const end = await windowEnd(victim.user.id);
    expect(end).toBeDefined();
    for (let i = 0; i < 5; i++) {
      expect(
        (await login(t, victim.email, victim.password, { headers: viaProxy(`192.0.2.${50 + i}`) })).status,
      ).toBe(429);
    }
    expect(await windowEnd(victim.user.id)).toBe(end);

    // Other accounts, from the same addresses, are not held up.
    const other = await registerUser(t.app);
    expect((await login(t, other.email, other.password, { headers: viaProxy('192.0.2.1') })).status).toBe(
      200,
    );

    await endWindow(victim.user.id);
    const after = await login(t, victim.email, victim.password, { headers: viaProxy('192.0.2.201') });
    expect(after.status, after.body.message).toBe(200);
  });

  it("a success does not erase earlier failures: not the owner's, not the attacker's own account's", async () => {
    const victim = await registerUser(t.app);
    const attacker = await registerUser(t.app);
    const from = viaProxy('192.0.2.99');
    for (let i = 0; i < PER_ACCOUNT - 1; i++) {
      expect((await login(t, victim.email, `wrong-${i}`, { headers: from })).status).toBe(401);
    }
    // The attacker logs in to their own account from the same address, the owner logs in too.
    expect((await login(t, attacker.email, attacker.password, { headers: from })).status).toBe(200);
    expect((await login(t, victim.email, victim.password, { headers: viaProxy('192.0.2.98') })).status).toBe(
      200,
    );
    // Neither reset the count: one more failure uses it up.
    expect((await login(t, victim.email, 'wrong-last', { headers: from })).status).toBe(401);
    const refused = await login(t, victim.email, victim.password, { headers: viaProxy('192.0.2.98') });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(tooManyPasswords);
  });

  it('30 parallel wrong passwords for one account: at most the limit are checked', async () => {
    const victim = await registerUser(t.app);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(t, victim.email, `wrong-${i}`, { headers: viaProxy(`198.18.0.${i + 1}`) }),
      ),
    );
    const checked = replies.filter((r) => r.body.message === '账号或密码错误');
    expect(checked.length).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(checked.length).toBeGreaterThan(0);
    for (const r of replies) {
      if (r.body.message !== '账号或密码错误') {
        expect(r.status).toBe(429);
        expect(r.body.message).toMatch(tooManyPasswords);
      }
    }
  });
});

describe(`attempt limits count before they check (${testEngine})`, () => {
  let t: TestApp;
  /** Two more instances on the same database (without Redis): the attack of issue 32 used two. */
  const others: TestApp[] = [];
  beforeAll(async () => {
    // LOGIN_RATE_LIMIT_PER_MINUTE is also the limit on wrong old passwords (per minute).
    const env = { TWOFA_MAX_FAILED_ATTEMPTS: String(TWOFA_MAX), LOGIN_RATE_LIMIT_PER_MINUTE: '5' };
    t = await createTestApp(env);
    for (let i = 0; i < 2; i++) {
      others.push(await createTestApp(env, async () => ({ ...t.database, close: async () => {} })));
    }
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await t?.close();
  });
  /** The n-th of several parallel requests goes to the n-th instance, round robin. */
  const instance = (n: number) => [t, ...others][n % (others.length + 1)] as TestApp;

  const codeNow = (secret: string, offset = 0) => totpAt(secret, timeStep(Date.now()) + offset);
  /** A six-digit code that is none of the codes accepted around now. */
  const wrongCode = (secret: string) => {
    const near = new Set([-2, -1, 0, 1, 2].map((o) => codeNow(secret, o)));
    for (let n = 0; ; n++) {
      const code = String(n).padStart(6, '0');
      if (!near.has(code)) return code;
    }
  };

  async function enrolledUser() {
    const user = await registerUser(t.app);
    const setup = await api<{ secret: string }>(t.app, 'POST', '/api/auth/2fa/setup', {
      token: user.token,
      body: { password: user.password },
    });
    expect(setup.status, setup.body.message).toBe(200);
    const secret = setup.body.data?.secret as string;
    const enabled = await api(t.app, 'POST', '/api/auth/2fa/enable', {
      token: user.token,
      body: { code: codeNow(secret), password: user.password },
    });
    expect(enabled.status, enabled.body.message).toBe(200);
    return { ...user, secret };
  }

  it(`50 parallel wrong codes on /api/auth/2fa/disable, over three instances: at most ${TWOFA_MAX} are checked`, async () => {
    const user = await enrolledUser();
    const code = wrongCode(user.secret);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        api(instance(n).app, 'POST', '/api/auth/2fa/disable', {
          token: user.token,
          body: { code, password: user.password },
        }),
      ),
    );
    const checked = replies.filter((r) => r.body.message === TWOFA_MESSAGES.wrong);
    expect(checked.length).toBeLessThanOrEqual(TWOFA_MAX);
    expect(checked.length).toBeGreaterThan(0);
    // The rest are 429s: of the code limit, or of the login password each call also needs (issue 32),
    // which is counted before it is checked too, so a burst of 50 runs over its per-account count.
    const refused = replies.filter(
      (r) =>
        r.body.message === TWOFA_MESSAGES.tooManyAttempts || /^原密码错误次数过多/.test(r.body.message ?? ''),
    );
    expect(refused.every((r) => r.status === 429)).toBe(true);
    expect(checked.length + refused.length).toBe(50);
  });

  it('a right code does not count: the owner is never held up by their own successes', async () => {
    const user = await enrolledUser();
    // TWOFA_MAX - 1 wrong codes, then a right one: the count stays where the failures left it.
    for (let i = 0; i < TWOFA_MAX - 1; i++) {
      const res = await api(t.app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password, totp: wrongCode(user.secret) },
      });
      expect(res.body.message).toBe(TWOFA_MESSAGES.wrong);
    }
    const rows = await queryRows<{ count: number }>(
      t.database.db,
      sql`SELECT count::int AS count FROM attempt_counters WHERE key = ${`twofa:user:${user.user.id}`}`,
    );
    expect(rows[0]?.count).toBe(TWOFA_MAX - 1);
    const disabled = await api(t.app, 'POST', '/api/auth/2fa/disable', {
      token: user.token,
      body: { code: codeNow(user.secret, 1), password: user.password },
    });
    expect(disabled.status, disabled.body.message).toBe(200);
    const after = await queryRows<{ count: number }>(
      t.database.db,
      sql`SELECT count::int AS count FROM attempt_counters WHERE key = ${`twofa:user:${user.user.id}`}`,
    );
    expect(after[0]?.count).toBe(TWOFA_MAX - 1);
  });

  it('parallel wrong old passwords on a password change, over three instances: at most the limit are checked', async () => {
    const user = await registerUser(t.app);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api(instance(i).app, 'PATCH', '/api/auth/password', {
          token: user.token,
          body: { oldPassword: `wrong-${i}xx`, newPassword: 'another123' },
        }),
      ),
    );
    const checked = replies.filter((r) => r.body.message === '原密码错误');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length + replies.filter((r) => r.status === 429).length).toBe(30);
  });
});
