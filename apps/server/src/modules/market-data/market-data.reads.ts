import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowExists } from '../../db/rows.ts';
import { tradingPairs } from './market-data.schema.ts';

/**
 * Market data's read API for other modules (docs/module-boundaries.md): SQL expressions over the
 * trading pairs, so that a caller's statement reads them in the same statement without naming
 * market data's tables (like ledger/ledger.reads.ts's systemAccountSum), and the pair lists they read.
 */

/** The 24 h price change of the pair whose symbol `symbol` gives (a scalar subquery): null when unknown or gone. */
export const pairChange24h = (symbol: SQL): SQL =>
  sql`(SELECT price_change_24h FROM trading_pairs WHERE symbol = ${symbol})`;

/** How many pairs are enabled (a scalar subquery). */
export const enabledPairCount: SQL = sql`(SELECT count(*) FROM trading_pairs WHERE enabled)`;

/** The enabled pairs quoted in `currency`, in the order they were added: symbol, base and quote currency. */
export async function enabledPairsQuotedIn(exec: Executor, currency: string) {
  return exec
    .select({
      symbol: tradingPairs.symbol,
      base_currency: tradingPairs.baseCurrency,
      quote_currency: tradingPairs.quoteCurrency,
    })
    .from(tradingPairs)
    .where(and(eq(tradingPairs.enabled, true), eq(tradingPairs.quoteCurrency, currency)))
    .orderBy(asc(tradingPairs.id));
}

/** Whether some trading pair, enabled or not, is based or quoted in `currency`. */
export async function isPairCurrency(exec: Executor, currency: string): Promise<boolean> {
  return rowExists(
    exec,
    tradingPairs,
    or(eq(tradingPairs.baseCurrency, currency), eq(tradingPairs.quoteCurrency, currency)),
  );
}
