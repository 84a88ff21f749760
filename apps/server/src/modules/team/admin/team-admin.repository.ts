import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { parseCount, parseId, queryRows, rowDate, rowText } from '../../../db/rows.ts';
import { userDirectory } from '../../users/users.reads.ts';

/**
 * Data access of the admin's team overview (GET /api/admin/team/stats). The call must stay fast at
 * a million users, so nothing here reads users or team_nodes beyond a handful of index entries:
 * - every count comes from stat_counters (modules/stats), kept by the triggers of migration 0012;
 * - reward figures group team_rewards, which holds one row per user and tier *reached* (a small
 *   share of the users, and at most ten rows each);
 * - top inviters read team_nodes_direct_idx backwards (partial: inviters only) and stop at the
 *   limit; recent invites read team_nodes_invited_joined_idx backwards; users are then joined by
 *   primary key for those few rows only.
 */

export interface RewardGroup {
  status: string;
  tier: number;
  count: number;
  /** Σ amount of the group, as the database's text of a NUMERIC. */
  amount: string;
}

/** Reward records and their amounts per status and tier. */
export async function rewardGroups(exec: Executor): Promise<RewardGroup[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT status, tier::int AS tier, count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount
          FROM team_rewards GROUP BY status, tier`,
  );
  return rows.map((r) => ({
    status: rowText(r.status),
    tier: parseCount(r.tier),
    count: parseCount(r.n),
    amount: rowText(r.amount),
  }));
}

export interface TopInviterRow {
  userId: number;
  email: string;
  directCount: number;
  /** Σ of the user's reward records, any status (team_rewards_user_tier_key: at most ten rows). */
  totalReward: string;
}

/**
 * The `limit` users with the most direct referrals; ties go to the older account. The index hands
 * the rows over by direct_count, so only the tied rows of the last group are sorted.
 */
export async function topInviters(exec: Executor, limit: number): Promise<TopInviterRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT top.user_id::text AS user_id, u.email, top.direct_count::int AS direct_count,
               (SELECT coalesce(sum(r.amount), 0) FROM team_rewards r WHERE r.user_id = top.user_id)::text
                 AS total_reward
          FROM (SELECT user_id, direct_count FROM team_nodes
                 WHERE direct_count > 0
                 ORDER BY direct_count DESC, user_id
                 LIMIT ${limit}) top
          JOIN ${userDirectory} u ON u.id = top.user_id
         ORDER BY top.direct_count DESC, top.user_id`,
  );
  return rows.map((r) => ({
    userId: parseId(r.user_id),
    email: rowText(r.email),
    directCount: parseCount(r.direct_count),
    totalReward: rowText(r.total_reward),
  }));
}

export interface RecentInviteRow {
  inviterEmail: string;
  inviteeEmail: string;
  joinedAt: Date;
  /** The code the invitee registered with: the inviter's own code. */
  inviteCode: string;
}

/** The last `limit` invited registrations, newest first. */
export async function recentInvites(exec: Executor, limit: number): Promise<RecentInviteRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT inviter.email AS inviter_email, invitee.email AS invitee_email, recent.joined_at,
               inviter.invite_code
          FROM (SELECT user_id, parent_id, joined_at FROM team_nodes
                 WHERE parent_id IS NOT NULL
                 ORDER BY joined_at DESC, user_id DESC
                 LIMIT ${limit}) recent
          JOIN ${userDirectory} invitee ON invitee.id = recent.user_id
          JOIN ${userDirectory} inviter ON inviter.id = recent.parent_id
         ORDER BY recent.joined_at DESC, recent.user_id DESC`,
  );
  return rows.map((r) => ({
    inviterEmail: rowText(r.inviter_email),
    inviteeEmail: rowText(r.invitee_email),
    joinedAt: rowDate(r.joined_at),
    inviteCode: rowText(r.invite_code),
  }));
}
