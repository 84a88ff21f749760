import {
  DEFAULT_SALARY_LEVELS,
  maskEmail,
  REWARD_TIERS,
  type TeamMember,
  type TeamStats,
  teamConfig,
  teamStats,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createTestApp, type TestApp } from '../../test/app.ts';
import { insertDepositChannel } from '../../test/money.ts';
import { counterMismatches } from '../reconciliation/counter-check.ts';
import { approvedDeposit, join, type Member } from './admin/team-fixtures.test-helpers.ts';
import { teamTreeProblems } from './tree-check.ts';

/**
 * The user's team calls over HTTP. The tree (registration order = id order = newest last):
 *
 *   root ─ a ─ a1 ─ a1x
 *        │   ├ a2
 *        │   └ a3
 *        └ b
 *   top ─ t1..t5, each with one referral t1c..t5c (all ten charged: top reaches tier L1 and
 *         salary level 1 of the defaults; t1..t5 have one charged direct referral each)
 *   loner (no team)
 *
 * a is charged too, so root has one charged direct referral.
 */

type Page<K extends string> = { [key in K]: TeamMember[] } & {
  pagination: { page: number; limit: number; total: number; totalPages: number };
};

/** Dozens of registrations (password hashing) and approvals: minutes on a busy 2-core machine, not 60 s. */
const SETUP_TIMEOUT_MS = 180_000;

let t: TestApp;
let admin: { token: string; id: number };
let channelId: number;
const m: Record<string, Member> = {};
const phones: string[] = [];

async function add(name: string, parent?: string) {
  const phone = `139${String(Date.now() + phones.length).slice(-8)}`;
  phones.push(phone);
  m[name] = await join(t, parent === undefined ? undefined : m[parent]?.inviteCode, { phone });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, 'admin');
  channelId = (await insertDepositChannel(t.database.db)).id;
  await add('root');
  await add('a', 'root');
  await add('b', 'root');
  await add('a1', 'a');
  await add('a2', 'a');
  await add('a3', 'a');
  await add('a1x', 'a1');
  await add('top');
  for (let i = 1; i <= 5; i++) await add(`t${i}`, 'top');
  for (let i = 1; i <= 5; i++) await add(`t${i}c`, `t${i}`);
  await add('loner');
  for (let i = 1; i <= 5; i++) {
    await approvedDeposit(t, m[`t${i}`] as Member, admin, channelId);
    await approvedDeposit(t, m[`t${i}c`] as Member, admin, channelId);
  }
  await approvedDeposit(t, m.a as Member, admin, channelId);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const get = <T>(name: string, url: string) => api<T>(t.app, 'GET', url, { token: m[name]?.token as string });
const masked = (...names: string[]) => names.map((n) => maskEmail(m[n]?.email as string));

/** No e-mail but the caller's own appears unmasked, and no phone at all. */
function expectPrivate(payload: string, caller: string) {
  for (const [name, member] of Object.entries(m)) {
    if (name !== caller) expect(payload).not.toContain(member.email);
  }
  for (const phone of phones) expect(payload).not.toContain(phone);
}

describe('access', () => {
  const calls: ['GET' | 'POST', string][] = [
    ['GET', '/api/team/config'],
    ['GET', '/api/team/stats'],
    ['POST', '/api/team/update-stats'],
    ['GET', '/api/team/referrals'],
    ['GET', '/api/team/members'],
    ['GET', '/api/team/ranking'],
    ['GET', '/api/team/invite-link'],
  ];
  for (const [method, url] of calls) {
    it(`${method} ${url}: 401 without a token`, async () => {
      const res = await api(t.app, method, url);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain('token');
    });
  }
});

describe('GET /api/team/config', () => {
  it('answers the tiers, the salary levels in force, payout days and the currency', async () => {
    const res = await get('loner', '/api/team/config');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取团队配置成功');
    expect(teamConfig.parse(res.body.data)).toEqual({
      rewardTiers: REWARD_TIERS,
      salaryLevels: DEFAULT_SALARY_LEVELS,
      payoutDays: [1, 11, 21],
      currency: 'USDT',
      countsChargedMembersOnly: true,
    });
  });
});

