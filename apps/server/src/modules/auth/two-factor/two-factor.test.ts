import { randomUUID } from 'node:crypto';
import { PLATFORM_NAME, TWOFA_MESSAGES } from '@platform/contracts';
import { ADDRESS_FORMAT_ERROR } from '@platform/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/admin.ts';
import {
  api,
  countAsApproverNow,
  createAdmin,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../../test/app.ts';
import { testEngine } from '../../../test/database.ts';
import { login, walletOf } from '../../../test/fixtures.ts';
import { approveKyc, fundUser, insertWithdrawChannel, TRC20_ADDRESS } from '../../../test/money.ts';
import { testSockets } from '../../../test/sockets.ts';
import { users } from '../../users/users.schema.ts';
import { sessions, twoFactorCredentials, twoFactorRecoveryCodes } from '../auth.schema.ts';
import { ADMIN_SESSION_TIMED_OUT } from '../auth.service.ts';
import { hashToken } from '../tokens.ts';
import { timeStep, totpAt } from './totp.ts';

/** Issue 17: TOTP 2FA (setup, enable, disable, login, withdrawals, reset) and admin session timeouts. */

const MAX_FAILED = 5;
let t: TestApp;
const sockets = testSockets(() => t.app);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_2FA_REQUIRED: 'true', TWOFA_MAX_FAILED_ATTEMPTS: String(MAX_FAILED) });
  await insertWithdrawChannel(t.database.db, { feeRate: '0' });
});
afterAll(async () => t?.close());

type Reply = { token?: string; user?: Record<string, unknown> } & Record<string, unknown>;
/** The login password of each admin's token; users registered here have registerUser's. */
const adminPasswords = new Map<string, string>();
async function newAdmin(level: 'admin' | 'super_admin') {
  const admin = await createAdmin(t, level);
  adminPasswords.set(admin.token, admin.password);
  return admin;
}
/** 2FA changes need the login password (issue 32): the caller's is added unless the body names one. */
const withPassword = (url: string, token: string | undefined, body: unknown) =>
  url.startsWith('/api/auth/2fa/') &&
  token &&
  (body === undefined || (typeof body === 'object' && body !== null && !('password' in body)))
    ? { password: adminPasswords.get(token) ?? 'Trade-pass-2026', ...(body as object | undefined) }
    : body;
const post = (url: string, token: string | undefined, body?: unknown, headers?: Record<string, string>) => {
  const sent = withPassword(url, token, body);
  return api<Reply>(t.app, 'POST', url, {
    ...(token ? { token } : {}),
    ...(sent !== undefined ? { body: sent } : {}),
    ...(headers ? { headers } : {}),
  });
};
/** Each withdrawal request is a new action: a fresh Idempotency-Key (the route requires one). */
const newAction = () => ({ 'Idempotency-Key': randomUUID() });
const me = (token: string) => api<{ user: Record<string, unknown> }>(t.app, 'GET', '/api/auth/me', { token });

const codeNow = (secret: string, offset = 0) => totpAt(secret, timeStep(Date.now()) + offset);
/** Forgets the last accepted time step, so the current code may be used once more (a later step, in effect). */
async function nextStep(userId: number) {
  await t.database.db
    .update(twoFactorCredentials)
    .set({ lastUsedStep: null })
    .where(eq(twoFactorCredentials.userId, userId));
}

/** Setup and enable with a current code: the secret and the recovery codes. */
async function enrol(token: string, userId: number) {
  const setup = await post('/api/auth/2fa/setup', token);
  expect(setup.status).toBe(200);
  const secret = setup.body.data?.secret as string;
  const enabled = await post('/api/auth/2fa/enable', token, { code: codeNow(secret) });
  expect(enabled.status, enabled.body.message).toBe(200);
  await nextStep(userId);
  // Turning 2FA on holds withdrawals for 24 h (security-changes.test.ts); these tests withdraw at once.
  await t.database.db.update(users).set({ withdrawalsHeldUntil: null }).where(eq(users.id, userId));
  return { secret, recoveryCodes: enabled.body.data?.recovery_codes as string[] };
}

