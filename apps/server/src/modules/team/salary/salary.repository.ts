import type { SalaryLevel } from '@platform/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../ledger/ledger.repository.ts';
import { teamSalaryPayouts } from '../team.schema.ts';

/**
 * SQL of salary management (contracts/team-salary.ts). Counts are cast ::int, ids and money ::text
 * (the engines return different types); a payout date is a `YYYY-MM-DD` string cast ::date.
 *
 * Index use (team.schema.ts):
 * - candidates: a range on the partial index team_nodes_charged_direct_idx (charged_direct,
 *   charged_team, user_id) WHERE charged_direct > 0, from the lowest level's charged direct
 *   referrals up; `charged_direct > 0` is spelled out so that the planner matches the index whatever
 *   the parameters (the service refuses a lowest level that asks for none). No scan of all users;
 * - a candidate's payout for the date: team_salary_payouts_user_date_key;
 * - statistics: a range on team_salary_payouts_date_idx (payout_date, level).
 */

/** The salary table as an inline relation l(level, direct, team). */
const levelRelation = (levels: readonly SalaryLevel[]): SQL =>
  sql`unnest(${sql.param(levels.map((l) => l.level))}::int[],
             ${sql.param(levels.map((l) => l.direct))}::int[],
             ${sql.param(levels.map((l) => l.team))}::int[]) AS l(level, direct, team)`;

/**
 * The users whose charged counts reach the lowest level now, each with the highest level reached.
 * `levels` is a validated table (rising requirements), so reaching the lowest direct and team
 * requirement means reaching level 1.
 */
function candidates(levels: readonly SalaryLevel[]): SQL {
  const minDirect = Math.max(1, Math.min(...levels.map((l) => l.direct)));
  const minTeam = Math.min(...levels.map((l) => l.team));
  return sql`
    SELECT n.user_id, n.direct_count, n.charged_direct, n.team_size, n.charged_team,
           (SELECT max(l.level) FROM ${levelRelation(levels)}
             WHERE n.charged_direct >= l.direct AND n.charged_team >= l.team) AS level
      FROM team_nodes n
     WHERE n.charged_direct > 0 AND n.charged_direct >= ${minDirect} AND n.charged_team >= ${minTeam}`;
}

export interface CandidateRow {
  userId: number;
  email: string;
  inviteCode: string;
  level: number;
  directCount: number;
  chargedDirect: number;
  teamSize: number;
  chargedTeam: number;
  /** The payout for the date, when there is one. */
  paid: { level: number; amount: string; paidAt: Date } | null;
}

/** Where a keyset page starts: after this candidate in the list's order. */
export interface CandidateCursor {
  level: number;
  chargedTeam: number;
  userId: number;
}

/**
 * A page of the candidates on `payoutDate` in the list's order (level desc, charged team desc, user
 * id), by offset (the screen) or after a cursor (the export, which pages through all of them).
 */
export async function selectCandidates(
  exec: Executor,
  levels: readonly SalaryLevel[],
  payoutDate: string,
  page: { limit: number; offset?: number; after?: CandidateCursor },
): Promise<CandidateRow[]> {
  const after = page.after
    ? sql`AND (c.level, c.charged_team, -c.user_id) < (${page.after.level}::int, ${page.after.chargedTeam}::int, ${-page.after.userId}::bigint)`
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`
      WITH c AS (${candidates(levels)}),
      picked AS (
        SELECT * FROM c WHERE c.level IS NOT NULL ${after}
         ORDER BY c.level DESC, c.charged_team DESC, c.user_id
         LIMIT ${page.limit} OFFSET ${page.offset ?? 0}
      )
      SELECT c.user_id::text AS user_id, u.email, u.invite_code, c.level::int AS level,
             c.direct_count::int AS direct_count, c.charged_direct::int AS charged_direct,
             c.team_size::int AS team_size, c.charged_team::int AS charged_team,
             p.level::int AS paid_level, p.amount::text AS paid_amount, p.paid_at
        FROM picked c
        JOIN users u ON u.id = c.user_id
        LEFT JOIN team_salary_payouts p ON p.user_id = c.user_id AND p.payout_date = ${payoutDate}::date
       ORDER BY c.level DESC, c.charged_team DESC, c.user_id`,
  );
  return rows.map((r) => ({
    userId: parseId(r.user_id),
    email: String(r.email),
    inviteCode: String(r.invite_code),
    level: parseCount(r.level),
    directCount: parseCount(r.direct_count),
    chargedDirect: parseCount(r.charged_direct),
    teamSize: parseCount(r.team_size),
    chargedTeam: parseCount(r.charged_team),
    paid:
      r.paid_level === null || r.paid_level === undefined
        ? null
        : { level: parseCount(r.paid_level), amount: String(r.paid_amount), paidAt: toDate(r.paid_at) },
  }));
}

