import { sql } from 'drizzle-orm';

/**
 * The deposits' stat counters recomputed from the deposits table, rows (name, value): what
 * stats/counters.ts's check compares with the running totals (docs/stat-counters.md).
 */
export const depositsRecount = sql`SELECT 'users.deposited' AS name, count(DISTINCT user_id)::numeric AS value
    FROM deposits WHERE status = 'approved'
  UNION ALL SELECT 'deposits.count.' || status, count(*) FROM deposits GROUP BY status
  UNION ALL SELECT 'deposits.amount.' || status || '.' || currency, sum(amount) FROM deposits GROUP BY status, currency`;
