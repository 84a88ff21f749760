import type { SalaryLevel } from '@platform/contracts';
import { salaryCutoff } from '@platform/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../../db/rows.ts';
import { userDirectory } from '../../users/users.reads.ts';
import { teamSalaryPayouts } from '../team.schema.ts';

/**
 * SQL of salary management (contracts/team-salary.ts). Counts are cast ::int, ids and money ::text
 * (the engines return different types); a payout date is a `YYYY-MM-DD` string cast ::date.
 *
 * A payout date pays the level a user had at its cutoff, the start of that day in Beijing
 * (salaryCutoff): members who had registered by then (team_nodes.joined_at) and, of them, those
 * whose first approved deposit was reviewed by then (team_nodes.charged_at, set with the charged
 * counters by migration 0012's trigger). Today's counters only ever grow: a registration adds a
 * member for good (accounts are never deleted and never move in the tree; disabling one changes no
 * count) and a member is charged once. So the counts at any cutoff are at most today's, and the
 * users eligible at a cutoff are among those eligible today: the candidates are found on today's
 * counters first, and only they get their counts at the cutoff.
 *
 * The list is found in two steps: the charged counts at the cutoff of every candidate (the level,
 * the order and the summary need nothing else), then the registered counts of the page shown
 * only. Each step's counts come one of these ways (AS_OF_STRATEGIES, the same numbers;
 * chooseStrategy picks the cheapest):
 * - later_events: today's counters minus the members who registered or were charged at or after
 *   the cutoff (team_nodes_invited_joined_idx, and team_nodes_invited_charged_idx of migration
 *   0018), each walked up to its ancestors on team_paths_descendant_idx. Cheap for a recent date,
 *   the one the screen opens on: few members, a few ancestors each.
 * - earlier_events: the members who had registered (or been charged) before the cutoff, walked up
 *   the same way. Cheap for a date early in the platform's life.
 * - ..._hashed: the same members matched against the targets' whole teams read on the closure's
 *   primary key (index only, in order): for a date in the middle, when the members are too many
 *   to walk up one by one.
 * - per_user: each target user's team read on the closure with its members' rows: for a few
 *   users with small teams (a payout, a batch) on a platform with many members either side.
 *
 * Other index use (team.schema.ts):
 * - candidates: a range on the partial index team_nodes_charged_direct_idx (charged_direct,
 *   charged_team, user_id) WHERE charged_direct > 0, from the lowest level's charged direct
 *   referrals up; `charged_direct > 0` is spelled out so that the planner matches the index whatever
 *   the parameters (the service refuses a lowest level that asks for none). No scan of all users;
 * - a candidate's payout for the date: team_salary_payouts_user_date_key;
 * - statistics and the earliest payout: a range on team_salary_payouts_date_idx (payout_date, level).
 */

export const AS_OF_STRATEGIES = [
  'later_events',
  'later_events_hashed',
  'earlier_events',
  'earlier_events_hashed',
  'per_user',
] as const;
export type AsOfStrategy = (typeof AS_OF_STRATEGIES)[number];

/** Which counts at the cutoff: the charged ones (eligibility) or all four (what is shown and paid). */
type CountKind = 'charged' | 'all';

/**
 * The cost model of chooseStrategy, in random index probes: walking a member up the closure costs
 * its ancestors (4.19M closure rows for 667k invited members on the generated 1M-user platform: 6);
 * a target's team read in order on the closure's index costs a quarter of a probe per member (and
 * a hashed strategy also reads each member's row once); per_user reads each team member's row.
 */
const ANCESTORS_PER_MEMBER = 6;
const ORDERED_READ = 0.25;
/** The first cap of the doubling counts in chooseStrategy. */
const FIRST_CAP = 2_000;

/**
 * The highest level whose requirements the charged counts meet, or NULL: a CASE over the levels from
 * the highest down (a validated table rises on both requirements), evaluated per row without a
 * sub-select.
 */
