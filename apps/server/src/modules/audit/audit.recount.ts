import { sql } from 'drizzle-orm';

/**
 * The audit log's stat counter recomputed from its rows, rows (name, value): what stats/counters.ts's
 * check compares with the running totals (docs/stat-counters.md).
 */
export const auditRecount = sql`SELECT 'audit.count' AS name, count(*)::numeric AS value FROM audit_logs`;
