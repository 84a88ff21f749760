import {
  DEFAULT_CURRENCY,
  NEAR_THRESHOLD_DAYS,
  NEAR_THRESHOLD_LIMIT,
  NEAR_THRESHOLD_MIN_COUNT,
  NEAR_THRESHOLD_RATIO,
  type NearThresholdUser,
  type SecondApprovalCounts,
} from '@platform/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { Decimal, decimalFromDb, formatNormalised } from '../../core/money.ts';
import type { Executor } from '../../db/client.ts';
import { aggregateRow, momentParam, parseCount, parseId, queryRows, rowText } from '../../db/rows.ts';
import { pendingAdjustmentCount } from '../adjustments/adjustments.reads.ts';
import {
  approvedDepositsSince,
  depositRequests,
  depositsAwaitingSecondApproval,
  latestDeposits,
} from '../deposits/deposits.reads.ts';
import { pendingPayoutApprovalCount } from '../dual-control/dual-control.reads.ts';
import { countPendingApplications } from '../kyc/kyc-queue.ts';
import { countOf, readCounters, readCountersByPrefix } from '../stats/counters.ts';
import { userDirectory } from '../users/users.reads.ts';
import {
  completedWithdrawalsSince,
  latestWithdrawals,
  withdrawalRequests,
  withdrawalsAwaitingSecondApproval,
} from '../withdrawals/withdrawals.reads.ts';

/**
 * Read-only aggregates for the dashboard and the wallet overview. Every amount comes back as the
 * database's text of a NUMERIC, every count as an int. `since` is the start of the Beijing day.
 *
 * Index use (checked with EXPLAIN on PostgreSQL at 1M users, see the report of issue 3):
 * - pending counts: deposits_status_created_idx / withdrawals_status_created_idx, index-only;
 * - today's amounts: deposits_approved_processed_idx / withdrawals_completed_at_idx (partial, by
 *   currency and the time the money moved);
 * - new users today: users_created_at_idx;
 * - recent activities: deposits_created_idx / withdrawals_created_idx, LIMIT 10 each;
 * - counts by status, all-time totals, depositors and user assets: the running totals of modules/stats.
 */

export interface UserCounts {
  total: number;
  newToday: number;
  active: number;
  kycApproved: number;
  /** The KYC review queue (applications pending, the 待审核 tab), not users.kyc_status. */
  kycPending: number;
}

/**
 * The users, never the admins (role 'admin', disabled and deleted ones included): total and active
 * from the running totals of modules/stats, admins subtracted from the same read (users.admins,
 * users.admins.active); newToday is a range on the created_at index; kycPending is the KYC review
 * queue's size.
 */
export async function userCounts(exec: Executor, since: Date): Promise<UserCounts> {
  const [c, today, kycQueue] = await Promise.all([
    readCounters(exec, [
      'users.total',
      'users.admins',
      'users.active',
      'users.admins.active',
      'users.kyc.approved',
    ]),
    aggregateRow(
      exec,
      sql`SELECT count(*)::int AS n FROM ${userDirectory} u WHERE created_at >= ${momentParam(since)} AND role = 'user'`,
    ),
    countPendingApplications(exec),
  ]);
  return {
    total: countOf(c['users.total']) - countOf(c['users.admins']),
    newToday: parseCount(today.n),
    active: countOf(c['users.active']) - countOf(c['users.admins.active']),
    kycApproved: countOf(c['users.kyc.approved']),
    kycPending: kycQueue,
  };
}

export interface FlowTotals {
  /** Approved deposits, in the default currency. */
  deposits: string;
  /** Completed withdrawals, in the default currency. */
  withdrawals: string;
}

/**
 * Approved deposit and completed withdrawal amounts in USDT: all time from the running totals;
 * since `since`: approved (processed_at) / completed (completed_at) since then, whenever requested.
 */
export async function flowTotals(exec: Executor, since?: Date): Promise<FlowTotals> {
  if (!since) {
    const deposits = `deposits.amount.approved.${DEFAULT_CURRENCY}`;
    const withdrawals = `withdrawals.amount.completed.${DEFAULT_CURRENCY}`;
    const c = await readCounters(exec, [deposits, withdrawals]);
    return { deposits: c[deposits] ?? '0', withdrawals: c[withdrawals] ?? '0' };
  }
  const row = await aggregateRow(
    exec,
    sql`SELECT ${approvedDepositsSince(DEFAULT_CURRENCY, since)}::text AS deposits,
               ${completedWithdrawalsSince(DEFAULT_CURRENCY, since)}::text AS withdrawals`,
  );
  return { deposits: rowText(row.deposits), withdrawals: rowText(row.withdrawals) };
}

export interface PendingCounts {
  /** Deposits in status pending. */
  deposits: number;
  /** Withdrawals in status pending or reviewing. */
  withdrawals: number;
}

export async function pendingCounts(exec: Executor): Promise<PendingCounts> {
  const c = await readCounters(exec, [
    'deposits.count.pending',
    'withdrawals.count.pending',
    'withdrawals.count.reviewing',
  ]);
  return {
    deposits: countOf(c['deposits.count.pending']),
    withdrawals: countOf(c['withdrawals.count.pending']) + countOf(c['withdrawals.count.reviewing']),
  };
}

/**
 * What waits for a second admin (dual control): deposits and withdrawals with a first approval
 * (partial indexes of migration 0024), pending payout approvals and pending manual adjustments
 * (always two admins). Each is a small indexed count.
 */
