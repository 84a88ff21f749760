import { type SQL, sql } from 'drizzle-orm';

/**
 * The trading module's counts for other modules' statements (docs/module-boundaries.md): each an
 * SQL expression (a scalar subquery), so that a caller reads them together in one round trip (the
 * metrics' scrape, docs/operations.md, "Metrics"). Each has an index that serves it: timed
 * contracts and perpetual positions by status, spot orders by product and status.
 */
export const openTradingCounts = (): Record<'spot' | 'flash' | 'option' | 'perpetual', SQL> => ({
  flash: sql`(SELECT count(*) FROM timed_contracts WHERE status = 'open' AND product = 'flash')`,
  option: sql`(SELECT count(*) FROM timed_contracts WHERE status = 'open' AND product = 'option')`,
  perpetual: sql`(SELECT count(*) FROM perpetual_positions WHERE status = 'open')`,
  spot: sql`(SELECT count(*) FROM trade_orders WHERE product = 'spot' AND status IN ('pending', 'partial'))`,
});
