import {
  type AdminDeposit,
  type AdminNotificationEvent,
  type AdminWithdrawal,
  type ApprovalThresholds,
  DUAL_CONTROL_TEXTS,
  type PayoutApproval,
  REALTIME_EVENTS,
  type SalaryCandidate,
  type TeamReward,
} from '@platform/contracts';
import { and, eq, sql } from 'drizzle-orm';
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
import { sleep } from '../../test/fixtures.ts';
import { insertDepositChannel, insertWithdrawChannel, TRC20_ADDRESS } from '../../test/money.ts';
import { collectEvents, nextEvent, testSockets } from '../../test/sockets.ts';
import { depositApproveKey } from '../deposits/deposits.service.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { createTeamBuilder, type TeamUser } from '../team/rewards/team.test-helpers.ts';
import { teamRewards } from '../team/team.schema.ts';
import { withdrawalKey } from '../withdrawals/withdrawals.service.ts';
import { payoutApprovals } from './dual-control.schema.ts';
import { reviewRequests } from './dual-control.test-helpers.ts';

type Admin = Awaited<ReturnType<typeof createAdmin>>;

let t: TestApp;
let alice: Admin; // plain admin
let bob: Admin; // plain admin
let carol: Admin; // plain admin
let root: Admin; // super admin
let depositChannelId: number;
let withdrawChannelId: number;

beforeAll(async () => {
  t = await createTestApp();
  // Approvers: dual control counts their approvals at once (createAdmin's only after 24 h).
  alice = await createApprover(t, 'admin');
  bob = await createApprover(t, 'admin');
  carol = await createApprover(t, 'admin');
  root = await createApprover(t, 'super_admin');
  depositChannelId = (await insertDepositChannel(t.database.db, { maxAmount: '1000000' })).id;
  withdrawChannelId = (await insertWithdrawChannel(t.database.db, { maxAmount: '1000000' })).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const THRESHOLDS = '/api/admin/settings/approval-thresholds';

const { pendingDeposit, reviewDeposit, pendingWithdrawal, moveWithdrawal, available } = reviewRequests(
  () => ({ t, depositChannelId, withdrawChannelId }),
);

const journal = (key: string) =>
  db().select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));

const setThresholds = (body: Record<string, unknown>, admin: Admin = root) =>
  api<ApprovalThresholds>(t.app, 'PUT', THRESHOLDS, { token: admin.token, body });

const DEFAULTS = { deposit: '10000', withdrawal: '10000', payout: '5000' };

/** A threshold change is a proposal (docs/pending-changes.md): proposed by root, approved by a second super admin. */
const applyThresholds = (body: Record<string, unknown>) =>
  saveApproved(t, 'PUT', THRESHOLDS, { token: root.token, body });