export async function secondApprovalCounts(exec: Executor): Promise<SecondApprovalCounts> {
  const [row] = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT
          ${depositsAwaitingSecondApproval}::int AS deposits,
          ${withdrawalsAwaitingSecondApproval}::int AS withdrawals,
          ${pendingPayoutApprovalCount}::int AS payouts,
          ${pendingAdjustmentCount}::int AS adjustments`,
  );
  return {
    deposits: parseCount(row?.deposits ?? 0),
    withdrawals: parseCount(row?.withdrawals ?? 0),
    payouts: parseCount(row?.payouts ?? 0),
    adjustments: parseCount(row?.adjustments ?? 0),
  };
}

/** Users with at least one approved deposit (kept by the deposits trigger through `depositors`). */
export async function depositedUserCount(exec: Executor): Promise<number> {
  return countOf((await readCounters(exec, ['users.deposited']))['users.deposited']);
}

export interface CurrencyHolding {
  currency: string;
  amount: string;
}

/** Users' available + frozen balances per currency (salary balances are not assets on hand), from the running totals. */
export async function userHoldings(exec: Executor): Promise<CurrencyHolding[]> {
  const totals = new Map<string, Decimal>();
  for (const [name, value] of Object.entries(await readCountersByPrefix(exec, 'assets.'))) {
    const [, bucket, currency] = name.split('.');
    if (!currency || (bucket !== 'available' && bucket !== 'frozen')) continue;
    totals.set(currency, (totals.get(currency) ?? new Decimal(0)).plus(decimalFromDb(value)));
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount: formatNormalised(amount) }));
}

export interface ActivityRow {
  type: 'deposit' | 'withdrawal';
  id: number;
  status: string;
  amount: string;
  currency: string;
  /** Deposit: the channel's name; withdrawal: the method. */
  detail: string;
  createdAt: Date;
  userEmail: string;
}

/** The latest `limit` deposits and the latest `limit` withdrawals (the caller merges them). */
export async function latestActivities(exec: Executor, limit: number): Promise<ActivityRow[]> {
  const [deposits, withdrawals] = await Promise.all([
    queryRows<Record<string, unknown>>(
      exec,
      sql`SELECT d.id::text AS id, d.status, d.amount::text AS amount, d.currency, d.detail, d.created_at, u.email
          FROM (${latestDeposits(limit)}) d
          JOIN ${userDirectory} u ON u.id = d.user_id`,
    ),
    queryRows<Record<string, unknown>>(
      exec,
      sql`SELECT w.id::text AS id, w.status, w.amount::text AS amount, w.currency, w.detail, w.created_at, u.email
          FROM (${latestWithdrawals(limit)}) w
          JOIN ${userDirectory} u ON u.id = w.user_id`,
    ),
  ]);
  const toRow =
    (type: ActivityRow['type']) =>
    (r: Record<string, unknown>): ActivityRow => ({
      type,
      id: parseId(r.id),
      status: rowText(r.status),
      amount: rowText(r.amount),
      currency: rowText(r.currency),
      detail: rowText(r.detail),
      createdAt: rowDate(r.created_at),
      userEmail: rowText(r.email),
    });
  return [...deposits.map(toRow('deposit')), ...withdrawals.map(toRow('withdrawal'))];
}

function rowDate(value: unknown): Date {
  const date = value instanceof Date ? value : new Date(rowText(value));
  if (Number.isNaN(date.getTime())) throw new Error(`Unexpected time from the database: ${String(value)}`);
  return date;
}

/**
 * 临界金额预警 (issue 32, structuring): per kind, the users with at least NEAR_THRESHOLD_MIN_COUNT
 * USDT requests created in the last NEAR_THRESHOLD_DAYS days (database clock) each from
 * NEAR_THRESHOLD_RATIO of the threshold up to, not including, it; any status (a refused attempt is
 * a signal too). Uses deposits_created_idx / withdrawals_created_idx for the window.
 */
export async function nearThresholdUsers(
  exec: Executor,
  thresholds: { deposit: string; withdrawal: string },
): Promise<NearThresholdUser[]> {
  const band = (requests: SQL, kind: string, threshold: string) => sql`
    SELECT ${kind}::text AS kind, r.user_id, u.email, count(*)::int AS n, sum(r.amount)::text AS total,
           ${threshold}::numeric::text AS threshold
      FROM (${requests}) r JOIN ${userDirectory} u ON u.id = r.user_id
     WHERE r.created_at >= now() - make_interval(days => ${NEAR_THRESHOLD_DAYS}::int)
       AND r.currency = ${DEFAULT_CURRENCY}
       AND r.amount >= ${threshold}::numeric * ${NEAR_THRESHOLD_RATIO}::numeric
       AND r.amount < ${threshold}::numeric
     GROUP BY r.user_id, u.email
    HAVING count(*) >= ${NEAR_THRESHOLD_MIN_COUNT}`;
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT * FROM (${band(depositRequests, 'deposit', thresholds.deposit)}
          UNION ALL ${band(withdrawalRequests, 'withdrawal', thresholds.withdrawal)}) AS near
        ORDER BY n DESC, total::numeric DESC, user_id
        LIMIT ${NEAR_THRESHOLD_LIMIT}`,
  );
  return rows.map((r) => ({
    kind: rowText(r.kind) === 'withdrawal' ? 'withdrawal' : 'deposit',
    user_id: parseId(r.user_id),
    user_email: rowText(r.email),
    count: parseCount(r.n),
    total: rowText(r.total),
    threshold: rowText(r.threshold),
  }));
}
