import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payoutApprovals } from './dual-control.schema.ts';

/**
 * Ends an admin's pending first approvals of payouts as rejected with no decider (the admin is being
 * disabled or deleted, admin-users/lapsed-approvals.ts), in the caller's transaction: the next payout
 * call records a new first approval. Answers how many.
 */
export async function lapsePayoutFirstApprovals(tx: Executor, adminId: number): Promise<number> {
  const lapsed = await tx
    .update(payoutApprovals)
    .set({ status: 'rejected', decidedAt: sql`now()` })
    .where(and(eq(payoutApprovals.firstApprovedBy, adminId), eq(payoutApprovals.status, 'pending')))
    .returning({ id: payoutApprovals.id });
  return lapsed.length;
}
