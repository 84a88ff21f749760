import { ADMIN_TEAM_TEXTS, type AdminRewardStats, type TeamReward } from '@platform/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { auditLogs } from '../../audit/audit.schema.ts';
import { ledgerTransactions } from '../../ledger/ledger.schema.ts';
import { getUserWallets, systemAccountBalance } from '../../ledger/ledger.service.ts';
import { assertLedgerOk } from '../../reconciliation/ledger-check.ts';
import { teamRewards } from '../team.schema.ts';
import { calculateRewards } from './reward-calculation.ts';
import { rewardLedgerKey } from './rewards.service.ts';
import { createTeamBuilder, type TeamBuilder, type TeamUser } from './team.test-helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let team: TeamBuilder;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  team = await createTeamBuilder(t.database.db, admin.id);
});
afterAll(() => t.close());

const db = () => t.database.db;

const rewardsOf = async (user: TeamUser) =>
  (await db().select().from(teamRewards).where(eq(teamRewards.userId, user.id))).sort(
    (a, b) => a.tier - b.tier,
  );

const tiersOf = async (user: TeamUser) => (await rewardsOf(user)).map((r) => r.tier);

/** `count` new charged members, invited by `parents` in turn (none of them grows a team of ten). */
async function chargedUnder(parents: readonly TeamUser[], count: number) {
  for (const [i, parent] of parents.entries()) {
    const share = Math.floor(count / parents.length) + (i < count % parents.length ? 1 : 0);
    await team.charge(await team.users(share, parent));
  }
}

const available = async (user: TeamUser) => (await getUserWallets(db(), user.id))[0]?.balance;

type DistributeReply = { distributed: number; skipped: number[]; amount: string };
const distribute = (rewardIds: number[], token = admin.token) =>
  api<DistributeReply>(t.app, 'POST', '/api/admin/team/rewards/distribute', { token, body: { rewardIds } });

type ListReply = {
  rewards: TeamReward[];
  pagination: { total: number; totalPages: number };
  stats: AdminRewardStats;
};
const list = (query = '') =>
  api<ListReply>(t.app, 'GET', `/api/admin/team/rewards${query}`, { token: admin.token });

// Built in the first test, used by the ones after it (the file runs in order).
let x: TeamUser; // L1 through the last charged direct referral
let y: TeamUser; // L1 then L2 through the team size
let w: TeamUser; // L1, for the races

