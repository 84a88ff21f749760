import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { statCounters } from './stats.schema.ts';

/**
 * Reads running totals kept by the triggers of migration 0004. Names: users.total, users.active,
 * users.inactive, users.admins, users.admins.active (migration 0044), users.kyc.<status>, users.deposited, deposits.count.<status>,
 * deposits.amount.<status>.<currency>, withdrawals.count.<status>,
 * withdrawals.amount.<status>.<currency>, assets.<bucket>.<currency>, audit.count, and the team's
 * (migration 0012) team.invited, team.level.<L>, team.invited.day.<Beijing date>, team.inviters,
 * team.root_inviters.
 * Returns each requested name's value as a decimal string ('0' when it has never moved).
 */
export async function readCounters<N extends string>(
  exec: Executor,
  names: readonly N[],
): Promise<Record<N, string>> {
  const rows = await exec
    .select({ name: statCounters.name, value: sql<string>`sum(${statCounters.value})::text` })
    .from(statCounters)
    .where(inArray(statCounters.name, [...names]))
    .groupBy(statCounters.name);
  const values = Object.fromEntries(names.map((n) => [n, '0'])) as Record<N, string>;
  for (const row of rows) values[row.name as N] = row.value;
  return values;
}

/** Counters whose name starts with `prefix` (e.g. `assets.` for every bucket and currency). */
export async function readCountersByPrefix(exec: Executor, prefix: string): Promise<Record<string, string>> {
  const rows = await exec
    .select({ name: statCounters.name, value: sql<string>`sum(${statCounters.value})::text` })
    .from(statCounters)
    .where(sql`${statCounters.name} LIKE ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)
    .groupBy(statCounters.name);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/**
 * Whether the user whose id `userId` gives has an approved deposit (the `depositors` rows migration
 * 0012's trigger keeps), as an SQL condition for a caller's statement.
 */
export const isDepositor = (userId: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM depositors d WHERE d.user_id = ${userId})`;

/** A counter that holds a count, as a number. */
export function countOf(value: string): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`counter is not a count: ${value}`);
  return n;
}

/**
 * Compares every stored counter with `recounts`, each an SQL query of rows (name, value) that
 * recomputes some counters from the rows they count, and returns the names whose values differ
 * (empty when all agree; a stored counter no recount names must be 0). The modules that own the
 * counted tables write their recounts (users/users.recount.ts, …) and reconciliation/counter-check.ts
 * lists them all; everything runs as one statement, so all counts see the same instant. It scans
 * whole tables: for tests, the demo and the generator, not request paths.
 */
export async function counterMismatches(
  exec: Executor,
  recounts: readonly SQL[],
): Promise<{ name: string; stored: string; actual: string }[]> {
  const actual =
    recounts.length > 0
      ? sql.join(
          recounts.map((r) => sql`SELECT name, value::numeric AS value FROM (${r}) r`),
          sql` UNION ALL `,
        )
      : sql`SELECT NULL::text AS name, 0::numeric AS value WHERE false`;
  const result = (await exec.execute(sql`
    WITH actual AS (${actual}),
    stored AS (SELECT name, sum(value) AS value FROM stat_counters GROUP BY name)
    SELECT coalesce(a.name, s.name) AS name, coalesce(s.value, 0)::text AS stored, coalesce(a.value, 0)::text AS actual
      FROM actual a FULL JOIN stored s ON s.name = a.name
     WHERE coalesce(s.value, 0) <> coalesce(a.value, 0)
  `)) as unknown as { rows: { name: string; stored: string; actual: string }[] };
  return result.rows;
}
