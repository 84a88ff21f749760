import { DEFAULT_CURRENCY } from '@platform/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { momentParam, parseId, queryRows, rowText } from '../../db/rows.ts';

/**
 * The deposits' read API for other modules' statements (docs/module-boundaries.md): SQL over the
 * deposits table that the dashboard's aggregates and lists read in their own statements, and the
 * team hierarchy's totals.
 */

/** Σ of the approved deposits in `currency` whose money moved since `since` (deposits_approved_processed_idx), a scalar. */
export const approvedDepositsSince = (currency: string, since: Date): SQL =>
  sql`(SELECT coalesce(sum(amount), 0) FROM deposits
        WHERE status = 'approved' AND currency = ${currency} AND processed_at >= ${momentParam(since)})`;

/** How many deposits have a first approval and wait for the second (migration 0024's partial index), a scalar. */
export const depositsAwaitingSecondApproval: SQL = sql`(SELECT count(*) FROM deposits WHERE status = 'pending' AND first_approved_by IS NOT NULL)`;

/**
 * The latest `limit` deposits, newest first (deposits_created_idx): rows (id, status, amount,
 * currency, detail: the channel's name, created_at, user_id).
 */
export const latestDeposits = (limit: number): SQL =>
  sql`SELECT id, status, amount, currency, channel_name AS detail, created_at, user_id
        FROM deposits ORDER BY created_at DESC, id DESC LIMIT ${limit}`;

/** Every deposit request as rows (user_id, amount, currency, created_at), any status, for a caller's filter. */
export const depositRequests: SQL = sql`SELECT user_id, amount, currency, created_at FROM deposits`;

/**
 * Σ approved USDT deposits per user, for the given users (those without one are left out): the team
 * hierarchy's deposit totals (deposits_user_created_idx).
 */
export async function approvedDepositTotals(
  exec: Executor,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: unknown; total: unknown }>(
    exec,
    sql`SELECT user_id::text AS user_id, sum(amount)::text AS total
          FROM deposits
         WHERE user_id = ANY(${sql.param(userIds)}::bigint[])
           AND status = 'approved' AND currency = ${DEFAULT_CURRENCY}
         GROUP BY user_id`,
  );
  return new Map(rows.map((r) => [parseId(r.user_id), rowText(r.total)]));
}
