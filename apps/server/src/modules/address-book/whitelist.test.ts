import { randomUUID } from 'node:crypto';
import {
  type SavedAddress,
  TWOFA_MESSAGES,
  TWOFA_PASSWORD_MESSAGES,
  WHITELIST_MESSAGES,
  type WhitelistState,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { api, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { fundedUser } from '../../test/fixtures.ts';
import { ERC20_ADDRESS, insertWithdrawChannel, TRC20_ADDRESS } from '../../test/money.ts';
import { timeStep, totpAt } from '../auth/two-factor/totp.ts';

/**
 * Withdrawal whitelist mode (issue 33): with it on, a withdrawal goes only to a saved address, 24 h
 * after it was saved by the database clock, checked in the withdrawal's own transaction (parallel
 * requests too); 微信 / 支付宝 payees are refused. Turning it off needs the password (and the 2FA
 * code), holds withdrawals 24 h and notifies; adding an address notifies.
 */

let t: TestApp;
let usdtChannel = 0;
let alipayChannel = 0;
beforeAll(async () => {
  t = await createTestApp();
  usdtChannel = (await insertWithdrawChannel(t.database.db, { feeRate: '0' })).id;
  alipayChannel = (
    await insertWithdrawChannel(t.database.db, { name: '支付宝', type: 'alipay', feeRate: '0' })
  ).id;
});
afterAll(async () => t?.close());

type Reply = Record<string, unknown>;
const post = (url: string, token: string, body?: unknown, headers?: Record<string, string>) =>
  api<Reply>(t.app, 'POST', url, {
    token,
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });
const withdraw = (token: string, body: Reply) =>
  post(
    '/api/wallet/withdrawals',
    token,
    { withdraw_type: 'usdt', channel_id: usdtChannel, amount: '100', ...body },
    { 'Idempotency-Key': randomUUID() },
  );
const addAddress = async (u: { token: string; password: string }, address: string, extra: Reply = {}) => {
  const res = await post('/api/user/addresses', u.token, {
    address,
    label: '标签',
    password: u.password,
    ...extra,
  });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as { address: SavedAddress }).address;
};
/** Moves an address's saving time back by the database's clock. */
const savedAgo = (id: number, interval: string) =>
  t.database.db.execute(
    sql`UPDATE withdrawal_addresses SET created_at = now() - ${interval}::interval WHERE id = ${id}`,
  );
const withdrawalCount = async (userId: number) => {
  const [row] = await queryRows<{ n: unknown }>(
    t.database.db,
    sql`SELECT count(*) AS n FROM withdrawals WHERE user_id = ${userId}`,
  );
  return Number(row?.n);
};
const enable = async (token: string) => {
  const res = await post('/api/user/withdrawal-whitelist/enable', token);
  expect(res.status, res.body.message).toBe(200);
  expect((res.body.data as WhitelistState).enabled).toBe(true);
};

describe(`withdrawal whitelist mode (${testEngine})`, () => {
  it('refuses an unlisted address and a payee, and a saved one until 24 h after saving (database time)', async () => {
    const u = await fundedUser(t);
    // Off: any valid address goes.
    expect((await withdraw(u.token, { address: ERC20_ADDRESS })).status).toBe(200);
    await enable(u.token);
    const state = await api<WhitelistState>(t.app, 'GET', '/api/user/withdrawal-whitelist', {
      token: u.token,
    });
    expect(state.body.data?.enabled).toBe(true);

    const unlisted = await withdraw(u.token, { address: ERC20_ADDRESS });
    expect([unlisted.status, unlisted.body.message]).toEqual([422, WHITELIST_MESSAGES.notListed]);
    const payee = await withdraw(u.token, {
      withdraw_type: 'alipay',
      channel_id: alipayChannel,
      address: undefined,
      account_info: { account: 'a@b.com', name: '张三' },
    });
    expect([payee.status, payee.body.message]).toEqual([422, WHITELIST_MESSAGES.payeeNotAllowed]);

    const saved = await addAddress(u, TRC20_ADDRESS);
    const fresh = await withdraw(u.token, { address: TRC20_ADDRESS });
    expect(fresh.status).toBe(422);
    expect(fresh.body.message).toMatch(
      /^已开启提现白名单：该地址添加未满 24 小时，\d{4}-\d{2}-\d{2} \d{2}:\d{2} 后可用$/,
    );
    await savedAgo(saved.id, '23 hours 59 minutes');
    expect((await withdraw(u.token, { address: TRC20_ADDRESS })).status).toBe(422);
    // Another user's saved address does not count for this one.
    const other = await registerUser(t.app);
    const theirs = await addAddress(other, ERC20_ADDRESS);
    await savedAgo(theirs.id, '2 days');
    expect((await withdraw(u.token, { address: ERC20_ADDRESS })).status).toBe(422);
    expect(await withdrawalCount(u.user.id)).toBe(1);

    await savedAgo(saved.id, '24 hours 1 second');
    const ok = await withdraw(u.token, { address: TRC20_ADDRESS });
    expect(ok.status, ok.body.message).toBe(200);
    expect(await withdrawalCount(u.user.id)).toBe(2);
  });

  it('parallel withdrawals each obey it', async () => {
    const u = await fundedUser(t);
    await enable(u.token);
    const saved = await addAddress(u, TRC20_ADDRESS);
    await savedAgo(saved.id, '25 hours');
    const replies = await Promise.all([
      withdraw(u.token, { address: ERC20_ADDRESS }),
      withdraw(u.token, { address: TRC20_ADDRESS }),
      withdraw(u.token, { address: ERC20_ADDRESS }),
      withdraw(u.token, { address: TRC20_ADDRESS }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([422, 200, 422, 200]);
    expect(await withdrawalCount(u.user.id)).toBe(2);
  });

  it('turning it off needs the password and the 2FA code, holds withdrawals 24 h and notifies', async () => {
    const u = await fundedUser(t);
    await enable(u.token);
    const again = await post('/api/user/withdrawal-whitelist/enable', u.token);
    expect([again.status, again.body.message]).toEqual([409, WHITELIST_MESSAGES.alreadyEnabled]);

    const bare = await post('/api/user/withdrawal-whitelist/disable', u.token, {});
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain(TWOFA_PASSWORD_MESSAGES.required);
    const wrong = await post('/api/user/withdrawal-whitelist/disable', u.token, {
      password: 'not-my-password',
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, TWOFA_PASSWORD_MESSAGES.wrong]);

    const setup = await post('/api/auth/2fa/setup', u.token, { password: u.password });
    const secret = (setup.body.data as { secret: string }).secret;
    const code = (offset = 0) => totpAt(secret, timeStep(Date.now()) + offset);
    const twofa = await post('/api/auth/2fa/enable', u.token, { code: code(), password: u.password });
    expect(twofa.status, twofa.body.message).toBe(200);
    // Later codes: the authenticator's next step, then recovery codes (a step is taken only once).
    const recovery = (twofa.body.data as { recovery_codes: string[] }).recovery_codes;
    const noCode = await post('/api/user/withdrawal-whitelist/disable', u.token, { password: u.password });
    expect([noCode.status, noCode.body.message]).toEqual([400, TWOFA_MESSAGES.required]);
    const state = await api<WhitelistState>(t.app, 'GET', '/api/user/withdrawal-whitelist', {
      token: u.token,
    });
    expect(state.body.data?.enabled).toBe(true);

    // Clear the hold of turning 2FA on, to see the one of turning the whitelist off.
    await t.database.db.execute(sql`UPDATE users SET withdrawals_held_until = NULL WHERE id = ${u.user.id}`);
    const off = await post('/api/user/withdrawal-whitelist/disable', u.token, {
      password: u.password,
      totp: code(1),
    });
    expect(off.status, off.body.message).toBe(200);
    expect(off.body.data).toEqual({ enabled: false, enabled_at: null });
    const [held] = await queryRows<{ held: unknown }>(
      t.database.db,
      sql`SELECT withdrawals_held_until > now() + interval '23 hours 59 minutes' AS held FROM users WHERE id = ${u.user.id}`,
    );
    expect([true, 't']).toContain(held?.held);
    const refused = await withdraw(u.token, { address: ERC20_ADDRESS, totp: recovery[0] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^为保护资金安全/);

    await addAddress(u, TRC20_ADDRESS, { totp: recovery[1] });
    const notices = await api<{ notifications: { title: string; body: string }[] }>(
      t.app,
      'GET',
      '/api/notifications?type=security',
      { token: u.token },
    );
    const titles = notices.body.data?.notifications.map((n) => n.title) ?? [];
    expect(titles).toContain('提现白名单已关闭');
    expect(titles).toContain('地址簿新增地址');
    const added = notices.body.data?.notifications.find((n) => n.title === '地址簿新增地址');
    expect(added?.body).toContain(TRC20_ADDRESS);
    const offAgain = await post('/api/user/withdrawal-whitelist/disable', u.token, {
      password: u.password,
      totp: recovery[2],
    });
    expect([offAgain.status, offAgain.body.message]).toEqual([409, WHITELIST_MESSAGES.alreadyDisabled]);
  });
});
