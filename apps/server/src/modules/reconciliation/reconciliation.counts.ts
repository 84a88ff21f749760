import { type SQL, sql } from 'drizzle-orm';

/**
 * The last reconciliation run, as a subquery of at most one row for another module's statement
 * (`LEFT JOIN LATERAL ${lastReconciliationRun()} last ON true`): `finished_at_s` (seconds since the
 * epoch, null while it runs) and `ok`.
 */
export const lastReconciliationRun = (): SQL =>
  sql`(SELECT extract(epoch FROM finished_at)::float8 AS finished_at_s, ok
         FROM reconciliation_runs ORDER BY started_at DESC LIMIT 1)`;
