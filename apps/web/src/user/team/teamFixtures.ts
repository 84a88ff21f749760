import { DEFAULT_SALARY_LEVELS, REWARD_TIERS, SALARY_PAYOUT_DAYS } from '@platform/contracts';
import type { InviteLink, TeamConfig, TeamMember, TeamRanking, TeamStats } from './teamApi.ts';

/** Replies of the team calls for the web tests, shaped by the contracts. */
export function makeStats(overrides: Partial<TeamStats> = {}): TeamStats {
  return {
    inviteCode: 'ABC123',
    inviter: 'bo***@example.com',
    directReferrals: 0,
    chargedDirectReferrals: 0,
    teamMembers: 0,
    chargedTeamMembers: 0,
    currentTier: 0,
    nextTier: null,
    salaryLevel: 0,
    salaryAmount: '0',
    rewards: { pendingAmount: '0', distributedAmount: '0', items: [] },
    salary: { totalPaid: '0', recent: [] },
    ...overrides,
  };
}

export const teamConfig: TeamConfig = {
  rewardTiers: [...REWARD_TIERS],
  salaryLevels: [...DEFAULT_SALARY_LEVELS],
  payoutDays: [...SALARY_PAYOUT_DAYS],
  currency: 'USDT',
  countsChargedMembersOnly: true,
};

export const inviteLink: InviteLink = {
  inviteCode: 'ABC123',
  inviteLink: 'http://localhost/register?invite=ABC123',
};

export function makeMember(id: number, overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id,
    email: `m${id}***@example.com`,
    level: 1,
    is_deposited: false,
    kyc_verified: false,
    direct_referrals: 0,
    team_size: 0,
    joined_at: '2026-11-20T02:30:00.000Z',
    ...overrides,
  };
}

export const emptyRanking: TeamRanking = { ranking: [], myRank: null };

type RankingEntry = TeamRanking['ranking'][number];
export function rankingEntry(
  rank: number,
  email: string,
  overrides: Partial<RankingEntry> = {},
): RankingEntry {
  return {
    rank,
    email,
    directReferrals: 5,
    chargedDirectReferrals: 5,
    teamMembers: 10,
    isMe: false,
    ...overrides,
  };
}