function levelOf(levels: readonly SalaryLevel[], chargedDirect: SQL, chargedTeam: SQL): SQL {
  const highestFirst = [...levels].sort((a, b) => b.level - a.level);
  const arms = highestFirst.map(
    (l) =>
      sql`WHEN ${chargedDirect} >= ${l.direct}::int AND ${chargedTeam} >= ${l.team}::int THEN ${l.level}::int`,
  );
  return sql`(CASE ${sql.join(arms, sql` `)} END)`;
}

/** The columns of team_nodes a target relation `t` carries. */
const TARGET_COLUMNS = sql`user_id, joined_at, direct_count, charged_direct, team_size, charged_team`;

/**
 * The users whose charged counts reach the lowest level now. `levels` is a validated table (rising
 * requirements), so reaching the lowest direct and team requirement means reaching level 1.
 */
function candidatesNow(levels: readonly SalaryLevel[]): SQL {
  const minDirect = Math.max(1, Math.min(...levels.map((l) => l.direct)));
  const minTeam = Math.min(...levels.map((l) => l.team));
  return sql`
    SELECT ${TARGET_COLUMNS} FROM team_nodes n
     WHERE n.charged_direct > 0 AND n.charged_direct >= ${minDirect} AND n.charged_team >= ${minTeam}`;
}

/** The given users' nodes. */
const nodesOf = (userIds: readonly number[]): SQL =>
  sql`SELECT ${TARGET_COLUMNS} FROM team_nodes WHERE user_id = ANY(${sql.param([...userIds])}::bigint[])`;

const cutoffOf = (payoutDate: string): SQL => sql`${salaryCutoff(payoutDate).toISOString()}::timestamptz`;

/**
 * The members (rows `m` of team_nodes with a parent) whose events a strategy counts: for
 * later_events those that registered, or were charged, at or after the cutoff; for the others those
 * that had registered before it (the charged kind: and been charged before it).
 */
function memberEvents(kind: CountKind, side: 'later' | 'earlier', cutoff: SQL): SQL {
  if (side === 'later') {
    return kind === 'charged'
      ? sql`m.charged_at IS NOT NULL AND (m.charged_at >= ${cutoff} OR m.joined_at >= ${cutoff})`
      : sql`(m.joined_at >= ${cutoff} OR m.charged_at >= ${cutoff})`;
  }
  return kind === 'charged'
    ? sql`m.charged_at < ${cutoff} AND m.joined_at < ${cutoff}`
    : sql`m.joined_at < ${cutoff}`;
}

/**
 * Per ancestor `p.ancestor_id`, over member rows `m` at closure depth `p.depth`: the members that
 * had registered by the cutoff (direct, team) and had been charged by it (charged_direct,
 * charged_team), or, with `gone`, the members of today's counters that had not.
 */
function memberCounts(kind: CountKind, cutoff: SQL, gone: boolean): SQL {
  const joined = sql`m.joined_at < ${cutoff}`;
  const charged = sql`(m.charged_at < ${cutoff} AND m.joined_at < ${cutoff})`;
  const counted = (condition: SQL) => (gone ? sql`NOT ${condition}` : condition);
  const chargedCounted = gone ? sql`(m.charged_at IS NOT NULL AND NOT ${charged})` : charged;
  const chargedCounts = sql`count(*) FILTER (WHERE p.depth = 1 AND ${chargedCounted}) AS charged_direct,
                            count(*) FILTER (WHERE ${chargedCounted}) AS charged_team`;
  if (kind === 'charged') return chargedCounts;
  return sql`count(*) FILTER (WHERE p.depth = 1 AND ${counted(joined)}) AS direct,
             count(*) FILTER (WHERE ${counted(joined)}) AS team, ${chargedCounts}`;
}

