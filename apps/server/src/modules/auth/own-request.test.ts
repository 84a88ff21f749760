import { randomUUID } from 'node:crypto';
import type { SalaryLevel } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_REQUEST_REFUSED } from '../../core/own-request.ts';
import { api, createAdmin, createTestApp, registerUser, saveApproved, type TestApp } from '../../test/app.ts';
import {
  approveKyc,
  fundUser,
  insertDepositChannel,
  insertWithdrawChannel,
  TRC20_ADDRESS,
  withdrawalStatusChange,
} from '../../test/money.ts';
import { deposits } from '../deposits/deposits.schema.ts';
import { kycApplications } from '../kyc/kyc.schema.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { assertLedgerOk } from '../reconciliation/ledger-check.ts';
import { createTeamBuilder } from '../team/rewards/team.test-helpers.ts';
import { teamRewards, teamSalaryPayouts } from '../team/team.schema.ts';
import { users } from '../users/users.schema.ts';
import { withdrawals } from '../withdrawals/withdrawals.schema.ts';

/**
 * Issue 17: no admin reviews their own request. An admin (and a super admin) is refused with 403
 * 不能审核自己的申请 on their own deposit, withdrawal, KYC application, reward and salary, single and
 * in batches (a batch containing one is refused whole); nothing changes; another admin can do it.
 */

