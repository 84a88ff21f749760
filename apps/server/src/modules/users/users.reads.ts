import { type SQL, sql } from 'drizzle-orm';

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
 * The users' columns that other modules' lists and checks show, as a relation they join by id in
 * their own statement: `JOIN ${userDirectory} u ON u.id = x.user_id`, `FROM ${userDirectory} u
 * WHERE u.email LIKE …` (never alias it `users`). A plain projection of the users table (no
 * password hash, no 2FA secret), which PostgreSQL pulls up into the caller's query: the plan is the
 * one of a join with `users` itself (the primary key, the e-mail/phone trigram and prefix indexes,
 * users_created_at_idx), one statement, no extra round trip.
 */
export const userDirectory: SQL = sql`(SELECT id, email, phone, nickname, role, kyc_status, language,
    invite_code, invited_by_code, created_at FROM users)`;

/**
 * The active accounts (is_active) with their role, as a relation the session lookup joins by id in
 * its one statement (`FROM ${activeAccounts} account WHERE account.id = sessions.user_id`): a plain
 * filter of the users table, pulled up into the caller's query (a primary-key probe per session).
 */
export const activeAccounts: SQL = sql`(SELECT id, role FROM users WHERE is_active)`;
