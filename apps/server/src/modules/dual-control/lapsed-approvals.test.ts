import type { AdminDeposit } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../test/admin.ts';
import {
  api,
  type createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  saveApproved,
  type TestApp,
} from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { insertDepositChannel, insertWithdrawChannel } from '../../test/money.ts';
import { teamPaidSince } from '../team/team.payouts.ts';
import { payoutApprovals } from './dual-control.schema.ts';
import { reviewRequests } from './dual-control.test-helpers.ts';
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
  // Approvers: dual control counts their approvals at once (createAdmin's only after 24 h).
  root = await createApprover(t, 'super_admin');
  bob = await createApprover(t, 'admin');
  carol = await createApprover(t, 'admin');
  depositChannelId = (await insertDepositChannel(t.database.db, { maxAmount: '1000000' })).id;
  withdrawChannelId = (await insertWithdrawChannel(t.database.db, { maxAmount: '1000000' })).id;
});
afterAll(() => t?.close());

const { pendingDeposit, reviewDeposit, pendingWithdrawal, moveWithdrawal } = reviewRequests(() => ({
  t,
  depositChannelId,
  withdrawChannelId,
}));

/**
 * How the admin leaves: disabled by a super admin, or deleted (a pending change another super
 * admin approves, docs/admin-accounts.md: the approval's reply is 200).
 */
const leaves = {
  disabled: (admin: Admin) =>
    api(t.app, 'PATCH', `/api/admin/admins/${admin.id}/status`, {
      token: root.token,
      body: { is_active: false },
    }),
  deleted: (admin: Admin) =>
    saveApproved(t, 'DELETE', `/api/admin/admins/${admin.id}`, { token: root.token, body: undefined }),
};

describe(`a first approval by an admin since disabled or deleted no longer counts (${testEngine})`, () => {
  for (const how of ['disabled', 'deleted'] as const) {
    it(`deposit: after the first approver is ${how}, the next admin's approval is the first again`, async () => {
      const first = await createApprover(t, 'admin');
      const { id } = await pendingDeposit('20000');
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
      const first = await createApprover(t, 'admin');
      const { id } = await pendingWithdrawal('20000');
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
      const first = await createApprover(t, 'admin');
      const payee = await registerUser(t.app);
      const proposed = {
        kind: 'reward' as const,
        payoutDate: null,
        currency: 'USDT',
        items: [{ userId: payee.user.id, amount: '9000', rewardId: 1 }],
      };
      const actor = (a: Admin) => ({ adminId: a.id, ip: null, userAgent: null });
      const gate = (a: Admin) =>
        t.database.db.transaction((tx) => gatePayout(tx, proposed, actor(a), teamPaidSince));
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
