import { z } from 'zod';
import { firstApproval, payoutApproval } from './approval-thresholds.ts';
import { endpoint } from './endpoint.ts';
import { kycStatus } from './enums.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageNumber, pageQuery, pagination } from './pagination.ts';
import { teamRewardStatus } from './team.ts';

/**
 * The admin's team screens (spec 001 §2 "Team overview", "Hierarchy", "Rewards", §3, §7):
 * GET /api/admin/team/stats, GET /api/admin/team/hierarchy (+ /children, search),
 * GET /api/admin/team/rewards, POST /api/admin/team/rewards/calculate,
 * POST /api/admin/team/rewards/distribute. Vocabulary (tree, charged, tiers) in team.ts.
 *
 * A *level* (layer) is a depth in the tree shown from 1: users who registered without an invite
 * code are on level 1, their direct referrals on level 2, and so on (the hierarchy's L(depth+1)).
 * "today" is the Beijing calendar day.
 */

/** The overview reloads silently every 120 s (spec 001 §9). */
export const TEAM_OVERVIEW_REFRESH_MS = 120_000;
export const TOP_INVITERS_LIMIT = 5;
export const RECENT_INVITES_LIMIT = 8;
export const TEAM_GROWTH_DAYS = 7;

export const ADMIN_TEAM_TEXTS = {
  statsLoaded: '获取团队概览成功',
  statsLoadFailed: '获取团队概览失败',
  hierarchyLoaded: '获取团队层级成功',
  hierarchyLoadFailed: '获取团队层级数据失败',
  rewardsLoaded: '获取奖励记录成功',
  rewardsLoadFailed: '获取奖励记录失败',
  recalculated: '奖励重新计算完成',
  recalculateConfirm: '确定要重新计算所有用户的团队奖励吗？',
  distributed: '奖励发放成功',
  distributeConfirm: '确定发放选中的奖励吗？发放后将计入用户可用余额。',
  nothingToDistribute: '没有可发放的奖励',
} as const;

export const adminTeamStats = z.object({
  /** Every account (as the dashboard's total users). */
  totalMembers: z.number().int(),
  /** Users who registered with an invite code: each is somebody's direct referral. */
  directReferrals: z.number().int(),
  /** Users in a team of at least two: the invited plus the inviters who were not invited themselves. */
  teamMembers: z.number().int(),
  /** Reward records of every status, their count; amounts in rewardAmounts. */
  totalRewards: z.number().int(),
  /** Reward records waiting to be distributed, their count. */
  pendingRewards: z.number().int(),
  rewardAmounts: z.object({ total: decimalString, pending: decimalString, distributed: decimalString }),
  /** Invited registrations today. */
  todayInvites: z.number().int(),
  /** Users who have invited at least one user. */
  activeInviters: z.number().int(),
  /** The deepest level (L) of any tree; 0 when there are no users. */
  maxLevel: z.number().int(),
  /** rewardLevels[i]: users who reached tier L(i+1) (reward records of that tier, any status); 10 entries. */
  rewardLevels: z.array(z.number().int()),
  /** Level (as a string key, "1", "2", ...) to the number of users on it. */
  levelDistribution: z.record(z.string(), z.number().int()),
  topInviters: z.array(
    z.object({
      email: z.string(),
      user_id: z.number().int(),
      inviteCount: z.number().int(),
      /** USDT of the user's reward records (any status). */
      totalReward: decimalString,
    }),
  ),
  /** The last 7 Beijing days, oldest first. growth: percent against the day before; null when that day had none. */
  teamGrowth: z.array(
    z.object({ date: z.string(), newMembers: z.number().int(), growth: z.number().nullable() }),
  ),
  recentInvites: z.array(
    z.object({
      inviter_email: z.string(),
      invitee_email: z.string(),
      created_at: isoDateTime,
      invite_code: z.string(),
    }),
  ),
});
export type AdminTeamStats = z.infer<typeof adminTeamStats>;
export const adminTeamStatsReply = envelope(adminTeamStats);

