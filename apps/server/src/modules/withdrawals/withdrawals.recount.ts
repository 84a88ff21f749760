import { sql } from 'drizzle-orm';

/**
 * The withdrawals' stat counters recomputed from the withdrawals table, rows (name, value): what
 * stats/counters.ts's check compares with the running totals (docs/stat-counters.md).
 */
export const withdrawalsRecount = sql`SELECT 'withdrawals.count.' || status AS name, count(*)::numeric AS value
    FROM withdrawals GROUP BY status
  UNION ALL SELECT 'withdrawals.amount.' || status || '.' || currency, sum(amount) FROM withdrawals GROUP BY status, currency`;
