import { type AdminTeamStats, adminTeamStats } from '@platform/contracts';
import { startOfBeijingDay, toBeijing } from '@platform/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, registerUser, type TestApp } from '../../../test/app.ts';
import { counterMismatches } from '../../reconciliation/counter-check.ts';
import { teamTreeProblems } from '../tree-check.ts';
import { join, type Member, makeUser } from './team-fixtures.test-helpers.ts';

/**
 * The admin's team overview over a small known tree grown over the last ten Beijing days. Past
 * registrations are made with createUser and a past createdAt (as the demo seed does), today's over
 * HTTP. Days are counted back from the Beijing day of the test run.
 *
 *   admin, user (top level, no team)
 *   r1 (day -10) ─ x1 (day -7) ─ x1a (day -6) ─ x1aa (day -3)
 *                ├ x2 (day -7)
 *                └ x3 (day -1)
 *   r2 (day -10) ─ y1 (day -4) ─ y1a, y1b (day -3)
 *                ├ y2, y3 (day -4)
 *                └ z1, z2 (today, over HTTP)
 */

const DAY = 86_400_000;

let t: TestApp;
let adminToken: string;
let userToken: string;
const u: Record<string, Omit<Member, 'token'>> = {};
let dates: string[];

/** 10:00 Beijing time `daysAgo` days before today, plus `minute` minutes (the order within a day). */
function at(daysAgo: number, minute = 0): Date {
  const today = startOfBeijingDay(new Date()) as Date;
  return new Date(today.getTime() - daysAgo * DAY + 10 * 3_600_000 + minute * 60_000);
}