describe('approval thresholds', () => {
  it('answers the defaults to any admin; only a super admin changes them, audited before and after', async () => {
    const read = await api<ApprovalThresholds>(t.app, 'GET', THRESHOLDS, { token: alice.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ ...DEFAULTS, currency: 'USDT', updated_at: null, updated_by: null });

    const refused = await setThresholds({ deposit: '1', withdrawal: '1', payout: '1' }, alice);
    expect(refused.status).toBe(403);
    expect(
      (await api<ApprovalThresholds>(t.app, 'GET', THRESHOLDS, { token: bob.token })).body.data,
    ).toMatchObject(DEFAULTS);

    const proposed = await setThresholds({ deposit: ' 20000.5 ', withdrawal: '15000', payout: '0.00000001' });
    expect(proposed.status, proposed.body.message).toBe(202);
    await api(
      t.app,
      'POST',
      `/api/admin/changes/${(proposed.body.data as unknown as { change: { id: number } }).change.id}/cancel`,
      {
        token: root.token,
        body: {},
      },
    );
    const saved = await applyThresholds({ deposit: ' 20000.5 ', withdrawal: '15000', payout: '0.00000001' });
    expect(saved.status, saved.body.message).toBe(200);
    const applied = await api<ApprovalThresholds>(t.app, 'GET', THRESHOLDS, { token: root.token });
    expect(applied.body.data).toMatchObject({
      deposit: '20000.5',
      withdrawal: '15000',
      payout: '0.00000001',
      // The super admin whose approval applied it.
      updated_by: expect.stringContaining('super_admin'),
    });
    const audits = await db().execute(
      sql`SELECT admin_id, before, after FROM audit_logs WHERE action = 'approval_thresholds.update' ORDER BY id`,
    );
    const rows = (audits as unknown as { rows?: unknown[] }).rows ?? (audits as unknown as unknown[]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      before: { ...DEFAULTS, currency: 'USDT' },
      after: { deposit: '20000.5', withdrawal: '15000', payout: '0.00000001', currency: 'USDT' },
    });
    expect((await applyThresholds(DEFAULTS)).status).toBe(200);
  });

  it('refuses bad input with a clear Chinese message (400, never 500) and changes nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ deposit: '0' }, /充值阈值必须大于0/],
      [{ deposit: '-5' }, /充值阈值格式不正确/],
      [{ withdrawal: 'abc' }, /提现阈值格式不正确/],
      [{ withdrawal: '1e5' }, /提现阈值格式不正确/],
      [{ payout: '1.123456789' }, /发放阈值最多保留 8 位小数/],
      [{ payout: 5000 }, /发放阈值格式不正确/],
      [{ payout: undefined }, /请输入发放阈值/],
      [{ deposit: '' }, /请输入充值阈值/],
      [{ deposit: '123456789012345678901' }, /充值阈值格式不正确/],
    ];
    for (const [patch, message] of cases) {
      const res = await setThresholds({ ...DEFAULTS, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
    }
    expect((await api(t.app, 'PUT', THRESHOLDS, { token: root.token, body: ['nonsense'] })).status).toBe(400);
    expect(
      (await api<ApprovalThresholds>(t.app, 'GET', THRESHOLDS, { token: root.token })).body.data,
    ).toMatchObject(DEFAULTS);
  });

  it('a user gets 403, an anonymous caller 401', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', THRESHOLDS, { token: user.token })).status).toBe(403);
    expect((await api(t.app, 'GET', THRESHOLDS)).status).toBe(401);
    expect((await setThresholds(DEFAULTS, { ...alice, token: user.token })).status).toBe(403);
  });
});

// --- deposits -------------------------------------------------------------------------------------

const adminDeposit = async (id: number) =>
  (
    await api<{ deposits: AdminDeposit[] }>(t.app, 'GET', `/api/admin/deposits?search=${id}`, {
      token: carol.token,
    })
  ).body.data?.deposits.find((d) => d.id === id);

