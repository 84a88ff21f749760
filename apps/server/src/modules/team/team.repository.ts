import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows, rowBool, rowDate, rowText, rowTextOrNull } from '../../db/rows.ts';
import { userDirectory } from '../users/users.reads.ts';

/**
 * Data access of the user's team calls (/api/team). No rules here: team.service.ts decides.
 * Raw queries cast in SQL (::text for ids and money, ::int for counts) because node-postgres and
 * PGlite return int8 and numeric differently.
 *
 * Index use (team.schema.ts), so that a caller with a team of a million pays for a page, not a team:
 * - direct referrals: team_nodes_parent_idx (parent_id, user_id) backwards;
 * - the whole team: team_paths_ancestor_descendant_idx (ancestor_id, descendant_id) backwards;
 * - one level of it: the closure's primary key (ancestor_id, depth, descendant_id) backwards,
 *   and its count (the only count a list call ever makes) from the same key;
 * - the ranking: team_nodes_charged_direct_idx (partial, charged_direct > 0);
 * - rewards and payouts of one user: team_rewards_user_tier_key, team_salary_payouts_user_date_key.
 * A page's ids are chosen first (index only) and joined to team_nodes and users afterwards, so
 * rows skipped by OFFSET are never joined.
 */

export interface OwnNode {
  inviteCode: string;
  /** The inviter's full e-mail (the service masks it); null for a top-level user. */
  inviterEmail: string | null;
  depth: number;
  directCount: number;
  teamSize: number;
  chargedDirect: number;
  chargedTeam: number;
}

/** The caller's node with their invite code and their inviter's e-mail (primary keys only). */
export async function findOwnNode(exec: Executor, userId: number): Promise<OwnNode | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT u.invite_code, inviter.email AS inviter_email, n.depth::int AS depth,
               n.direct_count::int AS direct_count, n.team_size::int AS team_size,
               n.charged_direct::int AS charged_direct, n.charged_team::int AS charged_team
          FROM team_nodes n
          JOIN ${userDirectory} u ON u.id = n.user_id
          LEFT JOIN ${userDirectory} inviter ON inviter.id = n.parent_id
         WHERE n.user_id = ${userId}`,
  );
  if (!row) return null;
  return {
    inviteCode: rowText(row.invite_code),
    inviterEmail: rowTextOrNull(row.inviter_email),
    depth: parseCount(row.depth),
    directCount: parseCount(row.direct_count),
    teamSize: parseCount(row.team_size),
    chargedDirect: parseCount(row.charged_direct),
    chargedTeam: parseCount(row.charged_team),
  };
}

export interface OwnReward {
  tier: number;
  amount: string;
  status: string;
  createdAt: Date;
  distributedAt: Date | null;
}

/** The user's reward records, lowest tier first (at most ten: one per tier). */
export async function listOwnRewards(exec: Executor, userId: number): Promise<OwnReward[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT tier::int AS tier, amount::text AS amount, status, created_at, distributed_at
          FROM team_rewards WHERE user_id = ${userId} ORDER BY tier`,
  );
  return rows.map((r) => ({
    tier: parseCount(r.tier),
    amount: rowText(r.amount),
    status: rowText(r.status),
    createdAt: rowDate(r.created_at),
    distributedAt: r.distributed_at === null ? null : rowDate(r.distributed_at),
  }));
}

export interface OwnPayout {
  payoutDate: string;
  level: number;
  amount: string;
  paidAt: Date;
}

/** Σ of every salary paid to the user and the last `limit` payouts, newest first. */
export async function ownSalary(
  exec: Executor,
  userId: number,
  limit: number,
): Promise<{ totalPaid: string; recent: OwnPayout[] }> {
  const [totals, rows] = await Promise.all([
    queryRows<{ total: unknown }>(
      exec,
      sql`SELECT coalesce(sum(amount), 0)::text AS total FROM team_salary_payouts WHERE user_id = ${userId}`,
    ),
    queryRows<Record<string, unknown>>(
      exec,
      sql`SELECT payout_date::text AS payout_date, level::int AS level, amount::text AS amount, paid_at
            FROM team_salary_payouts WHERE user_id = ${userId}
           ORDER BY payout_date DESC LIMIT ${limit}`,
    ),
  ]);
  return {
    totalPaid: rowText(totals[0]?.total ?? '0'),
    recent: rows.map((r) => ({
      payoutDate: rowText(r.payout_date),
      level: parseCount(r.level),
      amount: rowText(r.amount),
      paidAt: rowDate(r.paid_at),
    })),
  };
}