async function make(name: string, daysAgo: number, minute: number, parent?: string) {
  u[name] = await makeUser(t, {
    email: `${name}.${Date.now().toString(36)}@example.com`,
    createdAt: at(daysAgo, minute),
    ...(parent ? { code: u[parent]?.inviteCode } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createAdmin(t, 'admin')).token;
  userToken = (await registerUser(t.app)).token;
  const today = toBeijing(new Date());
  dates = Array.from({ length: 7 }, (_, i) => today?.subtract(6 - i, 'day').format('YYYY-MM-DD') as string);
});
afterAll(() => t.close());

const stats = async () => {
  const res = await api<AdminTeamStats>(t.app, 'GET', '/api/admin/team/stats', { token: adminToken });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('获取团队概览成功');
  return adminTeamStats.parse(res.body.data);
};

describe('GET /api/admin/team/stats: access', () => {
  it('401 without a token, 403 for a normal user', async () => {
    const anonymous = await api(t.app, 'GET', '/api/admin/team/stats');
    expect(anonymous.status).toBe(401);
    const user = await api(t.app, 'GET', '/api/admin/team/stats', { token: userToken });
    expect(user.status).toBe(403);
    expect(user.body.message).toBe('权限不足，需要管理员权限');
  });
});

describe('GET /api/admin/team/stats: a platform without invites', () => {
  it('answers the members on level 1 and zeros elsewhere', async () => {
    expect(await stats()).toEqual({
      totalMembers: 2,
      directReferrals: 0,
      teamMembers: 0,
      totalRewards: 0,
      pendingRewards: 0,
      rewardAmounts: { total: '0', pending: '0', distributed: '0' },
      todayInvites: 0,
      activeInviters: 0,
      maxLevel: 1,
      rewardLevels: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      levelDistribution: { '1': 2 },
      topInviters: [],
      teamGrowth: dates.map((date) => ({ date, newMembers: 0, growth: null })),
      recentInvites: [],
    });
  });
});

describe('GET /api/admin/team/stats: a known tree', () => {
  let z: Member[];

  beforeAll(async () => {
    await make('r1', 10, 0);
    await make('r2', 10, 1);
    await make('x1', 7, 0, 'r1');
    await make('x2', 7, 1, 'r1');
    await make('x1a', 6, 0, 'x1');
    await make('y1', 4, 0, 'r2');
    await make('y2', 4, 1, 'r2');
    await make('y3', 4, 2, 'r2');
    await make('y1a', 3, 0, 'y1');
    await make('y1b', 3, 1, 'y1');
    await make('x1aa', 3, 2, 'x1a');
    await make('x3', 1, 0, 'r1');
    z = [await join(t, u.r2?.inviteCode), await join(t, u.r2?.inviteCode)];
    // Reward records as the calculation and a distribution leave them (those modules are tested elsewhere).
    const db = t.database.db;
    await db.execute(sql`INSERT INTO team_rewards (user_id, tier, amount, currency, direct_count, team_size)
                         VALUES (${u.r1?.id}, 1, '18', 'USDT', 5, 10), (${u.r2?.id}, 1, '18', 'USDT', 5, 10)`);
    await db.execute(sql`INSERT INTO team_rewards (user_id, tier, amount, currency, direct_count, team_size,
                           status, distributed_at, transaction_id)
                         VALUES (${u.r1?.id}, 2, '58.5', 'USDT', 5, 30, 'distributed', now(), 1)`);
  });

  it('counts members, invites, inviters and levels from the running totals', async () => {
    const s = await stats();
    expect(s).toMatchObject({
      totalMembers: 16,
      directReferrals: 12,
      // the 12 invited plus r1 and r2, who invited without being invited
      teamMembers: 14,
      todayInvites: 2,
      // r1, r2, x1, x1a, y1
      activeInviters: 5,
      maxLevel: 4,
      levelDistribution: { '1': 4, '2': 8, '3': 3, '4': 1 },
    });
  });

  it('sums reward records by status and counts them per tier', async () => {
    const s = await stats();
    expect(s).toMatchObject({
      totalRewards: 3,
      pendingRewards: 2,
      rewardAmounts: { total: '94.5', pending: '36', distributed: '58.5' },
      rewardLevels: [2, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    });
  });

  it('lists the top inviters by invite count, ties to the older account, with their rewards', async () => {
    expect((await stats()).topInviters).toEqual([
      { email: u.r2?.email, user_id: u.r2?.id, inviteCount: 5, totalReward: '18' },
      { email: u.r1?.email, user_id: u.r1?.id, inviteCount: 3, totalReward: '76.5' },
      { email: u.y1?.email, user_id: u.y1?.id, inviteCount: 2, totalReward: '0' },
      { email: u.x1?.email, user_id: u.x1?.id, inviteCount: 1, totalReward: '0' },
      { email: u.x1a?.email, user_id: u.x1a?.id, inviteCount: 1, totalReward: '0' },
    ]);
  });

  it('shows the last 7 Beijing days, oldest first, with growth against the day before', async () => {
    // Day -7 (two invites) is the base of the first day's growth.
    expect((await stats()).teamGrowth).toEqual([
      { date: dates[0], newMembers: 1, growth: -50 },
      { date: dates[1], newMembers: 0, growth: -100 },
      { date: dates[2], newMembers: 3, growth: null },
      { date: dates[3], newMembers: 3, growth: 0 },
      { date: dates[4], newMembers: 0, growth: -100 },
      { date: dates[5], newMembers: 1, growth: null },
      { date: dates[6], newMembers: 2, growth: 100 },
    ]);
  });

  it('lists the 8 latest invites, newest first, with the inviter’s code', async () => {
    const invites = (await stats()).recentInvites;
    const r2 = { inviter_email: u.r2?.email, invite_code: u.r2?.inviteCode };
    expect(invites).toEqual([
      { ...r2, invitee_email: z[1]?.email, created_at: expect.stringMatching(/Z$/) },
      { ...r2, invitee_email: z[0]?.email, created_at: expect.stringMatching(/Z$/) },
      {
        inviter_email: u.r1?.email,
        invitee_email: u.x3?.email,
        created_at: at(1, 0).toISOString(),
        invite_code: u.r1?.inviteCode,
      },
      {
        inviter_email: u.x1a?.email,
        invitee_email: u.x1aa?.email,
        created_at: at(3, 2).toISOString(),
        invite_code: u.x1a?.inviteCode,
      },
      {
        inviter_email: u.y1?.email,
        invitee_email: u.y1b?.email,
        created_at: at(3, 1).toISOString(),
        invite_code: u.y1?.inviteCode,
      },
      {
        inviter_email: u.y1?.email,
        invitee_email: u.y1a?.email,
        created_at: at(3, 0).toISOString(),
        invite_code: u.y1?.inviteCode,
      },
      {
        inviter_email: u.r2?.email,
        invitee_email: u.y3?.email,
        created_at: at(4, 2).toISOString(),
        invite_code: u.r2?.inviteCode,
      },
      {
        inviter_email: u.r2?.email,
        invitee_email: u.y2?.email,
        created_at: at(4, 1).toISOString(),
        invite_code: u.r2?.inviteCode,
      },
    ]);
  });

  it('leaves the tree and the running totals intact', async () => {
    expect(await teamTreeProblems(t.database.db)).toEqual([]);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });
});
