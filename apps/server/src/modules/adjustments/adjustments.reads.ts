import { type SQL, sql } from 'drizzle-orm';

/** How many manual adjustments wait for their second admin, a scalar (docs/module-boundaries.md). */
export const pendingAdjustmentCount: SQL = sql`(SELECT count(*) FROM balance_adjustments WHERE status = 'pending')`;