/**
 * CTEs ending in `asof(user_id, joined, charged_direct, charged_team[, direct_count, team_size])`:
 * the counts of each user of the target relation `t` at `cutoff`, `joined` saying whether the user
 * had registered by then (one who had not had no team then either). A member counts as charged when
 * both their registration and their first approved deposit are before the cutoff. The member events
 * are walked up the closure one by one (LATERAL on team_paths_descendant_idx), so that the planner
 * never reads the targets' whole teams to meet a few events.
 */
function asOfCounts(kind: CountKind, strategy: AsOfStrategy, cutoff: SQL): SQL {
  const joined = sql`(t.joined_at < ${cutoff}) AS joined`;
  const registered = (direct: SQL, team: SQL) =>
    kind === 'all' ? sql`, ${direct} AS direct_count, ${team} AS team_size` : sql``;
  if (strategy === 'per_user') {
    return sql`
      asof AS (
        SELECT t.user_id, ${joined}, k.charged_direct, k.charged_team
               ${registered(sql`k.direct`, sql`k.team`)}
          FROM t CROSS JOIN LATERAL (
            SELECT ${memberCounts(kind, cutoff, false)}
              FROM team_paths p
              JOIN team_nodes m ON m.user_id = p.descendant_id
             WHERE p.ancestor_id = t.user_id AND ${memberEvents(kind, 'earlier', cutoff)}
          ) k
      )`;
  }
  const later = strategy === 'later_events' || strategy === 'later_events_hashed';
  const hashed = strategy === 'later_events_hashed' || strategy === 'earlier_events_hashed';
  // Walking: OFFSET 0 keeps the sub-select a per-member index read (the planner would flatten it
  // into reading the targets' whole teams, which is the hashed way), and every ancestor met is
  // counted: asof joins the targets to the counts afterwards (a filter on the targets inside the
  // walk was planned as a semi-join rebuilt for every member).
  const closure = hashed
    ? sql`JOIN team_paths p ON p.descendant_id = m.user_id JOIN t ON t.user_id = p.ancestor_id`
    : sql`CROSS JOIN LATERAL (
            SELECT ancestor_id, depth FROM team_paths WHERE descendant_id = m.user_id OFFSET 0
          ) p`;
  const counted = sql`
      ev AS MATERIALIZED (
        SELECT m.user_id, m.joined_at, m.charged_at FROM team_nodes m
         WHERE m.parent_id IS NOT NULL AND ${memberEvents(kind, later ? 'later' : 'earlier', cutoff)}
      ),
      agg AS (
        SELECT p.ancestor_id, ${memberCounts(kind, cutoff, later)}
          FROM ev m ${closure}
         GROUP BY p.ancestor_id
      )`;
  if (later) {
    return sql`${counted},
      asof AS (
        SELECT t.user_id, ${joined},
               t.charged_direct - coalesce(a.charged_direct, 0) AS charged_direct,
               t.charged_team - coalesce(a.charged_team, 0) AS charged_team
               ${registered(sql`t.direct_count - coalesce(a.direct, 0)`, sql`t.team_size - coalesce(a.team, 0)`)}
          FROM t LEFT JOIN agg a ON a.ancestor_id = t.user_id
      )`;
  }
  return sql`${counted},
      asof AS (
        SELECT t.user_id, ${joined},
               coalesce(a.charged_direct, 0) AS charged_direct, coalesce(a.charged_team, 0) AS charged_team
               ${registered(sql`coalesce(a.direct, 0)`, sql`coalesce(a.team, 0)`)}
          FROM t LEFT JOIN agg a ON a.ancestor_id = t.user_id
      )`;
}

/**
 * The cheapest way to the `kind` counts at the cutoff of `payoutDate` for the users of `target`, by
 * the cost model above: from the targets' team sizes and the member events each side has, counted
 * with a cap (growing eightfold, up to what the team sizes make pointless: work in proportion to
 * the smaller answer).
 */
