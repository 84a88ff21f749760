import {
  type AdminRewardStats,
  calculateRewards as calculateRewardsEndpoint,
  DEFAULT_PAGE_SIZE,
  distributeRewards as distributeRewardsEndpoint,
  type EndpointData,
  listAdminRewards,
  type RewardsDistributeBody,
  rewardsDistributeBody,
  type TeamReward,
  type TeamRewardStatus,
  teamRewardStatuses,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { call } from '../../../lib/request.ts';

export type { AdminRewardStats, TeamReward };

export type AdminRewardsData = EndpointData<typeof listAdminRewards>;
export type RewardsCalculateResult = EndpointData<typeof calculateRewardsEndpoint>;
export type RewardsDistributeResult = EndpointData<typeof distributeRewardsEndpoint>;

/** The list's filters as the address holds them (?status=pending&page=2); 'all' is no filter. */
export interface RewardFilters {
  status: TeamRewardStatus | 'all';
  page: number;
}

/** The status filter's options in order (labelled by the page: team.rewards.all / .status). */
export const REWARD_STATUS_FILTERS: RewardFilters['status'][] = ['all', ...teamRewardStatuses];

/** The list's address: ?status=pending&page=2 (adminRewardsQuery); anything else reads as 全部, page 1. */
export const REWARD_LIST_PARAMS = {
  status: param.oneOf(REWARD_STATUS_FILTERS, 'all'),
  page: param.page(),
};

export const REWARDS_QUERY_ROOT = ['admin', 'team', 'rewards'] as const;
export const rewardsQueryKey = (filters: RewardFilters) => [...REWARDS_QUERY_ROOT, filters] as const;

/** GET /api/admin/team/rewards: page, limit 20, status (left out for 全部). */
export async function fetchRewards(filters: RewardFilters, signal?: AbortSignal): Promise<AdminRewardsData> {
  const reply = await call(listAdminRewards, {
    query: {
      page: filters.page,
      limit: DEFAULT_PAGE_SIZE,
      status: filters.status === 'all' ? undefined : filters.status,
    },
    signal,
  });
  return reply.data;
}

/** POST /api/admin/team/rewards/calculate (no body): pending rewards for every tier newly reached. */
export async function calculateRewards(): Promise<RewardsCalculateResult> {
  const reply = await call(calculateRewardsEndpoint);
  return reply.data;
}

/** POST /api/admin/team/rewards/distribute {rewardIds}: credits the given pending rewards. */
export async function distributeRewards(
  rewardIds: readonly number[],
  idempotencyKey: string,
): Promise<RewardsDistributeResult> {
  // The contract checks the body first (1 to 500 ids), so a bad one never leaves.
  const body: RewardsDistributeBody = rewardsDistributeBody.parse({ rewardIds: [...rewardIds] });
  const reply = await call(distributeRewardsEndpoint, { body, idempotencyKey });
  return reply.data;
}
