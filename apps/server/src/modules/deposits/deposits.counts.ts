import { type SQL, sql } from 'drizzle-orm';

/**
 * Deposits waiting for an admin's review, as an SQL expression (a scalar subquery) for another
 * module's statement (the metrics' scrape reads it with others at once).
 */
export const depositsAwaitingReview = (): SQL =>
  sql`(SELECT count(*) FROM deposits WHERE status = 'pending')`;
