import type { TeamRewardStatus } from '@platform/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../../db/rows.ts';
import { userDirectory } from '../../users/users.ts';
import { teamRewards } from '../team.schema.ts';

/**
 * SQL of the admin's reward screen (contracts/team-admin.ts). Raw results are cast in SQL (::int
 * counts, ::text ids and money) as everywhere else, because the two engines return different types.
 *
 * Index use (team.schema.ts): the list walks the primary key backwards (team_rewards_status_idx
 * (status, id) with a status); the pending rewards of a distribution are primary-key reads; users
 * reaching L1 are a range on the partial index team_nodes_charged_direct_idx.
 */

/** The user a reward is for. */
const rewarded = userDirectory('rewarded');
/** The admin who paid it out. */
const distributor = userDirectory('distributor');

export interface RewardListRow {
  id: number;
  userId: number;
  email: string;
  tier: number;
  amount: string;
  currency: string;
  directCount: number;
  teamSize: number;
  status: string;
  createdAt: Date;
  distributedAt: Date | null;
  distributedBy: string | null;
}

/** One page of reward records, newest first, with the user's and the distributing admin's e-mail. */
export async function listRewards(
  exec: Executor,
  filter: { status?: TeamRewardStatus | undefined; limit: number; offset: number },
): Promise<RewardListRow[]> {
  return exec
    .select({
      id: teamRewards.id,
      userId: teamRewards.userId,
      email: rewarded.email,
      tier: teamRewards.tier,
      amount: teamRewards.amount,
      currency: teamRewards.currency,
      directCount: teamRewards.directCount,
      teamSize: teamRewards.teamSize,
      status: teamRewards.status,
      createdAt: teamRewards.createdAt,
      distributedAt: teamRewards.distributedAt,
      distributedBy: distributor.email,
    })
    .from(teamRewards)
    .innerJoin(rewarded, eq(rewarded.id, teamRewards.userId))
    .leftJoin(distributor, eq(distributor.id, teamRewards.distributedBy))
    .where(filter.status ? eq(teamRewards.status, filter.status) : undefined)
    .orderBy(desc(teamRewards.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export interface RewardTotal {
  status: TeamRewardStatus;
  count: number;
  /** Σ amount, the database's text of a NUMERIC. */
  amount: string;
}

/**
 * Count and amount of the reward records per status: one pass over team_rewards, which holds at
 * most ten rows per user who reached L1 (far fewer than users).
 */
export async function rewardTotals(exec: Executor): Promise<RewardTotal[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT status, count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount
          FROM team_rewards GROUP BY status`,
  );
  return rows.map((r) => ({
    status: String(r.status) as TeamRewardStatus,
    count: parseCount(r.n),
    amount: String(r.amount),
  }));
}

/** Users whose charged counts reach `need` now (a range on the partial index; `need.direct` >= 1). */
export async function countUsersReaching(
  exec: Executor,
  need: { direct: number; team: number },
): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    exec,
    sql`SELECT count(*)::int AS n FROM team_nodes
         WHERE charged_direct > 0 AND charged_direct >= ${need.direct} AND charged_team >= ${need.team}`,
  );
  return parseCount(row?.n);
}

export interface PendingReward {
  id: number;
  userId: number;
  tier: number;
  amount: string;
  currency: string;
}

/**
 * Locks those of `ids` that are pending, in id order, and returns them. A reward that a concurrent
 * distribution holds is waited for; once that one commits it is no longer pending and is left out
 * (READ COMMITTED re-checks the row it waited for).
 */
export async function lockPendingRewards(tx: Tx, ids: readonly number[]): Promise<PendingReward[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT id::text AS id, user_id::text AS user_id, tier::int AS tier, amount::text AS amount, currency
          FROM team_rewards
         WHERE id = ANY(${sql.param([...ids])}::bigint[]) AND status = 'pending'
         ORDER BY id
           FOR UPDATE`,
  );
  return rows.map((r) => ({
    id: parseId(r.id),
    userId: parseId(r.user_id),
    tier: parseCount(r.tier),
    amount: String(r.amount),
    currency: String(r.currency),
  }));
}

/** Marks locked pending rewards distributed, each with its ledger transaction; returns how many changed. */
export async function markDistributed(
  tx: Tx,
  items: readonly { id: number; transactionId: number }[],
  adminId: number,
): Promise<number> {
  if (items.length === 0) return 0;
  const rows = await queryRows<{ id: unknown }>(
    tx,
    sql`UPDATE team_rewards r
           SET status = 'distributed', distributed_at = now(), distributed_by = ${adminId},
               transaction_id = v.transaction_id
          FROM unnest(${sql.param(items.map((i) => i.id))}::bigint[],
                      ${sql.param(items.map((i) => i.transactionId))}::bigint[]) AS v(id, transaction_id)
         WHERE r.id = v.id AND r.status = 'pending'
        RETURNING r.id::text AS id`,
  );
  return rows.length;
}
