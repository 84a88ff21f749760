import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { login } from '../../test/fixtures.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  TRC20_ADDRESS,
  txHashOf,
} from '../../test/money.ts';
import { timeStep, totpAt } from '../auth/two-factor/totp.ts';

/**
 * 用户详情's links (issue 33): 充值管理, 提现管理 and 订单管理 filtered by one user with `user_id`. Two
 * users each get a deposit, a withdrawal and a resting spot order through the real calls; each
 * filtered list holds that user's records only and counts them alone. Admins only; a bad id is 400.
 */

let t: TestApp;
let admin: { token: string; id: number };
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
let channelId: number;

async function recordsOf(user: Awaited<ReturnType<typeof registerUser>>, tag: string) {
  await approveKyc(t.database.db, user.user.id);
  await fundUser(t.database.db, user.user.id, '1000');
  const deposit = await api(t.app, 'POST', '/api/wallet/deposits', {
    token: user.token,
    body: { channel_id: channelId, amount: '100', tx_hash: txHashOf(`user-records-${tag}`) },
  });
  expect(deposit.status).toBe(200);
  const withdrawal = await api(t.app, 'POST', '/api/wallet/withdrawals', {
    token: user.token,
    headers: { 'Idempotency-Key': randomUUID() },
    body: { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS },
  });
  expect(withdrawal.status).toBe(200);
  // A limit buy far below the market rests in the book: an order of this user.
  const order = await api(t.app, 'POST', '/api/trading/spot/order', {
    token: user.token,
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '1000' },
  });
  expect(order.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  channelId = (await insertDepositChannel(t.database.db)).id;
  await insertWithdrawChannel(t.database.db);
  // A password no policy refuses (the register call's rules are being tightened meanwhile).
  alice = await registerUser(t.app, { password: 'Kq7vTz2wLmR9' });
  bob = await registerUser(t.app, { password: 'Kq7vTz2wLmR9' });
  await recordsOf(alice, 'alice');
  await recordsOf(bob, 'bob');
});
afterAll(() => t.close());

type Listed = { user_id?: number; user?: { id: number } };
type Reply = Record<string, Listed[] | { total: number }> & { pagination: { total: number } };

const lists = [
  { url: '/api/admin/deposits', rows: 'deposits' },
  { url: '/api/admin/withdrawals', rows: 'withdrawals' },
  { url: '/api/admin/orders', rows: 'orders' },
] as const;

describe('admin lists filtered by user_id', () => {
  for (const { url, rows } of lists) {
    it(`${url}?user_id: that user's records only, counted alone`, async () => {
      for (const user of [alice, bob]) {
        const res = await api<Reply>(t.app, 'GET', `${url}?user_id=${user.user.id}`, { token: admin.token });
        expect(res.status).toBe(200);
        const listed = res.body.data?.[rows] as Listed[];
        expect(listed).toHaveLength(1);
        expect(listed.map((r) => r.user_id ?? r.user?.id)).toEqual([user.user.id]);
        expect(res.body.data?.pagination.total).toBe(1);
      }
      const all = await api<Reply>(t.app, 'GET', url, { token: admin.token });
      expect(all.body.data?.pagination.total).toBe(2);
    });

    it(`${url}?user_id: a user without records has an empty list`, async () => {
      const res = await api<Reply>(t.app, 'GET', `${url}?user_id=${admin.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.data?.[rows]).toEqual([]);
      expect(res.body.data?.pagination.total).toBe(0);
    });

    it(`${url}?user_id: a bad id is 400 用户ID不正确`, async () => {
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
        const res = await api(t.app, 'GET', `${url}?user_id=${bad}`, { token: admin.token });
        expect(res.status, bad).toBe(400);
        expect(res.body.message, bad).toContain('用户ID不正确');
      }
    });

    it(`${url}?user_id: a user's own token cannot read it (403), nor anyone without one (401)`, async () => {
      const own = await api(t.app, 'GET', `${url}?user_id=${alice.user.id}`, { token: alice.token });
      expect(own.status).toBe(403);
      expect((await api(t.app, 'GET', `${url}?user_id=${alice.user.id}`)).status).toBe(401);
    });
  }
});

type SessionsReply = { sessions: { id: string; current: boolean }[]; pagination: { total: number } };
type LoginsReply = {
  logins: { success: boolean; failure_reason: string | null }[];
  pagination: { total: number };
};
type DetailReply = { user: { id: number; twofa_enabled: boolean } };

describe("用户详情: one user's sessions, logins and 2FA", () => {
  it("lists that user's live sessions and login attempts, not another's, and says whether 2FA is on", async () => {
    const password = 'Kq7vTz2wLmR9';
    const carol = await registerUser(t.app, { password });
    expect((await login(t, carol.email, 'Wrong1234xyz')).status).toBe(401);
    expect((await login(t, carol.email, password)).status).toBe(200);
    // Bob turns 2FA on through the real calls.
    const setup = await api<{ secret: string }>(t.app, 'POST', '/api/auth/2fa/setup', {
      token: bob.token,
      body: { password: 'Kq7vTz2wLmR9' },
    });
    const secret = setup.body.data?.secret ?? '';
    const enabled = await api(t.app, 'POST', '/api/auth/2fa/enable', {
      token: bob.token,
      body: { code: totpAt(secret, timeStep(Date.now())), password: 'Kq7vTz2wLmR9' },
    });
    expect(enabled.status, enabled.body.message).toBe(200);

    const sessions = await api<SessionsReply>(t.app, 'GET', `/api/admin/users/${carol.user.id}/sessions`, {
      token: admin.token,
    });
    expect(sessions.status).toBe(200);
    // The registration's session and the login's; none is the admin's own.
    expect(sessions.body.data?.pagination.total).toBe(2);
    expect(sessions.body.data?.sessions.map((x) => x.current)).toEqual([false, false]);

    const logins = await api<LoginsReply>(t.app, 'GET', `/api/admin/users/${carol.user.id}/logins`, {
      token: admin.token,
    });
    expect(logins.status).toBe(200);
    expect(logins.body.data?.logins.map((l) => [l.success, l.failure_reason])).toEqual([
      [true, null],
      [false, 'password'],
    ]);
    const alices = await api<LoginsReply>(t.app, 'GET', `/api/admin/users/${alice.user.id}/logins`, {
      token: admin.token,
    });
    expect(alices.body.data?.logins).toEqual([]);

    const detail = (id: number) =>
      api<DetailReply>(t.app, 'GET', `/api/admin/users/${id}`, { token: admin.token });
    expect((await detail(bob.user.id)).body.data?.user.twofa_enabled).toBe(true);
    expect((await detail(carol.user.id)).body.data?.user.twofa_enabled).toBe(false);
  });

  it('admins only; an unknown user is 404 用户不存在, a bad id or page 400', async () => {
    for (const list of ['sessions', 'logins']) {
      const url = `/api/admin/users/${alice.user.id}/${list}`;
      expect((await api(t.app, 'GET', url, { token: alice.token })).status).toBe(403);
      expect((await api(t.app, 'GET', url)).status).toBe(401);
      const missing = await api(t.app, 'GET', `/api/admin/users/99999999/${list}`, { token: admin.token });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('用户不存在');
      const bad = await api(t.app, 'GET', `/api/admin/users/abc/${list}`, { token: admin.token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^参数错误：id/);
      expect((await api(t.app, 'GET', `${url}?page=0`, { token: admin.token })).status).toBe(400);
    }
  });
});
