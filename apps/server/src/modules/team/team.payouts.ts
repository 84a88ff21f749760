import { sql } from 'drizzle-orm';
import type { PaidSince } from '../dual-control/payout-approvals.ts';

/**
 * What the team paid each payee since a time, for dual control's payout window
 * (dual-control/payout-approvals.ts's gatePayout, docs/money-controls.md): salaries paid and rewards
 * distributed, rows (user_id, amount). The team's salary and reward services hand it in.
 */
export const teamPaidSince: PaidSince = (ids, since) => sql`
  SELECT user_id, amount FROM team_salary_payouts
    WHERE user_id IN (${ids}) AND paid_at >= ${since}
  UNION ALL
  SELECT user_id, amount FROM team_rewards
    WHERE user_id IN (${ids}) AND status = 'distributed' AND distributed_at >= ${since}`;
