import { type WithdrawalStatus, type WithdrawMethod, withdrawalStatuses } from '@platform/contracts';
import { and, desc, eq, gte, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount } from '../../db/rows.ts';
import { type CurrencySum, windowStart } from '../dual-control/approval-window.ts';
import { countOf, readCounters } from '../stats/counters.ts';
import { userDirectory, usersMatching } from '../users/users.ts';
import { withdrawals } from './withdrawals.schema.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalWithUser = WithdrawalRow & {
  userEmail: string;
  userPhone: string | null;
  firstApproverEmail: string | null;
};

/** The user who withdraws. */
const withdrawer = userDirectory('withdrawer');
/** The admin whose first approval to 已通过 waits for a second one (待复核). */
const firstApprover = userDirectory('withdrawal_first_approver');

/** Undecided statuses: a first approval recorded on these waits for a second admin. */
const UNDECIDED: WithdrawalStatus[] = ['pending', 'reviewing'];

export async function insertWithdrawal(
  exec: Executor,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  const [row] = await exec.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('insert into withdrawals returned nothing');
  return row;
}

/** Locks the row for a status change; the caller then updates it conditionally. */
export async function lockWithdrawal(exec: Executor, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await exec.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/** The owners of the withdrawals `ids`: a bulk change containing the admin's own is refused. */
export async function withdrawalOwnerIds(exec: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .selectDistinct({ userId: withdrawals.userId })
    .from(withdrawals)
    .where(inArray(withdrawals.id, [...ids]));
  return rows.map((r) => r.userId);
}

/**
 * Records the first approval of a move to 已通过 at or above the threshold (dual control): the
 * status stays and no money moves. Nothing when the status changed or a first approval exists.
 */
export async function recordFirstApproval(
  exec: Executor,
  id: number,
  change: { from: WithdrawalStatus; adminId: number; windowTotal: string | null },
): Promise<WithdrawalRow | undefined> {
  const [row] = await exec
    .update(withdrawals)
    .set({
      firstApprovedBy: change.adminId,
      firstApprovedAt: sql`now()`,
      firstApprovalWindowTotal: change.windowTotal,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, change.from),
        sql`${withdrawals.firstApprovedBy} IS NULL`,
      ),
    )
    .returning();
  return row;
}

/** Moves the withdrawal from `from` to `to`; nothing when it is no longer in `from`. */
export async function updateWithdrawalStatus(
  exec: Executor,
  id: number,
  change: {
    from: WithdrawalStatus;
    to: WithdrawalStatus;
    adminRemark: string | null;
    adminId: number;
    /** 已出款: the payout's transaction hash (USDT). */
    txHash?: string | null;
  },
): Promise<WithdrawalRow | undefined> {
  const [row] = await exec
    .update(withdrawals)
    .set({
      status: change.to,
      ...(change.adminRemark ? { adminRemark: change.adminRemark } : {}),
      reviewedBy: change.adminId,
      updatedAt: sql`now()`,
      ...(change.to === 'approved' ? { approvedAt: sql`now()` } : {}),
      ...(change.to === 'completed' ? { completedAt: sql`now()`, txHash: change.txHash ?? null } : {}),
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, change.from)))
    .returning();
  return row;
}

const withUser = {
  id: withdrawals.id,
  userId: withdrawals.userId,
  channelId: withdrawals.channelId,
  channelName: withdrawals.channelName,
  withdrawType: withdrawals.withdrawType,
  currency: withdrawals.currency,
  amount: withdrawals.amount,
  fee: withdrawals.fee,
  feeRate: withdrawals.feeRate,
  address: withdrawals.address,
  network: withdrawals.network,
  accountInfo: withdrawals.accountInfo,
  userRemark: withdrawals.userRemark,
  adminRemark: withdrawals.adminRemark,
  status: withdrawals.status,
  reviewedBy: withdrawals.reviewedBy,
  firstApprovedBy: withdrawals.firstApprovedBy,
  firstApprovedAt: withdrawals.firstApprovedAt,
  firstApprovalWindowTotal: withdrawals.firstApprovalWindowTotal,
  approvedAt: withdrawals.approvedAt,
  completedAt: withdrawals.completedAt,
  txHash: withdrawals.txHash,
  createdAt: withdrawals.createdAt,
  updatedAt: withdrawals.updatedAt,
  userEmail: withdrawer.email,
  userPhone: withdrawer.phone,
  firstApproverEmail: firstApprover.email,
};

