import { randomUUID } from 'node:crypto';
import type { AdminDashboard } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  TRC20_ADDRESS,
} from '../../test/money.ts';

/**
 * 临界金额预警 (issue 32, structuring): the dashboard lists users whose requests of the last 7 days
 * cluster just under a threshold (≥ 2 each from 80 % up to, not including, 100 %). The requests are
 * made through the real routes; default thresholds: deposit and withdrawal 10,000.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let depositChannelId: number;
let withdrawChannelId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  depositChannelId = (await insertDepositChannel(t.database.db, { maxAmount: '1000000' })).id;
  withdrawChannelId = (await insertWithdrawChannel(t.database.db, { maxAmount: '1000000' })).id;
});
afterAll(() => t.close());

async function depositor(amounts: string[]) {
  const user = await registerUser(t.app);
  for (const amount of amounts) {
    const res = await api(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: depositChannelId, amount },
    });
    expect(res.status, res.body.message).toBe(200);
  }
  return user.user;
}

async function withdrawer(amounts: string[]) {
  const user = await registerUser(t.app);
  await approveKyc(t.database.db, user.user.id);
  await fundUser(t.database.db, user.user.id, '100000');
  for (const amount of amounts) {
    const res = await api(t.app, 'POST', '/api/wallet/withdrawals', {
      token: user.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { withdraw_type: 'usdt', channel_id: withdrawChannelId, amount, address: TRC20_ADDRESS },
    });
    expect(res.status, res.body.message).toBe(200);
  }
  return user.user;
}

const dashboard = async () => {
  const res = await api<AdminDashboard>(t.app, 'GET', '/api/admin/dashboard', { token: admin.token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data?.nearThreshold ?? [];
};

describe('dashboard: requests clustering just under a threshold', () => {
  it('lists the user with three deposits of 9,999.99 and the one with two withdrawals of 9,500, with count and sum', async () => {
    const structurer = await depositor(['9999.99', '9999.99', '9999.99']);
    const withdrawing = await withdrawer(['9500', '8000']);
    // Not listed: one request in the band, requests under 80 %, at the threshold, or older than 7 days.
    const single = await depositor(['9000', '5000', '10000']);
    const old = await depositor(['9000', '9000']);
    await t.database.db.execute(
      sql`UPDATE deposits SET created_at = now() - interval '8 days' WHERE user_id = ${old.id}`,
    );

    const near = await dashboard();
    expect(near).toContainEqual({
      kind: 'deposit',
      user_id: structurer.id,
      user_email: structurer.email,
      count: 3,
      total: '29999.970000000000000000',
      threshold: '10000',
    });
    expect(near).toContainEqual({
      kind: 'withdrawal',
      user_id: withdrawing.id,
      user_email: withdrawing.email,
      count: 2,
      total: '17500.000000000000000000',
      threshold: '10000',
    });
    const listed = near.map((n) => n.user_id);
    expect(listed).not.toContain(single.id);
    expect(listed).not.toContain(old.id);
    // Most requests first.
    expect(near[0]?.user_id).toBe(structurer.id);
  });
});
