import { type SQL, sql } from 'drizzle-orm';

/**
 * Withdrawals waiting for an admin (pending or under review), as an SQL expression (a scalar
 * subquery) for another module's statement (the metrics' scrape reads it with others at once).
 */
export const withdrawalsAwaitingReview = (): SQL =>
  sql`(SELECT count(*) FROM withdrawals WHERE status IN ('pending', 'reviewing'))`;
