import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp, uniqueEmail } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { users } from '../users/users.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`auth over HTTP (${testEngine})`, () => {
  it('reports health with the engine in use', async () => {
    const res = await api(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      // Without REDIS_URL, Redis is `off` (core/redis-outage.test.ts has `up` and `down`).
      data: { status: 'ok', database: testEngine, version: '1.0.0', redis: 'off' },
    });
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const res = await api(t.app, 'GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(res.raw.headers['content-type']).toContain('application/json');
  });

  it('registers a user with a USDT wallet, an invite code and a working token', async () => {
    const email = uniqueEmail();
    const res = await api<{ token: string; user: Record<string, unknown> }>(
      t.app,
      'POST',
      '/api/auth/register',
      {
        body: { email: email.toUpperCase(), phone: '13800000001', password: 'Trade-pass-2026' },
      },
    );
    expect(res.status).toBe(200);
    const user = res.body.data!.user;
    expect(user).toMatchObject({
      email,
      phone: '13800000001',
      role: 'user',
      admin_level: null,
      is_active: true,
      kyc_status: 'none',
      permissions: [],
      withdrawRequirement: { canWithdraw: false },
      wallets: [
        {
          currency: 'USDT',
          balance: '0.000000000000000000',
          frozen_balance: '0.000000000000000000',
          salary_balance: '0.000000000000000000',
        },
      ],
    });
    expect(user.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    const me = await api<{ user: { email: string } }>(t.app, 'GET', '/api/auth/me', {
      token: res.body.data!.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.data!.user.email).toBe(email);
  });

  it('refuses a short password and names the field', async () => {
    const res = await api(t.app, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: '12345' },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('password');
    expect(res.body.message).toContain('密码至少8位');
  });

  it('refuses a malformed e-mail', async () => {
    const res = await api(t.app, 'POST', '/api/auth/register', {
      body: { email: 'not-an-email', password: 'Trade-pass-2026' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('email');
  });

  it('refuses a second account with the same e-mail, also when the requests race', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api(t.app, 'POST', '/api/auth/register', { body: { email, password: 'Trade-pass-2026' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('该邮箱已被注册');
    }
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('keeps a valid invite code and refuses an unknown one', async () => {
    const inviter = await registerUser(t.app);
    const code = (inviter.user as unknown as { invite_code: string }).invite_code;
    const invited = await registerUser(t.app, { invite_code: code });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, invited.user.id));
    expect(row?.invitedByCode).toBe(code);

    const bad = await api(t.app, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: 'Trade-pass-2026', invite_code: 'NOPE0000' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('邀请码不存在');
  });

  it('logs in by e-mail or phone and records last_login', async () => {
    const u = await registerUser(t.app, { phone: '13900000002' });
    const byEmail = await api<{ token: string; user: { last_login: string | null } }>(
      t.app,
      'POST',
      '/api/auth/login',
      {
        body: { email: u.email, password: u.password },
      },
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data!.token).toBeTruthy();
    expect(byEmail.body.data!.user.last_login).not.toBeNull();
    const byPhone = await api(t.app, 'POST', '/api/auth/login', {
      body: { account: '13900000002', password: u.password },
    });
    expect(byPhone.status).toBe(200);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const u = await registerUser(t.app);
    const wrong = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: 'wrong-one' },
    });
    const unknown = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: uniqueEmail('ghost'), password: 'wrong-one' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('refuses a disabled user at login and revokes their live token', async () => {
    const u = await registerUser(t.app);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, u.user.id));
    const login = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('账户已被禁用，请联系客服');
    const me = await api(t.app, 'GET', '/api/auth/me', { token: u.token });
    expect(me.status).toBe(401);
    expect(me.body.message).toContain('token');
  });

  it('answers a missing or bad token with a 401 that names the token', async () => {
    const none = await api(t.app, 'GET', '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body.message).toContain('token');
    const bad = await api(t.app, 'GET', '/api/auth/me', { token: 'forged' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toContain('token');
  });

  it('revokes the session at logout', async () => {
    const u = await registerUser(t.app);
    const out = await api(t.app, 'POST', '/api/auth/logout', { token: u.token });
    expect(out.status).toBe(200);
    const me = await api(t.app, 'GET', '/api/auth/me', { token: u.token });
    expect(me.status).toBe(401);
  });

  it('updates only the editable profile fields', async () => {
    const u = await registerUser(t.app);
    const res = await api<{ user: Record<string, unknown> }>(t.app, 'PATCH', '/api/auth/profile', {
      token: u.token,
      body: {
        nickname: '小明',
        role: 'admin',
        admin_level: 'super_admin',
        is_active: false,
        kyc_status: 'approved',
        balance: '1000000',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.user).toMatchObject({
      nickname: '小明',
      role: 'user',
      admin_level: null,
      is_active: true,
      kyc_status: 'none',
    });
    expect((res.body.data!.user.wallets as Array<{ balance: string }>)[0]!.balance).toBe(
      '0.000000000000000000',
    );
  });

  it('refuses a phone number that another account uses', async () => {
    await registerUser(t.app, { phone: '13700000003' });
    const u = await registerUser(t.app);
    const res = await api(t.app, 'PATCH', '/api/auth/profile', {
      token: u.token,
      body: { phone: '13700000003' },
    });
    expect(res.status).toBe(409);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const u = await registerUser(t.app);
    const other = await api<{ token: string }>(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
    });
    const wrongOld = await api(t.app, 'PATCH', '/api/auth/password', {
      token: u.token,
      body: { oldPassword: 'not-it', newPassword: 'brand-new-1' },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.message).toBe('原密码错误');

    const changed = await api(t.app, 'PATCH', '/api/auth/password', {
      token: u.token,
      body: { oldPassword: u.password, newPassword: 'brand-new-1' },
    });
    expect(changed.status).toBe(200);
    expect((await api(t.app, 'GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/auth/me', { token: other.body.data!.token })).status).toBe(401);
    const oldLogin = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await api(t.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: 'brand-new-1' },
    });
    expect(newLogin.status).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await api(t.app, 'GET', '/api/health');
    expect(res.raw.headers['x-content-type-options']).toBe('nosniff');
    expect(res.raw.headers['content-security-policy']).toBeTruthy();
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/health']));
  });
});

describe('login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => limited?.close());

  it('answers 429 after the configured number of attempts per minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api(limited.app, 'POST', '/api/auth/login', {
        body: { email: 'nobody@example.com', password: 'whatever' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe('the caller as shown to them, in English (issue 38)', () => {
  const ENGLISH_REASONS = { canWithdraw: false, reasons: ['Complete identity verification (KYC) first'] };
  type Shown = { user: { withdrawRequirement: unknown } };

  it('says the withdrawal requirement in the request’s language, else the account’s', async () => {
    const headers = { 'accept-language': 'en' };
    const { token, email, password } = await registerUser(t.app, {}, headers);
    const registered = await api<Shown>(t.app, 'GET', '/api/auth/me', { token, headers });
    expect(registered.body.data?.user.withdrawRequirement).toEqual(ENGLISH_REASONS);
    const chinese = await api<Shown>(t.app, 'GET', '/api/auth/me', { token });
    expect(chinese.body.data?.user.withdrawRequirement).toEqual({
      canWithdraw: false,
      reasons: ['请先完成实名认证（KYC）'],
    });

    // The account's own choice, with no header: the login, me and a profile change.
    await api(t.app, 'PUT', '/api/me/language', { token, body: { language: 'en' } });
    const login = await api<Shown>(t.app, 'POST', '/api/auth/login', { body: { email, password } });
    expect(login.body.data?.user.withdrawRequirement).toEqual(ENGLISH_REASONS);
    const me = await api<Shown>(t.app, 'GET', '/api/auth/me', { token });
    expect(me.body.data?.user.withdrawRequirement).toEqual(ENGLISH_REASONS);
    const profile = await api<Shown>(t.app, 'PATCH', '/api/auth/profile', {
      token,
      body: { nickname: 'Ann' },
    });
    expect(profile.body.data?.user.withdrawRequirement).toEqual(ENGLISH_REASONS);
  });

  it('says it in English on registering with Accept-Language: en', async () => {
    const res = await api<Shown>(t.app, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: 'Trade-pass-2026' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.body.data?.user.withdrawRequirement).toEqual(ENGLISH_REASONS);
  });
});