async function enrolledUser() {
  const user = await registerUser(t.app);
  const { secret, recoveryCodes } = await enrol(user.token, user.user.id);
  return { ...user, secret, recoveryCodes };
}

describe(`2FA setup, enable and disable (${testEngine})`, () => {
  it('setup hands out a base32 secret and an otpauth URL, enabling nothing yet', async () => {
    const user = await registerUser(t.app);
    const res = await post('/api/auth/2fa/setup', user.token);
    expect(res.status).toBe(200);
    const { secret, otpauth_url } = res.body.data as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/${encodeURIComponent(PLATFORM_NAME)}:${encodeURIComponent(user.email)}?secret=${secret}&issuer=${encodeURIComponent(PLATFORM_NAME)}&algorithm=SHA1&digits=6&period=30`,
    );
    const shown = await me(user.token);
    expect(shown.body.data?.user).toMatchObject({ twofa_enabled: false, twofa_setup_required: false });
    expect(JSON.stringify(shown.body)).not.toContain(secret);
    // A second setup replaces the pending secret: the first one's codes no longer enable.
    const again = await post('/api/auth/2fa/setup', user.token);
    const second = again.body.data?.secret as string;
    expect(second).not.toBe(secret);
    const stale = await post('/api/auth/2fa/enable', user.token, { code: codeNow(secret) });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(TWOFA_MESSAGES.wrong);
    const ok = await post('/api/auth/2fa/enable', user.token, { code: codeNow(second) });
    expect(ok.status).toBe(200);
  });

  it('enable needs a setup and a right code, returns 10 distinct recovery codes and stores only hashes', async () => {
    const user = await registerUser(t.app);
    const early = await post('/api/auth/2fa/enable', user.token, { code: '123456' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(TWOFA_MESSAGES.noPendingSetup);

    const setup = await post('/api/auth/2fa/setup', user.token);
    const secret = setup.body.data?.secret as string;
    const wrong = await post('/api/auth/2fa/enable', user.token, { code: codeNow(secret, 5) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(TWOFA_MESSAGES.wrong);
    expect((await me(user.token)).body.data?.user.twofa_enabled).toBe(false);

    const res = await post('/api/auth/2fa/enable', user.token, { code: codeNow(secret) });
    expect(res.status).toBe(200);
    const codes = res.body.data?.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await me(user.token)).body.data?.user).toMatchObject({ twofa_enabled: true });

    const stored = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.user.id));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) expect(dump).not.toContain(code.replace('-', ''));

    const setupAgain = await post('/api/auth/2fa/setup', user.token);
    expect(setupAgain.status).toBe(409);
    expect(setupAgain.body.message).toBe(TWOFA_MESSAGES.alreadyEnabled);
    const enableAgain = await post('/api/auth/2fa/enable', user.token, { code: codeNow(secret, 1) });
    expect(enableAgain.status).toBe(409);
  });

  it('two enables at once with the same code: one turns 2FA on, the other is refused', async () => {
    const user = await registerUser(t.app);
    const secret = (await post('/api/auth/2fa/setup', user.token)).body.data?.secret as string;
    const code = codeNow(secret);
    const replies = await Promise.all([0, 1].map(() => post('/api/auth/2fa/enable', user.token, { code })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const stored = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.user.id));
    expect(stored).toHaveLength(10);
  });

  it('disable takes a current code or a recovery code; a wrong one changes nothing', async () => {
    const user = await enrolledUser();
    const wrong = await post('/api/auth/2fa/disable', user.token, { code: codeNow(user.secret, 7) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(TWOFA_MESSAGES.wrong);
    expect((await me(user.token)).body.data?.user.twofa_enabled).toBe(true);

    const res = await post('/api/auth/2fa/disable', user.token, { code: user.recoveryCodes[3] });
    expect(res.status).toBe(200);
    expect((await me(user.token)).body.data?.user.twofa_enabled).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, user.user.id)),
    ).toHaveLength(0);
    expect((await login(t, user.email, user.password)).status).toBe(200);
    const off = await post('/api/auth/2fa/disable', user.token, { code: codeNow(user.secret) });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe(TWOFA_MESSAGES.notEnabled);

    // The current code works too (a fresh enrolment).
    const again = await enrol(user.token, user.user.id);
    const byCode = await post('/api/auth/2fa/disable', user.token, { code: codeNow(again.secret) });
    expect(byCode.status).toBe(200);
  });

  it('garbage codes are a 400 naming the problem, never a 500', async () => {
    const user = await enrolledUser();
    for (const code of [
      '',
      ' ',
      '12345\u0000',
      '１２３４５６',
      'abc!def',
      'x'.repeat(40),
      123456,
      null,
      ['123456'],
    ]) {
      for (const url of ['/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
        const res = await post(url, user.token, { code });
        expect(res.status, `${url} ${JSON.stringify(code)}`).toBe(400);
      }
      const res = await login(t, user.email, user.password, { totp: code as string });
      expect(res.status, `login ${JSON.stringify(code)}`).toBe(400);
      expect(res.body.data).not.toHaveProperty('token');
    }
    const noBody = await post('/api/auth/2fa/enable', user.token);
    expect(noBody.status).toBe(400);
    expect((await me(user.token)).body.data?.user.twofa_enabled).toBe(true);
  });

  it('every 2FA route needs a session', async () => {
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
      expect((await post(url, undefined, { code: '123456' })).status).toBe(401);
    }
  });
});

describe(`login with 2FA (${testEngine})`, () => {
  it('checks the password first, then asks for the code with twofa_required and gives no token', async () => {
    const user = await enrolledUser();
    const badPassword = await login(t, user.email, 'wrong-password', { totp: codeNow(user.secret) });
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.message).toBe('账号或密码错误');
    expect(badPassword.body.data).toBeUndefined();

    const missing = await login(t, user.email, user.password);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ message: TWOFA_MESSAGES.required, data: { twofa_required: true } });

    const wrong = await login(t, user.email, user.password, { totp: codeNow(user.secret, 9) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ message: TWOFA_MESSAGES.wrong, data: { twofa_required: true } });

    const ok = await login(t, user.email, user.password, {
      totp: ` ${codeNow(user.secret).replace(/^(\d{3})/, '$1 ')} `,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.token).toEqual(expect.any(String));
    expect(ok.body.data?.user).toMatchObject({ twofa_enabled: true, twofa_setup_required: false });
  });

  it('a code is accepted once: the same code again, or an earlier one, is refused', async () => {
    const user = await enrolledUser();
    const code = codeNow(user.secret);
    expect((await login(t, user.email, user.password, { totp: code })).status).toBe(200);
    const replay = await login(t, user.email, user.password, { totp: code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(TWOFA_MESSAGES.wrong);
    const earlier = await login(t, user.email, user.password, { totp: codeNow(user.secret, -1) });
    expect(earlier.status).toBe(401);
    // The next step's code (within the ±1 window) is still good once.
    expect((await login(t, user.email, user.password, { totp: codeNow(user.secret, 1) })).status).toBe(200);
  });

  it('the same code in two logins at once opens one session', async () => {
    const user = await enrolledUser();
    const code = codeNow(user.secret);
    const replies = await Promise.all(
      [0, 1, 2].map(() => login(t, user.email, user.password, { totp: code })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  it('a recovery code logs in once, in any case and without its dash', async () => {
    const user = await enrolledUser();
    const [first, second] = user.recoveryCodes as [string, string];
    const ok = await login(t, user.email, user.password, { totp: first.toLowerCase().replace('-', '') });
    expect(ok.status).toBe(200);
    const again = await login(t, user.email, user.password, { totp: first });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ message: TWOFA_MESSAGES.wrong, data: { twofa_required: true } });
    // Another user's recovery code is no code of this account.
    const other = await enrolledUser();
    expect((await login(t, user.email, user.password, { totp: other.recoveryCodes[0] })).status).toBe(401);
    expect((await login(t, user.email, user.password, { totp: second })).status).toBe(200);
  });

  it('two logins with the same recovery code at once: exactly one succeeds', async () => {
    const user = await enrolledUser();
    const code = user.recoveryCodes[0] as string;
    const replies = await Promise.all(
      [0, 1, 2, 3].map(() => login(t, user.email, user.password, { totp: code })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 401)).toHaveLength(3);
  });

  it(`limits wrong codes per account: after ${MAX_FAILED} even the right code is a 429; other accounts are not held up`, async () => {
    const user = await enrolledUser();
    // Wrong codes count across doors: disable and login share the count.
    const viaDisable = await post('/api/auth/2fa/disable', user.token, { code: '000000' });
    expect(viaDisable.status).toBe(400);
    for (let i = 1; i < MAX_FAILED; i++) {
      expect((await login(t, user.email, user.password, { totp: `ZZZZ-${i}` })).status).toBe(401);
    }
    const blocked = await login(t, user.email, user.password, { totp: codeNow(user.secret) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TWOFA_MESSAGES.tooManyAttempts);
    const blockedDisable = await post('/api/auth/2fa/disable', user.token, { code: codeNow(user.secret) });
    expect(blockedDisable.status).toBe(429);
    // A wrong password is still the usual answer (the limit is on codes, and says nothing more).
    expect((await login(t, user.email, 'nope-nope')).status).toBe(401);

    const other = await enrolledUser();
    expect((await login(t, other.email, other.password, { totp: codeNow(other.secret) })).status).toBe(200);
  });
});

describe(`withdrawals with 2FA (${testEngine})`, () => {
  const withdraw = (token: string, totp?: unknown) =>
    post(
      '/api/wallet/withdrawals',
      token,
      {
        withdraw_type: 'usdt',
        amount: '100',
        address: TRC20_ADDRESS,
        ...(totp !== undefined ? { totp } : {}),
      },
      newAction(),
    );
  it('needs the code before anything is frozen; missing and wrong are 400 with twofa_required', async () => {
    const user = await enrolledUser();
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '1000');

    const missing = await withdraw(user.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: TWOFA_MESSAGES.required, data: { twofa_required: true } });
    const wrong = await withdraw(user.token, codeNow(user.secret, 4));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: TWOFA_MESSAGES.wrong, data: { twofa_required: true } });
    for (const garbage of ['\u0000\u0000', 'a;b', 42])
      expect((await withdraw(user.token, garbage)).status).toBe(400);
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '0.000000000000000000',
    });

    const code = codeNow(user.secret);
    const ok = await withdraw(user.token, code);
    expect(ok.status, ok.body.message).toBe(200);
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '100.000000000000000000',
    });
    const replay = await withdraw(user.token, code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(TWOFA_MESSAGES.wrong);
    const byRecovery = await withdraw(user.token, user.recoveryCodes[0]);
    expect(byRecovery.status).toBe(200);
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '200.000000000000000000',
    });
  });

  it('a withdrawal refused for anything else leaves its code unspent (a recovery code too)', async () => {
    const user = await enrolledUser();
    const code = codeNow(user.secret);
    const recovery = user.recoveryCodes[0] as string;
    // KYC not approved yet: 422, whichever code came with it.
    for (const totp of [code, recovery]) expect((await withdraw(user.token, totp)).status).toBe(422);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '50');
    const short = await withdraw(user.token, code);
    expect(short.status).toBe(422);
    expect(short.body.message).toContain('可用余额不足');
    expect((await withdraw(user.token, recovery)).status).toBe(422);
    const badAddress = await post(
      '/api/wallet/withdrawals',
      user.token,
      { withdraw_type: 'usdt', amount: '10', address: 'TNotAnAddress', totp: recovery },
      newAction(),
    );
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.message).toBe(ADDRESS_FORMAT_ERROR);
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '0.000000000000000000',
    });

    // The same code, in the same time step, still works: for the withdrawal once it can be made...
    await fundUser(t.database.db, user.user.id, '50');
    const ok = await withdraw(user.token, code);
    expect(ok.status, ok.body.message).toBe(200);
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '100.000000000000000000',
    });
    // ...and the recovery code for a login.
    expect((await login(t, user.email, user.password, { totp: recovery })).status).toBe(200);
    expect((await login(t, user.email, user.password, { totp: recovery })).status).toBe(401);
  });

  it('wrong withdrawal codes count against the limit shared with login, and freeze nothing', async () => {
    const user = await enrolledUser();
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '1000');
    for (let i = 0; i < MAX_FAILED; i++) {
      const wrong = await withdraw(user.token, `ZZZZ-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ message: TWOFA_MESSAGES.wrong, data: { twofa_required: true } });
    }
    expect((await withdraw(user.token, codeNow(user.secret))).status).toBe(429);
    expect((await login(t, user.email, user.password, { totp: codeNow(user.secret) })).status).toBe(429);
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '0.000000000000000000',
    });
  });

  it('the same code in three withdrawals at once makes one withdrawal', async () => {
    const user = await enrolledUser();
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '1000');
    const code = codeNow(user.secret);
    const replies = await Promise.all([0, 1, 2].map(() => withdraw(user.token, code)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect((await walletOf(t, user.token)).wallets[0]).toMatchObject({
      frozen_balance: '100.000000000000000000',
    });
  });

  it('a user without 2FA withdraws without a code', async () => {
    const user = await registerUser(t.app);
    await approveKyc(t.database.db, user.user.id);
    await fundUser(t.database.db, user.user.id, '500');
    expect((await withdraw(user.token)).status).toBe(200);
  });
});

