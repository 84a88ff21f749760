import { type SQL, sql } from 'drizzle-orm';

/**
 * Market data's read API for other modules' aggregates (docs/module-boundaries.md): SQL expressions
 * over the trading pairs, so that a caller's statement reads them in the same statement without
 * naming market data's tables (like ledger/ledger.reads.ts's systemAccountSum).
 */

/** The 24 h price change of the pair whose symbol `symbol` gives (a scalar subquery): null when unknown or gone. */
export const pairChange24h = (symbol: SQL): SQL =>
  sql`(SELECT price_change_24h FROM trading_pairs WHERE symbol = ${symbol})`;

/** How many pairs are enabled (a scalar subquery). */
export const enabledPairCount: SQL = sql`(SELECT count(*) FROM trading_pairs WHERE enabled)`;
