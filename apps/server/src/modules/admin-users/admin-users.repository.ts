import {
  DEFAULT_CURRENCY,
  LIST_COUNT_CAP,
  type UserKycFilter,
  type UserStatusFilter,
} from '@platform/contracts';
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { countCapped } from '../../core/paging.ts';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../db/rows.ts';
import { countPendingApplications } from '../kyc/kyc-queue.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import { countOf, readCounters } from '../stats/counters.ts';
import { users } from '../users/users.schema.ts';
import { emailOrPhoneMatches } from '../users/users.ts';

/** Data access of the admin user list. No rules here. */

/**
 * E-mail (stored lower-case) or phone containing the term, any case, wildcards taken literally:
 * the trigram indexes answer it at a million users (a term under three characters is a prefix,
 * see users/user-search.ts).
 */
function searchCondition(term: string | undefined): SQL | undefined {
  return term ? emailOrPhoneMatches(term) : undefined;
}

export interface UserListFilter {
  search?: string;
  status: UserStatusFilter;
  kyc: UserKycFilter;
}

function listCondition(filter: UserListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [searchCondition(filter.search)];
  if (filter.status === 'active') conditions.push(eq(users.isActive, true));
  if (filter.status === 'inactive') conditions.push(eq(users.isActive, false));
  if (filter.status === 'admin') conditions.push(eq(users.role, 'admin'));
  if (filter.kyc !== 'all') conditions.push(eq(users.kycStatus, filter.kyc));
  return and(...conditions);
}

export const hasListFilter = (filter: UserListFilter) =>
  Boolean(filter.search) || filter.status !== 'all' || filter.kyc !== 'all';

const available = alias(ledgerAccounts, 'available');
const frozen = alias(ledgerAccounts, 'frozen');

/** The columns of a list row: the user (no password hash) and their USDT available and frozen balances. */
const rowColumns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  nickname: users.nickname,
  role: users.role,
  adminLevel: users.adminLevel,
  isActive: users.isActive,
  kycStatus: users.kycStatus,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
  balance: sql<string>`COALESCE(${available.balance}, 0)::numeric(38, 18)::text`,
  frozenBalance: sql<string>`COALESCE(${frozen.balance}, 0)::numeric(38, 18)::text`,
};

export type UserListRow = {
  [K in keyof typeof rowColumns]: K extends 'balance' | 'frozenBalance'
    ? string
    : (typeof users.$inferSelect)[K & keyof typeof users.$inferSelect];
};

/** Users with their balances in one query: newest first (created_at DESC, id DESC). */
function selectRows(exec: Executor) {
  return exec
    .select(rowColumns)
    .from(users)
    .leftJoin(
      available,
      and(
        eq(available.userId, users.id),
        eq(available.bucket, 'available'),
        eq(available.currency, DEFAULT_CURRENCY),
      ),
    )
    .leftJoin(
      frozen,
      and(eq(frozen.userId, users.id), eq(frozen.bucket, 'frozen'), eq(frozen.currency, DEFAULT_CURRENCY)),
    );
}

export async function listUsers(
  exec: Executor,
  filter: UserListFilter,
  page: { limit: number; offset: number },
  /** A search's count (countUsers): whether it stayed within the cap decides how the page is read. */
  matches?: { exact: boolean },
): Promise<UserListRow[]> {
  if (!filter.search) {
    return selectRows(exec)
      .where(listCondition(filter))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset);
  }
  const ids = await searchPageIds(exec, filter, page, matches?.exact ?? true);
  if (ids.length === 0) return [];
  return selectRows(exec).where(inArray(users.id, ids)).orderBy(desc(users.createdAt), desc(users.id));
}

/** How many of the newest users a broad search looks through before sorting every match. */
export const SEARCH_RECENT_WINDOW = 20_000;

/**
 * The ids of a search's page, newest first. The planner cannot tell a rare term from a broad one
 * (LIKE '%term%' is estimated by pattern length), and each needs the other plan: walking
 * users_created_at_idx backwards until the page is full is instant for "qq.com" but reads every
 * user for a term whose few matches are old (677 ms at 1M users), while the trigram bitmap and a
 * sort of its matches is instant for those and reads a sixth of the table for "qq.com" (300 ms).
 * So the capped count decides:
 * - at most LIST_COUNT_CAP matches: the bitmap, sorted (the sort key is an expression so that the
 *   created_at index is not walked instead; 10,000 matches sort in about 12 ms);
 * - more: the newest SEARCH_RECENT_WINDOW users, walked in order until the page is full (a fence:
 *   at most 20,000 index rows, about 25 ms); a page those do not fill (old matches, deep pages)
 *   falls back to the bitmap.
 */