describe('reward tiers on charged counts (calculateRewards)', () => {
  it('creates a reward exactly at each threshold and not one member below it, once', async () => {
    // x: 4 charged direct referrals of the 5 needed, and a charged team of 10.
    const built = await team.leader({ direct: 4, team: 10, unchargedDirect: 1 });
    x = built.leader;
    // y: 5 charged direct referrals, a charged team of 9 of the 10 needed.
    const yb = await team.leader({ direct: 5, team: 9 });
    y = yb.leader;

    const first = await calculateRewards(db());
    expect(first).toEqual({ calculatedUsers: 0, newRewards: 0 });
    expect(await tiersOf(x)).toEqual([]);
    expect(await tiersOf(y)).toEqual([]);

    // x's fifth direct referral deposits: 5 / 11. y gains a charged member: 5 / 10 exactly.
    await team.charge(built.idle);
    await chargedUnder(yb.directs, 1);

    const second = await calculateRewards(db());
    expect(second).toEqual({ calculatedUsers: 2, newRewards: 2 });
    expect(await tiersOf(x)).toEqual([1]);
    expect(await tiersOf(y)).toEqual([1]);
    const [xr] = await rewardsOf(x);
    expect(xr).toMatchObject({ status: 'pending', currency: 'USDT', directCount: 5, teamSize: 11 });
    expect(xr?.amount).toMatch(/^18\.0+$/);

    // y: a charged team of 29 (one below L2's 30), then 30.
    await chargedUnder(yb.directs, 19);
    expect(await calculateRewards(db())).toEqual({ calculatedUsers: 2, newRewards: 0 });
    expect(await tiersOf(y)).toEqual([1]);
    await chargedUnder(yb.directs, 1);
    // Scoped to another user: nothing for y yet.
    expect(await calculateRewards(db(), { userId: x.id })).toEqual({ calculatedUsers: 1, newRewards: 0 });
    expect(await calculateRewards(db(), { userId: y.id })).toEqual({ calculatedUsers: 1, newRewards: 1 });
    const yRewards = await rewardsOf(y);
    expect(yRewards.map((r) => [r.tier, r.directCount, r.teamSize])).toEqual([
      [1, 5, 10],
      [2, 5, 30],
    ]);
    expect(yRewards[1]?.amount).toMatch(/^58\.0+$/);

    // Running it again (twice, and two at once) creates nothing new.
    expect(await calculateRewards(db())).toEqual({ calculatedUsers: 2, newRewards: 0 });
    const both = await Promise.all([calculateRewards(db()), calculateRewards(db())]);
    expect(both.map((r) => r.newRewards)).toEqual([0, 0]);
    expect((await db().select().from(teamRewards)).length).toBe(3);
  });

  it('POST /calculate answers the counts, audits them and creates nothing twice', async () => {
    w = (await team.leader({ direct: 5, team: 10 })).leader;
    const res = await api<{ calculatedUsers: number; newRewards: number }>(
      t.app,
      'POST',
      '/api/admin/team/rewards/calculate',
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_TEAM_TEXTS.recalculated);
    expect(res.body.data).toEqual({ calculatedUsers: 3, newRewards: 1 });
    const again = await api(t.app, 'POST', '/api/admin/team/rewards/calculate', { token: admin.token });
    expect(again.body.data).toEqual({ calculatedUsers: 3, newRewards: 0 });
    const audits = await db().select().from(auditLogs).where(eq(auditLogs.action, 'team_reward.calculate'));
    expect(audits.map((a) => a.after)).toEqual([
      { calculatedUsers: 3, newRewards: 1 },
      { calculatedUsers: 3, newRewards: 0 },
    ]);
    expect(audits[0]?.adminId).toBe(admin.id);
    expect(await tiersOf(w)).toEqual([1]);
  });
});

describe('GET /api/admin/team/rewards', () => {
  it('lists the records newest first with e-mails, filters by status and counts by status', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_TEAM_TEXTS.rewardsLoaded);
    const data = res.body.data;
    if (!data) throw new Error('no data');
    expect(data.rewards.map((r) => [r.email, r.tier])).toEqual([
      [w.email, 1],
      [y.email, 2],
      [y.email, 1],
      [x.email, 1],
    ]);
    expect(data.rewards[0]).toMatchObject({
      user_id: w.id,
      amount: '18',
      currency: 'USDT',
      direct_count: 5,
      team_size: 10,
      status: 'pending',
      distributed_at: null,
      distributed_by: null,
    });
    expect(data.stats).toEqual({
      totalRewards: 4,
      pendingRewards: 4,
      distributedRewards: 0,
      eligibleUsers: 3,
      amounts: { total: '112', pending: '112', distributed: '0' },
    });
    expect(data.pagination).toMatchObject({ total: 4, totalPages: 1 });

    const paged = await list('?page=2&limit=3');
    expect(paged.body.data?.rewards.map((r) => r.email)).toEqual([x.email]);
    expect(paged.body.data?.pagination).toMatchObject({ total: 4, totalPages: 2 });
    const distributed = await list('?status=distributed');
    expect(distributed.body.data?.rewards).toEqual([]);
    expect(distributed.body.data?.pagination.total).toBe(0);
    expect((await list('?status=nope')).status).toBe(400);
  });

  it('is for admins only', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app, 'GET', '/api/admin/team/rewards', { token: user.token })).status).toBe(403);
    expect((await api(t.app, 'GET', '/api/admin/team/rewards')).status).toBe(401);
    expect((await distribute([1], user.token)).status).toBe(403);
    expect(
      (await api(t.app, 'POST', '/api/admin/team/rewards/calculate', { token: user.token })).status,
    ).toBe(403);
  });
});

