import { inArray, sql } from 'drizzle-orm';
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

/** A counter that holds a count, as a number. */
export function countOf(value: string): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`counter is not a count: ${value}`);
  return n;
}

/**
 * Recomputes every counter from the rows it counts and returns the names whose stored value
 * differs (empty when all agree). Tests call it after money-moving sequences; it scans whole
 * tables, so it is not for request paths.
 */
export async function counterMismatches(
  exec: Executor,
): Promise<{ name: string; stored: string; actual: string }[]> {
  const result = (await exec.execute(sql`
    WITH actual AS (
      SELECT 'users.total' AS name, count(*)::numeric AS value FROM users
      UNION ALL SELECT 'users.active', count(*) FROM users WHERE is_active
      UNION ALL SELECT 'users.inactive', count(*) FROM users WHERE NOT is_active
      UNION ALL SELECT 'users.admins', count(*) FROM users WHERE role = 'admin'
      UNION ALL SELECT 'users.admins.active', count(*) FROM users WHERE role = 'admin' AND is_active
      UNION ALL SELECT 'users.kyc.' || kyc_status, count(*) FROM users GROUP BY kyc_status
      UNION ALL SELECT 'users.deposited', count(DISTINCT user_id) FROM deposits WHERE status = 'approved'
      UNION ALL SELECT 'deposits.count.' || status, count(*) FROM deposits GROUP BY status
      UNION ALL SELECT 'deposits.amount.' || status || '.' || currency, sum(amount) FROM deposits GROUP BY status, currency
      UNION ALL SELECT 'withdrawals.count.' || status, count(*) FROM withdrawals GROUP BY status
      UNION ALL SELECT 'withdrawals.amount.' || status || '.' || currency, sum(amount) FROM withdrawals GROUP BY status, currency
      UNION ALL SELECT 'assets.' || bucket || '.' || currency, sum(balance) FROM ledger_accounts WHERE NOT is_system GROUP BY bucket, currency
      UNION ALL SELECT 'audit.count', count(*) FROM audit_logs
      UNION ALL SELECT 'team.invited', count(*) FROM team_nodes WHERE parent_id IS NOT NULL
      UNION ALL SELECT 'team.level.' || (depth + 1), count(*) FROM team_nodes GROUP BY depth
      UNION ALL SELECT 'team.invited.day.' || d, count(*)
        FROM (SELECT to_char(joined_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD') AS d
                FROM team_nodes WHERE parent_id IS NOT NULL) days GROUP BY d
      UNION ALL SELECT 'team.inviters', count(*) FROM team_nodes WHERE direct_count > 0
      UNION ALL SELECT 'team.root_inviters', count(*) FROM team_nodes WHERE direct_count > 0 AND parent_id IS NULL
    ),
    stored AS (SELECT name, sum(value) AS value FROM stat_counters GROUP BY name)
    SELECT coalesce(a.name, s.name) AS name, coalesce(s.value, 0)::text AS stored, coalesce(a.value, 0)::text AS actual
      FROM actual a FULL JOIN stored s ON s.name = a.name
     WHERE coalesce(s.value, 0) <> coalesce(a.value, 0)
  `)) as unknown as { rows: { name: string; stored: string; actual: string }[] };
  return result.rows;
}