/** A node of the hierarchy (spec 001 §3), with `children` loaded to the depth asked for. */
export interface HierarchyNode {
  id: number;
  email: string;
  phone: string | null;
  kyc_status: z.infer<typeof kycStatus>;
  is_deposited: boolean;
  direct_referrals: number;
  team_size: number;
  /** Σ approved deposits in USDT. */
  total_deposit: string;
  created_at: string;
  invite_code: string;
  /** 0 for a top-level user; the screen shows L(depth+1). */
  depth: number;
  /** Loaded children (at most HIERARCHY_CHILDREN_LIMIT, newest first); fewer than direct_referrals means more can be fetched. */
  children: HierarchyNode[];
}
/**
 * Named (its meta id) because it is recursive: the OpenAPI document refers to it as a component,
 * which unnamed it would not write (the zod transform would point at a missing `schema0`).
 */
export const hierarchyNode: z.ZodType<HierarchyNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      email: z.string(),
      phone: z.string().nullable(),
      kyc_status: kycStatus,
      is_deposited: z.boolean(),
      direct_referrals: z.number().int(),
      team_size: z.number().int(),
      total_deposit: decimalString,
      created_at: isoDateTime,
      invite_code: z.string(),
      depth: z.number().int(),
      children: z.array(hierarchyNode),
    }),
  )
  .meta({ id: 'HierarchyNode' });

/** Children loaded per node and per call; a node with more is paged through /children. */
export const HIERARCHY_CHILDREN_LIMIT = 50;
/**
 * How many levels below each top-level user the page call nests by default, as the screen asks (it
 * loads deeper ones on demand): two levels of the biggest teams would be up to 20 × 50 × 50 nodes.
 */
export const HIERARCHY_DEFAULT_DEPTH = 1;
export const HIERARCHY_MAX_DEPTH = 4;

/**
 * GET /api/admin/team/hierarchy: one page of top-level users (biggest team first, then newest), each with its
 * descendants nested `depth` levels deep. With `search` (e-mail or phone prefix, case-insensitive,
 * at least 2 characters) it answers the matching users at any level instead, each with the path
 * from its top-level user (`paths`), so that a member deep in a big tree is found without loading it.
 */
export const hierarchyQuery = pageQuery.extend({
  search: z.string().trim().min(2).max(100).optional(),
  depth: z.coerce.number().int().min(0).max(HIERARCHY_MAX_DEPTH).default(HIERARCHY_DEFAULT_DEPTH),
});
export type HierarchyQuery = z.infer<typeof hierarchyQuery>;
export const hierarchyPathEntry = z.object({
  id: z.number().int(),
  email: z.string(),
  depth: z.number().int(),
});
export const hierarchyReply = envelope(
  z.object({
    hierarchy: z.array(hierarchyNode),
    pagination,
    /** All top-level users (without a search), or all matches (with one). */
    totalTopLevel: z.number().int(),
    /** With a search: node id to its ancestors from the top-level user down to the parent. */
    paths: z.record(z.string(), z.array(hierarchyPathEntry)).optional(),
  }),
);

/** GET /api/admin/team/hierarchy/{id}/children: one page of a node's direct referrals, each nested `depth` levels. */
export const hierarchyChildrenQuery = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(HIERARCHY_CHILDREN_LIMIT).default(HIERARCHY_CHILDREN_LIMIT),
  depth: z.coerce.number().int().min(0).max(HIERARCHY_MAX_DEPTH).default(0),
});
export const hierarchyChildrenReply = envelope(z.object({ children: z.array(hierarchyNode), pagination }));

/** A reward record: one per user and tier reached. */
export const teamReward = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  tier: z.number().int(),
  amount: decimalString,
  currency: z.string(),
  /** The user's charged counts when the tier was found reached. */
  direct_count: z.number().int(),
  team_size: z.number().int(),
  status: teamRewardStatus,
  created_at: isoDateTime,
  distributed_at: isoDateTime.nullable(),
  distributed_by: z.string().nullable(),
  /** 待复核: a pending first approval of a distribution that includes this reward. */
  first_approval: firstApproval.nullable(),
});
export type TeamReward = z.infer<typeof teamReward>;

