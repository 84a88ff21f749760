import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { pageQuery, pagination } from './pagination.ts';

/**
 * The team (referral) programme, shared by the user calls (spec 001 §7: GET /api/team/config,
 * /team/stats, /team/referrals, /team/members, /team/ranking, /team/invite-link,
 * POST /team/update-stats) and the admin screens (team-admin.ts, team-salary.ts).
 *
 * Vocabulary used everywhere below:
 * - the tree: a user who registers with an invite code is placed under the code's owner. A
 *   user's *direct referrals* are the users directly under them (level 1 of their team); their
 *   *team* is everyone under them at any depth (levels 1, 2, ...).
 * - *charged*: a member counts as charged once a deposit of theirs has been approved (spec 001:
 *   chargedDirectReferrals, chargedTeamMembers, is_deposited).
 * - reward tiers and salary levels are reached on **charged** counts: an account that never
 *   deposited does not earn its inviter money (otherwise ten empty registrations would pay L1).
 */

/** One reward tier of spec 001 §9: reached with `direct` charged direct referrals and a charged team of `team`. */
export const rewardTier = z.object({
  level: z.number().int().min(1).max(10),
  direct: z.number().int(),
  team: z.number().int(),
  /** USDT paid once when the tier is reached. */
  reward: decimalString,
});
export type RewardTier = z.infer<typeof rewardTier>;

/** The reward tiers L1 to L10, exactly as spec 001 §9 gives them (direct / team / reward USDT). */
export const REWARD_TIERS: readonly RewardTier[] = [
  { level: 1, direct: 5, team: 10, reward: '18' },
  { level: 2, direct: 5, team: 30, reward: '58' },
  { level: 3, direct: 10, team: 50, reward: '88' },
  { level: 4, direct: 10, team: 100, reward: '188' },
  { level: 5, direct: 15, team: 500, reward: '388' },
  { level: 6, direct: 15, team: 1000, reward: '588' },
  { level: 7, direct: 20, team: 3000, reward: '1888' },
  { level: 8, direct: 20, team: 5000, reward: '2888' },
  { level: 9, direct: 25, team: 10000, reward: '5888' },
  { level: 10, direct: 25, team: 30000, reward: '8888' },
];
export const TEAM_REWARD_CURRENCY = 'USDT';

/**
 * One salary level: a user whose charged direct referrals reach `direct` and whose charged team
 * reaches `team` is paid `amount` USDT (to salary_balance) on each payout day. The spec does not
 * show the levels; DEFAULT_SALARY_LEVELS is the table a fresh platform starts with, and admins
 * edit it (PUT /api/admin/team-salary-management/levels, audited).
 */
export const salaryLevel = z.object({
  level: z.number().int().min(1).max(20),
  direct: z.number().int().min(0).max(1_000_000),
  team: z.number().int().min(0).max(10_000_000),
  amount: decimalString,
});
export type SalaryLevel = z.infer<typeof salaryLevel>;

export const DEFAULT_SALARY_LEVELS: readonly SalaryLevel[] = [
  { level: 1, direct: 3, team: 10, amount: '30' },
  { level: 2, direct: 5, team: 30, amount: '100' },
  { level: 3, direct: 10, team: 100, amount: '300' },
  { level: 4, direct: 15, team: 300, amount: '800' },
  { level: 5, direct: 20, team: 1000, amount: '2000' },
  { level: 6, direct: 30, team: 3000, amount: '5000' },
];
export const SALARY_CURRENCY = 'USDT';
/** Payout days of each month (spec 001 §9). */
export const SALARY_PAYOUT_DAYS = [1, 11, 21] as const;
/**
 * The first payout year the salary screen offers (spec 001 §9 lists 2024 to 2026). The years run
 * from it (or from the earliest payout on record, if that is older) to the current Beijing year:
 * salaryPayoutYears in packages/domain.
 */
export const SALARY_FIRST_YEAR = 2024;

/** The invite link's query parameter on the registration page: `/register?invite=CODE`. */
export const INVITE_QUERY_PARAM = 'invite';

// ---------------------------------------------------------------------------------------------
// User calls (bearer token; every call answers about the caller only)
// ---------------------------------------------------------------------------------------------

export const TEAM_TEXTS = {
  configLoaded: '获取团队配置成功',
  statsLoaded: '获取团队统计成功',
  statsUpdated: '团队数据已更新',
  referralsLoaded: '获取直推列表成功',
  membersLoaded: '获取团队成员成功',
  rankingLoaded: '获取排行榜成功',
  inviteLinkLoaded: '获取邀请链接成功',
} as const;

/** GET /api/team/config */
export const teamConfig = z.object({
  rewardTiers: z.array(rewardTier),
  salaryLevels: z.array(salaryLevel),
  payoutDays: z.array(z.number().int()),
  currency: z.string(),
  /** Always true: tiers and salary levels count charged members only (see the vocabulary above). */
  countsChargedMembersOnly: z.literal(true),
});
export type TeamConfig = z.infer<typeof teamConfig>;
export const teamConfigReply = envelope(teamConfig);

/** A reward of the caller's (one per tier reached). */
export const teamRewardStatuses = ['pending', 'distributed'] as const;
export const teamRewardStatus = z.enum(teamRewardStatuses);
export type TeamRewardStatus = z.infer<typeof teamRewardStatus>;
export const TEAM_REWARD_STATUS_LABELS: Record<TeamRewardStatus, string> = {
  pending: '待发放',
  distributed: '已发放',
};

