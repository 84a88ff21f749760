import { REWARD_TIERS, TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { parseCount, queryRows } from '../../../db/rows.ts';

export interface RewardCalculation {
  /** Users whose charged counts reach at least L1: the ones examined. */
  calculatedUsers: number;
  /** Pending rewards created by this run. */
  newRewards: number;
}

const lowest = REWARD_TIERS.reduce(
  (min, tier) => ({ direct: Math.min(min.direct, tier.direct), team: Math.min(min.team, tier.team) }),
  { direct: Number.POSITIVE_INFINITY, team: Number.POSITIVE_INFINITY },
);
if (lowest.direct < 1) throw new Error('every reward tier needs at least one charged direct referral');

/** The lowest tier (L1), whose requirements select the users the calculation examines. */
export const LOWEST_REWARD_TIER = lowest;

/**
 * Finds the reward tiers reached (on charged counts, contracts/team.ts) and creates a pending
 * reward for each one that has none yet: one statement, idempotent by the unique (user, tier) key,
 * so a rerun, or two runs at once, never create a reward twice. Without `userId` it examines
 * every user who reaches L1 (the partial index on charged_direct finds them without a scan); with
 * it, only that user (POST /api/team/update-stats).
 *
 * A reward once created stays: counts that fall later (they never do, deposits are not undone)
 * would not take it back.
 *
 * `charged_direct > 0` is spelled out so that the planner matches the partial index
 * team_nodes_charged_direct_idx whatever the parameters; rows are inserted in (user, tier) order so
 * that two runs at once queue on the same keys in the same order instead of deadlocking.
 */
export async function calculateRewards(
  exec: Executor,
  scope: { userId?: number } = {},
): Promise<RewardCalculation> {
  const onlyUser = scope.userId === undefined ? sql`` : sql`AND user_id = ${scope.userId}`;
  const levels = REWARD_TIERS.map((t) => t.level);
  const directs = REWARD_TIERS.map((t) => t.direct);
  const teams = REWARD_TIERS.map((t) => t.team);
  const rewards = REWARD_TIERS.map((t) => t.reward);
  const [row] = await queryRows<{ users: unknown; created: unknown }>(
    exec,
    sql`
      WITH candidates AS (
        SELECT user_id, charged_direct, charged_team FROM team_nodes
         WHERE charged_direct > 0 AND charged_direct >= ${lowest.direct} AND charged_team >= ${lowest.team}
           ${onlyUser}
      ),
      tiers AS (
        SELECT * FROM unnest(${sql.param(levels)}::int[], ${sql.param(directs)}::int[], ${sql.param(teams)}::int[], ${sql.param(rewards)}::numeric[])
          AS t(level, direct, team, reward)
      ),
      created AS (
        INSERT INTO team_rewards (user_id, tier, amount, currency, direct_count, team_size)
        SELECT c.user_id, t.level, t.reward, ${TEAM_REWARD_CURRENCY}, c.charged_direct, c.charged_team
          FROM candidates c JOIN tiers t ON c.charged_direct >= t.direct AND c.charged_team >= t.team
         ORDER BY c.user_id, t.level
        ON CONFLICT (user_id, tier) DO NOTHING
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM candidates)::int AS users, (SELECT count(*) FROM created)::int AS created`,
  );
  return { calculatedUsers: parseCount(row?.users), newRewards: parseCount(row?.created) };
}
