import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { withdrawals } from './withdrawals.schema.ts';

/**
 * Withdraws an admin's first approvals of withdrawals still under review (the admin is being
 * disabled or deleted, admin-users/lapsed-approvals.ts), in the caller's transaction: each needs two
 * approvals again. Answers how many.
 */
export async function lapseWithdrawalFirstApprovals(tx: Executor, adminId: number): Promise<number> {
  const lapsed = await tx
    .update(withdrawals)
    .set({ firstApprovedBy: null, firstApprovedAt: null, updatedAt: sql`now()` })
    .where(
      and(eq(withdrawals.firstApprovedBy, adminId), inArray(withdrawals.status, ['pending', 'reviewing'])),
    )
    .returning({ id: withdrawals.id });
  return lapsed.length;
}