async function chooseStrategy(
  exec: Executor,
  kind: CountKind,
  target: SQL,
  payoutDate: string,
): Promise<AsOfStrategy> {
  const cutoff = cutoffOf(payoutDate);
  const [sized] = await queryRows<{ rows: unknown }>(
    exec,
    sql`SELECT coalesce(sum(t.team_size), 0)::text AS rows FROM (${target}) t`,
  );
  const teams = Number(sized?.rows ?? 0);
  const capped = (where: SQL, cap: number) =>
    sql`(SELECT count(*) FROM (SELECT 1 FROM team_nodes m WHERE m.parent_id IS NOT NULL AND ${where} LIMIT ${cap}) x)::int`;
  // Events beyond this many cost more than reading the teams member by member, whichever way.
  const useful = Math.ceil(teams * (1 - ORDERED_READ)) + 1;
  for (let cap = FIRST_CAP; ; cap *= 8) {
    const limit = Math.min(cap, useful);
    const [counted] = await queryRows<Record<string, unknown>>(
      exec,
      sql`SELECT ${capped(memberEvents(kind, 'later', cutoff), limit)} AS later,
                 ${capped(memberEvents(kind, 'earlier', cutoff), limit)} AS earlier`,
    );
    const later = parseCount(counted?.later);
    const earlier = parseCount(counted?.earlier);
    const events = Math.min(later, earlier);
    if (events < limit) {
      const side = later <= earlier ? 'later_events' : 'earlier_events';
      const walk = events * ANCESTORS_PER_MEMBER;
      const hash = events + teams * ORDERED_READ;
      if (walk <= hash) return side;
      return hash < teams ? `${side}_hashed` : 'per_user';
    }
    if (limit < cap) return 'per_user';
  }
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

export interface CandidateLevelCount {
  level: number;
  eligible: number;
  /** Of them, those paid for the date already. */
  paid: number;
}

export interface EligibleOn {
  /** The page asked for, in the list's order (level desc, charged team desc, user id). */
  rows: CandidateRow[];
  /** All users eligible on the date, per level, with how many are paid. */
  levels: CandidateLevelCount[];
}

/**
 * The users eligible on `payoutDate` (their charged counts at its cutoff reach a level): the count
 * of all of them per level, and a page of them in the list's order with all their counts at the
 * cutoff. Call it in one transaction (a snapshot) when the counts of a future cutoff matter.
 */
export async function selectEligible(
  exec: Executor,
  levels: readonly SalaryLevel[],
  payoutDate: string,
  page: { limit: number; offset: number },
  options: { strategy?: AsOfStrategy } = {},
): Promise<EligibleOn> {
  const cutoff = cutoffOf(payoutDate);
  const target = candidatesNow(levels);
  const strategy = options.strategy ?? (await chooseStrategy(exec, 'charged', target, payoutDate));
  const found = await queryRows<Record<string, unknown>>(
    exec,
    sql`
      WITH t AS MATERIALIZED (${target}),
      ${asOfCounts('charged', strategy, cutoff)},
      c AS MATERIALIZED (
        SELECT a.user_id, a.level, a.charged_direct, a.charged_team,
               p.level AS paid_level, p.amount AS paid_amount, p.paid_at
          FROM (SELECT a.*, ${levelOf(levels, sql`a.charged_direct`, sql`a.charged_team`)} AS level
                  FROM asof a WHERE a.joined) a
          LEFT JOIN team_salary_payouts p ON p.user_id = a.user_id AND p.payout_date = ${payoutDate}::date
         WHERE a.level IS NOT NULL
      ),
      summary AS (
        SELECT coalesce(json_agg(json_build_object('level', s.level, 'eligible', s.eligible, 'paid', s.paid)
                                 ORDER BY s.level), '[]'::json) AS levels
          FROM (SELECT level, count(*)::int AS eligible, count(paid_level)::int AS paid
                  FROM c GROUP BY level) s
      )
      SELECT s.levels, r.*
        FROM summary s
        LEFT JOIN LATERAL (
          SELECT c.user_id::text AS user_id, u.email, u.invite_code, c.level::int AS level,
                 c.charged_direct::int AS charged_direct, c.charged_team::int AS charged_team,
                 c.paid_level::int AS paid_level, c.paid_amount::text AS paid_amount, c.paid_at
            FROM (SELECT * FROM c ORDER BY c.level DESC, c.charged_team DESC, c.user_id
                   LIMIT ${page.limit} OFFSET ${page.offset}) c
            JOIN ${userDirectory} u ON u.id = c.user_id
        ) r ON true
       ORDER BY r.level DESC, r.charged_team DESC, r.user_id::bigint`,
  );
  const listed = found.filter((r) => r.user_id !== null && r.user_id !== undefined);
  const registered = new Map(
    (
      await selectCountsAsOf(
        exec,
        listed.map((r) => parseId(r.user_id)),
        payoutDate,
      )
    ).map((n) => [n.userId, n]),
  );
  return {
    rows: listed.map((r) => {
      const userId = parseId(r.user_id);
      const counts = registered.get(userId);
      if (!counts) throw new Error(`no counts at the cutoff for user ${userId}`);
      return {
        userId,
        email: String(r.email),
        inviteCode: String(r.invite_code),
        level: parseCount(r.level),
        directCount: counts.directCount,
        chargedDirect: parseCount(r.charged_direct),
        teamSize: counts.teamSize,
        chargedTeam: parseCount(r.charged_team),
        paid:
          r.paid_level === null || r.paid_level === undefined
            ? null
            : { level: parseCount(r.paid_level), amount: String(r.paid_amount), paidAt: toDate(r.paid_at) },
      };
    }),
    levels: parseLevels(found[0]?.levels),
  };
}

function parseLevels(value: unknown): CandidateLevelCount[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) throw new Error(`Unexpected level counts from the database: ${String(value)}`);
  return list.map((item: Record<string, unknown>) => ({
    level: parseCount(item.level),
    eligible: parseCount(item.eligible),
    paid: parseCount(item.paid),
  }));
}

