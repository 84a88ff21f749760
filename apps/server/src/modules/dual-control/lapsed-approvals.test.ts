import { randomUUID } from 'node:crypto';
import type { AdminDeposit, AdminWithdrawal } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../test/admin.ts';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  TRC20_ADDRESS,
  withdrawalStatusChange,
} from '../../test/money.ts';
import { payoutApprovals } from './dual-control.schema.ts';
import { gatePayout } from './payout-approvals.ts';

type Admin = Awaited<ReturnType<typeof createAdmin>>;

let t: TestApp;
let root: Admin; // super admin
let bob: Admin;
let carol: Admin;
let depositChannelId: number;
let withdrawChannelId: number;

beforeAll(async () => {
  t = await createTestApp();
  root = await createAdmin(t, 'super_admin');
  bob = await createAdmin(t, 'admin');
  carol = await createAdmin(t, 'admin');
  depositChannelId = (await insertDepositChannel(t.database.db, { maxAmount: '1000000' })).id;
  withdrawChannelId = (await insertWithdrawChannel(t.database.db, { maxAmount: '1000000' })).id;
});
afterAll(() => t?.close());

/** How the admin leaves: disabled by a super admin, or deleted. */
const leaves = {
  disabled: (admin: Admin) =>
    api(t.app, 'PATCH', `/api/admin/admins/${admin.id}/status`, {
      token: root.token,
      body: { is_active: false },
    }),
  deleted: (admin: Admin) => api(t.app, 'DELETE', `/api/admin/admins/${admin.id}`, { token: root.token }),
};

async function pendingDeposit(amount: string) {
  const user = await registerUser(t.app);
  const res = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
    token: user.token,
    body: { channel_id: depositChannelId, amount },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data!.deposit.id;
}

const reviewDeposit = (admin: Admin, id: number) =>
  api<{ deposit: AdminDeposit }>(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
    token: admin.token,
    body: { status: 'approved' },
  });

async function pendingWithdrawal(amount: string) {
  const user = await registerUser(t.app);
  await approveKyc(t.database.db, user.user.id);
  await fundUser(t.database.db, user.user.id, String(Number(amount) * 2));
  const res = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
    token: user.token,
    headers: { 'Idempotency-Key': randomUUID() },
    body: { withdraw_type: 'usdt', channel_id: withdrawChannelId, amount, address: TRC20_ADDRESS },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data!.withdrawal.id;
}

const moveWithdrawal = (admin: Admin, id: number, status: string) =>
  api<{ withdrawal: AdminWithdrawal }>(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
    token: admin.token,
    body: withdrawalStatusChange(status),
  });

describe(`a first approval by an admin since disabled or deleted no longer counts (${testEngine})`, () => {
  for (const how of ['disabled', 'deleted'] as const) {
    it(`deposit: after the first approver is ${how}, the next admin's approval is the first again`, async () => {
      const first = await createAdmin(t, 'admin');
      const id = await pendingDeposit('20000');
      const recorded = await reviewDeposit(first, id);
      expect(recorded.body.data?.deposit.first_approval?.admin_id).toBe(first.id);
      expect((await leaves[how](first)).status).toBe(200);

      const shown = await api<{ deposits: AdminDeposit[] }>(
        t.app,
        'GET',
        `/api/admin/deposits?search=${id}`,
        {
          token: bob.token,
        },
      );
      expect(shown.body.data?.deposits.find((d) => d.id === id)?.first_approval).toBeNull();
      const second = await reviewDeposit(bob, id);
      expect(second.status).toBe(200);
      expect(second.body.data?.deposit).toMatchObject({
        status: 'pending',
        first_approval: { admin_id: bob.id },
      });
      const third = await reviewDeposit(carol, id);
      expect(third.body.data?.deposit.status).toBe('approved');
      const [audit] = await auditRows(t, how === 'deleted' ? 'admin.delete' : 'admin.status', first.id);
      expect(audit?.after).toMatchObject({ lapsed_approvals: { deposits: 1 } });
    });

    it(`withdrawal: after the first approver is ${how}, the next admin's approval is the first again`, async () => {
      const first = await createAdmin(t, 'admin');
      const id = await pendingWithdrawal('20000');
      expect((await moveWithdrawal(first, id, 'reviewing')).status).toBe(200);
      const recorded = await moveWithdrawal(first, id, 'approved');
      expect(recorded.body.data?.withdrawal.first_approval?.admin_id).toBe(first.id);
      expect((await leaves[how](first)).status).toBe(200);

      const second = await moveWithdrawal(bob, id, 'approved');
      expect(second.status).toBe(200);
      expect(second.body.data?.withdrawal).toMatchObject({
        status: 'reviewing',
        first_approval: { admin_id: bob.id },
      });
      const third = await moveWithdrawal(carol, id, 'approved');
      expect(third.body.data?.withdrawal.status).toBe('approved');
    });

    it(`payout: after the first approver is ${how}, the next admin's call records a new first approval`, async () => {
      const first = await createAdmin(t, 'admin');
      const payee = await registerUser(t.app);
      const proposed = {
        kind: 'reward' as const,
        payoutDate: null,
        currency: 'USDT',
        items: [{ userId: payee.user.id, amount: '9000', rewardId: 1 }],
      };
      const actor = (a: Admin) => ({ adminId: a.id, ip: null, userAgent: null });
      const gate = (a: Admin) => t.database.db.transaction((tx) => gatePayout(tx, proposed, actor(a)));
      const recorded = await gate(first);
      expect(recorded.pay).toBe(false);
      expect((await leaves[how](first)).status).toBe(200);
      const [lapsed] = await t.database.db
        .select()
        .from(payoutApprovals)
        .where(eq(payoutApprovals.id, recorded.approval!.id));
      expect(lapsed?.status).toBe('rejected');

      const second = await gate(bob);
      expect(second.pay).toBe(false);
      expect(second.approval?.firstApprovedBy).toBe(bob.id);
      const third = await gate(carol);
      expect(third.pay).toBe(true);
    });
  }
});
