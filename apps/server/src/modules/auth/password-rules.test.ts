import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp, uniqueEmail } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { loginToken } from '../../test/fixtures.ts';

/**
 * Issue 16: wrong old passwords on PATCH /api/auth/password are limited like logins (per account
 * and per IP, LOGIN_RATE_LIMIT_PER_MINUTE), and a password of spaces only is refused.
 */

const LIMIT = 3;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});
afterAll(async () => t?.close());

async function changePassword(
  token: string,
  oldPassword: string,
  ip = '127.0.0.1',
  newPassword = 'brand-new-1',
) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/password',
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}` },
    payload: { oldPassword, newPassword },
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string } };
}

describe(`password change limiter (${testEngine})`, () => {
  it('refuses more wrong old passwords than the login limit, per account, with a Chinese 429', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < LIMIT; i++) {
      const wrong = await changePassword(u.token, 'not-my-password', '10.1.0.1');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('原密码错误');
    }
    // Even the right password waits now, from this IP ...
    const blocked = await changePassword(u.token, u.password, '10.1.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.success).toBe(false);
    expect(blocked.body.message).toMatch(/^原密码错误次数过多，请\d+秒后再试$/);
    // ... and from another address, in another session of the same account.
    const otherSession = await loginToken(t, u.email, u.password, { ip: '10.1.0.2' });
    const elsewhere = await changePassword(otherSession, u.password, '10.1.0.2');
    expect(elsewhere.status).toBe(429);
    // The password did not change.
    expect(await loginToken(t, u.email, u.password, { ip: '10.1.0.3' })).toBeTruthy();
  });

  it('refuses further attempts from the same IP on other accounts too', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < LIMIT; i++) {
      const someone = await registerUser(t.app);
      expect((await changePassword(someone.token, 'wrong-guess', ip)).status).toBe(400);
    }
    const next = await registerUser(t.app);
    expect((await changePassword(next.token, next.password, ip)).status).toBe(429);
    // The same account from an address of its own is fine.
    const ok = await changePassword(next.token, next.password, '10.2.0.9');
    expect(ok.status, ok.body.message).toBe(200);
  });

  it('does not count right old passwords, nor refused new ones', async () => {
    const u = await registerUser(t.app);
    const ip = '10.3.0.1';
    expect((await changePassword(u.token, 'wrong-once', ip)).status).toBe(400);
    // New password equal to the old one: refused, but the old one was right.
    for (let i = 0; i < LIMIT + 1; i++) {
      expect((await changePassword(u.token, u.password, ip, u.password)).status).toBe(400);
    }
    const changed = await changePassword(u.token, u.password, ip);
    expect(changed.status, changed.body.message).toBe(200);
  });
});

describe(`a password of spaces only (${testEngine})`, () => {
  it('is refused at registration with a Chinese message, and nothing is stored', async () => {
    const email = uniqueEmail('spaces');
    for (const password of ['      ', '        ', ' \t    ']) {
      const res = await api(t.app, 'POST', '/api/auth/register', { body: { email, password } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('参数错误：password: 密码不能全是空格');
    }
    const login = await api(t.app, 'POST', '/api/auth/login', { body: { email, password: '      ' } });
    expect(login.status).toBe(401);
    // Spaces inside a password are still allowed.
    const fine = await api(t.app, 'POST', '/api/auth/register', { body: { email, password: ' a1 b2 c3 ' } });
    expect(fine.status, fine.body.message).toBe(200);
  });

  it('is refused as a new password', async () => {
    const u = await registerUser(t.app);
    const res = await changePassword(u.token, u.password, '10.4.0.1', '        ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('参数错误：newPassword: 密码不能全是空格');
  });
});