type Admin = Awaited<ReturnType<typeof createAdmin>>;
let t: TestApp;
let adminA: Admin;
let adminB: Admin;
let superS: Admin;
let depositChannelId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await createAdmin(t, 'admin');
  adminB = await createAdmin(t, 'admin');
  superS = await createAdmin(t, 'super_admin');
  depositChannelId = (await insertDepositChannel(t.database.db)).id;
  await insertWithdrawChannel(t.database.db, { feeRate: '0' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const balances = async (userId: number) => {
  const w = (await getUserWallets(db(), userId))[0];
  return { balance: w?.balance ?? '0', frozen: w?.frozen_balance ?? '0', salary: w?.salary_balance ?? '0' };
};

function expectRefused(res: { status: number; body: { success: boolean; message: string } }) {
  expect(res.status, res.body.message).toBe(403);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toBe(OWN_REQUEST_REFUSED);
}

async function depositOf(owner: { token: string }, amount = '100') {
  const res = await api<{ deposit: { id: number } }>(t.app, 'POST', '/api/wallet/deposits', {
    token: owner.token,
    body: { channel_id: depositChannelId, amount },
  });
  expect(res.status).toBe(200);
  return res.body.data?.deposit.id as number;
}
const depositStatus = async (id: number) =>
  (await db().select().from(deposits).where(eq(deposits.id, id)))[0]?.status;
const reviewDeposit = (id: number, token: string, status = 'approved') =>
  api(t.app, 'PATCH', `/api/admin/deposits/${id}/review`, {
    token,
    body: { status, ...(status === 'rejected' ? { adminNote: '不符' } : {}) },
  });

describe('deposits', () => {
  it('refuses an admin and a super admin their own deposit, approve or reject; another admin approves it', async () => {
    const beforeA = await balances(adminA.id);
    const beforeS = await balances(superS.id);
    const own = await depositOf(adminA);
    expectRefused(await reviewDeposit(own, adminA.token));
    expectRefused(await reviewDeposit(own, adminA.token, 'rejected'));
    expect(await depositStatus(own)).toBe('pending');
    expect(await balances(adminA.id)).toEqual(beforeA);

    const superOwn = await depositOf(superS);
    expectRefused(await reviewDeposit(superOwn, superS.token));
    expect(await depositStatus(superOwn)).toBe('pending');
    expect(await balances(superS.id)).toEqual(beforeS);

    expect((await reviewDeposit(own, adminB.token)).status).toBe(200);
    expect(await depositStatus(own)).toBe('approved');
    expect((await balances(adminA.id)).balance).not.toBe(beforeA.balance);
    expect((await reviewDeposit(superOwn, adminA.token)).status).toBe(200);
    await assertLedgerOk(db());
  });

  it('refuses a whole batch that contains the admin’s own deposit, moving nothing', async () => {
    const user = await registerUser(t.app);
    const other = await depositOf(user);
    const own = await depositOf(adminA, '50');
    const before = await balances(adminA.id);
    for (const action of ['approve', 'reject']) {
      const res = await api(t.app, 'POST', '/api/admin/deposits/batch-review', {
        token: adminA.token,
        body: { action, depositIds: [other, own], ...(action === 'reject' ? { adminNote: '不符' } : {}) },
      });
      expectRefused(res);
    }
    expect(await depositStatus(other)).toBe('pending');
    expect(await depositStatus(own)).toBe('pending');
    expect(await balances(adminA.id)).toEqual(before);

    const res = await api<{ processedCount: number }>(t.app, 'POST', '/api/admin/deposits/batch-review', {
      token: adminB.token,
      body: { action: 'approve', depositIds: [other, own] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.processedCount).toBe(2);
    await assertLedgerOk(db());
  });

  it('refuses it in English for an English reader', async () => {
    const own = await depositOf(adminA, '60');
    const res = await api(t.app, 'PATCH', `/api/admin/deposits/${own}/review`, {
      token: adminA.token,
      body: { status: 'approved' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot review your own request');
    expect(OWN_REQUEST_REFUSED).toBe('不能审核自己的申请');
  });
});

async function withdrawalOf(owner: Admin | { token: string; user: { id: number } }) {
  const id = 'user' in owner ? owner.user.id : owner.id;
  await approveKyc(db(), id);
  await fundUser(db(), id, '1000');
  const res = await api<{ withdrawal: { id: number } }>(t.app, 'POST', '/api/wallet/withdrawals', {
    token: owner.token,
    headers: { 'Idempotency-Key': randomUUID() },
    body: { withdraw_type: 'usdt', amount: '100', address: TRC20_ADDRESS },
  });
  expect(res.status).toBe(200);
  return res.body.data?.withdrawal.id as number;
}
const withdrawalStatus = async (id: number) =>
  (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0]?.status;
const moveWithdrawal = (id: number, token: string, status: string) =>
  api(t.app, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
    token,
    body: { ...withdrawalStatusChange(status), ...(status === 'rejected' ? { adminNote: '不符' } : {}) },
  });

describe('withdrawals', () => {
  it('refuses every move of an admin’s own withdrawal, single and in bulk; another admin moves it', async () => {
    const own = await withdrawalOf(adminA);
    const user = await registerUser(t.app);
    const other = await withdrawalOf(user);
    const before = await balances(adminA.id);
    for (const status of ['reviewing', 'approved', 'rejected']) {
      expectRefused(await moveWithdrawal(own, adminA.token, status));
    }
    expectRefused(
      await api(t.app, 'POST', '/api/admin/withdrawals/bulk-status', {
        token: adminA.token,
        body: { ids: [other, own], status: 'reviewing' },
      }),
    );
    expect(await withdrawalStatus(own)).toBe('pending');
    expect(await withdrawalStatus(other)).toBe('pending');
    expect(await balances(adminA.id)).toEqual(before);

    const superOwn = await withdrawalOf(superS);
    expectRefused(await moveWithdrawal(superOwn, superS.token, 'approved'));
    expect(await withdrawalStatus(superOwn)).toBe('pending');

    for (const status of ['approved', 'processing', 'completed']) {
      expect((await moveWithdrawal(own, adminB.token, status)).status, status).toBe(200);
    }
    expect((await balances(adminA.id)).frozen).toBe('0.000000000000000000');
    expect((await moveWithdrawal(superOwn, adminA.token, 'approved')).status).toBe(200);
    await assertLedgerOk(db());
  });
});

let idCounter = 0;
async function kycApplicationOf(userId: number) {
  const [row] = await db()
    .insert(kycApplications)
    .values({
      userId,
      realName: '测试管理员',
      idNumber: `OWNREQ${process.pid}${++idCounter}`,
      idFrontFile: 'front.png',
      idBackFile: 'back.png',
    })
    .returning();
  await db().update(users).set({ kycStatus: 'pending' }).where(eq(users.id, userId));
  return row?.id as number;
}
const kycState = async (id: number) => {
  const [app] = await db().select().from(kycApplications).where(eq(kycApplications.id, id));
  const [user] = await db()
    .select({ kycStatus: users.kycStatus })
    .from(users)
    .where(eq(users.id, app?.userId as number));
  return { application: app?.status, user: user?.kycStatus };
};

describe('KYC', () => {
  it('refuses an admin and a super admin their own application; another admin decides it', async () => {
    const own = await kycApplicationOf(adminA.id);
    for (const status of ['approved', 'rejected']) {
      expectRefused(
        await api(t.app, 'PATCH', `/api/admin/kyc/${own}`, {
          token: adminA.token,
          body: { status, adminNote: '自审' },
        }),
      );
    }
    expect(await kycState(own)).toEqual({ application: 'pending', user: 'pending' });
    const superOwn = await kycApplicationOf(superS.id);
    expectRefused(
      await api(t.app, 'PATCH', `/api/admin/kyc/${superOwn}`, {
        token: superS.token,
        body: { status: 'approved' },
      }),
    );
    expect(await kycState(superOwn)).toEqual({ application: 'pending', user: 'pending' });

    const res = await api(t.app, 'PATCH', `/api/admin/kyc/${own}`, {
      token: adminB.token,
      body: { status: 'approved' },
    });
    expect(res.status).toBe(200);
    expect(await kycState(own)).toEqual({ application: 'approved', user: 'approved' });
  });
});

describe('team rewards', () => {
  it('refuses a distribution that contains the admin’s own reward, moving nothing', async () => {
    const user = await registerUser(t.app);
    const rows = await db()
      .insert(teamRewards)
      .values([
        { userId: adminA.id, tier: 1, amount: '10', currency: 'USDT', directCount: 10, teamSize: 10 },
        { userId: user.user.id, tier: 1, amount: '10', currency: 'USDT', directCount: 10, teamSize: 10 },
        { userId: superS.id, tier: 1, amount: '10', currency: 'USDT', directCount: 10, teamSize: 10 },
      ])
      .returning();
    const [own, other, superOwn] = rows.map((r) => r.id) as [number, number, number];
    const before = await balances(adminA.id);
    const distribute = (rewardIds: number[], token: string) =>
      api(t.app, 'POST', '/api/admin/team/rewards/distribute', { token, body: { rewardIds } });
    expectRefused(await distribute([other, own], adminA.token));
    expectRefused(await distribute([superOwn], superS.token));
    const statuses = async () =>
      (await db().select().from(teamRewards).where(sql`${teamRewards.id} IN (${own}, ${other}, ${superOwn})`))
        .sort((a, b) => a.id - b.id)
        .map((r) => r.status);
    expect(await statuses()).toEqual(['pending', 'pending', 'pending']);
    expect(await balances(adminA.id)).toEqual(before);

    expect((await distribute([other, own], adminB.token)).status).toBe(200);
    expect((await distribute([superOwn], adminA.token)).status).toBe(200);
    expect(await statuses()).toEqual(['distributed', 'distributed', 'distributed']);
    await assertLedgerOk(db());
  });
});

describe('salaries', () => {
  const BASE = '/api/admin/team-salary-management';
  const LEVELS: SalaryLevel[] = [{ level: 1, direct: 2, team: 2, amount: '30' }];
  const DATE = { year: 2025, month: 3, day: 11 };

  it('refuses an admin their own salary, single and in a batch; another admin pays it', async () => {
    // The salary table's save is a proposal (docs/pending-changes.md): approved by a second super admin.
    await saveApproved(t, 'PUT', `${BASE}/levels`, { token: superS.token, body: { levels: LEVELS } });
    // adminA leads a team of two charged direct referrals (L1), built the way registration does.
    const [row] = await db().select().from(users).where(eq(users.id, adminA.id));
    const team = await createTeamBuilder(db(), adminB.id);
    const leaderB = await team.leader({ direct: 2, team: 2 });
    const directs = await team.users(2, {
      id: adminA.id,
      email: adminA.email,
      inviteCode: row?.inviteCode as string,
    });
    await team.charge(directs);
    await db().execute(sql`UPDATE team_nodes SET joined_at = '2024-06-01T09:00:00+08:00',
                             charged_at = CASE WHEN charged_at IS NULL THEN NULL ELSE '2024-07-01T09:00:00+08:00'::timestamptz END`);
    const payouts = async () =>
      db()
        .select()
        .from(teamSalaryPayouts)
        .where(sql`${teamSalaryPayouts.userId} IN (${adminA.id}, ${leaderB.leader.id})`);

    expectRefused(await api(t.app, 'POST', `${BASE}/pay/${adminA.id}`, { token: adminA.token, body: DATE }));
    expectRefused(
      await api(t.app, 'POST', `${BASE}/batch-pay`, {
        token: adminA.token,
        body: { ...DATE, userIds: [leaderB.leader.id, adminA.id] },
      }),
    );
    expect(await payouts()).toEqual([]);
    expect((await balances(adminA.id)).salary).toBe('0.000000000000000000');

    const paid = await api<{ paidCount: number }>(t.app, 'POST', `${BASE}/batch-pay`, {
      token: adminB.token,
      body: { ...DATE, userIds: [leaderB.leader.id, adminA.id] },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data?.paidCount).toBe(2);
    expect((await balances(adminA.id)).salary).toBe('30.000000000000000000');
    await assertLedgerOk(db());
  });

  it('refuses a super admin their own salary', async () => {
    const res = await api(t.app, 'POST', `${BASE}/pay/${superS.id}`, { token: superS.token, body: DATE });
    expectRefused(res);
  });
});
