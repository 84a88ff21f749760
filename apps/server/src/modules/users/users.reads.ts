import { type SQL, sql } from 'drizzle-orm';
import { userDirectorySelect } from './user-directory.ts';

/**
 * The users' read API for other modules' aggregates (docs/module-boundaries.md), as SQL a caller's
 * statement reads in the same statement.
 */

/**
 * The active admins (not deleted) counted, one row: `super_admins`, `admins` and `without_2fa` (no
 * authenticator set up), each an integer.
 */
export const activeAdminCounts: SQL = sql`SELECT
    count(*) FILTER (WHERE admin_level = 'super_admin')::int AS super_admins,
    count(*)::int AS admins,
    count(*) FILTER (WHERE twofa_enabled_at IS NULL)::int AS without_2fa
  FROM users
  WHERE role = 'admin' AND is_active AND deleted_at IS NULL`;

/**
 * user-directory.ts's `userDirectory(alias)` (the same columns, every one but the password hash,
 * under their database names) as a relation raw SQL joins by id in its own statement:
 * `JOIN ${userDirectory} u ON u.id = x.user_id`, `FROM ${userDirectory} u WHERE u.email LIKE …`
 * (never alias it `users`). A plain projection of the users table, which PostgreSQL pulls up into the
 * caller's query: the plan is the one of a join with `users` itself (the primary key, the
 * e-mail/phone trigram and prefix indexes, users_created_at_idx), one statement, no extra round trip.
 */
export const userDirectory: SQL = sql`(${userDirectorySelect})`;

/**
 * The active accounts (is_active) with their role, as a relation the session lookup joins by id in
 * its one statement (`FROM ${activeAccounts} account WHERE account.id = sessions.user_id`): a plain
 * filter of the users table, pulled up into the caller's query (a primary-key probe per session).
 */
export const activeAccounts: SQL = sql`(SELECT id, role FROM users WHERE is_active)`;
