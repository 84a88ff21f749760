import { randomUUID } from 'node:crypto';
import {
  type AdminDeposit,
  type AdminWithdrawal,
  type ApprovalThresholds,
  DUAL_CONTROL_TEXTS,
  type PayoutApproval,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  saveApproved,
  type TestApp,
} from '../../test/app.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  TRC20_ADDRESS,
} from '../../test/money.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { createTeamBuilder } from '../team/rewards/team.test-helpers.ts';

/**
 * Issue 32, structuring: the thresholds compare a user's (payee's) total over a rolling 24 h, not
 * each request alone. Default thresholds: deposit 10,000, withdrawal 10,000, payout 5,000 (USDT).
 */
type Admin = Awaited<ReturnType<typeof createAdmin>>;

let t: TestApp;
let alice: Admin;
let bob: Admin;
let root: Admin;
let depositChannelId: number;
let withdrawChannelId: number;

beforeAll(async () => {
  t = await createTestApp();
  // Approvers: dual control counts their approvals at once (createAdmin's only after 24 h).
  alice = await createApprover(t, 'admin');
  bob = await createApprover(t, 'admin');
  root = await createApprover(t, 'super_admin');
  depositChannelId = (await insertDepositChannel(t.database.db, { maxAmount: '1000000' })).id;
  withdrawChannelId = (await insertWithdrawChannel(t.database.db, { maxAmount: '1000000' })).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

const available = async (userId: number) =>
  (await getUserWallets(db(), userId)).find((w) => w.currency === 'USDT')?.balance ?? '0.000000000000000000';

async function depositsOfOneUser(amounts: string[]) {
  const user = await registerUser(t.app);
  const ids: number[] = [];
  for (const amount of amounts) {
    const res = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
      token: user.token,
      body: { channel_id: depositChannelId, amount },
    });
    expect(res.status, res.body.message).toBe(200);
    ids.push(res.body.data?.deposit.id as number);
  }
  return { userId: user.user.id, ids };
}

const approveDeposit = (admin: Admin, id: number) =>
  api<{ deposit: AdminDeposit }>(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
    token: admin.token,
    body: { status: 'approved' },
  });

