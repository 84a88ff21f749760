import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deposits } from '../deposits/deposits.schema.ts';
import { withdrawals } from '../withdrawals/withdrawals.schema.ts';
import { payoutApprovals } from './dual-control.schema.ts';

/** How many first approvals of each kind an admin's disabling or deletion withdrew. */
export interface LapsedApprovals {
  deposits: number;
  withdrawals: number;
  payouts: number;
}

/**
 * Withdraws the pending first approvals of an admin who is being disabled or deleted (issue 32), in
 * the caller's transaction: a deposit or withdrawal needs two approvals again (the next admin's is
 * the first), and a pending payout approval ends as rejected with no decider (the next payout call
 * records a new first approval). An approval in flight either committed before (and counted while
 * the admin was active) or, waiting on the row lock, reads the withdrawn approval.
 */
export async function lapseFirstApprovals(tx: Executor, adminId: number): Promise<LapsedApprovals> {
  const lapsedDeposits = await tx
    .update(deposits)
    .set({ firstApprovedBy: null, firstApprovedAt: null, updatedAt: sql`now()` })
    .where(and(eq(deposits.firstApprovedBy, adminId), eq(deposits.status, 'pending')))
    .returning({ id: deposits.id });
  const lapsedWithdrawals = await tx
    .update(withdrawals)
    .set({ firstApprovedBy: null, firstApprovedAt: null, updatedAt: sql`now()` })
    .where(
      and(eq(withdrawals.firstApprovedBy, adminId), inArray(withdrawals.status, ['pending', 'reviewing'])),
    )
    .returning({ id: withdrawals.id });
  const lapsedPayouts = await tx
    .update(payoutApprovals)
    .set({ status: 'rejected', decidedAt: sql`now()` })
    .where(and(eq(payoutApprovals.firstApprovedBy, adminId), eq(payoutApprovals.status, 'pending')))
    .returning({ id: payoutApprovals.id });
  return {
    deposits: lapsedDeposits.length,
    withdrawals: lapsedWithdrawals.length,
    payouts: lapsedPayouts.length,
  };
}