describe('POST /api/admin/team/rewards/distribute', () => {
  it('credits a pending reward once to the available balance, skips the others, audits it', async () => {
    const [xr] = await rewardsOf(x);
    const [y1, y2] = await rewardsOf(y);
    if (!xr || !y1 || !y2) throw new Error('rewards missing');
    const before = await available(x);

    const res = await distribute([xr.id]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_TEAM_TEXTS.distributed);
    expect(res.body.data).toEqual({
      distributed: 1,
      skipped: [],
      amount: '18',
      awaitingSecondApproval: null,
    });
    expect(await available(x)).toBe('18.000000000000000000');
    expect(before).toBe('0.000000000000000000');
    const [after] = await rewardsOf(x);
    expect(after?.status).toBe('distributed');
    expect(after?.distributedBy).toBe(admin.id);
    expect(after?.distributedAt).toBeInstanceOf(Date);
    expect(after?.transactionId).toBeGreaterThan(0);

    // Again with x's reward, y's L1 and an unknown id: y's alone is credited.
    const mixed = await distribute([xr.id, y1.id, 999_999, y1.id]);
    expect(mixed.status).toBe(200);
    expect(mixed.body.data).toEqual({
      distributed: 1,
      skipped: [xr.id, 999_999],
      amount: '18',
      awaitingSecondApproval: null,
    });
    expect(await available(x)).toBe('18.000000000000000000');
    expect(await available(y)).toBe('18.000000000000000000');

    const none = await distribute([xr.id, y1.id]);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(ADMIN_TEAM_TEXTS.nothingToDistribute);
    expect((await distribute([])).status).toBe(400);

    const keys = await db()
      .select({ key: ledgerTransactions.idempotencyKey, kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, [rewardLedgerKey(xr.id), rewardLedgerKey(y1.id)]));
    expect(keys.map((k) => k.kind)).toEqual(['team_reward', 'team_reward']);
    expect(await systemAccountBalance(db(), 'rewards', 'USDT')).toBe('-36.000000000000000000');

    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'team_reward.distribute'), eq(auditLogs.adminId, admin.id)));
    expect(audits.map((a) => a.after)).toEqual([
      { status: 'distributed', rewardIds: [xr.id], amount: '18', currency: 'USDT', skipped: [] },
      {
        status: 'distributed',
        rewardIds: [y1.id],
        amount: '18',
        currency: 'USDT',
        skipped: [xr.id, 999_999],
      },
    ]);
    expect(audits[0]?.targetId).toBe(String(xr.id));

    const listed = (await list('?status=distributed')).body.data;
    expect(listed?.rewards.map((r) => [r.id, r.distributed_by])).toEqual([
      [y1.id, admin.email],
      [xr.id, admin.email],
    ]);
    expect(listed?.stats).toMatchObject({
      pendingRewards: 2,
      distributedRewards: 2,
      amounts: { total: '112', pending: '76', distributed: '36' },
    });
    await assertLedgerOk(db());
  });

  it('20 concurrent distributions of the same rewards credit each once', async () => {
    const [, y2] = await rewardsOf(y);
    const [w1] = await rewardsOf(w);
    if (!y2 || !w1) throw new Error('rewards missing');
    const replies = await Promise.all(Array.from({ length: 20 }, () => distribute([w1.id, y2.id])));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    const winner = replies.find((r) => r.status === 200);
    expect(winner?.body.data).toEqual({
      distributed: 2,
      skipped: [],
      amount: '76',
      awaitingSecondApproval: null,
    });
    expect(await available(y)).toBe('76.000000000000000000');
    expect(await available(w)).toBe('18.000000000000000000');
    const posted = await db()
      .select()
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, [rewardLedgerKey(w1.id), rewardLedgerKey(y2.id)]));
    expect(posted.length).toBe(2);
    expect(await systemAccountBalance(db(), 'rewards', 'USDT')).toBe('-112.000000000000000000');
    expect((await list()).body.data?.stats).toMatchObject({
      pendingRewards: 0,
      distributedRewards: 4,
      amounts: { total: '112', pending: '0', distributed: '112' },
    });
    await assertLedgerOk(db());
  });
});