describe('deposits: the threshold applies to the user’s total over 24 h', () => {
  it('three deposits of 9,999.99: the first alone, the second and third need a second admin (sum ≥ 10,000)', async () => {
    const { userId, ids } = await depositsOfOneUser(['9999.99', '9999.99', '9999.99']);
    const [d1, d2, d3] = ids as [number, number, number];
    const first = await approveDeposit(alice, d1);
    expect(first.body.data?.deposit).toMatchObject({ status: 'approved', first_approval: null });

    const second = await approveDeposit(alice, d2);
    expect(second.status, second.body.message).toBe(200);
    expect(second.body.message).toBe(DUAL_CONTROL_TEXTS.firstApprovalRecorded);
    expect(second.body.data?.deposit).toMatchObject({
      status: 'pending',
      first_approval: { admin_id: alice.id, window_total: '19999.980000000000000000' },
    });
    expect((await approveDeposit(alice, d2)).status).toBe(409);
    expect(await available(userId)).toBe('9999.990000000000000000');

    // The first-approved one counts too: the third waits for a second admin as well.
    const third = await approveDeposit(alice, d3);
    expect(third.body.data?.deposit).toMatchObject({
      status: 'pending',
      first_approval: { admin_id: alice.id, window_total: '29999.970000000000000000' },
    });
    expect((await approveDeposit(bob, d2)).body.data?.deposit.status).toBe('approved');
    expect((await approveDeposit(bob, d3)).body.data?.deposit.status).toBe('approved');
    expect(await available(userId)).toBe('29999.970000000000000000');
    await assertLedgerOk(db());
  });

  it('three deposits of 4,000: the first two by one admin alone, the third needs a second admin', async () => {
    const { userId, ids } = await depositsOfOneUser(['4000', '4000', '4000']);
    const [d1, d2, d3] = ids as [number, number, number];
    expect((await approveDeposit(alice, d1)).body.data?.deposit.status).toBe('approved');
    expect((await approveDeposit(alice, d2)).body.data?.deposit.status).toBe('approved');
    const third = await approveDeposit(alice, d3);
    expect(third.body.data?.deposit).toMatchObject({
      status: 'pending',
      first_approval: { admin_id: alice.id, window_total: '12000.000000000000000000' },
    });
    expect(await available(userId)).toBe('8000.000000000000000000');
  });

  it('only the last 24 h count (database clock), and another user’s deposits never do', async () => {
    const { ids } = await depositsOfOneUser(['9000', '9000']);
    const [d1, d2] = ids as [number, number];
    expect((await approveDeposit(alice, d1)).body.data?.deposit.status).toBe('approved');
    await db().execute(
      sql`UPDATE deposits SET processed_at = now() - interval '24 hours 1 second' WHERE id = ${d1}`,
    );
    expect((await approveDeposit(alice, d2)).body.data?.deposit.status).toBe('approved');
    const other = await depositsOfOneUser(['9000']);
    expect((await approveDeposit(alice, other.ids[0] as number)).body.data?.deposit.status).toBe('approved');
  });

  it('two admins approving two of one user’s deposits at once: exactly one needs a second admin', async () => {
    for (let round = 0; round < 3; round++) {
      const { userId, ids } = await depositsOfOneUser(['6000', '6000']);
      const replies = await Promise.all([
        approveDeposit(alice, ids[0] as number),
        approveDeposit(bob, ids[1] as number),
      ]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(replies.map((r) => r.body.data?.deposit.status).sort()).toEqual(['approved', 'pending']);
      expect(await available(userId)).toBe('6000.000000000000000000');
    }
    await assertLedgerOk(db());
  });

  it('the batch review adds up too', async () => {
    const { ids } = await depositsOfOneUser(['6000', '6000']);
    const res = await api<{ processedIds: number[]; awaitingSecondApprovalIds: number[] }>(
      t.app,
      'POST',
      '/api/admin/deposits/batch-review',
      { token: alice.token, body: { depositIds: ids, action: 'approve' } },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data?.processedIds).toEqual([ids[0]]);
    expect(res.body.data?.awaitingSecondApprovalIds).toEqual([ids[1]]);
  });
});

describe('withdrawals: the threshold applies to the user’s total over 24 h', () => {
  async function withdrawalsOfOneUser(amounts: string[]) {
    const user = await registerUser(t.app);
    await approveKyc(db(), user.user.id);
    await fundUser(db(), user.user.id, '100000');
    const ids: number[] = [];
    for (const amount of amounts) {
      const res = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
        token: user.token,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { withdraw_type: 'usdt', channel_id: withdrawChannelId, amount, address: TRC20_ADDRESS },
      });
      expect(res.status, res.body.message).toBe(200);
      ids.push(res.body.data?.withdrawal.id as number);
    }
    return ids;
  }
  const approve = (admin: Admin, id: number) =>
    api<{ withdrawal: AdminWithdrawal }>(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
      token: admin.token,
      body: { status: 'approved' },
    });

  it('three withdrawals of 4,000: the first two by one admin alone, the third needs a second admin', async () => {
    const [w1, w2, w3] = (await withdrawalsOfOneUser(['4000', '4000', '4000'])) as [number, number, number];
    expect((await approve(alice, w1)).body.data?.withdrawal.status).toBe('approved');
    expect((await approve(alice, w2)).body.data?.withdrawal.status).toBe('approved');
    const third = await approve(alice, w3);
    expect(third.status, third.body.message).toBe(200);
    expect(third.body.message).toBe(DUAL_CONTROL_TEXTS.firstApprovalRecorded);
    expect(third.body.data?.withdrawal).toMatchObject({
      status: 'pending',
      first_approval: { admin_id: alice.id, window_total: '12000.000000000000000000' },
    });
    expect((await approve(alice, w3)).status).toBe(409);
    expect((await approve(bob, w3)).body.data?.withdrawal.status).toBe('approved');
  });

  it('three withdrawals of 9,999.99: the second already needs a second admin', async () => {
    const [w1, w2] = (await withdrawalsOfOneUser(['9999.99', '9999.99'])) as [number, number];
    expect((await approve(alice, w1)).body.data?.withdrawal.status).toBe('approved');
    expect((await approve(alice, w2)).body.data?.withdrawal.first_approval?.admin_id).toBe(alice.id);
  });

  it('two admins at once on two of one user’s withdrawals: exactly one needs a second admin', async () => {
    const ids = await withdrawalsOfOneUser(['6000', '6000']);
    const replies = await Promise.all([approve(alice, ids[0] as number), approve(bob, ids[1] as number)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(replies.map((r) => r.body.data?.withdrawal.status).sort()).toEqual(['approved', 'pending']);
  });
});

