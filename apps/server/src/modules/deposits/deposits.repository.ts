import { depositStatuses } from '@platform/contracts';
import { normaliseTxHash } from '@platform/domain';
import { and, desc, eq, gte, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, queryRows } from '../../db/rows.ts';
import { type CurrencySum, windowStart } from '../dual-control/approval-window.ts';
import { countOf, readCounters } from '../stats/counters.ts';
import { userDirectory, usersMatching } from '../users/users.ts';
import { deposits } from './deposits.schema.ts';

export type DepositRow = typeof deposits.$inferSelect;
export type DepositWithEmail = DepositRow & { userEmail: string; firstApproverEmail: string | null };

/** The depositor. */
const depositor = userDirectory('depositor');
/** The admin whose first approval waits for a second one (待复核). */
const firstApprover = userDirectory('deposit_first_approver');

export type CalendarPeriod = 'today' | 'week' | 'month';
const PERIOD_UNITS = { today: 'day', week: 'week', month: 'month' } as const;

/**
 * The start of the current Beijing calendar day, week (Monday, as date_trunc counts ISO weeks) or
 * month, computed by the database: what the list's 今天 / 本周 / 本月 filters mean.
 */
export const beijingPeriodStart = (period: CalendarPeriod): SQL =>
  sql`date_trunc(${sql.raw(`'${PERIOD_UNITS[period]}'`)}, now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai'`;

export async function insertDeposit(
  exec: Executor,
  values: typeof deposits.$inferInsert,
): Promise<DepositRow> {
  const [row] = await exec.insert(deposits).values(values).returning();
  if (!row) throw new Error('insert into deposits returned nothing');
  return row;
}

export const countPendingDepositsOfUser = async (exec: Executor, userId: number) =>
  parseCount(
    (
      await queryRows<{ n: number }>(
        exec,
        sql`SELECT count(*)::int AS n FROM deposits WHERE user_id = ${userId} AND status = 'pending'`,
      )
    )[0]?.n ?? 0,
  );

const withEmail = {
  id: deposits.id,
  userId: deposits.userId,
  channelId: deposits.channelId,
  channelName: deposits.channelName,
  toAddress: deposits.toAddress,
  currency: deposits.currency,
  amount: deposits.amount,
  txHash: deposits.txHash,
  txHashNormalized: deposits.txHashNormalized,
  remark: deposits.remark,
  status: deposits.status,
  adminNote: deposits.adminNote,
  reviewedBy: deposits.reviewedBy,
  reviewedAt: deposits.reviewedAt,
  firstApprovedBy: deposits.firstApprovedBy,
  firstApprovedAt: deposits.firstApprovedAt,
  firstApprovalWindowTotal: deposits.firstApprovalWindowTotal,
  processedAt: deposits.processedAt,
  createdAt: deposits.createdAt,
  updatedAt: deposits.updatedAt,
  userEmail: depositor.email,
  firstApproverEmail: firstApprover.email,
};

export interface DepositFilter {
  userId?: number;
  status?: DepositRow['status'];
  search?: string;
  /** Created since the start of this Beijing calendar period. */
  since?: CalendarPeriod;
  /** Only 待复核: pending, with a first approval (deposits_awaiting_second_idx). */
  awaitingSecondApproval?: boolean;
}

/**
 * A search term as a transaction hash: the hash as typed, or the same transfer written another way
 * (both sides normalised by normaliseTxHash). Each side has its own index.
 */
export function txHashMatches(term: string): SQL {
  const normalised = normaliseTxHash(term);
  return normalised
    ? sql`(${deposits.txHash} = ${term} OR ${deposits.txHashNormalized} = ${normalised})`
    : sql`${deposits.txHash} = ${term}`;
}

function whereOf(filter: DepositFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(deposits.userId, filter.userId));
  if (filter.status) conditions.push(eq(deposits.status, filter.status));
  if (filter.awaitingSecondApproval)
    conditions.push(and(eq(deposits.status, 'pending'), isNotNull(deposits.firstApprovedBy)) as SQL);
  if (filter.since !== undefined)
    conditions.push(sql`${deposits.createdAt} >= ${beijingPeriodStart(filter.since)}`);
  if (filter.search) {
    const term = filter.search.toLowerCase();
    // ANY(ARRAY(...)) rather than IN (subquery) so that both sides of the OR can use an index.
    const byText = sql`(${txHashMatches(filter.search)} OR ${deposits.userId} = ANY(${usersMatching(filter.search)}))`;
    conditions.push(
      /^\d{1,15}$/.test(term)
        ? sql`(${deposits.id} = ${Number(term)} OR ${deposits.userId} = ${Number(term)} OR ${byText})`
        : byText,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listDeposits(
  exec: Executor,
  filter: DepositFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: DepositWithEmail[]; total: number }> {
  const where = whereOf(filter);
  const rows = await exec
    .select(withEmail)
    .from(deposits)
    .innerJoin(depositor, eq(depositor.id, deposits.userId))
    .leftJoin(firstApprover, eq(firstApprover.id, deposits.firstApprovedBy))
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await countDeposits(exec, filter, where) };
}

/** Unfiltered or by status alone: the running totals of modules/stats; otherwise an indexed count. */
async function countDeposits(exec: Executor, filter: DepositFilter, where: SQL | undefined): Promise<number> {
  const byStatusOnly =
    filter.userId === undefined &&
    !filter.search &&
    filter.since === undefined &&
    !filter.awaitingSecondApproval;
  if (byStatusOnly) {
    const names = (filter.status ? [filter.status] : depositStatuses).map((s) => `deposits.count.${s}`);
    const counters = await readCounters(exec, names);
    return names.reduce((sum, name) => sum + countOf(counters[name] ?? '0'), 0);
  }
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(deposits).where(where);
  return parseCount(count?.n ?? 0);
}

export async function findDepositWithEmail(
  exec: Executor,
  id: number,
): Promise<DepositWithEmail | undefined> {
  const [row] = await exec
    .select(withEmail)
    .from(deposits)
    .innerJoin(depositor, eq(depositor.id, deposits.userId))
    .leftJoin(firstApprover, eq(firstApprover.id, deposits.firstApprovedBy))
    .where(eq(deposits.id, id))
    .limit(1);
  return row;
}

/**
 * The conditional review: moves a pending deposit to approved or rejected and returns it, or
 * returns nothing when it is no longer pending (someone else reviewed it first).
 */
export async function reviewPendingDeposit(
  exec: Executor,
  id: number,
  review: { status: 'approved' | 'rejected'; adminNote: string | null; reviewedBy: number },
): Promise<DepositRow | undefined> {
  const [row] = await exec
    .update(deposits)
    .set({
      status: review.status,
      adminNote: review.adminNote,
      reviewedBy: review.reviewedBy,
      reviewedAt: sql`now()`,
      processedAt: review.status === 'approved' ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
    .returning();
  return row;
}

/** One of the user's own deposits; undefined for another's. */
export async function findOwnDeposit(
  exec: Executor,
  userId: number,
  id: number,
): Promise<DepositRow | undefined> {
  const [row] = await exec
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.userId, userId)));
  return row;
}

