import { DEFAULT_SALARY_LEVELS, REWARD_TIERS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import {
  conversionRate,
  growthPercent,
  highestTier,
  latestPayoutDate,
  nextTier,
  salaryCutoff,
  salaryLevelFor,
  salaryLevelsProblem,
  salaryPayoutYears,
  tiersReached,
} from './team-rules.ts';

describe('reward tiers', () => {
  it('reaches a tier exactly at both thresholds and not one below either', () => {
    for (const tier of REWARD_TIERS) {
      expect(highestTier({ chargedDirect: tier.direct, chargedTeam: tier.team })).toBeGreaterThanOrEqual(
        tier.level,
      );
      expect(
        tiersReached({ chargedDirect: tier.direct - 1, chargedTeam: tier.team }).map((t) => t.level),
      ).not.toContain(tier.level);
      expect(
        tiersReached({ chargedDirect: tier.direct, chargedTeam: tier.team - 1 }).map((t) => t.level),
      ).not.toContain(tier.level);
    }
  });

  it('counts the spec table: 5 direct and 30 team is L2, 10/50 is L3, 25/30000 is L10', () => {
    expect(highestTier({ chargedDirect: 4, chargedTeam: 1000 })).toBe(0);
    expect(highestTier({ chargedDirect: 5, chargedTeam: 30 })).toBe(2);
    expect(highestTier({ chargedDirect: 9, chargedTeam: 100 })).toBe(2);
    expect(highestTier({ chargedDirect: 10, chargedTeam: 50 })).toBe(3);
    expect(highestTier({ chargedDirect: 25, chargedTeam: 30_000 })).toBe(10);
  });

  it('names the next tier with what is missing', () => {
    expect(nextTier({ chargedDirect: 3, chargedTeam: 12 })).toMatchObject({
      level: 1,
      missingDirect: 2,
      missingTeam: 0,
    });
    expect(nextTier({ chargedDirect: 25, chargedTeam: 30_000 })).toBeNull();
  });
});

describe('salary levels', () => {
  it('picks the highest level met on both counts', () => {
    expect(salaryLevelFor({ chargedDirect: 2, chargedTeam: 100 }, DEFAULT_SALARY_LEVELS)).toBeNull();
    expect(salaryLevelFor({ chargedDirect: 3, chargedTeam: 10 }, DEFAULT_SALARY_LEVELS)?.level).toBe(1);
    expect(salaryLevelFor({ chargedDirect: 10, chargedTeam: 99 }, DEFAULT_SALARY_LEVELS)?.level).toBe(2);
    expect(salaryLevelFor({ chargedDirect: 10, chargedTeam: 100 }, DEFAULT_SALARY_LEVELS)?.level).toBe(3);
  });

  it('accepts the default table and refuses broken ones with a reason', () => {
    expect(salaryLevelsProblem(DEFAULT_SALARY_LEVELS)).toBeNull();
    expect(salaryLevelsProblem([])).toMatch(/至少/);
    expect(salaryLevelsProblem([{ level: 2, direct: 1, team: 1, amount: '1' }])).toMatch(/连续/);
    expect(salaryLevelsProblem([{ level: 1, direct: 0, team: 5, amount: '1' }])).toMatch(/至少需要 1 个直推/);
    expect(salaryLevelsProblem([{ level: 1, direct: 1, team: 1, amount: '1000000000000' }])).toMatch(/过大/);
    expect(salaryLevelsProblem([{ level: 1, direct: 1, team: 1, amount: '0' }])).toMatch(/大于 0/);
    expect(
      salaryLevelsProblem([
        { level: 1, direct: 3, team: 10, amount: '30' },
        { level: 2, direct: 2, team: 30, amount: '100' },
      ]),
    ).toMatch(/不能低于/);
    expect(
      salaryLevelsProblem([
        { level: 1, direct: 3, team: 10, amount: '30' },
        { level: 2, direct: 3, team: 10, amount: '100' },
      ]),
    ).toMatch(/须高于/);
    expect(
      salaryLevelsProblem([
        { level: 1, direct: 3, team: 10, amount: '30' },
        { level: 2, direct: 5, team: 30, amount: '29.99' },
      ]),
    ).toMatch(/金额不能低于/);
  });
});

describe('percentages and dates', () => {
  it('rounds the conversion rate to 2 decimals and the growth to 1', () => {
    expect(conversionRate(1, 3)).toBe(33.33);
    expect(conversionRate(0, 0)).toBe(0);
    expect(growthPercent(3, 2)).toBe(50);
    expect(growthPercent(2, 3)).toBe(-33.3);
    expect(growthPercent(5, 0)).toBeNull();
  });

  it('finds the latest payout day on or before a date', () => {
    expect(latestPayoutDate('2026-11-21')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(latestPayoutDate('2026-11-20')).toEqual({ year: 2026, month: 11, day: 11 });
    expect(latestPayoutDate('2026-11-01')).toEqual({ year: 2026, month: 11, day: 1 });
  });

  it('offers the payout years from 2024 (or the earliest payout) to the current Beijing year', () => {
    expect(salaryPayoutYears(new Date('2026-11-25T00:00:00Z'))).toEqual([2024, 2025, 2026]);
    // 2027-01-01 00:00 in Beijing, still 2026 in UTC.
    expect(salaryPayoutYears(new Date('2026-12-31T16:00:00Z'))).toEqual([2024, 2025, 2026, 2027]);
    expect(salaryPayoutYears(new Date('2026-12-31T15:59:59Z'))).toEqual([2024, 2025, 2026]);
    expect(salaryPayoutYears(new Date('2031-06-01T00:00:00Z'))).toHaveLength(8);
    expect(salaryPayoutYears(new Date('2026-11-25T00:00:00Z'), 2022)).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(salaryPayoutYears(new Date('2026-11-25T00:00:00Z'), 2025)).toEqual([2024, 2025, 2026]);
    expect(salaryPayoutYears(new Date('2026-11-25T00:00:00Z'), null)).toEqual([2024, 2025, 2026]);
  });

  it('takes a payout date at the start of its Beijing day', () => {
    expect(salaryCutoff('2026-11-21').toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(salaryCutoff('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});
