import {
  DEFAULT_CURRENCY,
  LIST_COUNT_CAP,
  type UserKycFilter,
  type UserStatusFilter,
} from '@platform/contracts';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { countCapped } from '../../core/paging.ts';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../db/rows.ts';
import { countPendingApplications } from '../kyc/kyc-queue.ts';
import { userBucketBalances } from '../ledger/user-balances.reads.ts';
import { countOf, readCounters } from '../stats/counters.ts';
import { emailOrPhoneMatches, type UserRow, userDirectory } from '../users/users.ts';

/** Data access of the admin user list. No rules here. */

/** The users listed (the users module's directory: every column but the password hash). */
const listed = userDirectory('listed');

/**
 * E-mail (stored lower-case) or phone containing the term, any case, wildcards taken literally:
 * the trigram indexes answer it at a million users (a term under three characters is a prefix,
 * see users/user-search.ts).
 */
function searchCondition(term: string | undefined): SQL | undefined {
  return term ? emailOrPhoneMatches(term, listed) : undefined;
}

export interface UserListFilter {
  search?: string;
  status: UserStatusFilter;
  kyc: UserKycFilter;
}

function listCondition(filter: UserListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [searchCondition(filter.search)];
  if (filter.status === 'active') conditions.push(eq(listed.isActive, true));
  if (filter.status === 'inactive') conditions.push(eq(listed.isActive, false));
  if (filter.status === 'admin') conditions.push(eq(listed.role, 'admin'));
  if (filter.kyc !== 'all') conditions.push(eq(listed.kycStatus, filter.kyc));
  return and(...conditions);
}

export const hasListFilter = (filter: UserListFilter) =>
  Boolean(filter.search) || filter.status !== 'all' || filter.kyc !== 'all';

const available = userBucketBalances('available', 'available', DEFAULT_CURRENCY);
const frozen = userBucketBalances('frozen', 'frozen', DEFAULT_CURRENCY);

/** The columns of a list row: the user (no password hash) and their USDT available and frozen balances. */
const rowColumns = {
  id: listed.id,
  email: listed.email,
  phone: listed.phone,
  nickname: listed.nickname,
  role: listed.role,
  adminLevel: listed.adminLevel,
  isActive: listed.isActive,
  kycStatus: listed.kycStatus,
  createdAt: listed.createdAt,
  lastLogin: listed.lastLogin,
  balance: sql<string>`COALESCE(${available.balance}, 0)::numeric(38, 18)::text`,
  frozenBalance: sql<string>`COALESCE(${frozen.balance}, 0)::numeric(38, 18)::text`,
};

export type UserListRow = {
  [K in keyof typeof rowColumns]: K extends 'balance' | 'frozenBalance' ? string : UserRow[K & keyof UserRow];
};

/** Users with their balances in one query: newest first (created_at DESC, id DESC). */
function selectRows(exec: Executor) {
  return exec
    .select(rowColumns)
    .from(listed)
    .leftJoin(available, eq(available.userId, listed.id))
    .leftJoin(frozen, eq(frozen.userId, listed.id));
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
      .orderBy(desc(listed.createdAt), desc(listed.id))
      .limit(page.limit)
      .offset(page.offset);
  }
  const ids = await searchPageIds(exec, filter, page, matches?.exact ?? true);
  if (ids.length === 0) return [];
  return selectRows(exec).where(inArray(listed.id, ids)).orderBy(desc(listed.createdAt), desc(listed.id));
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
    // The derived table is named listed, so that the condition's "listed"."email" refers to it.
    const recent = await queryRows<{ id: string | number }>(
      exec,
      sql`SELECT id FROM (SELECT * FROM ${listed} ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_RECENT_WINDOW}) AS listed
          WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${wanted}`,
    );
    if (recent.length === wanted) return recent.slice(page.offset).map((r) => parseId(r.id));
  }
  const sorted = await queryRows<{ id: string | number }>(
    exec,
    sql`SELECT id FROM ${listed} WHERE ${where}
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
    const total = await countCapped(exec, listed, listCondition(filter), cap);
    return { total, exact: total <= cap };
  }
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(listed)
    .where(listCondition(filter));
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
  return selectRows(exec).where(inArray(listed.id, [...ids]));
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
      id: listed.id,
      isActive: listed.isActive,
      role: listed.role,
      adminLevel: listed.adminLevel,
      deletedAt: listed.deletedAt,
    })
    .from(listed)
    .where(inArray(listed.id, [...ids]))
    .orderBy(listed.id)
    .for('update');
}

/** Sets is_active only when it differs, never on a deleted account; returns whether the row changed. */
export { setUserActive } from '../users/users.ts';

/**
 * Locks every super admin row in id order. Taken FIRST by any change that may take an active super
 * admin away (disable, demote, delete), before the target's own lock, so that two such changes
 * queue instead of deadlocking, and the last-super-admin check sees the other's committed result.
 */
export async function lockSuperAdmins(exec: Executor): Promise<void> {
  await exec
    .select({ id: listed.id })
    .from(listed)
    .where(and(eq(listed.role, 'admin'), eq(listed.adminLevel, 'super_admin')))
    .orderBy(listed.id)
    .for('update');
}

/** Active super admins other than `exceptId`, locked so that two demotions cannot both pass the check. */
export async function countOtherActiveSuperAdmins(exec: Executor, exceptId: number): Promise<number> {
  const rows = await exec
    .select({ id: listed.id })
    .from(listed)
    .where(
      and(
        eq(listed.role, 'admin'),
        eq(listed.adminLevel, 'super_admin'),
        eq(listed.isActive, true),
        ne(listed.id, exceptId),
      ),
    )
    .orderBy(listed.id)
    .for('update');
  return rows.length;
}
