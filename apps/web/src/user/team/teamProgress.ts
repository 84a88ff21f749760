import type { RewardTier, SalaryLevel, TeamRewardStatus } from '@platform/contracts';
import { type ChargedCounts, nextTier, salaryLevelFor } from '@platform/domain';
import type { TeamStats } from './teamApi.ts';

/** How far one count is towards a requirement. */
export interface Requirement {
  have: number;
  need: number;
  missing: number;
  /** 0 to 100, rounded down: a bar shows 100 only when the requirement is met. */
  percent: number;
}

export function requirement(have: number, need: number): Requirement {
  const missing = Math.max(0, need - have);
  const percent = need <= 0 || missing === 0 ? 100 : Math.min(99, Math.floor((have * 100) / need));
  return { have, need, missing, percent: Math.max(0, percent) };
}

/** The next target (a reward tier or a salary level) and both counts measured against it. */
export interface TargetProgress {
  level: number;
  direct: Requirement;
  team: Requirement;
}

const progressTo = (counts: ChargedCounts, target: { level: number; direct: number; team: number }) => ({
  level: target.level,
  direct: requirement(counts.chargedDirect, target.direct),
  team: requirement(counts.chargedTeam, target.team),
});

/** Tiers and salary levels count charged members only (contracts/team.ts). */
export const chargedCounts = (stats: TeamStats): ChargedCounts => ({
  chargedDirect: stats.chargedDirectReferrals,
  chargedTeam: stats.chargedTeamMembers,
});

/** The lowest reward tier not reached yet with the progress towards it; null past the last one. */
export function nextTierProgress(counts: ChargedCounts, tiers: readonly RewardTier[]): TargetProgress | null {
  const next = nextTier(counts, tiers);
  return next ? progressTo(counts, next) : null;
}

/** The salary level above the one reached (levels rise on both counts); null at the top. */
export function nextSalaryProgress(
  counts: ChargedCounts,
  levels: readonly SalaryLevel[],
): TargetProgress | null {
  const current = salaryLevelFor(counts, levels)?.level ?? 0;
  const next = [...levels].sort((a, b) => a.level - b.level).find((level) => level.level > current);
  return next ? progressTo(counts, next) : null;
}

export type TierState = 'reached' | 'next' | 'locked';

export interface TierRow extends RewardTier {
  state: TierState;
  /** The reward of a reached tier once it exists (刷新 creates it); undefined before. */
  rewardStatus: TeamRewardStatus | undefined;
}

/** The tier table: each tier reached, the next one, or still locked, with its reward's status. */
export function tierRows(stats: TeamStats, tiers: readonly RewardTier[]): TierRow[] {
  const statusByTier = new Map(stats.rewards.items.map((item) => [item.tier, item.status]));
  const nextLevel = nextTier(chargedCounts(stats), tiers)?.level;
  return tiers.map((tier) => ({
    ...tier,
    state: tier.level <= stats.currentTier ? 'reached' : tier.level === nextLevel ? 'next' : 'locked',
    rewardStatus: statusByTier.get(tier.level),
  }));
}
