import { type SQL, sql } from 'drizzle-orm';

/** How many payout approvals (team rewards and salaries) wait for their second admin, a scalar (docs/module-boundaries.md). */
export const pendingPayoutApprovalCount: SQL = sql`(SELECT count(*) FROM payout_approvals WHERE status = 'pending')`;
