import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { approveKyc, fundUser, insertWithdrawChannel, TRC20_ADDRESS } from '../../test/money.ts';
import { timeStep, totpAt } from './two-factor/totp.ts';

/**
 * Issue 32: a user's security changes (2FA on, 2FA off, password) need the current password, hold
 * withdrawals for 24 h by the database clock and are notified with their time and IP.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertWithdrawChannel(t.database.db, { feeRate: '0' });
});
afterAll(async () => t?.close());

type Reply = Record<string, unknown>;
const post = (url: string, token: string, body?: unknown, headers?: Record<string, string>) =>
  api<Reply>(t.app, 'POST', url, {
    token,
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });
const codeNow = (secret: string, offset = 0) => totpAt(secret, timeStep(Date.now()) + offset);
const heldUntil = async (userId: number) => {
  const [row] = await queryRows<{ held: unknown }>(
    t.database.db,
    sql`SELECT withdrawals_held_until > now() + interval '23 hours 59 minutes' AS held FROM users WHERE id = ${userId}`,
  );
  return row?.held === true || row?.held === 't';
};
const releaseHold = (userId: number) =>
  t.database.db.execute(
    sql`UPDATE users SET withdrawals_held_until = now() - interval '1 second' WHERE id = ${userId}`,
  );
const securityNotices = async (token: string) => {
  const res = await api<{ notifications: { type: string; title: string; body: string }[] }>(
    t.app,
    'GET',
    '/api/notifications?type=security',
    { token },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data?.notifications ?? [];
};

async function enable(token: string, password: string) {
  const setup = await post('/api/auth/2fa/setup', token, { password });
  expect(setup.status, setup.body.message).toBe(200);
  const secret = (setup.body.data as { secret: string }).secret;
  const enabled = await post('/api/auth/2fa/enable', token, { code: codeNow(secret), password });
  expect(enabled.status, enabled.body.message).toBe(200);
  return secret;
}

describe(`security changes need the password, hold withdrawals and notify (${testEngine})`, () => {
  it('setup, enable and disable without the password are 400 请输入登录密码; a wrong one is refused and counted', async () => {
    const user = await registerUser(t.app);
    const bare = await post('/api/auth/2fa/setup', user.token, {});
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain('请输入登录密码');
    const wrongSetup = await post('/api/auth/2fa/setup', user.token, { password: 'not-my-password' });
    expect(wrongSetup.status).toBe(400);
    expect(wrongSetup.body.message).toBe('登录密码错误');

    const secret = await enable(user.token, user.password);
    const noPassword = await post('/api/auth/2fa/disable', user.token, { code: codeNow(secret, 1) });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toContain('请输入登录密码');
    const wrong = await post('/api/auth/2fa/disable', user.token, {
      code: codeNow(secret, 1),
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('登录密码错误');
    const still = await api<{ user: { twofa_enabled: boolean } }>(t.app, 'GET', '/api/auth/me', {
      token: user.token,
    });
    expect(still.body.data?.user.twofa_enabled).toBe(true);

    // Wrong passwords count in the password-change limiter (LOGIN_RATE_LIMIT_PER_MINUTE per account).
    const [counted] = await queryRows<{ count: unknown }>(
      t.database.db,
      sql`SELECT count FROM attempt_counters WHERE key = ${`password-change:user:${user.user.id}`}`,
    );
    expect(Number(counted?.count)).toBe(2);
  });

  it('after 2FA is turned on, a withdrawal is refused until the hold (database clock) has passed', async () => {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '1000');
    const secret = await enable(user.token, user.password);
    expect(await heldUntil(user.user.id)).toBe(true);
    const me = await api<{ user: { withdrawals_held_until: string | null } }>(t.app, 'GET', '/api/auth/me', {
      token: user.token,
    });
    expect(me.body.data?.user.withdrawals_held_until).toEqual(expect.any(String));

    const withdraw = (offset: number) =>
      post(
        '/api/wallet/withdrawals',
        user.token,
        { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS, totp: codeNow(secret, offset) },
        { 'Idempotency-Key': randomUUID() },
      );
    const held = await withdraw(1);
    expect(held.status).toBe(422);
    expect(held.body.message).toMatch(
      /^为保护资金安全，安全设置变更后 24 小时内不能提现（至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}）$/,
    );

    await releaseHold(user.user.id);
    const accepted = await withdraw(1);
    expect(accepted.status, accepted.body.message).toBe(200);
  });

  it('each change (2FA on, 2FA off, password) holds withdrawals and writes a notification with its time and IP', async () => {
    const user = await registerUser(t.app);
    const secret = await enable(user.token, user.password);
    let notices = await securityNotices(user.token);
    expect(notices.map((n) => n.title)).toEqual(['两步验证已开启']);
    expect(notices[0]?.body).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(notices[0]?.body).toContain('127.0.0.1');

    await releaseHold(user.user.id);
    const off = await post('/api/auth/2fa/disable', user.token, {
      code: codeNow(secret, 1),
      password: user.password,
    });
    expect(off.status, off.body.message).toBe(200);
    expect(await heldUntil(user.user.id)).toBe(true);
    notices = await securityNotices(user.token);
    expect(notices.map((n) => n.title)).toEqual(['两步验证已关闭', '两步验证已开启']);

    await releaseHold(user.user.id);
    const changed = await api(t.app, 'PATCH', '/api/auth/password', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'new-secret-456' },
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(await heldUntil(user.user.id)).toBe(true);
    notices = await securityNotices(user.token);
    expect(notices.map((n) => n.title)).toEqual(['登录密码已修改', '两步验证已关闭', '两步验证已开启']);
  });
});