describe(`admins and ADMIN_2FA_REQUIRED (${testEngine})`, () => {
  it('an admin without 2FA reaches only me, 2FA and logout until enrolled', async () => {
    const admin = await newAdmin('admin');
    const shown = await me(admin.token);
    expect(shown.status).toBe(200);
    expect(shown.body.data?.user).toMatchObject({ twofa_enabled: false, twofa_setup_required: true });
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/audit-logs'],
      ['GET', '/api/admin/withdrawals'],
      ['GET', '/api/wallet'],
      ['PATCH', '/api/auth/profile'],
    ] as const) {
      const res = await api(t.app, method, url, {
        token: admin.token,
        ...(method === 'PATCH' ? { body: {} } : {}),
      });
      expect(res.status, url).toBe(403);
      expect(res.body, url).toMatchObject({
        message: TWOFA_MESSAGES.setupRequired,
        data: { twofa_setup_required: true },
      });
    }
    // A plain user is not affected.
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', '/api/wallet', { token: user.token })).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/admin/users', { token: user.token })).status).toBe(403);

    const { secret } = await enrol(admin.token, admin.id);
    expect((await api(t.app, 'GET', '/api/admin/users', { token: admin.token })).status).toBe(200);
    expect((await me(admin.token)).body.data?.user).toMatchObject({
      twofa_enabled: true,
      twofa_setup_required: false,
    });
    const missing = await login(t, admin.email, admin.password);
    expect(missing.status).toBe(401);
    expect(missing.body.data).toEqual({ twofa_required: true });
    expect((await login(t, admin.email, admin.password, { totp: codeNow(secret) })).status).toBe(200);

    const logout = await post('/api/auth/logout', (await newAdmin('admin')).token);
    expect(logout.status).toBe(200);
  });

  it('every /api/admin route answers 403 twofa_setup_required to an admin still to enrol, before validation', async () => {
    const admin = await newAdmin('super_admin');
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'not-an-id') })),
      );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: `${route.path}?page=-1`,
        headers: {
          authorization: `Bearer ${admin.token}`,
          ...(withBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(withBody ? { payload: JSON.stringify({ amount: 'lots' }) } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(res.json(), `${route.method} ${route.path}`).toMatchObject({
        data: { twofa_setup_required: true },
      });
    }
  });

  it("an admin's own enable and disable are audited", async () => {
    const admin = await newAdmin('admin');
    const { recoveryCodes } = await enrol(admin.token, admin.id);
    const [enabled] = await auditRows(t, 'twofa.enable', admin.id);
    expect(enabled).toMatchObject({ adminId: admin.id, after: { twofa_enabled: true, recovery_codes: 10 } });
    expect(JSON.stringify(enabled)).not.toContain(recoveryCodes[0]);
    expect((await post('/api/auth/2fa/disable', admin.token, { code: recoveryCodes[0] })).status).toBe(200);
    const [disabled] = await auditRows(t, 'twofa.disable', admin.id);
    expect(disabled).toMatchObject({
      adminId: admin.id,
      after: { twofa_enabled: false, with_recovery_code: true },
    });
    // Back to enrolment only.
    expect((await api(t.app, 'GET', '/api/admin/users', { token: admin.token })).status).toBe(403);
  });
});

