import { type SQL, sql } from 'drizzle-orm';
import { momentParam } from '../../db/rows.ts';

/**
 * The withdrawals' read API for other modules' statements (docs/module-boundaries.md): SQL over the
 * withdrawals table that the dashboard's aggregates and lists read in their own statements.
 */

/** Σ of the completed withdrawals in `currency` paid out since `since` (withdrawals_completed_at_idx), a scalar. */
export const completedWithdrawalsSince = (currency: string, since: Date): SQL =>
  sql`(SELECT coalesce(sum(amount), 0) FROM withdrawals
        WHERE status = 'completed' AND currency = ${currency} AND completed_at >= ${momentParam(since)})`;

/** How many open withdrawals have a first approval and wait for the second (migration 0024's partial index), a scalar. */
export const withdrawalsAwaitingSecondApproval: SQL = sql`(SELECT count(*) FROM withdrawals
    WHERE status IN ('pending', 'reviewing') AND first_approved_by IS NOT NULL)`;

/**
 * The latest `limit` withdrawals, newest first (withdrawals_created_idx): rows (id, status, amount,
 * currency, detail: the method, created_at, user_id).
 */
export const latestWithdrawals = (limit: number): SQL =>
  sql`SELECT id, status, amount, currency, withdraw_type AS detail, created_at, user_id
        FROM withdrawals ORDER BY created_at DESC, id DESC LIMIT ${limit}`;

/** Every withdrawal request as rows (user_id, amount, currency, created_at), any status, for a caller's filter. */
export const withdrawalRequests: SQL = sql`SELECT user_id, amount, currency, created_at FROM withdrawals`;
