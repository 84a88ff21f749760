import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deposits } from './deposits.schema.ts';

/**
 * Withdraws an admin's first approvals of pending deposits (the admin is being disabled or deleted,
 * admin-users/lapsed-approvals.ts), in the caller's transaction: each needs two approvals again.
 * Answers how many.
 */
export async function lapseDepositFirstApprovals(tx: Executor, adminId: number): Promise<number> {
  const lapsed = await tx
    .update(deposits)
    .set({ firstApprovedBy: null, firstApprovedAt: null, updatedAt: sql`now()` })
    .where(and(eq(deposits.firstApprovedBy, adminId), eq(deposits.status, 'pending')))
    .returning({ id: deposits.id });
  return lapsed.length;
}