describe(`super admin issues another admin a new activation link instead of a 2FA reset (${testEngine})`, () => {
  it('only a super admin, never their own, audited with the reason; password, 2FA and sessions go', async () => {
    const root = await newAdmin('super_admin');
    await enrol(root.token, root.id);
    const plain = await newAdmin('admin');
    const plainFactor = await enrol(plain.token, plain.id);
    const target = await newAdmin('admin');
    await enrol(target.token, target.id);
    const reissue = (token: string, id: number, body: unknown = { reason: '手机丢失' }) =>
      post(`/api/admin/admins/${id}/activation`, token, body);

    expect((await reissue(plain.token, target.id)).status).toBe(403);
    const own = await reissue(root.token, root.id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(TWOFA_MESSAGES.ownReset);
    expect((await reissue(root.token, target.id, { reason: '  ' })).status).toBe(400);
    expect((await reissue(root.token, target.id, {})).status).toBe(400);
    const user = await registerUser(t.app);
    expect((await reissue(root.token, user.user.id)).status).toBe(404);
    expect((await me(target.token)).body.data?.user.twofa_enabled).toBe(true);

    // A proposal (docs/admin-accounts.md): nothing changes until a second super admin approves.
    const res = await reissue(root.token, target.id);
    expect(res.status, res.body.message).toBe(202);
    expect((await me(target.token)).body.data?.user.twofa_enabled).toBe(true);
    const change = (res.body.data as { change: { id: number } }).change;
    const approver = await newAdmin('super_admin');
    await enrol(approver.token, approver.id);
    await countAsApproverNow(t, approver.id);
    expect((await post(`/api/admin/changes/${change.id}/approve`, approver.token)).status).toBe(200);
    expect((await me(target.token)).status).toBe(401);
    const [row] = await auditRows(t, 'admin.activation_issue', target.id);
    expect(row).toMatchObject({
      after: {
        twofa_enabled: false,
        activation_pending: true,
        reason: '手机丢失',
        revoked_sessions: 1,
        proposed_by: root.id,
      },
    });
    // The old password no longer logs in: only the link (which the super admin hands over) sets one.
    expect((await login(t, target.email, target.password)).status).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(twoFactorCredentials)
        .where(eq(twoFactorCredentials.userId, target.id)),
    ).toHaveLength(0);
    // The plain admin's own 2FA is untouched.
    expect((await me(plain.token)).body.data?.user.twofa_enabled).toBe(true);
    expect(plainFactor.recoveryCodes).toHaveLength(10);
  });
});

