import { type SQL, sql } from 'drizzle-orm';

/** `value` matched literally inside a LIKE pattern. */
export const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ids of at most 1000 users whose e-mail starts with `prefix` (users_email_prefix_idx), plus
 * whatever `extra` (an OR clause) adds. Used as `user_id = ANY(...)`, which, unlike IN
 * (subquery), lets the planner combine it with other indexed conditions.
 */
export const usersWithEmailPrefix = (prefix: string, extra?: SQL) =>
  sql`ARRAY(SELECT id FROM users WHERE email LIKE ${`${likeEscape(prefix)}%`}${extra ?? sql``} LIMIT 1000)`;