export interface WithdrawalFilter {
  userId?: number;
  statuses?: readonly WithdrawalStatus[];
  type?: WithdrawMethod;
  search?: string;
  /** Only 待复核: undecided, with a first approval (withdrawals_awaiting_second_idx). */
  awaitingSecondApproval?: boolean;
}

function whereOf(filter: WithdrawalFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(withdrawals.userId, filter.userId));
  if (filter.statuses?.length) conditions.push(inArray(withdrawals.status, [...filter.statuses]));
  if (filter.type) conditions.push(eq(withdrawals.withdrawType, filter.type));
  if (filter.awaitingSecondApproval)
    conditions.push(
      and(inArray(withdrawals.status, UNDECIDED), isNotNull(withdrawals.firstApprovedBy)) as SQL,
    );
  if (filter.search) {
    const term = filter.search.toLowerCase();
    // The user's e-mail or phone, anywhere in it (users/user-search.ts).
    const byUser = sql`${withdrawals.userId} = ANY(${usersMatching(filter.search)})`;
    conditions.push(
      /^\d{1,15}$/.test(term) ? sql`(${withdrawals.id} = ${Number(term)} OR ${byUser})` : byUser,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listWithdrawals(
  exec: Executor,
  filter: WithdrawalFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: WithdrawalWithUser[]; total: number }> {
  const where = whereOf(filter);
  const rows = await exec
    .select(withUser)
    .from(withdrawals)
    .innerJoin(withdrawer, eq(withdrawer.id, withdrawals.userId))
    .leftJoin(firstApprover, eq(firstApprover.id, withdrawals.firstApprovedBy))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await countWithdrawals(exec, filter, where) };
}

/** Unfiltered or by statuses alone: the running totals of modules/stats; otherwise an indexed count. */
async function countWithdrawals(
  exec: Executor,
  filter: WithdrawalFilter,
  where: SQL | undefined,
): Promise<number> {
  if (filter.userId === undefined && !filter.type && !filter.search && !filter.awaitingSecondApproval) {
    const names = (filter.statuses?.length ? filter.statuses : withdrawalStatuses).map(
      (s) => `withdrawals.count.${s}`,
    );
    const counters = await readCounters(exec, names);
    return names.reduce((sum, name) => sum + countOf(counters[name] ?? '0'), 0);
  }
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(where);
  return parseCount(count?.n ?? 0);
}

export async function findWithdrawalWithUser(
  exec: Executor,
  id: number,
): Promise<WithdrawalWithUser | undefined> {
  const [row] = await exec
    .select(withUser)
    .from(withdrawals)
    .innerJoin(withdrawer, eq(withdrawer.id, withdrawals.userId))
    .leftJoin(firstApprover, eq(firstApprover.id, withdrawals.firstApprovedBy))
    .where(eq(withdrawals.id, id))
    .limit(1);
  return row;
}

/** The withdrawal that already names this payout hash (compared normalised, as the unique index does). */
export async function findByPayoutTxHash(exec: Executor, txHash: string): Promise<number | null> {
  const [row] = await exec
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(sql`normalise_tx_hash(${withdrawals.txHash}) = normalise_tx_hash(${txHash})`)
    .limit(1);
  return row?.id ?? null;
}

/** One of the user's own withdrawals; undefined for another's (a 404, never a 403). */
export async function findOwnWithdrawal(
  exec: Executor,
  userId: number,
  id: number,
): Promise<WithdrawalRow | undefined> {
  const [row] = await exec
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
  return row;
}

/**
 * The user's withdrawals the 24 h window counts (dual-control/approval-window.ts), per currency:
 * those moved to 已通过 since the window's start (and not rejected since), and those undecided with
 * a first approval recorded since then; never `exceptId`, the withdrawal being approved.
 */
export async function approvalWindowSums(
  exec: Executor,
  userId: number,
  exceptId: number,
): Promise<CurrencySum[]> {
  return exec
    .select({
      currency: withdrawals.currency,
      amount: sql<string>`sum(${withdrawals.amount})`.mapWith(String),
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        ne(withdrawals.id, exceptId),
        or(
          and(
            inArray(withdrawals.status, ['approved', 'processing', 'completed']),
            gte(withdrawals.approvedAt, windowStart()),
          ),
          and(
            inArray(withdrawals.status, ['pending', 'reviewing']),
            gte(withdrawals.firstApprovedAt, windowStart()),
          ),
        ),
      ),
    )
    .groupBy(withdrawals.currency);
}