export interface MemberRow {
  id: number;
  email: string;
  /** The member's depth in the tree (0 = top level); the level below the caller is the difference. */
  depth: number;
  deposited: boolean;
  kycStatus: string;
  directCount: number;
  teamSize: number;
  joinedAt: Date;
}

/** The members whose ids `page` (a query of `id` columns, newest first) selects, in that order. */
async function membersOf(exec: Executor, page: SQL): Promise<MemberRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT n.user_id::text AS id, u.email, n.depth::int AS depth, (n.charged_at IS NOT NULL) AS deposited,
               u.kyc_status, n.direct_count::int AS direct_count, n.team_size::int AS team_size, n.joined_at
          FROM (${page}) page
          JOIN team_nodes n ON n.user_id = page.id
          JOIN ${userDirectory} u ON u.id = page.id
         ORDER BY n.user_id DESC`,
  );
  return rows.map((r) => ({
    id: parseId(r.id),
    email: rowText(r.email),
    depth: parseCount(r.depth),
    deposited: rowBool(r.deposited),
    kycStatus: rowText(r.kyc_status),
    directCount: parseCount(r.direct_count),
    teamSize: parseCount(r.team_size),
    joinedAt: rowDate(r.joined_at),
  }));
}

/** One page of the user's direct referrals, newest first (team_nodes_parent_idx). */
export function listDirectReferrals(
  exec: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<MemberRow[]> {
  return membersOf(
    exec,
    sql`SELECT user_id AS id FROM team_nodes WHERE parent_id = ${userId}
         ORDER BY user_id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/**
 * One page of the user's team, newest first: every level, or the members `level` levels below
 * (1 = direct). The level of a member is its depth minus the caller's, so the whole-team page
 * reads the (ancestor_id, descendant_id) index alone.
 */
export function listTeamMembers(
  exec: Executor,
  userId: number,
  level: number | undefined,
  page: { limit: number; offset: number },
): Promise<MemberRow[]> {
  const onLevel = level === undefined ? sql`` : sql`AND depth = ${level}`;
  return membersOf(
    exec,
    sql`SELECT descendant_id AS id FROM team_paths WHERE ancestor_id = ${userId} ${onLevel}
         ORDER BY descendant_id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** Members exactly `level` levels below the user (a range of the closure's primary key). */
export async function countTeamLevel(exec: Executor, userId: number, level: number): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    exec,
    sql`SELECT count(*)::int AS n FROM team_paths WHERE ancestor_id = ${userId} AND depth = ${level}`,
  );
  return parseCount(row?.n);
}

export interface RankingRow {
  userId: number;
  email: string;
  directCount: number;
  chargedDirect: number;
  teamSize: number;
}

/**
 * The first `limit` users with a charged direct referral by charged direct referrals, then charged
 * team, then the older account: the order of team_nodes_charged_direct_idx (charged_direct,
 * charged_team, user_id), so the page and a user's rank (countRankedBefore) are index reads; the
 * users are joined for the page only.
 */
export async function topByChargedDirect(exec: Executor, limit: number): Promise<RankingRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT top.user_id::text AS user_id, u.email, top.direct_count::int AS direct_count,
               top.charged_direct::int AS charged_direct, top.team_size::int AS team_size
          FROM (SELECT user_id, direct_count, charged_direct, charged_team, team_size FROM team_nodes
                 WHERE charged_direct > 0
                 ORDER BY charged_direct DESC, charged_team DESC, user_id
                 LIMIT ${limit}) top
          JOIN ${userDirectory} u ON u.id = top.user_id
         ORDER BY top.charged_direct DESC, top.charged_team DESC, top.user_id`,
  );
  return rows.map((r) => ({
    userId: parseId(r.user_id),
    email: rowText(r.email),
    directCount: parseCount(r.direct_count),
    chargedDirect: parseCount(r.charged_direct),
    teamSize: parseCount(r.team_size),
  }));
}

/**
 * Users ranked before one with these counts, in the order of topByChargedDirect. The explicit
 * `charged_direct >= ` bound lets the partial index answer it as a range.
 */
export async function countRankedBefore(
  exec: Executor,
  me: { userId: number; chargedDirect: number; chargedTeam: number },
): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    exec,
    sql`SELECT count(*)::int AS n FROM team_nodes
         WHERE charged_direct > 0 AND charged_direct >= ${me.chargedDirect}
           AND (charged_direct > ${me.chargedDirect}
                OR charged_team > ${me.chargedTeam}
                OR (charged_team = ${me.chargedTeam} AND user_id < ${me.userId}))`,
  );
  return parseCount(row?.n);
}
