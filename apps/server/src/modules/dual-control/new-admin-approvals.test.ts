import { randomUUID } from 'node:crypto';
import {
  type AdminAdjustment,
  type AdminDeposit,
  type AdminWithdrawal,
  DUAL_CONTROL_TEXTS,
  type PayoutApproval,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../test/admin.ts';
import {
  api,
  countAsApproverNow,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import { insertDepositChannel, insertWithdrawChannel } from '../../test/money.ts';
import { balanceAdjustments as adjustments } from '../adjustments/adjustments.schema.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { teamRewards } from '../team/team.schema.ts';
import { payoutApprovals } from './dual-control.schema.ts';
import { reviewRequests } from './dual-control.test-helpers.ts';

/**
 * Issue 32: a new admin's approvals do not count toward dual control during their first 24 h
 * (`users.approver_since`, by the database's clock), so that a lone super admin cannot create a
 * puppet admin and complete a large deposit, withdrawal, payout or adjustment at once. Below the
 * threshold (one approval suffices) and for rejections a new admin acts as any other.
 */

type Admin = Awaited<ReturnType<typeof createAdmin>>;

let t: TestApp;
let root: Admin; // super admin, counts
let veteran: Admin; // plain admin, counts
let depositChannelId: number;
let withdrawChannelId: number;

beforeAll(async () => {
  t = await createTestApp();
  root = await createApprover(t, 'super_admin');
  veteran = await createApprover(t, 'admin');
  depositChannelId = (await insertDepositChannel(t.database.db, { maxAmount: '1000000' })).id;
  withdrawChannelId = (await insertWithdrawChannel(t.database.db, { maxAmount: '1000000' })).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
/** An admin created just now: approver_since is 24 h ahead (the column default). */
const newAdmin = () => createAdmin(t, 'admin');
const NOT_COUNTING = DUAL_CONTROL_TEXTS.approverNotCountingYet;

const { pendingDeposit, reviewDeposit, pendingWithdrawal, moveWithdrawal, available } = reviewRequests(
  () => ({ t, depositChannelId, withdrawChannelId }),
);

// --- deposits -------------------------------------------------------------------------------------

const adminDeposit = async (id: number) =>
  (
    await api<{ deposits: AdminDeposit[] }>(t.app, 'GET', `/api/admin/deposits?search=${id}`, {
      token: root.token,
    })
  ).body.data?.deposits.find((d) => d.id === id);

describe(`deposits: a new admin's approval does not count above the threshold (${testEngine})`, () => {
  it('refused as the first approver (403, nothing recorded); after 24 h the same approval is the first', async () => {
    const newbie = await newAdmin();
    const { user, id } = await pendingDeposit('10000');
    const refused = await reviewDeposit(newbie, id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, message: NOT_COUNTING });
    expect(await adminDeposit(id)).toMatchObject({ status: 'pending', first_approval: null });
    expect(await auditRows(t, 'deposit.first_approve', id)).toHaveLength(0);
    expect(await available(user.id)).toBe('0.000000000000000000');

    await countAsApproverNow(t, newbie.id);
    const first = await reviewDeposit(newbie, id);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data?.deposit).toMatchObject({
      status: 'pending',
      first_approval: { admin_id: newbie.id },
    });
    expect((await reviewDeposit(veteran, id)).body.data?.deposit.status).toBe('approved');
    expect(await available(user.id)).toBe('10000.000000000000000000');
  });

  it('refused as the second approver (403, the first approval waits); after 24 h it completes', async () => {
    const newbie = await newAdmin();
    const { user, id } = await pendingDeposit('25000');
    expect((await reviewDeposit(veteran, id)).status).toBe(200);
    const refused = await reviewDeposit(newbie, id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_COUNTING);
    expect(await adminDeposit(id)).toMatchObject({
      status: 'pending',
      first_approval: { admin_id: veteran.id },
    });
    expect(await auditRows(t, 'deposit.approve', id)).toHaveLength(0);
    expect(await available(user.id)).toBe('0.000000000000000000');

    await countAsApproverNow(t, newbie.id);
    const completed = await reviewDeposit(newbie, id);
    expect(completed.body.data?.deposit.status).toBe('approved');
    expect(await available(user.id)).toBe('25000.000000000000000000');
    await assertLedgerOk(db());
  });

  it('below the threshold a new admin approves at once; above it a new admin may reject', async () => {
    const newbie = await newAdmin();
    const small = await pendingDeposit('9999.99');
    expect((await reviewDeposit(newbie, small.id)).body.data?.deposit).toMatchObject({
      status: 'approved',
      first_approval: null,
    });
    expect(await available(small.user.id)).toBe('9999.990000000000000000');

    const big = await pendingDeposit('20000');
    expect((await reviewDeposit(veteran, big.id)).status).toBe(200);
    expect((await reviewDeposit(newbie, big.id, 'rejected')).body.data?.deposit.status).toBe('rejected');
    const bigger = await pendingDeposit('30000');
    expect((await reviewDeposit(newbie, bigger.id, 'rejected')).body.data?.deposit.status).toBe('rejected');
  });

  it('batch: a new admin approves the rows below the threshold, the others are skipped with the reason', async () => {
    const newbie = await newAdmin();
    const small = await pendingDeposit('100');
    const big = await pendingDeposit('10000');
    const waited = await pendingDeposit('12000');
    expect((await reviewDeposit(veteran, waited.id)).status).toBe(200);
    const res = await api<{
      processedIds: number[];
      awaitingSecondApprovalIds: number[];
      skipped: { id: number; reason: string }[];
    }>(t.app, 'POST', '/api/admin/deposits/batch-review', {
      token: newbie.token,
      body: { action: 'approve', depositIds: [small.id, big.id, waited.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      processedIds: [small.id],
      awaitingSecondApprovalIds: [],
      skipped: [
        { id: big.id, reason: NOT_COUNTING },
        { id: waited.id, reason: NOT_COUNTING },
      ],
    });
    expect(await adminDeposit(big.id)).toMatchObject({ status: 'pending', first_approval: null });
    expect(await adminDeposit(waited.id)).toMatchObject({
      status: 'pending',
      first_approval: { admin_id: veteran.id },
    });
    expect(await available(waited.user.id)).toBe('0.000000000000000000');
  });
});

// --- withdrawals ----------------------------------------------------------------------------------

const adminWithdrawal = async (id: number) =>
  (
    await api<{ withdrawals: AdminWithdrawal[] }>(t.app, 'GET', `/api/admin/withdrawals?search=${id}`, {
      token: root.token,
    })
  ).body.data?.withdrawals.find((w) => w.id === id);

describe(`withdrawals: a new admin's move to 已通过 does not count above the threshold (${testEngine})`, () => {
  it('refused as the first approver (403, nothing recorded); after 24 h the same move is the first', async () => {
    const newbie = await newAdmin();
    const { id } = await pendingWithdrawal('10000');
    const refused = await moveWithdrawal(newbie, id, 'approved');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_COUNTING);
    expect(await adminWithdrawal(id)).toMatchObject({ status: 'pending', first_approval: null });
    expect(await auditRows(t, 'withdrawal.first_approve', id)).toHaveLength(0);

    await countAsApproverNow(t, newbie.id);
    const first = await moveWithdrawal(newbie, id, 'approved');
    expect(first.body.data?.withdrawal).toMatchObject({
      status: 'pending',
      first_approval: { admin_id: newbie.id },
    });
    expect((await moveWithdrawal(veteran, id, 'approved')).body.data?.withdrawal.status).toBe('approved');
  });

  it('refused as the second approver (403, the first approval waits); after 24 h it moves', async () => {
    const newbie = await newAdmin();
    const { id } = await pendingWithdrawal('15000');
    expect((await moveWithdrawal(veteran, id, 'reviewing')).status).toBe(200);
    expect((await moveWithdrawal(veteran, id, 'approved')).status).toBe(200);
    const refused = await moveWithdrawal(newbie, id, 'approved');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_COUNTING);
    expect(await adminWithdrawal(id)).toMatchObject({
      status: 'reviewing',
      first_approval: { admin_id: veteran.id },
    });

    await countAsApproverNow(t, newbie.id);
    expect((await moveWithdrawal(newbie, id, 'approved')).body.data?.withdrawal.status).toBe('approved');
  });

  it('below the threshold a new admin moves it at once; above it a new admin may reject (funds return)', async () => {
    const newbie = await newAdmin();
    const small = await pendingWithdrawal('9999');
    expect((await moveWithdrawal(newbie, small.id, 'approved')).body.data?.withdrawal.status).toBe(
      'approved',
    );
    const big = await pendingWithdrawal('20000');
    expect((await moveWithdrawal(veteran, big.id, 'approved')).status).toBe(200);
    expect((await moveWithdrawal(newbie, big.id, 'rejected')).body.data?.withdrawal.status).toBe('rejected');
    const [funds] = await getUserWallets(db(), big.user.id);
    expect(funds).toMatchObject({
      balance: '40000.000000000000000000',
      frozen_balance: '0.000000000000000000',
    });
    await assertLedgerOk(db());
  });

  it('bulk: the rows above the threshold are skipped with the reason, the others move', async () => {
    const newbie = await newAdmin();
    const small = await pendingWithdrawal('100');
    const big = await pendingWithdrawal('10000');
    const res = await api<{
      processedIds: number[];
      awaitingSecondApprovalIds: number[];
      skipped: { id: number; reason: string }[];
    }>(t.app, 'POST', '/api/admin/withdrawals/bulk-status', {
      token: newbie.token,
      body: { ids: [small.id, big.id], status: 'approved' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      processedIds: [small.id],
      awaitingSecondApprovalIds: [],
      skipped: [{ id: big.id, reason: NOT_COUNTING }],
    });
    expect(await adminWithdrawal(big.id)).toMatchObject({ status: 'pending', first_approval: null });
  });
});

// --- payouts (team rewards; salaries pass the same gate) -------------------------------------------

async function pendingReward(amount: string) {
  const user = await registerUser(t.app);
  const [reward] = await db()
    .insert(teamRewards)
    .values({ userId: user.user.id, tier: 9, amount, currency: 'USDT', directCount: 20, teamSize: 5000 })
    .returning();
  return { userId: user.user.id, id: reward?.id as number };
}

const distribute = (admin: Admin, rewardIds: number[]) =>
  api<{ distributed: number; awaitingSecondApproval: PayoutApproval | null }>(
    t.app,
    'POST',
    '/api/admin/team/rewards/distribute',
    { token: admin.token, body: { rewardIds } },
  );

const approvalsOf = (rewardUserId: number) =>
  db()
    .select()
    .from(payoutApprovals)
    .then((rows) => rows.filter((r) => r.items.some((i) => i.userId === rewardUserId)));

const rewardStatus = async (id: number) =>
  (await db().select().from(teamRewards).where(eq(teamRewards.id, id)))[0]?.status;

describe(`payouts: a new admin's call does not count above the payout threshold (${testEngine})`, () => {
  it('refused as the first approver (403, no approval recorded); after 24 h the same call is the first', async () => {
    const newbie = await newAdmin();
    const reward = await pendingReward('6000');
    const refused = await distribute(newbie, [reward.id]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_COUNTING);
    expect(await approvalsOf(reward.userId)).toEqual([]);
    expect(await rewardStatus(reward.id)).toBe('pending');

    await countAsApproverNow(t, newbie.id);
    const first = await distribute(newbie, [reward.id]);
    expect(first.body.data).toMatchObject({
      distributed: 0,
      awaitingSecondApproval: { first_approval: { admin_id: newbie.id } },
    });
    expect((await distribute(veteran, [reward.id])).body.data?.distributed).toBe(1);
    expect(await available(reward.userId)).toBe('6000.000000000000000000');
  });

  it('refused as the second approver (403, the approval stays pending); after 24 h it pays once', async () => {
    const newbie = await newAdmin();
    const reward = await pendingReward('7000');
    const first = await distribute(veteran, [reward.id]);
    const approvalId = first.body.data?.awaitingSecondApproval?.id as number;
    expect(approvalId).toBeGreaterThan(0);
    const refused = await distribute(newbie, [reward.id]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_COUNTING);
    const [still] = await db().select().from(payoutApprovals).where(eq(payoutApprovals.id, approvalId));
    expect(still).toMatchObject({ status: 'pending', decidedBy: null });
    expect(await available(reward.userId)).toBe('0.000000000000000000');

    await countAsApproverNow(t, newbie.id);
    expect((await distribute(newbie, [reward.id])).body.data?.distributed).toBe(1);
    expect(await available(reward.userId)).toBe('7000.000000000000000000');
    await assertLedgerOk(db());
  });

  it('below the threshold a new admin pays at once, and may reject a pending payout approval', async () => {
    const newbie = await newAdmin();
    const small = await pendingReward('100');
    expect((await distribute(newbie, [small.id])).body.data?.distributed).toBe(1);

    const big = await pendingReward('8000');
    const approvalId = (await distribute(veteran, [big.id])).body.data?.awaitingSecondApproval?.id as number;
    const rejected = await api<{ approval: PayoutApproval }>(
      t.app,
      'POST',
      `/api/admin/payout-approvals/${approvalId}/reject`,
      { token: newbie.token },
    );
    expect(rejected.body.data?.approval.status).toBe('rejected');
    expect(await rewardStatus(big.id)).toBe('pending');
  });
});

// --- balance adjustments (always two admins: the proposal is the first approval) -------------------

const propose = (admin: Admin, userId: number, amount = '50') =>
  api<{ adjustment: AdminAdjustment }>(t.app, 'POST', '/api/admin/adjustments', {
    token: admin.token,
    body: { user_id: userId, currency: 'USDT', amount, reason: '补发活动奖励' },
    headers: { 'Idempotency-Key': randomUUID() },
  });

const decide = (admin: Admin, id: number, how: 'approve' | 'reject') =>
  api<{ adjustment: AdminAdjustment }>(t.app, 'POST', `/api/admin/adjustments/${id}/${how}`, {
    token: admin.token,
    headers: { 'Idempotency-Key': randomUUID() },
  });

const adjustmentsOf = (userId: number) =>
  db().select().from(adjustments).where(eq(adjustments.userId, userId));

describe(`balance adjustments: a new admin neither proposes nor approves (${testEngine})`, () => {
  it('a proposal by a new admin is refused (403, nothing recorded); after 24 h it is made', async () => {
    const newbie = await newAdmin();
    const user = await registerUser(t.app);
    const refused = await propose(newbie, user.user.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_COUNTING);
    expect(await adjustmentsOf(user.user.id)).toEqual([]);

    await countAsApproverNow(t, newbie.id);
    const made = await propose(newbie, user.user.id);
    expect(made.status, made.body.message).toBe(200);
    expect(
      (await decide(veteran, made.body.data!.adjustment.id, 'approve')).body.data?.adjustment.status,
    ).toBe('approved');
    expect(await available(user.user.id)).toBe('50.000000000000000000');
  });

  it('an approval by a new admin is refused (403, still pending, nothing posted); after 24 h it applies', async () => {
    const newbie = await newAdmin();
    const user = await registerUser(t.app);
    const id = (await propose(veteran, user.user.id, '75')).body.data!.adjustment.id;
    const refused = await decide(newbie, id, 'approve');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOT_COUNTING);
    expect((await adjustmentsOf(user.user.id))[0]).toMatchObject({ status: 'pending', reviewedBy: null });
    expect(await auditRows(t, 'adjustment.approve', id)).toHaveLength(0);
    expect(await available(user.user.id)).toBe('0.000000000000000000');

    await countAsApproverNow(t, newbie.id);
    expect((await decide(newbie, id, 'approve')).body.data?.adjustment.status).toBe('approved');
    expect(await available(user.user.id)).toBe('75.000000000000000000');
    await assertLedgerOk(db());
  });

  it('a new admin may reject a proposal', async () => {
    const newbie = await newAdmin();
    const user = await registerUser(t.app);
    const id = (await propose(veteran, user.user.id)).body.data!.adjustment.id;
    expect((await decide(newbie, id, 'reject')).body.data?.adjustment.status).toBe('rejected');
  });

  // A deleted admin is disabled as well (the tombstone is never active: users_deleted_inactive).
  it('a proposal whose proposer was since disabled no longer counts: approval 409, nothing posted; it can be rejected', async () => {
    const proposer = await createApprover(t, 'admin');
    const user = await registerUser(t.app);
    const id = (await propose(proposer, user.user.id)).body.data!.adjustment.id;
    const disabled = await api(t.app, 'PATCH', `/api/admin/admins/${proposer.id}/status`, {
      token: root.token,
      body: { is_active: false },
    });
    expect(disabled.status, disabled.body.message).toBe(200);

    const refused = await decide(veteran, id, 'approve');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DUAL_CONTROL_TEXTS.adjustmentProposerNotCounting);
    const [row] = await db().select().from(adjustments).where(eq(adjustments.id, id));
    expect(row).toMatchObject({ status: 'pending', reviewedBy: null });
    expect(await available(user.user.id)).toBe('0.000000000000000000');
    expect((await decide(veteran, id, 'reject')).body.data?.adjustment.status).toBe('rejected');
  });
});