/** Locks the deposit for a review; the caller then decides on the row as it is now. */
export async function lockDeposit(exec: Executor, id: number): Promise<DepositRow | undefined> {
  const [row] = await exec.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
}

/**
 * Records the first approval of a pending deposit at or above the threshold (dual control): the
 * deposit stays pending and no money moves. Nothing when it is no longer pending or already has one.
 */
export async function recordFirstApproval(
  exec: Executor,
  id: number,
  adminId: number,
  windowTotal: string | null,
): Promise<DepositRow | undefined> {
  const [row] = await exec
    .update(deposits)
    .set({
      firstApprovedBy: adminId,
      firstApprovedAt: sql`now()`,
      firstApprovalWindowTotal: windowTotal,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending'), sql`${deposits.firstApprovedBy} IS NULL`))
    .returning();
  return row;
}

/** Of `ids`, those still pending with what the threshold compares, in id order. */
export async function pendingDepositAmounts(
  exec: Executor,
  ids: readonly number[],
): Promise<{ id: number; userId: number; currency: string; amount: string }[]> {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: deposits.id,
      userId: deposits.userId,
      currency: deposits.currency,
      amount: deposits.amount,
    })
    .from(deposits)
    .where(and(inArray(deposits.id, [...ids]), eq(deposits.status, 'pending')))
    .orderBy(deposits.id);
}

/** The owners of the deposits `ids` (whatever their status): a batch containing the reviewer's own is refused. */
export async function depositOwnerIds(exec: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .selectDistinct({ userId: deposits.userId })
    .from(deposits)
    .where(inArray(deposits.id, [...ids]));
  return rows.map((r) => r.userId);
}

export interface DepositStatsRow {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  totalAmount: string;
  todayAmount: string;
}

/**
 * Counts over every deposit and the approved amount in `currency` come from the running totals
 * (modules/stats); today's approved amount is what was approved since 00:00 Beijing time, whenever
 * it was requested (deposits_approved_processed_idx).
 */
export async function depositStats(exec: Executor, currency: string): Promise<DepositStatsRow> {
  const statuses = ['pending', 'processing', 'approved', 'rejected'] as const;
  const approvedAmount = `deposits.amount.approved.${currency}`;
  const counters = await readCounters(exec, [...statuses.map((s) => `deposits.count.${s}`), approvedAmount]);
  const [today] = await queryRows<{ amount: string }>(
    exec,
    sql`SELECT coalesce(sum(amount), 0)::text AS amount FROM deposits
         WHERE status = 'approved' AND currency = ${currency} AND processed_at >= ${beijingPeriodStart('today')}`,
  );
  const count = (s: (typeof statuses)[number]) => countOf(counters[`deposits.count.${s}`] ?? '0');
  return {
    total: statuses.reduce((sum, s) => sum + count(s), 0),
    pending: count('pending'),
    approved: count('approved'),
    rejected: count('rejected'),
    totalAmount: counters[approvedAmount] ?? '0',
    todayAmount: today?.amount ?? '0',
  };
}

/**
 * The user's deposits the 24 h window counts (dual-control/approval-window.ts), per currency: those
 * approved since the window's start and those pending with a first approval recorded since then;
 * never `exceptId`, the deposit under review.
 */
export async function approvalWindowSums(
  exec: Executor,
  userId: number,
  exceptId: number,
): Promise<CurrencySum[]> {
  return exec
    .select({ currency: deposits.currency, amount: sql<string>`sum(${deposits.amount})`.mapWith(String) })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        ne(deposits.id, exceptId),
        or(
          and(eq(deposits.status, 'approved'), gte(deposits.processedAt, windowStart())),
          and(eq(deposits.status, 'pending'), gte(deposits.firstApprovedAt, windowStart())),
        ),
      ),
    )
    .groupBy(deposits.currency);
}