async function searchPageIds(
  exec: Executor,
  filter: UserListFilter,
  page: { limit: number; offset: number },
  fewMatches: boolean,
): Promise<number[]> {
  const where = listCondition(filter);
  const wanted = page.offset + page.limit;
  if (!fewMatches) {
    // The derived table is named users, so that the condition's "users"."email" refers to it.
    const recent = await queryRows<{ id: string | number }>(
      exec,
      sql`SELECT id FROM (SELECT * FROM users ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_RECENT_WINDOW}) AS users
          WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${wanted}`,
    );
    if (recent.length === wanted) return recent.slice(page.offset).map((r) => parseId(r.id));
  }
  const sorted = await queryRows<{ id: string | number }>(
    exec,
    sql`SELECT id FROM users WHERE ${where}
        ORDER BY created_at + interval '0 s' DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return sorted.map((r) => parseId(r.id));
}

/**
 * The list's total. A filter on one dimension alone (status or KYC, no search) is answered from
 * the running totals of modules/stats; anything narrower counts rows (through the indexes on
 * (is_active, created_at), (kyc_status, created_at) and the admin partial index). A search counts
 * at most `cap` + 1 matches (a broad term such as "qq.com" matches a sixth of all users): past
 * `cap`, `exact` is false.
 */
export async function countUsers(
  exec: Executor,
  filter: UserListFilter,
  cap = LIST_COUNT_CAP,
): Promise<{ total: number; exact: boolean }> {
  const counter = counterFor(filter);
  if (counter) return { total: countOf((await readCounters(exec, [counter]))[counter] ?? '0'), exact: true };
  if (filter.search) {
    const total = await countCapped(exec, users, listCondition(filter), cap);
    return { total, exact: total <= cap };
  }
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(users).where(listCondition(filter));
  return { total: parseCount(row?.n), exact: true };
}

function counterFor(filter: UserListFilter): string | null {
  if (filter.search) return null;
  if (filter.kyc === 'all') {
    if (filter.status === 'all') return 'users.total';
    return filter.status === 'admin' ? 'users.admins' : `users.${filter.status}`;
  }
  return filter.status === 'all' ? `users.kyc.${filter.kyc}` : null;
}

export async function findUserRows(exec: Executor, ids: readonly number[]): Promise<UserListRow[]> {
  if (ids.length === 0) return [];
  return selectRows(exec).where(inArray(users.id, [...ids]));
}

export interface UserStatsRow {
  total: number;
  inactive: number;
  kycPending: number;
  kycApproved: number;
}

/**
 * The stat cards, over every account, from the running totals kept by modules/stats; KYC待审核 is
 * the KYC review queue's size (applications pending, the 待审核 tab), as on the dashboard.
 */
export async function userStats(exec: Executor): Promise<UserStatsRow> {
  const [c, kycQueue] = await Promise.all([
    readCounters(exec, ['users.total', 'users.inactive', 'users.kyc.approved']),
    countPendingApplications(exec),
  ]);
  return {
    total: countOf(c['users.total']),
    inactive: countOf(c['users.inactive']),
    kycPending: kycQueue,
    kycApproved: countOf(c['users.kyc.approved']),
  };
}

/** Locks the users (id order, so two bulk requests cannot deadlock) and returns their current status. */
export async function lockUsers(exec: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: users.id,
      isActive: users.isActive,
      role: users.role,
      adminLevel: users.adminLevel,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(users.id)
    .for('update');
}

/** Sets is_active only when it differs, never on a deleted account; returns whether the row changed. */
export async function setUserActive(exec: Executor, id: number, isActive: boolean): Promise<boolean> {
  const rows = await exec
    .update(users)
    .set({ isActive, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), ne(users.isActive, isActive), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Locks every super admin row in id order. Taken FIRST by any change that may take an active super
 * admin away (disable, demote, delete), before the target's own lock, so that two such changes
 * queue instead of deadlocking, and the last-super-admin check sees the other's committed result.
 */
export async function lockSuperAdmins(exec: Executor): Promise<void> {
  await exec
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.adminLevel, 'super_admin')))
    .orderBy(users.id)
    .for('update');
}

/** Active super admins other than `exceptId`, locked so that two demotions cannot both pass the check. */
export async function countOtherActiveSuperAdmins(exec: Executor, exceptId: number): Promise<number> {
  const rows = await exec
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.adminLevel, 'super_admin'),
        eq(users.isActive, true),
        ne(users.id, exceptId),
      ),
    )
    .orderBy(users.id)
    .for('update');
  return rows.length;
}