/** GET /api/admin/team/rewards (page, limit=20, status omitted for all) */
export const adminRewardsQuery = pageQuery.extend({ status: teamRewardStatus.optional() });
export type AdminRewardsQuery = z.infer<typeof adminRewardsQuery>;
export const adminRewardStats = z.object({
  /** Reward records (counts) of every status, pending and distributed. */
  totalRewards: z.number().int(),
  pendingRewards: z.number().int(),
  distributedRewards: z.number().int(),
  /**
   * Users whose charged counts reach at least L1 now (the users the recalculation examines, its
   * calculatedUsers), whether or not their reward records exist yet.
   */
  eligibleUsers: z.number().int(),
  amounts: z.object({ total: decimalString, pending: decimalString, distributed: decimalString }),
});
export type AdminRewardStats = z.infer<typeof adminRewardStats>;
export const adminRewardsReply = envelope(
  z.object({ rewards: z.array(teamReward), pagination, stats: adminRewardStats }),
);

/** POST /api/admin/team/rewards/calculate (no body) */
export const rewardsCalculateReply = envelope(
  z.object({
    /** Users whose charged counts reach at least L1 (those the calculation examined). */
    calculatedUsers: z.number().int(),
    /** Pending rewards created now (0 on a rerun with nothing new). */
    newRewards: z.number().int(),
  }),
);

/** POST /api/admin/team/rewards/distribute: the given pending rewards (at most 500) are credited. */
export const MAX_REWARDS_PER_DISTRIBUTION = 500;
export const rewardsDistributeBody = z.object({
  rewardIds: z
    .array(z.number().int().positive())
    .min(1, '请选择要发放的奖励')
    .max(MAX_REWARDS_PER_DISTRIBUTION),
});
export type RewardsDistributeBody = z.infer<typeof rewardsDistributeBody>;
export const rewardsDistributeReply = envelope(
  z.object({
    /** Rewards credited now. */
    distributed: z.number().int(),
    /** Ids that were not pending (already distributed by someone else, or unknown). */
    skipped: z.array(z.number().int()),
    amount: decimalString,
    /**
     * Set when the distribution's total is at or above the payout threshold and this call recorded
     * the first approval: nothing is credited (distributed 0) until a different admin distributes
     * the same rewards.
     */
    awaitingSecondApproval: payoutApproval.nullable(),
  }),
);

export const getAdminTeamStats = endpoint({
  method: 'GET',
  path: '/api/admin/team/stats',
  operationId: 'getAdminTeamStats',
  summary: '团队统计（管理）',
  description: 'Team statistics (admin).',
  reply: adminTeamStatsReply,
});
export const getTeamHierarchy = endpoint({
  method: 'GET',
  path: '/api/admin/team/hierarchy',
  operationId: 'getTeamHierarchy',
  summary: '团队层级',
  description: 'The team hierarchy.',
  query: hierarchyQuery,
  reply: hierarchyReply,
});
export const listHierarchyChildren = endpoint({
  method: 'GET',
  path: '/api/admin/team/hierarchy/:id/children',
  operationId: 'listHierarchyChildren',
  summary: '团队层级的下级',
  description: 'The direct members under one member of the team hierarchy.',
  params: idParams,
  query: hierarchyChildrenQuery,
  reply: hierarchyChildrenReply,
});
export const listAdminRewards = endpoint({
  method: 'GET',
  path: '/api/admin/team/rewards',
  operationId: 'listAdminRewards',
  summary: '团队奖励列表',
  description: 'Team rewards.',
  query: adminRewardsQuery,
  reply: adminRewardsReply,
});
export const calculateRewards = endpoint({
  method: 'POST',
  path: '/api/admin/team/rewards/calculate',
  operationId: 'calculateRewards',
  summary: '计算团队奖励',
  description: 'Calculates team rewards for a period.',
  reply: rewardsCalculateReply,
});
export const distributeRewards = endpoint({
  method: 'POST',
  path: '/api/admin/team/rewards/distribute',
  operationId: 'distributeRewards',
  summary: '发放团队奖励',
  description: 'Pays out calculated team rewards.',
  body: rewardsDistributeBody,
  reply: rewardsDistributeReply,
});
