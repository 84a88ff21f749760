import { type SQL, sql } from 'drizzle-orm';

/**
 * The channels' read API for other modules' aggregates (docs/module-boundaries.md): SQL expressions
 * over the channel tables that a caller's statement reads in the same statement.
 */

/** How many deposit channels are active (a scalar subquery). */
export const activeDepositChannelCount: SQL = sql`(SELECT count(*) FROM deposit_channels WHERE status = 'active')`;

/** How many withdrawal channels are active (a scalar subquery). */
export const activeWithdrawChannelCount: SQL = sql`(SELECT count(*) FROM withdraw_channels WHERE status = 'active')`;