describe(`admin session timeouts (${testEngine})`, () => {
  const sessionOf = async (token: string) =>
    (
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0];
  const shift = (token: string, values: { lastSeenAt?: unknown; createdAt?: unknown }) =>
    t.database.db
      .update(sessions)
      .set(values as Partial<typeof sessions.$inferInsert>)
      .where(eq(sessions.tokenHash, hashToken(token)));
  const enrolledAdmin = async () => {
    const admin = await newAdmin('admin');
    await enrol(admin.token, admin.id);
    return admin;
  };

  it('an admin session ends after 30 minutes without a request; a user session does not', async () => {
    const admin = await enrolledAdmin();
    await shift(admin.token, { lastSeenAt: sql`now() - interval '29 minutes'` });
    expect((await me(admin.token)).status).toBe(200);
    await shift(admin.token, { lastSeenAt: sql`now() - interval '31 minutes'` });
    const res = await me(admin.token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(ADMIN_SESSION_TIMED_OUT);
    // It stays ended: the refused request did not refresh it.
    expect((await api(t.app, 'GET', '/api/admin/users', { token: admin.token })).status).toBe(401);

    const user = await registerUser(t.app);
    await shift(user.token, { lastSeenAt: sql`now() - interval '3 days'` });
    expect((await me(user.token)).status).toBe(200);
  });

  it('an admin session ends 12 hours after login however busy, and is issued for at most 12 hours', async () => {
    const admin = await enrolledAdmin();
    const session = await sessionOf(admin.token);
    const lifetime = (session?.expiresAt.getTime() ?? 0) - (session?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeLessThanOrEqual(12 * 3_600_000 + 5_000);
    await shift(admin.token, { createdAt: sql`now() - interval '11 hours 50 minutes'` });
    expect((await me(admin.token)).status).toBe(200);
    await shift(admin.token, { createdAt: sql`now() - interval '12 hours 1 minute'` });
    const res = await me(admin.token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(ADMIN_SESSION_TIMED_OUT);
    const user = await registerUser(t.app);
    const userSession = await sessionOf(user.token);
    expect((userSession?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(24 * 3_600_000);
  });

  it('the lookup refreshes last_seen_at at most once a minute, in the same statement', async () => {
    const admin = await enrolledAdmin();
    await shift(admin.token, { lastSeenAt: sql`now() - interval '10 minutes'` });
    expect((await me(admin.token)).status).toBe(200);
    const touched = await sessionOf(admin.token);
    expect(Date.now() - (touched?.lastSeenAt.getTime() ?? 0)).toBeLessThan(30_000);
    await shift(admin.token, { lastSeenAt: sql`now() - interval '20 seconds'` });
    const before = (await sessionOf(admin.token))?.lastSeenAt.getTime();
    expect((await me(admin.token)).status).toBe(200);
    expect((await sessionOf(admin.token))?.lastSeenAt.getTime()).toBe(before);
    // A user's session too (安全中心 shows its last use), by the same once-a-minute rule.
    const user = await registerUser(t.app);
    await shift(user.token, { lastSeenAt: sql`now() - interval '10 minutes'` });
    expect((await me(user.token)).status).toBe(200);
    const userTouched = (await sessionOf(user.token))?.lastSeenAt.getTime() ?? 0;
    expect(Date.now() - userTouched).toBeLessThan(30_000);
    await shift(user.token, { lastSeenAt: sql`now() - interval '20 seconds'` });
    const userBefore = (await sessionOf(user.token))?.lastSeenAt.getTime();
    expect((await me(user.token)).status).toBe(200);
    expect((await sessionOf(user.token))?.lastSeenAt.getTime()).toBe(userBefore);
  });

  it('an admin who must still enrol gets no realtime socket; once enrolled they do', async () => {
    const admin = await newAdmin('admin');
    await expect(sockets.open(admin.token)).rejects.toThrow(TWOFA_MESSAGES.setupRequired);
    await enrol(admin.token, admin.id);
    const socket = await sockets.open(admin.token);
    expect(socket.connected).toBe(true);
    sockets.close();
  });
});