describe('GET /api/team/stats', () => {
  it('a user without a team: zeros, no inviter, L1 next with everything missing', async () => {
    const res = await get<TeamStats>('loner', '/api/team/stats');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取团队统计成功');
    expect(teamStats.parse(res.body.data)).toEqual({
      inviteCode: m.loner?.inviteCode,
      inviter: null,
      directReferrals: 0,
      chargedDirectReferrals: 0,
      teamMembers: 0,
      chargedTeamMembers: 0,
      currentTier: 0,
      nextTier: { level: 1, direct: 5, team: 10, reward: '18', missingDirect: 5, missingTeam: 10 },
      salaryLevel: 0,
      salaryAmount: '0',
      rewards: { pendingAmount: '0', distributedAmount: '0', items: [] },
      salary: { totalPaid: '0', recent: [] },
    });
  });

  it('counts the whole team and the charged members, with the inviter masked', async () => {
    const res = await get<TeamStats>('a', '/api/team/stats');
    expect(res.body.data).toMatchObject({
      inviter: maskEmail(m.root?.email as string),
      directReferrals: 3,
      chargedDirectReferrals: 0,
      teamMembers: 4,
      chargedTeamMembers: 0,
    });
    const root = await get<TeamStats>('root', '/api/team/stats');
    expect(root.body.data).toMatchObject({
      directReferrals: 2,
      chargedDirectReferrals: 1,
      teamMembers: 6,
      chargedTeamMembers: 1,
    });
    expectPrivate(root.raw.payload, 'root');
  });

  it('judges tiers and the salary level on charged counts', async () => {
    const res = await get<TeamStats>('top', '/api/team/stats');
    expect(res.body.data).toMatchObject({
      directReferrals: 5,
      chargedDirectReferrals: 5,
      teamMembers: 10,
      chargedTeamMembers: 10,
      currentTier: 1,
      nextTier: { level: 2, direct: 5, team: 30, reward: '58', missingDirect: 0, missingTeam: 20 },
      salaryLevel: 1,
      salaryAmount: '30',
      // No reward record until the tiers are rechecked (update-stats or the admin's recalculation).
      rewards: { pendingAmount: '0', distributedAmount: '0', items: [] },
    });
  });
});