describe('payouts: the payout threshold applies to the payee’s total over 24 h', () => {
  const BASE = '/api/admin/team-salary-management';
  type PayReply = { awaitingSecondApproval: PayoutApproval | null };
  const pay = (admin: Admin, userId: number, day: number) =>
    api<PayReply>(t.app, 'POST', `${BASE}/pay/${userId}`, {
      token: admin.token,
      body: { year: 2025, month: 1, day },
    });

  it('salaries paid one by one (pay/{id}) of 2,000: the first two alone, the third needs a second admin', async () => {
    // The salary table's save is a proposal (docs/pending-changes.md): approved by a second super admin.
    const levels = await saveApproved(t, 'PUT', `${BASE}/levels`, {
      token: root.token,
      body: { levels: [{ level: 1, direct: 1, team: 1, amount: '2000' }] },
    });
    expect(levels.status, levels.body.message).toBe(200);
    const { leader } = await (await createTeamBuilder(db(), root.id)).leader({ direct: 1, team: 1 });
    await db().execute(sql`UPDATE team_nodes SET joined_at = '2024-06-01T09:00:00+08:00',
      charged_at = CASE WHEN charged_at IS NULL THEN NULL ELSE '2024-07-01T09:00:00+08:00'::timestamptz END`);
    for (const day of [1, 11]) {
      const paid = await pay(alice, leader.id, day);
      expect(paid.status, paid.body.message).toBe(200);
      expect(paid.body.data?.awaitingSecondApproval).toBeNull();
    }
    const third = await pay(alice, leader.id, 21);
    expect(third.status, third.body.message).toBe(200);
    expect(third.body.message).toBe(DUAL_CONTROL_TEXTS.firstApprovalRecorded);
    expect(third.body.data?.awaitingSecondApproval?.first_approval).toMatchObject({
      admin_id: alice.id,
      window_total: '6000.000000000000000000',
    });
    expect((await getUserWallets(db(), leader.id))[0]?.salary_balance).toBe('4000.000000000000000000');
    expect((await pay(alice, leader.id, 21)).status).toBe(409);
    const second = await pay(bob, leader.id, 21);
    expect(second.status, second.body.message).toBe(200);
    expect(second.body.data?.awaitingSecondApproval).toBeNull();
    expect((await getUserWallets(db(), leader.id))[0]?.salary_balance).toBe('6000.000000000000000000');
    await assertLedgerOk(db());
  });
});

describe('thresholds', () => {
  it('are the defaults here', async () => {
    const read = await api<ApprovalThresholds>(t.app, 'GET', '/api/admin/settings/approval-thresholds', {
      token: alice.token,
    });
    expect(read.body.data).toMatchObject({ deposit: '10000', withdrawal: '10000', payout: '5000' });
  });
});