/**
 * All four counts of the given users at the cutoff of `payoutDate` (all zero for a user who had not
 * registered by then); unknown ids are absent. Ordered by user id.
 */
export async function selectCountsAsOf(
  exec: Executor,
  userIds: readonly number[],
  payoutDate: string,
  options: { strategy?: AsOfStrategy } = {},
): Promise<NodeCounts[]> {
  if (userIds.length === 0) return [];
  const target = nodesOf(userIds);
  const strategy = options.strategy ?? (await chooseStrategy(exec, 'all', target, payoutDate));
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`
      WITH t AS MATERIALIZED (${target}),
      ${asOfCounts('all', strategy, cutoffOf(payoutDate))}
      SELECT user_id::text AS user_id,
             CASE WHEN joined THEN direct_count ELSE 0 END::int AS direct_count,
             CASE WHEN joined THEN charged_direct ELSE 0 END::int AS charged_direct,
             CASE WHEN joined THEN team_size ELSE 0 END::int AS team_size,
             CASE WHEN joined THEN charged_team ELSE 0 END::int AS charged_team
        FROM asof ORDER BY user_id`,
  );
  return rows.map((r) => ({
    userId: parseId(r.user_id),
    directCount: parseCount(r.direct_count),
    chargedDirect: parseCount(r.charged_direct),
    teamSize: parseCount(r.team_size),
    chargedTeam: parseCount(r.charged_team),
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

/** The year of the earliest payout on record, or null when there is none. */
export async function earliestPayoutYear(exec: Executor): Promise<number | null> {
  const [row] = await queryRows<{ year: unknown }>(
    exec,
    sql`SELECT extract(year FROM min(payout_date))::int AS year FROM team_salary_payouts`,
  );
  return row?.year === null || row?.year === undefined ? null : parseCount(row.year);
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