describe('POST /api/team/update-stats', () => {
  it('creates a pending reward for each new tier once, then answers the stats', async () => {
    const first = await api<TeamStats & { newRewards: number }>(t.app, 'POST', '/api/team/update-stats', {
      token: m.top?.token as string,
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('团队数据已更新');
    expect(first.body.data?.newRewards).toBe(1);
    expect(first.body.data?.rewards).toMatchObject({
      pendingAmount: '18',
      distributedAmount: '0',
      items: [{ tier: 1, amount: '18', status: 'pending', distributed_at: null }],
    });
    const again = await api<{ newRewards: number }>(t.app, 'POST', '/api/team/update-stats', {
      token: m.top?.token as string,
    });
    expect(again.body.data?.newRewards).toBe(0);
    // Somebody else's recheck creates nothing for them.
    const loner = await api<{ newRewards: number }>(t.app, 'POST', '/api/team/update-stats', {
      token: m.loner?.token as string,
    });
    expect(loner.body.data?.newRewards).toBe(0);
  });

  it('sums rewards by status and shows the last 12 salary payouts, newest first', async () => {
    const db = t.database.db;
    const top = m.top?.id as number;
    // Distribution and payouts belong to other modules: their rows are written here as they would be.
    await db.execute(sql`UPDATE team_rewards SET status = 'distributed', distributed_at = now(), transaction_id = 1
                          WHERE user_id = ${top} AND tier = 1`);
    // Thirteen monthly payouts, 2025-01-01 to 2026-01-01.
    for (let month = 1; month <= 13; month++) {
      const date = month > 12 ? '2026-01-01' : `2025-${String(month).padStart(2, '0')}-01`;
      await db.execute(sql`INSERT INTO team_salary_payouts (user_id, payout_date, level, amount, currency,
                             direct_count, charged_direct, team_size, charged_team, paid_by, transaction_id)
                           VALUES (${top}, ${date}, 1, '30.5', 'USDT', 5, 5, 10, 10, ${admin.id}, ${month})`);
    }
    const res = await get<TeamStats>('top', '/api/team/stats');
    const data = res.body.data as TeamStats;
    expect(data.rewards).toMatchObject({ pendingAmount: '0', distributedAmount: '18' });
    expect(data.rewards.items[0]?.status).toBe('distributed');
    expect(data.rewards.items[0]?.distributed_at).toMatch(/Z$/);
    expect(data.salary.totalPaid).toBe('396.5');
    expect(data.salary.recent).toHaveLength(12);
    expect(data.salary.recent[0]).toMatchObject({ payoutDate: '2026-01-01', level: 1, amount: '30.5' });
    expect(data.salary.recent.map((p) => p.payoutDate).slice(1, 3)).toEqual(['2025-12-01', '2025-11-01']);
    expect(data.salary.recent.at(-1)?.payoutDate).toBe('2025-02-01');
  });
});

describe('GET /api/team/referrals', () => {
  it('lists direct referrals newest first, masked, paged, with direct_count as the total', async () => {
    const res = await get<Page<'referrals'>>('a', '/api/team/referrals');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取直推列表成功');
    expect(res.body.data?.referrals.map((r) => r.email)).toEqual(masked('a3', 'a2', 'a1'));
    expect(res.body.data?.referrals[2]).toEqual({
      id: m.a1?.id,
      email: maskEmail(m.a1?.email as string),
      level: 1,
      is_deposited: false,
      kyc_verified: false,
      direct_referrals: 1,
      team_size: 1,
      joined_at: expect.stringMatching(/Z$/),
    });
    expect(res.body.data?.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    const page2 = await get<Page<'referrals'>>('a', '/api/team/referrals?page=2&limit=2');
    expect(page2.body.data?.referrals.map((r) => r.id)).toEqual([m.a1?.id]);
    expect(page2.body.data?.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expectPrivate(res.raw.payload, 'a');
  });

  it('marks charged referrals and answers an empty list for a user without one', async () => {
    const res = await get<Page<'referrals'>>('root', '/api/team/referrals');
    expect(res.body.data?.referrals.map((r) => [r.id, r.is_deposited])).toEqual([
      [m.b?.id, false],
      [m.a?.id, true],
    ]);
    const none = await get<Page<'referrals'>>('loner', '/api/team/referrals');
    expect(none.body.data).toEqual({
      referrals: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    });
  });

  it('refuses bad paging values (400)', async () => {
    expect((await get('a', '/api/team/referrals?page=0')).status).toBe(400);
    expect((await get('a', '/api/team/referrals?limit=101')).status).toBe(400);
  });
});

describe('GET /api/team/members', () => {
  it('lists the whole team newest first with each member’s level below the caller', async () => {
    const res = await get<Page<'members'>>('root', '/api/team/members');
    expect(res.body.message).toBe('获取团队成员成功');
    expect(res.body.data?.members.map((r) => [r.email, r.level])).toEqual([
      [maskEmail(m.a1x?.email as string), 3],
      [maskEmail(m.a3?.email as string), 2],
      [maskEmail(m.a2?.email as string), 2],
      [maskEmail(m.a1?.email as string), 2],
      [maskEmail(m.b?.email as string), 1],
      [maskEmail(m.a?.email as string), 1],
    ]);
    expect(res.body.data?.pagination.total).toBe(6);
    expectPrivate(res.raw.payload, 'root');
    // Levels are relative to the caller, wherever the caller sits in the tree.
    const fromA = await get<Page<'members'>>('a', '/api/team/members');
    expect(fromA.body.data?.members.map((r) => [r.id, r.level])).toEqual([
      [m.a1x?.id, 2],
      [m.a3?.id, 1],
      [m.a2?.id, 1],
      [m.a1?.id, 1],
    ]);
  });

  it('filters one level, with its own total', async () => {
    const level = async (k: number, query = '') =>
      (await get<Page<'members'>>('root', `/api/team/members?level=${k}${query}`)).body.data;
    const one = await level(1);
    expect(one?.members.map((r) => r.id)).toEqual([m.b?.id, m.a?.id]);
    expect(one?.pagination.total).toBe(2);
    const two = await level(2);
    expect(two?.members.map((r) => r.id)).toEqual([m.a3?.id, m.a2?.id, m.a1?.id]);
    expect(two?.pagination.total).toBe(3);
    const twoPaged = await level(2, '&page=2&limit=2');
    expect(twoPaged?.members.map((r) => r.id)).toEqual([m.a1?.id]);
    expect(twoPaged?.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    const three = await level(3);
    expect(three?.members.map((r) => [r.id, r.level])).toEqual([[m.a1x?.id, 3]]);
    expect(three?.pagination.total).toBe(1);
    expect(await level(9)).toEqual({
      members: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    });
  });

  it('pages the whole team', async () => {
    const res = await get<Page<'members'>>('root', '/api/team/members?page=2&limit=4');
    expect(res.body.data?.members.map((r) => r.id)).toEqual([m.b?.id, m.a?.id]);
    expect(res.body.data?.pagination).toEqual({ page: 2, limit: 4, total: 6, totalPages: 2 });
  });

  it('refuses a bad level (400)', async () => {
    for (const q of ['level=0', 'level=abc', 'level=1.5', 'level=1001']) {
      const res = await get('root', `/api/team/members?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('GET /api/team/ranking', () => {
  type Ranking = {
    ranking: {
      rank: number;
      email: string;
      directReferrals: number;
      chargedDirectReferrals: number;
      teamMembers: number;
      isMe: boolean;
    }[];
    myRank: number | null;
  };

  it('ranks by charged direct referrals, then charged team, then age; masked', async () => {
    const res = await get<Ranking>('root', '/api/team/ranking');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('获取排行榜成功');
    const data = res.body.data as Ranking;
    // top: 5 charged of 5; root: 1 charged of 2; t1..t5: 1 charged of 1 each (older first).
    expect(data.ranking.map((r) => r.email)).toEqual(masked('top', 'root', 't1', 't2', 't3', 't4', 't5'));
    expect(data.ranking[0]).toEqual({
      rank: 1,
      email: maskEmail(m.top?.email as string),
      directReferrals: 5,
      chargedDirectReferrals: 5,
      teamMembers: 10,
      isMe: false,
    });
    expect(data.ranking.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data.ranking.filter((r) => r.isMe).map((r) => r.rank)).toEqual([2]);
    expect(data.myRank).toBe(2);
    expectPrivate(res.raw.payload, 'root');
  });

  it('gives each caller their own rank, null without a charged direct referral', async () => {
    expect((await get<Ranking>('t3', '/api/team/ranking')).body.data?.myRank).toBe(5);
    expect((await get<Ranking>('top', '/api/team/ranking')).body.data?.myRank).toBe(1);
    const a = await get<Ranking>('a', '/api/team/ranking');
    expect(a.body.data?.myRank).toBeNull();
    expect(a.body.data?.ranking.some((r) => r.isMe)).toBe(false);
  });
});

describe('GET /api/team/invite-link', () => {
  type Link = { inviteCode: string; inviteLink: string };
  const evil = {
    host: 'evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'evil.example',
  };

  it('without PUBLIC_URL, answers the path: no host is taken from the request', async () => {
    for (const headers of [{ host: 'exchange.test:8080' }, evil, { ...evil, host: 'exchange.test' }]) {
      const res = await api<Link>(t.app, 'GET', '/api/team/invite-link', {
        token: m.a?.token as string,
        headers,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('获取邀请链接成功');
      expect(res.body.data).toEqual({
        inviteCode: m.a?.inviteCode,
        inviteLink: `/register?invite=${m.a?.inviteCode}`,
      });
      expect(res.raw.payload).not.toContain('evil');
    }
  });

  it('uses PUBLIC_URL when set, whatever the Host and X-Forwarded-Host say', async () => {
    const withUrl = await createTestApp({ PUBLIC_URL: 'https://www.exchange.example/', TRUST_PROXY: 'true' });
    try {
      const user = await join(withUrl);
      for (const headers of [{ host: 'internal:3000' }, evil]) {
        const res = await api<Link>(withUrl.app, 'GET', '/api/team/invite-link', {
          token: user.token,
          headers,
        });
        expect(res.body.data?.inviteLink).toBe(
          `https://www.exchange.example/register?invite=${user.inviteCode}`,
        );
      }
    } finally {
      await withUrl.close();
    }
  });

  it('does not believe forwarded headers even behind a trusted proxy (TRUST_PROXY)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const user = await join(proxied);
      const res = await api<Link>(proxied.app, 'GET', '/api/team/invite-link', {
        token: user.token,
        headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.body.data?.inviteLink).toBe(`/register?invite=${user.inviteCode}`);
    } finally {
      await proxied.close();
    }
  });
});

describe('after every call', () => {
  it('the tree and the running totals are intact', async () => {
    expect(await teamTreeProblems(t.database.db)).toEqual([]);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });
});
