import {
  INVITE_QUERY_PARAM,
  maskEmail,
  type PageQuery,
  type Pagination,
  REWARD_TIERS,
  SALARY_PAYOUT_DAYS,
  TEAM_RANKING_SIZE,
  TEAM_REWARD_CURRENCY,
  type TeamConfig,
  type TeamMember,
  type TeamRewardStatus,
  type TeamStats,
} from '@platform/contracts';
import { highestTier, nextTier, salaryLevelFor } from '@platform/domain';
import { Decimal, decimalFromDb, formatNormalised, normaliseDecimalString } from '../../core/money.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { Db } from '../../db/client.ts';
import { calculateRewards } from './rewards/reward-calculation.ts';
import { readSalaryLevels } from './salary/salary-levels.ts';
import * as repo from './team.repository.ts';

/** How many salary payouts the stats show (contracts: at most 12, newest first). */
const RECENT_PAYOUTS = 12;

const money = (value: string) => formatNormalised(decimalFromDb(value));

/**
 * The user's own team programme (contracts/team.ts): every answer is about the caller, other
 * users appear with a masked e-mail and never with a phone. Counts come from the caller's
 * team_nodes row (kept exact on every registration and first deposit), so no call counts a team;
 * tiers and salary levels are judged on the charged counts by the shared domain rules.
 */
export function createTeamService(deps: { db: Db }) {
  const { db } = deps;

  async function ownNode(userId: number): Promise<repo.OwnNode> {
    const node = await repo.findOwnNode(db, userId);
    // Every account gets its node in the transaction that creates it (users/create-user.ts).
    if (!node) throw new Error(`user ${userId} has no team node`);
    return node;
  }

  async function stats(userId: number): Promise<TeamStats> {
    const [node, rewards, salary, levels] = await Promise.all([
      ownNode(userId),
      repo.listOwnRewards(db, userId),
      repo.ownSalary(db, userId, RECENT_PAYOUTS),
      readSalaryLevels(db),
    ]);
    const counts = { chargedDirect: node.chargedDirect, chargedTeam: node.chargedTeam };
    const salaryLevel = salaryLevelFor(counts, levels.levels);
    let pending = new Decimal(0);
    let distributed = new Decimal(0);
    for (const r of rewards) {
      if (r.status === 'distributed') distributed = distributed.plus(decimalFromDb(r.amount));
      else pending = pending.plus(decimalFromDb(r.amount));
    }
    return {
      inviteCode: node.inviteCode,
      inviter: node.inviterEmail === null ? null : maskEmail(node.inviterEmail),
      directReferrals: node.directCount,
      chargedDirectReferrals: node.chargedDirect,
      teamMembers: node.teamSize,
      chargedTeamMembers: node.chargedTeam,
      currentTier: highestTier(counts),
      nextTier: nextTier(counts),
      salaryLevel: salaryLevel?.level ?? 0,
      salaryAmount: salaryLevel ? normaliseDecimalString(salaryLevel.amount) : '0',
      rewards: {
        pendingAmount: formatNormalised(pending),
        distributedAmount: formatNormalised(distributed),
        items: rewards.map((r) => ({
          tier: r.tier,
          amount: money(r.amount),
          status: r.status as TeamRewardStatus,
          created_at: r.createdAt.toISOString(),
          distributed_at: r.distributedAt?.toISOString() ?? null,
        })),
      },
      salary: {
        totalPaid: money(salary.totalPaid),
        recent: salary.recent.map((p) => ({
          payoutDate: p.payoutDate,
          level: p.level,
          amount: money(p.amount),
          paid_at: p.paidAt.toISOString(),
        })),
      },
    };
  }

  /** A member as the caller sees them: masked e-mail, level relative to the caller, no phone. */
  const toMember =
    (callerDepth: number) =>
    (row: repo.MemberRow): TeamMember => ({
      id: row.id,
      email: maskEmail(row.email),
      level: row.depth - callerDepth,
      is_deposited: row.deposited,
      kyc_verified: row.kycStatus === 'approved',
      direct_referrals: row.directCount,
      team_size: row.teamSize,
      joined_at: row.joinedAt.toISOString(),
    });

  return {
    async config(): Promise<TeamConfig> {
      const { levels } = await readSalaryLevels(db);
      return {
        rewardTiers: [...REWARD_TIERS],
        salaryLevels: levels,
        payoutDays: [...SALARY_PAYOUT_DAYS],
        // Rewards and salaries are both paid in USDT (contracts: TEAM_REWARD_CURRENCY, SALARY_CURRENCY).
        currency: TEAM_REWARD_CURRENCY,
        countsChargedMembersOnly: true,
      };
    },

    stats,

    /** Rechecks the caller's tiers (a pending reward for each new one), then answers the stats. */
    async updateStats(userId: number): Promise<TeamStats & { newRewards: number }> {
      const { newRewards } = await calculateRewards(db, { userId });
      return { ...(await stats(userId)), newRewards };
    },

    /** Direct referrals, newest first; the total is the node's direct_count (no count query). */
    async referrals(
      userId: number,
      query: PageQuery,
    ): Promise<{ referrals: TeamMember[]; pagination: Pagination }> {
      const [node, rows] = await Promise.all([
        ownNode(userId),
        repo.listDirectReferrals(db, userId, pageOf(query)),
      ]);
      return { referrals: rows.map(toMember(node.depth)), pagination: paginationOf(query, node.directCount) };
    },

    /**
     * The whole team or one level of it, newest first. The total of all levels is team_size and
     * that of level 1 direct_count; only a deeper level is counted (one closure key range).
     */
    async members(
      userId: number,
      query: PageQuery & { level?: number | undefined },
    ): Promise<{ members: TeamMember[]; pagination: Pagination }> {
      const { level } = query;
      const [node, rows, levelCount] = await Promise.all([
        ownNode(userId),
        repo.listTeamMembers(db, userId, level, pageOf(query)),
        level !== undefined && level > 1 ? repo.countTeamLevel(db, userId, level) : null,
      ]);
      const total = level === undefined ? node.teamSize : level === 1 ? node.directCount : (levelCount ?? 0);
      return { members: rows.map(toMember(node.depth)), pagination: paginationOf(query, total) };
    },

    /** The top inviters (masked) and the caller's rank, null until they have a charged direct referral. */
    async ranking(userId: number) {
      const [node, top] = await Promise.all([
        ownNode(userId),
        repo.topByChargedDirect(db, TEAM_RANKING_SIZE),
      ]);
      const myRank =
        node.chargedDirect > 0
          ? (await repo.countRankedBefore(db, {
              userId,
              chargedDirect: node.chargedDirect,
              chargedTeam: node.chargedTeam,
            })) + 1
          : null;
      return {
        ranking: top.map((row, i) => ({
          rank: i + 1,
          email: maskEmail(row.email),
          directReferrals: row.directCount,
          chargedDirectReferrals: row.chargedDirect,
          teamMembers: row.teamSize,
          isMe: row.userId === userId,
        })),
        myRank,
      };
    },

    /**
     * The registration link of the caller's code: under PUBLIC_URL when configured, else the path
     * alone (`/register?invite=CODE`), which the web app puts under its own origin.
     */
    inviteLink(inviteCode: string, publicUrl: string | undefined) {
      const base = (publicUrl ?? '').replace(/\/+$/, '');
      const query = new URLSearchParams({ [INVITE_QUERY_PARAM]: inviteCode });
      return { inviteCode, inviteLink: `${base}/register?${query}` };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