describe('deposits at or above the threshold need two admins', () => {
  it('below the threshold one admin approves as before', async () => {
    const { user, id } = await pendingDeposit('9999.99');
    const res = await reviewDeposit(alice, id);
    expect(res.status).toBe(200);
    expect(res.body.data?.deposit).toMatchObject({ status: 'approved', first_approval: null });
    expect(await available(user.id)).toBe('9999.990000000000000000');
  });

  it('the first approval moves nothing and shows 待复核; the same admin again is 409; another admin completes it once', async () => {
    const { user, id } = await pendingDeposit('10000');
    const first = await reviewDeposit(alice, id);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(DUAL_CONTROL_TEXTS.firstApprovalRecorded);
    expect(first.body.data?.deposit.status).toBe('pending');
    expect(first.body.data?.deposit.first_approval).toMatchObject({
      admin_id: alice.id,
      admin_email: alice.email,
    });
    expect(await available(user.id)).toBe('0.000000000000000000');
    expect(await journal(depositApproveKey(id))).toHaveLength(0);
    const [audit] = await auditRows(t, 'deposit.first_approve', id);
    expect(audit?.after).toMatchObject({
      user_id: user.id,
      amount: '10000.000000000000000000',
      currency: 'USDT',
      first_approved_by: alice.id,
    });

    // Listed with the filter, and on the dashboard.
    const waiting = await api<{ deposits: AdminDeposit[]; pagination: { total: number } }>(
      t.app,
      'GET',
      '/api/admin/deposits?awaitingSecondApproval=true&limit=100',
      { token: bob.token },
    );
    expect(waiting.body.data?.deposits.map((d) => d.id)).toContain(id);
    expect(waiting.body.data?.deposits.every((d) => d.first_approval !== null)).toBe(true);
    const dashboard = await api<{ secondApprovals: { deposits: number } }>(
      t.app,
      'GET',
      '/api/admin/dashboard',
      {
        token: bob.token,
      },
    );
    expect(dashboard.body.data?.secondApprovals.deposits).toBeGreaterThanOrEqual(1);

    const again = await reviewDeposit(alice, id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('需要另一位管理员复核');
    expect(await available(user.id)).toBe('0.000000000000000000');

    const second = await reviewDeposit(bob, id);
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('充值审核通过成功');
    expect(second.body.data?.deposit).toMatchObject({ status: 'approved', first_approval: null });
    expect(await available(user.id)).toBe('10000.000000000000000000');
    expect(await journal(depositApproveKey(id))).toHaveLength(1);
    const [approval] = await auditRows(t, 'deposit.approve', id);
    expect(approval?.adminId).toBe(bob.id);
    expect(approval?.after).toMatchObject({
      first_approved_by: alice.id,
      amount: '10000.000000000000000000',
    });
    expect((await reviewDeposit(carol, id)).status).toBe(409);
    expect(await available(user.id)).toBe('10000.000000000000000000');
    await assertLedgerOk(db());
  });

  it('a rejection by anyone applies at once, also after a first approval, and by the first approver', async () => {
    const one = await pendingDeposit('20000');
    expect((await reviewDeposit(alice, one.id)).status).toBe(200);
    const rejected = await reviewDeposit(bob, one.id, 'rejected');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data?.deposit.status).toBe('rejected');
    expect((await reviewDeposit(carol, one.id)).status).toBe(409);

    const two = await pendingDeposit('20000');
    expect((await reviewDeposit(alice, two.id)).status).toBe(200);
    expect((await reviewDeposit(alice, two.id, 'rejected')).body.data?.deposit.status).toBe('rejected');

    const three = await pendingDeposit('20000');
    expect((await reviewDeposit(alice, three.id, 'rejected')).body.data?.deposit.status).toBe('rejected');
    expect(await available(one.user.id)).toBe('0.000000000000000000');
    expect(await available(three.user.id)).toBe('0.000000000000000000');
  });

  it('races: two other admins at once complete it once; two admins from scratch move it once; the same admin twice never completes', async () => {
    for (let round = 0; round < 3; round++) {
      const { user, id } = await pendingDeposit('50000');
      expect((await reviewDeposit(alice, id)).status).toBe(200);
      const replies = await Promise.all([reviewDeposit(bob, id), reviewDeposit(carol, id)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await available(user.id)).toBe('50000.000000000000000000');
      expect(await journal(depositApproveKey(id))).toHaveLength(1);
    }
    for (let round = 0; round < 3; round++) {
      const { user, id } = await pendingDeposit('50000');
      const replies = await Promise.all([reviewDeposit(alice, id), reviewDeposit(bob, id)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      // One recorded the first approval, the other completed it.
      expect(await available(user.id)).toBe('50000.000000000000000000');
      expect(await auditRows(t, 'deposit.approve', id)).toHaveLength(1);
      expect(await journal(depositApproveKey(id))).toHaveLength(1);
      expect(await auditRows(t, 'deposit.first_approve', id)).toHaveLength(1);
    }
    for (let round = 0; round < 3; round++) {
      const { user, id } = await pendingDeposit('50000');
      const replies = await Promise.all([
        reviewDeposit(alice, id),
        reviewDeposit(alice, id),
        reviewDeposit(alice, id),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect((await adminDeposit(id))?.status).toBe('pending');
      expect(await available(user.id)).toBe('0.000000000000000000');
      expect(await journal(depositApproveKey(id))).toHaveLength(0);
    }
    await assertLedgerOk(db());
  });

  it('no self-review for either approver: a second admin cannot complete their own deposit', async () => {
    const res = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
      token: bob.token,
      body: { channel_id: depositChannelId, amount: '30000' },
    });
    const id = res.body.data?.deposit.id as number;
    expect((await reviewDeposit(bob, id)).status).toBe(403);
    expect((await reviewDeposit(alice, id)).status).toBe(200);
    const own = await reviewDeposit(bob, id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('不能审核自己的申请');
    expect(await available(bob.id)).toBe('0.000000000000000000');
    expect((await reviewDeposit(carol, id)).status).toBe(200);
    expect(await available(bob.id)).toBe('30000.000000000000000000');
  });

  it('batch: each row on its own; the reply names the rows awaiting a second admin', async () => {
    const small = await pendingDeposit('100');
    const big = await pendingDeposit('10000');
    const waited = await pendingDeposit('12000');
    expect((await reviewDeposit(alice, waited.id)).status).toBe(200);
    const mine = await pendingDeposit('15000');
    expect((await reviewDeposit(bob, mine.id)).status).toBe(200);

    const batch = (admin: Admin, ids: number[], headers?: Record<string, string>) =>
      api<{
        processedCount: number;
        processedIds: number[];
        awaitingSecondApprovalIds: number[];
        skipped: { id: number; reason: string }[];
      }>(t.app, 'POST', '/api/admin/deposits/batch-review', {
        token: admin.token,
        body: { action: 'approve', depositIds: ids },
        headers,
      });
    // In English first: the skipped reason in the admin's language (nothing else moves: Bob's own
    // first approval waits for another admin).
    const english = await batch(bob, [mine.id], { 'accept-language': 'en' });
    expect(english.body.data?.skipped).toEqual([{ id: mine.id, reason: 'Needs a second admin to review' }]);
    const res = await batch(bob, [small.id, big.id, waited.id, mine.id]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      processedCount: 2,
      processedIds: [small.id, waited.id],
      awaitingSecondApprovalIds: [big.id],
      skipped: [{ id: mine.id, reason: '需要另一位管理员复核' }],
    });
    expect(res.body.message).toBe('批量通过成功，共处理 2 条，1 条已记录审核，等待另一位管理员复核');
    expect(await available(small.user.id)).toBe('100.000000000000000000');
    expect(await available(big.user.id)).toBe('0.000000000000000000');
    expect(await available(waited.user.id)).toBe('12000.000000000000000000');
    expect(await available(mine.user.id)).toBe('0.000000000000000000');

    const rest = await batch(alice, [big.id, mine.id]);
    expect(rest.body.data).toMatchObject({ processedIds: [big.id, mine.id], awaitingSecondApprovalIds: [] });
    expect(await available(big.user.id)).toBe('10000.000000000000000000');
    expect(await available(mine.user.id)).toBe('15000.000000000000000000');
    await assertLedgerOk(db());
  });

  it('a threshold change applies to the next approval', async () => {
    expect((await applyThresholds({ ...DEFAULTS, deposit: '500' })).status).toBe(200);
    const { user, id } = await pendingDeposit('600');
    expect((await reviewDeposit(alice, id)).body.data?.deposit.status).toBe('pending');
    expect((await applyThresholds(DEFAULTS)).status).toBe(200);
    expect(await available(user.id)).toBe('0.000000000000000000');
    // Now below the threshold: one approval suffices.
    expect((await reviewDeposit(bob, id)).body.data?.deposit.status).toBe('approved');
    expect(await available(user.id)).toBe('600.000000000000000000');
  });

  it('tells the other admins, not the first approver, over the socket', async () => {
    const sockets = testSockets(() => t.app);
    try {
      const aliceSocket = await sockets.open(alice.token);
      const bobSocket = await sockets.open(bob.token);
      const aliceEvents = collectEvents<AdminNotificationEvent>(
        aliceSocket,
        REALTIME_EVENTS.adminNotification,
      );
      const { id } = await pendingDeposit('10000');
      const bobEvent = nextEvent<AdminNotificationEvent>(bobSocket, REALTIME_EVENTS.adminNotification);
      // The new deposit's own notification goes to everyone; skip it.
      await bobEvent;
      const notice = nextEvent<AdminNotificationEvent>(bobSocket, REALTIME_EVENTS.adminNotification);
      const seen = aliceEvents.length;
      expect((await reviewDeposit(alice, id)).status).toBe(200);
      expect(await notice).toMatchObject({ type: 'deposit', id, second_approval: true });
      await sleep(200);
      expect(aliceEvents.slice(seen).filter((e) => e.second_approval)).toEqual([]);
    } finally {
      sockets.close();
    }
  });

  it('does not tell the owner of the deposit, who may not approve it, that it waits for them', async () => {
    const sockets = testSockets(() => t.app);
    try {
      const bobSocket = await sockets.open(bob.token);
      const carolSocket = await sockets.open(carol.token);
      const bobEvents = collectEvents<AdminNotificationEvent>(bobSocket, REALTIME_EVENTS.adminNotification);
      const created = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
        token: bob.token,
        body: { channel_id: depositChannelId, amount: '10000' },
      });
      const id = created.body.data?.deposit.id as number;
      // The new deposit's own notification goes to everyone; skip it.
      await nextEvent<AdminNotificationEvent>(carolSocket, REALTIME_EVENTS.adminNotification);
      const notice = nextEvent<AdminNotificationEvent>(carolSocket, REALTIME_EVENTS.adminNotification);
      expect((await reviewDeposit(alice, id)).status).toBe(200);
      expect(await notice).toMatchObject({ type: 'deposit', id, second_approval: true });
      await sleep(200);
      expect(bobEvents.filter((e) => e.second_approval)).toEqual([]);
      expect((await reviewDeposit(carol, id)).status).toBe(200);
    } finally {
      sockets.close();
    }
  });
});

// --- withdrawals ----------------------------------------------------------------------------------

describe('withdrawals at or above the threshold need two admins for 已通过', () => {
  it('below the threshold one admin moves it as before', async () => {
    const { id } = await pendingWithdrawal('9999');
    const res = await moveWithdrawal(alice, id, 'approved');
    expect(res.body.data?.withdrawal).toMatchObject({ status: 'approved', first_approval: null });
  });

  it('first approval, same admin 409, another admin moves it; then it is paid out once', async () => {
    const { user, id } = await pendingWithdrawal('10000');
    expect((await moveWithdrawal(alice, id, 'reviewing')).status).toBe(200);
    const first = await moveWithdrawal(alice, id, 'approved');
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(DUAL_CONTROL_TEXTS.firstApprovalRecorded);
    expect(first.body.data?.withdrawal).toMatchObject({
      status: 'reviewing',
      first_approval: { admin_id: alice.id, admin_email: alice.email },
    });
    const [audit] = await auditRows(t, 'withdrawal.first_approve', id);
    expect(audit?.after).toMatchObject({
      user_id: user.id,
      amount: '10000.000000000000000000',
      address: TRC20_ADDRESS,
    });
    // 已通过 is the only way on: processing is refused while it waits.
    expect((await moveWithdrawal(bob, id, 'processing')).status).toBe(409);
    const again = await moveWithdrawal(alice, id, 'approved');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('需要另一位管理员复核');

    const listed = await api<{ withdrawals: AdminWithdrawal[] }>(
      t.app,
      'GET',
      '/api/admin/withdrawals?awaitingSecondApproval=true&limit=100',
      { token: carol.token },
    );
    expect(listed.body.data?.withdrawals.map((w) => w.id)).toContain(id);
    const dashboard = await api<{ secondApprovals: { withdrawals: number } }>(
      t.app,
      'GET',
      '/api/admin/dashboard',
      {
        token: carol.token,
      },
    );
    expect(dashboard.body.data?.secondApprovals.withdrawals).toBeGreaterThanOrEqual(1);

    const second = await moveWithdrawal(bob, id, 'approved');
    expect(second.body.data?.withdrawal).toMatchObject({ status: 'approved', first_approval: null });
    expect((await moveWithdrawal(alice, id, 'processing')).status).toBe(200);
    expect((await moveWithdrawal(alice, id, 'completed')).status).toBe(200);
    expect(await journal(withdrawalKey(id, 'complete'))).toHaveLength(1);
    await assertLedgerOk(db());
  });

  it('a rejection applies at once after a first approval and returns the frozen funds', async () => {
    const { user, id } = await pendingWithdrawal('10000');
    expect((await moveWithdrawal(alice, id, 'approved')).status).toBe(200);
    const rejected = await moveWithdrawal(alice, id, 'rejected');
    expect(rejected.body.data?.withdrawal.status).toBe('rejected');
    expect(await available(user.id)).toBe('20000.000000000000000000');
    expect((await moveWithdrawal(bob, id, 'approved')).status).toBe(409);
  });

  it('races: two other admins at once move it once; the same admin twice never moves it', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await pendingWithdrawal('12000');
      expect((await moveWithdrawal(alice, id, 'approved')).status).toBe(200);
      const replies = await Promise.all([
        moveWithdrawal(bob, id, 'approved'),
        moveWithdrawal(carol, id, 'approved'),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await auditRows(t, 'withdrawal.status', id)).toHaveLength(1);
    }
    for (let round = 0; round < 3; round++) {
      const { id } = await pendingWithdrawal('12000');
      const replies = await Promise.all([
        moveWithdrawal(alice, id, 'approved'),
        moveWithdrawal(alice, id, 'approved'),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await auditRows(t, 'withdrawal.status', id)).toHaveLength(0);
    }
  });

  it('bulk: each row on its own, the reply names the rows awaiting a second admin', async () => {
    const small = await pendingWithdrawal('100');
    const big = await pendingWithdrawal('10000');
    const waited = await pendingWithdrawal('11000');
    expect((await moveWithdrawal(alice, waited.id, 'approved')).status).toBe(200);
    const res = await api<{
      processedIds: number[];
      awaitingSecondApprovalIds: number[];
      skipped: { id: number; reason: string }[];
    }>(t.app, 'POST', '/api/admin/withdrawals/bulk-status', {
      token: alice.token,
      body: { ids: [small.id, big.id, waited.id], status: 'approved' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      processedIds: [small.id],
      awaitingSecondApprovalIds: [big.id],
      skipped: [{ id: waited.id, reason: '需要另一位管理员复核' }],
    });
    expect(res.body.message).toContain('1 条等待另一位管理员复核');
  });
});

// --- salary and reward payouts ----------------------------------------------------------------------

describe('salary and reward payouts at or above the payout threshold need two admins', () => {
  const BASE = '/api/admin/team-salary-management';
  const DATE = { year: 2025, month: 1, day: 1 };
  let leaders: TeamUser[];

  beforeAll(async () => {
    // The salary table's save is a proposal (docs/pending-changes.md): approved by a second super admin.
    const levels = await saveApproved(t, 'PUT', `${BASE}/levels`, {
      token: root.token,
      body: { levels: [{ level: 1, direct: 1, team: 1, amount: '3000' }] },
    });
    expect(levels.status, levels.body.message).toBe(200);
    const team = await createTeamBuilder(db(), root.id);
    leaders = [];
    for (let i = 0; i < 3; i++) leaders.push((await team.leader({ direct: 1, team: 1 })).leader);
    await db().execute(sql`UPDATE team_nodes SET joined_at = '2024-06-01T09:00:00+08:00',
      charged_at = CASE WHEN charged_at IS NULL THEN NULL ELSE '2024-07-01T09:00:00+08:00'::timestamptz END`);
  });

  const salary = async (user: TeamUser) => (await getUserWallets(db(), user.id))[0]?.salary_balance;
  type PayReply = { paidCount?: number; awaitingSecondApproval: PayoutApproval | null; skipped?: unknown[] };
  const batchPay = (admin: Admin, userIds: number[]) =>
    api<PayReply>(t.app, 'POST', `${BASE}/batch-pay`, { token: admin.token, body: { ...DATE, userIds } });
  const pay = (admin: Admin, userId: number) =>
    api<PayReply>(t.app, 'POST', `${BASE}/pay/${userId}`, { token: admin.token, body: DATE });

  it('a batch by its total: the first admin records exactly what is to be paid; the same admin 409; another admin pays it', async () => {
    const [l1, l2] = leaders as [TeamUser, TeamUser];
    // Each salary is 3000, below 5000; the pair (6000) is at or above the threshold.
    const first = await batchPay(alice, [l2.id, l1.id]);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe(DUAL_CONTROL_TEXTS.firstApprovalRecorded);
    expect(first.body.data?.paidCount).toBe(0);
    const approval = first.body.data?.awaitingSecondApproval as PayoutApproval;
    expect(approval).toMatchObject({
      kind: 'salary',
      status: 'pending',
      payout_date: '2025-01-01',
      total: '6000.000000000000000000',
      first_approval: { admin_id: alice.id, admin_email: alice.email },
    });
    expect(approval.items.map((i) => [i.user_id, i.amount]).sort()).toEqual(
      [
        [l1.id, '3000'],
        [l2.id, '3000'],
      ].sort(),
    );
    expect(await salary(l1)).toBe('0.000000000000000000');

    const listed = await api<{ users: SalaryCandidate[] }>(
      t.app,
      'GET',
      `${BASE}/eligible-users?year=2025&month=1&day=1&limit=100`,
      { token: bob.token },
    );
    expect(listed.body.data?.users.find((u) => u.userId === l1.id)?.firstApproval).toMatchObject({
      admin_id: alice.id,
    });
    const dashboard = await api<{ secondApprovals: { payouts: number } }>(
      t.app,
      'GET',
      '/api/admin/dashboard',
      {
        token: bob.token,
      },
    );
    expect(dashboard.body.data?.secondApprovals.payouts).toBeGreaterThanOrEqual(1);

    const again = await batchPay(alice, [l1.id, l2.id]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('需要另一位管理员复核');

    // Another admin with a different batch does not complete the first one: it is a new proposal.
    const [l3] = leaders.slice(2) as [TeamUser];
    const other = await batchPay(bob, [l1.id, l2.id, l3.id]);
    expect(other.body.data?.awaitingSecondApproval?.total).toBe('9000.000000000000000000');
    expect(await salary(l1)).toBe('0.000000000000000000');

    const second = await batchPay(bob, [l1.id, l2.id]);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ paidCount: 2, awaitingSecondApproval: null });
    expect(await salary(l1)).toBe('3000.000000000000000000');
    expect(await salary(l2)).toBe('3000.000000000000000000');
    const [row] = await db().select().from(payoutApprovals).where(eq(payoutApprovals.id, approval.id));
    expect(row).toMatchObject({ status: 'completed', decidedBy: bob.id });
    expect(await auditRows(t, 'team_salary.second_approve', approval.id)).toHaveLength(1);

    // The larger proposal is now stale (two of its users were paid): it can be rejected.
    const stale = other.body.data?.awaitingSecondApproval?.id as number;
    const rejected = await api<{ approval: PayoutApproval }>(
      t.app,
      'POST',
      `/api/admin/payout-approvals/${stale}/reject`,
      {
        token: carol.token,
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data?.approval.status).toBe('rejected');
    expect(
      (await api(t.app, 'POST', `/api/admin/payout-approvals/${stale}/reject`, { token: carol.token }))
        .status,
    ).toBe(409);
    await assertLedgerOk(db());
  });

  it('a single salary below the threshold is paid at once; at or above it needs two admins, and races pay once', async () => {
    const [, , l3] = leaders as [TeamUser, TeamUser, TeamUser];
    expect((await applyThresholds({ ...DEFAULTS, payout: '3000' })).status).toBe(200);
    try {
      const replies = await Promise.all([pay(alice, l3.id), pay(alice, l3.id)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await salary(l3)).toBe('0.000000000000000000');
      const completions = await Promise.all([pay(bob, l3.id), pay(carol, l3.id)]);
      expect(completions.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await salary(l3)).toBe('3000.000000000000000000');
    } finally {
      expect((await applyThresholds(DEFAULTS)).status).toBe(200);
    }
    await assertLedgerOk(db());
  });

  it('rewards: a distribution at or above the threshold needs a second admin distributing the same rewards', async () => {
    const users = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const inserted = await db()
      .insert(teamRewards)
      .values(
        users.map((u, i) => ({
          userId: u.user.id,
          tier: 8 + i,
          amount: i === 0 ? '2888' : '5888',
          currency: 'USDT',
          directCount: 20,
          teamSize: 5000,
        })),
      )
      .returning();
    const [small, large] = inserted as [typeof teamRewards.$inferSelect, typeof teamRewards.$inferSelect];
    const distribute = (admin: Admin, rewardIds: number[]) =>
      api<{ distributed: number; awaitingSecondApproval: PayoutApproval | null }>(
        t.app,
        'POST',
        '/api/admin/team/rewards/distribute',
        { token: admin.token, body: { rewardIds } },
      );
    // Below: at once.
    const below = await distribute(alice, [small.id]);
    expect(below.body.data).toMatchObject({ distributed: 1, awaitingSecondApproval: null });
    expect(await available(small.userId)).toBe('2888.000000000000000000');

    const first = await distribute(alice, [large.id]);
    expect(first.body.data).toMatchObject({
      distributed: 0,
      awaitingSecondApproval: { kind: 'reward', status: 'pending' },
    });
    expect(first.body.data?.awaitingSecondApproval?.items).toEqual([
      { user_id: large.userId, amount: '5888', reward_id: large.id, level: null },
    ]);
    const list = await api<{ rewards: TeamReward[] }>(
      t.app,
      'GET',
      '/api/admin/team/rewards?status=pending',
      {
        token: bob.token,
      },
    );
    expect(list.body.data?.rewards.find((r) => r.id === large.id)?.first_approval).toMatchObject({
      admin_id: alice.id,
    });
    expect((await distribute(alice, [large.id])).status).toBe(409);
    const completions = await Promise.all([distribute(bob, [large.id]), distribute(carol, [large.id])]);
    expect(completions.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await available(large.userId)).toBe('5888.000000000000000000');
    const [row] = await db()
      .select()
      .from(payoutApprovals)
      .where(and(eq(payoutApprovals.kind, 'reward'), eq(payoutApprovals.status, 'completed')));
    expect(row?.firstApprovedBy).toBe(alice.id);
    await assertLedgerOk(db());
  });

  it('lists pending payout approvals; a user or a bad id is refused', async () => {
    const listed = await api<{ approvals: PayoutApproval[] }>(t.app, 'GET', '/api/admin/payout-approvals', {
      token: alice.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data?.approvals.every((a) => a.status === 'pending')).toBe(true);
    expect(
      (await api(t.app, 'GET', '/api/admin/payout-approvals?kind=bogus', { token: alice.token })).status,
    ).toBe(400);
    expect(
      (await api(t.app, 'POST', '/api/admin/payout-approvals/abc/reject', { token: alice.token })).status,
    ).toBe(400);
    expect(
      (await api(t.app, 'POST', '/api/admin/payout-approvals/99999999/reject', { token: alice.token }))
        .status,
    ).toBe(404);
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', '/api/admin/payout-approvals', { token: user.token })).status).toBe(403);
  });

  it('an admin paid in a payout is neither told it waits for them nor may reject it (403, nothing changes)', async () => {
    const [reward] = await db()
      .insert(teamRewards)
      .values({
        userId: carol.id,
        tier: 10,
        amount: '6000',
        currency: 'USDT',
        directCount: 20,
        teamSize: 5000,
      })
      .returning();
    const rewardId = reward?.id as number;
    const sockets = testSockets(() => t.app);
    let approvalId: number;
    try {
      const bobSocket = await sockets.open(bob.token);
      const carolSocket = await sockets.open(carol.token);
      const carolEvents = collectEvents<AdminNotificationEvent>(
        carolSocket,
        REALTIME_EVENTS.adminNotification,
      );
      const notice = nextEvent<AdminNotificationEvent>(bobSocket, REALTIME_EVENTS.adminNotification);
      const first = await api<{ awaitingSecondApproval: PayoutApproval | null }>(
        t.app,
        'POST',
        '/api/admin/team/rewards/distribute',
        { token: alice.token, body: { rewardIds: [rewardId] } },
      );
      expect(first.status, first.body.message).toBe(200);
      approvalId = first.body.data?.awaitingSecondApproval?.id as number;
      expect(await notice).toMatchObject({ type: 'payout', id: approvalId, second_approval: true });
      await sleep(200);
      expect(carolEvents.filter((e) => e.second_approval)).toEqual([]);
    } finally {
      sockets.close();
    }
    const reject = (admin: Admin) =>
      api<{ approval: PayoutApproval }>(t.app, 'POST', `/api/admin/payout-approvals/${approvalId}/reject`, {
        token: admin.token,
      });
    const own = await reject(carol);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('不能审核自己的申请');
    const [still] = await db().select().from(payoutApprovals).where(eq(payoutApprovals.id, approvalId));
    expect(still).toMatchObject({ status: 'pending', decidedBy: null });
    expect(await auditRows(t, 'team_reward.approval_reject', approvalId)).toHaveLength(0);
    expect(await available(carol.id)).toBe('0.000000000000000000');
    const byOther = await reject(bob);
    expect(byOther.status).toBe(200);
    expect(byOther.body.data?.approval.status).toBe('rejected');
  });
});
