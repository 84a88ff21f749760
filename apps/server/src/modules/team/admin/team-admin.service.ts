import {
  type AdminTeamStats,
  RECENT_INVITES_LIMIT,
  REWARD_TIERS,
  TEAM_GROWTH_DAYS,
  TOP_INVITERS_LIMIT,
} from '@platform/contracts';
import { growthPercent, toBeijing } from '@platform/domain';
import { Decimal, decimalFromDb, formatNormalised } from '../../../core/money.ts';
import type { Db } from '../../../db/client.ts';
import { countOf, readCounters, readCountersByPrefix } from '../../stats/counters.ts';
import * as repo from './team-admin.repository.ts';

const LEVEL_PREFIX = 'team.level.';
const dayCounter = (date: string) => `team.invited.day.${date}`;

/**
 * The last TEAM_GROWTH_DAYS Beijing calendar days up to today, oldest first, preceded by the day
 * before them (the first day's growth is measured against it).
 */
export function growthDays(now: Date): string[] {
  const today = toBeijing(now);
  if (!today) throw new Error('the clock returned an invalid time');
  return Array.from({ length: TEAM_GROWTH_DAYS + 1 }, (_, i) =>
    today.subtract(TEAM_GROWTH_DAYS - i, 'day').format('YYYY-MM-DD'),
  );
}

/**
 * The admin's team overview (contracts/team-admin.ts adminTeamStats). Every count is a running
 * total of stat_counters (migration 0012), so the call costs the same at ten users or a million;
 * see team-admin.repository.ts for the few index reads it makes. Read-only, nothing audited.
 */
export function createTeamAdminService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async stats(): Promise<AdminTeamStats> {
      const days = growthDays(now());
      const today = days[days.length - 1] as string;
      const [counters, levels, rewards, top, recent] = await Promise.all([
        readCounters(db, [
          'users.total',
          'team.invited',
          'team.inviters',
          'team.root_inviters',
          ...days.map(dayCounter),
        ]),
        readCountersByPrefix(db, LEVEL_PREFIX),
        repo.rewardGroups(db),
        repo.topInviters(db, TOP_INVITERS_LIMIT),
        repo.recentInvites(db, RECENT_INVITES_LIMIT),
      ]);
      const count = (name: string) => countOf(counters[name] ?? '0');

      const levelDistribution: Record<string, number> = {};
      let maxLevel = 0;
      for (const [name, value] of Object.entries(levels)) {
        const level = Number.parseInt(name.slice(LEVEL_PREFIX.length), 10);
        const users = countOf(value);
        // A level emptied by deleted accounts keeps its counter at 0: it is not a level any more.
        if (!Number.isSafeInteger(level) || users === 0) continue;
        levelDistribution[String(level)] = users;
        maxLevel = Math.max(maxLevel, level);
      }

      const rewardLevels = REWARD_TIERS.map(() => 0);
      let rewardCount = 0;
      let pendingCount = 0;
      let pending = new Decimal(0);
      let distributed = new Decimal(0);
      for (const group of rewards) {
        const amount = decimalFromDb(group.amount);
        rewardCount += group.count;
        if (group.tier >= 1 && group.tier <= rewardLevels.length) {
          rewardLevels[group.tier - 1] = (rewardLevels[group.tier - 1] ?? 0) + group.count;
        }
        if (group.status === 'pending') {
          pendingCount += group.count;
          pending = pending.plus(amount);
        } else {
          distributed = distributed.plus(amount);
        }
      }

      const invited = count('team.invited');
      return {
        totalMembers: count('users.total'),
        directReferrals: invited,
        // The invited, plus the inviters at the top of a tree (every other inviter is invited too).
        teamMembers: invited + count('team.root_inviters'),
        totalRewards: rewardCount,
        pendingRewards: pendingCount,
        rewardAmounts: {
          total: formatNormalised(pending.plus(distributed)),
          pending: formatNormalised(pending),
          distributed: formatNormalised(distributed),
        },
        todayInvites: count(dayCounter(today)),
        activeInviters: count('team.inviters'),
        maxLevel,
        rewardLevels,
        levelDistribution,
        topInviters: top.map((row) => ({
          email: row.email,
          user_id: row.userId,
          inviteCount: row.directCount,
          totalReward: formatNormalised(decimalFromDb(row.totalReward)),
        })),
        teamGrowth: days.slice(1).map((date, i) => {
          const newMembers = count(dayCounter(date));
          return {
            date,
            newMembers,
            growth: growthPercent(newMembers, count(dayCounter(days[i] as string))),
          };
        }),
        recentInvites: recent.map((row) => ({
          inviter_email: row.inviterEmail,
          invitee_email: row.inviteeEmail,
          created_at: row.joinedAt.toISOString(),
          invite_code: row.inviteCode,
        })),
      };
    },
  };
}

export type TeamAdminService = ReturnType<typeof createTeamAdminService>;
