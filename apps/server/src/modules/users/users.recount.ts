import { sql } from 'drizzle-orm';

/**
 * The users' stat counters recomputed from the users table, rows (name, value): what
 * stats/counters.ts's check compares with the running totals (docs/stat-counters.md).
 */
export const usersRecount = sql`SELECT 'users.total' AS name, count(*)::numeric AS value FROM users
  UNION ALL SELECT 'users.active', count(*) FROM users WHERE is_active
  UNION ALL SELECT 'users.inactive', count(*) FROM users WHERE NOT is_active
  UNION ALL SELECT 'users.admins', count(*) FROM users WHERE role = 'admin'
  UNION ALL SELECT 'users.admins.active', count(*) FROM users WHERE role = 'admin' AND is_active
  UNION ALL SELECT 'users.kyc.' || kyc_status, count(*) FROM users GROUP BY kyc_status`;
