import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.schema.ts';

/** `value` matched literally inside a LIKE pattern. */
export const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The shortest term looked up anywhere in an e-mail or phone. pg_trgm's GIN indexes
 * (users_email_trgm_idx, users_phone_trgm_idx, migration 0017) answer LIKE '%term%' from the
 * term's trigrams; a term of one or two characters has none, so the index cannot help and the
 * query reads every user until it has its rows. Measured at 1M users on PostgreSQL (2026-11-25):
 * LIKE '%xq%' (no match) took 190 ms for the capped count and 250 ms for the page, 440 ms in all
 * against the 100 ms target; a common one ('%9%') is fast only because it matches at once. Such a
 * term is matched as a prefix instead, through users_email_prefix_idx / users_phone_prefix_idx
 * (text_pattern_ops), a short index range (`?search=13`, half of all users: p95 19 ms over HTTP):
 * nobody finds a user by two characters from the middle of an address anyway.
 */
export const SUBSTRING_SEARCH_MIN_LENGTH = 3;

/**
 * The LIKE pattern of an admin list's search term: anywhere in the value from three characters on,
 * a prefix below; lower case (e-mails are stored lower case, phones are digits), wildcards escaped.
 */
export function searchPattern(term: string): string {
  const escaped = likeEscape(term.toLowerCase());
  return [...term].length >= SUBSTRING_SEARCH_MIN_LENGTH ? `%${escaped}%` : `${escaped}%`;
}

/** E-mail or phone of `columns` (the users table by default) matching the search term. */
export function emailOrPhoneMatches(
  term: string,
  columns: { email: PgColumn; phone: PgColumn } = users,
): SQL {
  const pattern = searchPattern(term);
  return sql`(${columns.email} LIKE ${pattern} OR ${columns.phone} LIKE ${pattern})`;
}

/** The most users a deposit or withdrawal search goes through (see usersMatching). */
export const SEARCH_USERS_LIMIT = 1000;

/**
 * Ids of at most SEARCH_USERS_LIMIT users whose e-mail or phone matches `term` (a BitmapOr of the
 * two trigram or prefix indexes). Used as `user_id = ANY(...)`, which, unlike IN (subquery), lets
 * the planner combine it with other indexed conditions (an OR with the id or the hash), so the
 * deposits and withdrawals of those users come from their (user_id, created_at) index. A term that
 * matches more users than that is too broad to review by: the list shows the money of the first
 * SEARCH_USERS_LIMIT of them.
 */
export const usersMatching = (term: string) =>
  sql`ARRAY(SELECT id FROM users WHERE ${emailOrPhoneMatches(term)} LIMIT ${SEARCH_USERS_LIMIT})`;
