import {
  REWARD_TIERS,
  type RewardTier,
  SALARY_FIRST_YEAR,
  SALARY_PAYOUT_DAYS,
  type SalaryLevel,
} from '@platform/contracts';
import { Decimal } from './money.ts';
import { formatDate } from './time.ts';

/**
 * The team programme's rules (contracts/team.ts), shared by the server and the screens. Counts
 * are always the *charged* ones: members whose deposit has been approved.
 */
export interface ChargedCounts {
  chargedDirect: number;
  chargedTeam: number;
}

const meets = (c: ChargedCounts, need: { direct: number; team: number }) =>
  c.chargedDirect >= need.direct && c.chargedTeam >= need.team;

/** Every reward tier the counts reach (tiers rise on both requirements, so this is L1..Ln). */
export function tiersReached(
  counts: ChargedCounts,
  tiers: readonly RewardTier[] = REWARD_TIERS,
): RewardTier[] {
  return tiers.filter((tier) => meets(counts, tier));
}

/** The highest tier level reached, 0 for none. */
export function highestTier(counts: ChargedCounts, tiers: readonly RewardTier[] = REWARD_TIERS): number {
  return tiersReached(counts, tiers).reduce((top, tier) => Math.max(top, tier.level), 0);
}

/** The lowest tier not reached yet, with how many charged direct referrals and team members are missing. */
export function nextTier(
  counts: ChargedCounts,
  tiers: readonly RewardTier[] = REWARD_TIERS,
): (RewardTier & { missingDirect: number; missingTeam: number }) | null {
  const next = tiers.find((tier) => !meets(counts, tier));
  if (!next) return null;
  return {
    ...next,
    missingDirect: Math.max(0, next.direct - counts.chargedDirect),
    missingTeam: Math.max(0, next.team - counts.chargedTeam),
  };
}

/** The highest salary level the counts reach, or null. */
export function salaryLevelFor(counts: ChargedCounts, levels: readonly SalaryLevel[]): SalaryLevel | null {
  let best: SalaryLevel | null = null;
  for (const level of levels) if (meets(counts, level) && (!best || level.level > best.level)) best = level;
  return best;
}

/** charged / total in percent with 2 decimals; 0 for an empty team. */
export function conversionRate(charged: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((charged / total) * 10_000) / 100;
}

/** Day-over-day growth in percent with one decimal; null when the day before had none. */
export function growthPercent(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const POSITIVE_AMOUNT = /^\d+(\.\d{1,8})?$/;
/** A salary this large is a typing mistake, not a salary. */
const MAX_SALARY_AMOUNT = new Decimal('1e12');

/**
 * Why a salary table cannot be saved, or null when it can: levels numbered 1..n in order, level 1
 * needing at least one charged direct referral, requirements never falling and rising on at least one count from one level to the next, amounts
 * positive (at most 8 decimals) and never falling.
 */
export function salaryLevelsProblem(levels: readonly SalaryLevel[]): string | null {
  if (levels.length === 0) return '至少需要一个工资等级';
  // Candidates are found among users with a charged direct referral (a partial index on the server).
  if ((levels[0]?.direct ?? 0) < 1) return '等级 1 至少需要 1 个直推充值用户';
  for (const [i, level] of levels.entries()) {
    if (level.level !== i + 1) return '工资等级须从 1 开始连续编号';
    const amount = POSITIVE_AMOUNT.test(level.amount) ? new Decimal(level.amount) : null;
    if (!amount || amount.lte(0)) {
      return `等级 ${level.level} 的工资金额须为大于 0 的数字（最多 8 位小数）`;
    }
    if (amount.gte(MAX_SALARY_AMOUNT)) return `等级 ${level.level} 的工资金额过大`;
    const prev = levels[i - 1];
    if (!prev) continue;
    if (level.direct < prev.direct || level.team < prev.team) {
      return `等级 ${level.level} 的直推或团队要求不能低于等级 ${prev.level}`;
    }
    if (level.direct === prev.direct && level.team === prev.team) {
      return `等级 ${level.level} 的要求须高于等级 ${prev.level}`;
    }
    if (amount.lt(prev.amount)) {
      return `等级 ${level.level} 的工资金额不能低于等级 ${prev.level}`;
    }
  }
  return null;
}

/** Whether (year, month, day) is a payout date: day 1, 11 or 21 of a real month. */
export function isPayoutDay(day: number): boolean {
  return (SALARY_PAYOUT_DAYS as readonly number[]).includes(day);
}

/** The latest payout date on or before the Beijing calendar date `today` (YYYY-MM-DD). */
export function latestPayoutDate(today: string): { year: number; month: number; day: number } {
  const [y, m, d] = today.split('-').map((part) => Number.parseInt(part, 10)) as [number, number, number];
  const day = [...SALARY_PAYOUT_DAYS].reverse().find((p) => p <= d) ?? 1;
  return { year: y, month: m, day };
}

/**
 * The payout years the salary screen offers and the server accepts, oldest first: from
 * SALARY_FIRST_YEAR (or the year of the earliest payout on record, when that is older) to the
 * current year in Beijing at `now`.
 */
export function salaryPayoutYears(now: Date, earliestPayoutYear?: number | null): number[] {
  const first = Math.min(SALARY_FIRST_YEAR, earliestPayoutYear ?? SALARY_FIRST_YEAR);
  const current = Number.parseInt(formatDate(now).slice(0, 4), 10);
  const last = Number.isSafeInteger(current) ? Math.max(first, current) : first;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * The instant a payout date's eligibility is taken at: the start of that day in Beijing (00:00
 * Asia/Shanghai, which has no daylight saving time). The payout on the 11th pays the level the user
 * had when the 11th began: members registered before it, and of them those whose first deposit was
 * approved before it. The date is due from that same instant on, so what it pays can no longer change.
 */
export function salaryCutoff(payoutDate: string): Date {
  return new Date(`${payoutDate}T00:00:00+08:00`);
}
