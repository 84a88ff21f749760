import { sql } from 'drizzle-orm';
import type { LedgerObligations } from '../ledger/verify.ts';

/**
 * Withdrawals' open obligations and fees, as the ledger verifier reads them in its snapshot
 * (docs/module-boundaries.md; trading's are in trading/trading.obligations.ts): a withdrawal not yet
 * rejected or completed holds amount + fee frozen (frozen on request, released on rejection, paid out
 * on completion); a completed one's fee is the fee account's, and a rejected one charged nothing.
 */
export const withdrawalObligations: LedgerObligations = {
  frozen: {
    withdrawals: sql`SELECT user_id, currency, amount + fee AS amount
      FROM withdrawals WHERE status NOT IN ('rejected', 'completed')`,
  },
  accounts: {
    fees: sql`SELECT currency, fee AS v FROM withdrawals WHERE status = 'completed'`,
  },
};