export interface CandidateLevelCount {
  level: number;
  eligible: number;
  /** Of them, those paid for the date already. */
  paid: number;
}

/** All candidates on `payoutDate`, counted per level reached, with how many are paid. */
export async function countCandidates(
  exec: Executor,
  levels: readonly SalaryLevel[],
  payoutDate: string,
): Promise<CandidateLevelCount[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`
      WITH c AS (${candidates(levels)})
      SELECT c.level::int AS level, count(*)::int AS eligible, count(p.user_id)::int AS paid
        FROM c
        LEFT JOIN team_salary_payouts p ON p.user_id = c.user_id AND p.payout_date = ${payoutDate}::date
       WHERE c.level IS NOT NULL
       GROUP BY c.level
       ORDER BY c.level`,
  );
  return rows.map((r) => ({
    level: parseCount(r.level),
    eligible: parseCount(r.eligible),
    paid: parseCount(r.paid),
  }));
}

export interface NodeCounts {
  userId: number;
  directCount: number;
  chargedDirect: number;
  teamSize: number;
  chargedTeam: number;
}

/** The team counters of the given users (primary-key reads); unknown ids are absent. */
export async function selectNodeCounts(exec: Executor, userIds: readonly number[]): Promise<NodeCounts[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT user_id::text AS user_id, direct_count::int AS direct_count,
               charged_direct::int AS charged_direct, team_size::int AS team_size,
               charged_team::int AS charged_team
          FROM team_nodes WHERE user_id = ANY(${sql.param([...userIds])}::bigint[])
         ORDER BY user_id`,
  );
  return rows.map((r) => ({
    userId: parseId(r.user_id),
    directCount: parseCount(r.direct_count),
    chargedDirect: parseCount(r.charged_direct),
    teamSize: parseCount(r.team_size),
    chargedTeam: parseCount(r.charged_team),
  }));
}

/** Of `userIds`, those paid for `payoutDate` already. */
export async function selectPaidUserIds(
  exec: Executor,
  payoutDate: string,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: unknown }>(
    exec,
    sql`SELECT user_id::text AS user_id FROM team_salary_payouts
         WHERE user_id = ANY(${sql.param([...userIds])}::bigint[]) AND payout_date = ${payoutDate}::date`,
  );
  return new Set(rows.map((r) => parseId(r.user_id)));
}

export type NewPayout = Omit<typeof teamSalaryPayouts.$inferInsert, 'id' | 'paidAt'>;

/**
 * Inserts the payouts; one whose (user, date) exists already is left out (the unique key decides
 * any race: a concurrent payout of the same user and date waits here for the other to commit).
 * Returns the user ids inserted.
 */
export async function insertPayouts(tx: Tx, payouts: readonly NewPayout[]): Promise<number[]> {
  if (payouts.length === 0) return [];
  const rows = await tx
    .insert(teamSalaryPayouts)
    .values([...payouts])
    .onConflictDoNothing({ target: [teamSalaryPayouts.userId, teamSalaryPayouts.payoutDate] })
    .returning({ userId: teamSalaryPayouts.userId });
  return rows.map((r) => r.userId);
}

export interface LevelTotal {
  level: number;
  count: number;
  /** Σ amount, the database's text of a NUMERIC. */
  amount: string;
}

/** Payouts with a payout date in [from, to), per level. */
export async function payoutTotalsByLevel(exec: Executor, from: string, to: string): Promise<LevelTotal[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT level::int AS level, count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount
          FROM team_salary_payouts
         WHERE payout_date >= ${from}::date AND payout_date < ${to}::date
         GROUP BY level
         ORDER BY level`,
  );
  return rows.map((r) => ({ level: parseCount(r.level), count: parseCount(r.n), amount: String(r.amount) }));
}

function toDate(value: unknown): Date {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new Error(`Unexpected time from the database: ${String(value)}`);
  return date;
}
