import { DEFAULT_SALARY_LEVELS, REWARD_TIERS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { makeStats } from './teamFixtures.ts';
import { nextSalaryProgress, nextTierProgress, requirement, tierRows } from './teamProgress.ts';

describe('requirement', () => {
  it('measures a count against what is needed', () => {
    expect(requirement(3, 10)).toEqual({ have: 3, need: 10, missing: 7, percent: 30 });
    expect(requirement(10, 10)).toEqual({ have: 10, need: 10, missing: 0, percent: 100 });
    expect(requirement(12, 10)).toEqual({ have: 12, need: 10, missing: 0, percent: 100 });
    expect(requirement(0, 5).percent).toBe(0);
  });

  it('never shows a full bar for a requirement still missing one', () => {
    expect(requirement(999, 1000).percent).toBe(99);
    expect(requirement(29_999, 30_000)).toMatchObject({ missing: 1, percent: 99 });
    // Rounded down, not to the nearest: 2/3 is 66, not 67.
    expect(requirement(2, 3).percent).toBe(66);
  });

  it('treats a zero requirement as met', () => {
    expect(requirement(0, 0)).toEqual({ have: 0, need: 0, missing: 0, percent: 100 });
  });
});

describe('nextTierProgress', () => {
  it('starts at L1 with nothing charged', () => {
    expect(nextTierProgress({ chargedDirect: 0, chargedTeam: 0 }, REWARD_TIERS)).toEqual({
      level: 1,
      direct: { have: 0, need: 5, missing: 5, percent: 0 },
      team: { have: 0, need: 10, missing: 10, percent: 0 },
    });
  });

  it('needs both counts: enough direct referrals alone do not reach a tier', () => {
    const next = nextTierProgress({ chargedDirect: 7, chargedTeam: 9 }, REWARD_TIERS);
    expect(next?.level).toBe(1);
    expect(next?.direct).toMatchObject({ missing: 0, percent: 100 });
    expect(next?.team).toMatchObject({ missing: 1, percent: 90 });
  });

  it('moves to the tier after the ones reached and ends after L10', () => {
    expect(nextTierProgress({ chargedDirect: 5, chargedTeam: 10 }, REWARD_TIERS)?.level).toBe(2);
    expect(nextTierProgress({ chargedDirect: 10, chargedTeam: 40 }, REWARD_TIERS)).toMatchObject({
      level: 3,
      direct: { missing: 0 },
      team: { have: 40, need: 50, missing: 10, percent: 80 },
    });
    expect(nextTierProgress({ chargedDirect: 25, chargedTeam: 30_000 }, REWARD_TIERS)).toBeNull();
  });
});

describe('nextSalaryProgress', () => {
  it('aims at the level above the one reached, whatever order the table comes in', () => {
    const shuffled = [...DEFAULT_SALARY_LEVELS].reverse();
    expect(nextSalaryProgress({ chargedDirect: 0, chargedTeam: 0 }, shuffled)?.level).toBe(1);
    // L1 needs 3 / 10: reached; L2 needs 5 / 30.
    expect(nextSalaryProgress({ chargedDirect: 5, chargedTeam: 10 }, shuffled)).toMatchObject({
      level: 2,
      direct: { missing: 0 },
      team: { missing: 20 },
    });
  });

  it('is null at the top level and for an empty table', () => {
    expect(nextSalaryProgress({ chargedDirect: 30, chargedTeam: 3000 }, DEFAULT_SALARY_LEVELS)).toBeNull();
    expect(nextSalaryProgress({ chargedDirect: 1, chargedTeam: 1 }, [])).toBeNull();
  });
});

describe('tierRows', () => {
  it('marks tiers reached, the next one and the locked ones, with the rewards already created', () => {
    const stats = makeStats({
      chargedDirectReferrals: 10,
      chargedTeamMembers: 30,
      currentTier: 2,
      rewards: {
        pendingAmount: '58',
        distributedAmount: '18',
        items: [
          {
            tier: 1,
            amount: '18',
            status: 'distributed',
            created_at: '2026-01-01T00:00:00Z',
            distributed_at: null,
          },
          {
            tier: 2,
            amount: '58',
            status: 'pending',
            created_at: '2026-01-01T00:00:00Z',
            distributed_at: null,
          },
        ],
      },
    });
    const rows = tierRows(stats, REWARD_TIERS);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.state)).toEqual([
      'reached',
      'reached',
      'next',
      ...Array.from({ length: 7 }, () => 'locked'),
    ]);
    expect(rows[0]?.rewardStatus).toBe('distributed');
    expect(rows[1]?.rewardStatus).toBe('pending');
    expect(rows[2]?.rewardStatus).toBeUndefined();
  });

  it('has no next tier once all ten are reached', () => {
    const stats = makeStats({ chargedDirectReferrals: 25, chargedTeamMembers: 30_000, currentTier: 10 });
    expect(tierRows(stats, REWARD_TIERS).every((r) => r.state === 'reached')).toBe(true);
  });
});
