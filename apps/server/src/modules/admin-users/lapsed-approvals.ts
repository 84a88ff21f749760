import type { Executor } from '../../db/client.ts';
import { lapseDepositFirstApprovals } from '../deposits/lapse-approvals.ts';
import { lapsePayoutFirstApprovals } from '../dual-control/lapse-payout-approvals.ts';
import { lapseWithdrawalFirstApprovals } from '../withdrawals/lapse-approvals.ts';

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
 * the admin was active) or, waiting on the row lock, reads the withdrawn approval. Each module
 * withdraws the approvals in its own table, in this order.
 */
export async function lapseFirstApprovals(tx: Executor, adminId: number): Promise<LapsedApprovals> {
  const deposits = await lapseDepositFirstApprovals(tx, adminId);
  const withdrawals = await lapseWithdrawalFirstApprovals(tx, adminId);
  const payouts = await lapsePayoutFirstApprovals(tx, adminId);
  return { deposits, withdrawals, payouts };
}