/** GET /api/team/stats and POST /api/team/update-stats */
export const teamStats = z.object({
  inviteCode: z.string(),
  /** The inviter's masked e-mail, null for a user who registered without a code. */
  inviter: z.string().nullable(),
  directReferrals: z.number().int(),
  chargedDirectReferrals: z.number().int(),
  teamMembers: z.number().int(),
  chargedTeamMembers: z.number().int(),
  /** Highest reward tier reached (0: none) and the next one with what is still missing. */
  currentTier: z.number().int(),
  nextTier: rewardTier.extend({ missingDirect: z.number().int(), missingTeam: z.number().int() }).nullable(),
  /** Salary level the counts reach now (0: none) and its amount per payout day. */
  salaryLevel: z.number().int(),
  salaryAmount: decimalString,
  rewards: z.object({
    pendingAmount: decimalString,
    distributedAmount: decimalString,
    items: z.array(
      z.object({
        tier: z.number().int(),
        amount: decimalString,
        status: teamRewardStatus,
        created_at: isoDateTime,
        distributed_at: isoDateTime.nullable(),
      }),
    ),
  }),
  salary: z.object({
    totalPaid: decimalString,
    /** The last payouts, newest first (at most 12). */
    recent: z.array(
      z.object({
        payoutDate: z.string(),
        level: z.number().int(),
        amount: decimalString,
        paid_at: isoDateTime,
      }),
    ),
  }),
});
export type TeamStats = z.infer<typeof teamStats>;
export const teamStatsReply = envelope(teamStats);
/** POST /api/team/update-stats: rechecks the caller's tiers (pending rewards for new ones) and answers the stats. */
export const teamUpdateStatsReply = envelope(teamStats.extend({ newRewards: z.number().int() }));

/** A member as the caller sees them: e-mail masked, no phone. */
export const teamMember = z.object({
  id: z.number().int(),
  email: z.string(),
  /** 1 for a direct referral, 2 for theirs, ... */
  level: z.number().int(),
  is_deposited: z.boolean(),
  kyc_verified: z.boolean(),
  direct_referrals: z.number().int(),
  team_size: z.number().int(),
  joined_at: isoDateTime,
});
export type TeamMember = z.infer<typeof teamMember>;

/** GET /api/team/referrals: the caller's direct referrals, newest first. */
export const teamReferralsQuery = pageQuery;
export const teamReferralsReply = envelope(z.object({ referrals: z.array(teamMember), pagination }));

/** GET /api/team/members: the whole team or one level of it (level 1 = direct), newest first. */
export const teamMembersQuery = pageQuery.extend({
  level: z.coerce.number().int().min(1).max(1000).optional(),
});
export type TeamMembersQuery = z.infer<typeof teamMembersQuery>;
export const teamMembersReply = envelope(z.object({ members: z.array(teamMember), pagination }));

/** GET /api/team/ranking: the top inviters by charged direct referrals (then charged team, then the older account), and the caller's place. */
export const TEAM_RANKING_SIZE = 20;
export const teamRankingEntry = z.object({
  rank: z.number().int(),
  email: z.string(),
  directReferrals: z.number().int(),
  chargedDirectReferrals: z.number().int(),
  teamMembers: z.number().int(),
  isMe: z.boolean(),
});
export const teamRankingReply = envelope(
  z.object({
    ranking: z.array(teamRankingEntry),
    /** The caller's rank among users with at least one charged direct referral; null when none. */
    myRank: z.number().int().nullable(),
  }),
);

/** GET /api/team/invite-link */
export const inviteLinkReply = envelope(
  z.object({
    inviteCode: z.string(),
    /** `<PUBLIC_URL>/register?invite=<code>`, or without PUBLIC_URL the path alone (the app prefixes its origin). */
    inviteLink: z.string(),
  }),
);

/** Masks an e-mail for other users' eyes: `ab***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return `${email.slice(0, 2)}***`;
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

export const getTeamConfig = endpoint({
  method: 'GET',
  path: '/api/team/config',
  operationId: 'getTeamConfig',
  summary: '团队奖励规则',
  description: 'The team reward rules.',
  reply: teamConfigReply,
});
export const getTeamStats = endpoint({
  method: 'GET',
  path: '/api/team/stats',
  operationId: 'getTeamStats',
  summary: '我的团队统计',
  description: "The caller's team statistics.",
  reply: teamStatsReply,
});
export const updateTeamStats = endpoint({
  method: 'POST',
  path: '/api/team/update-stats',
  operationId: 'updateTeamStats',
  summary: '刷新我的团队统计',
  description: "Recalculates the caller's team statistics.",
  reply: teamUpdateStatsReply,
});
export const listReferrals = endpoint({
  method: 'GET',
  path: '/api/team/referrals',
  operationId: 'listReferrals',
  summary: '我的直推',
  description: "The caller's direct referrals.",
  query: teamReferralsQuery,
  reply: teamReferralsReply,
});
export const listTeamMembers = endpoint({
  method: 'GET',
  path: '/api/team/members',
  operationId: 'listTeamMembers',
  summary: '我的团队成员',
  description: "The caller's team members.",
  query: teamMembersQuery,
  reply: teamMembersReply,
});
export const getTeamRanking = endpoint({
  method: 'GET',
  path: '/api/team/ranking',
  operationId: 'getTeamRanking',
  summary: '团队排行',
  description: 'The team ranking.',
  reply: teamRankingReply,
});
export const getInviteLink = endpoint({
  method: 'GET',
  path: '/api/team/invite-link',
  operationId: 'getInviteLink',
  summary: '我的邀请链接',
  description: "The caller's invite link and code.",
  reply: inviteLinkReply,
});
