import { sql } from 'drizzle-orm';
import type { LedgerObligations } from '../ledger/verify.ts';

/**
 * Trading's open obligations and postings, as the ledger verifier reads them (docs/module-boundaries.md):
 * the SQL that names trading's tables stays here, and the verifier composes it with its own reads of
 * the ledger in one statement of its read-only snapshot, so both sides are seen at the same instant.
 *
 * Frozen (rows user_id, currency, amount: what trading froze and has not yet released):
 * - open spot limit orders (pending, partial): `frozen_amount` in `frozen_currency`, which each fill
 *   lowers and cancel, expiry or the final fill clears;
 * - open flash and option contracts: the stake (released by settlement);
 * - open perpetual positions: the margin (the open fee is charged, not frozen; released on close or
 *   liquidation, a partial close releases its part), and waiting perpetual limit orders: margin + open
 *   fee (released on cancel; the fee is charged and the margin stays frozen when the order opens its
 *   position).
 *
 * System accounts (rows currency, v):
 * - fees: every spot fill's fee (quote currency) and perpetual open and close fees (partial closes too);
 * - house P&L (positive = the house's gain): the house is the counterparty of every spot fill (a buy
 *   gives it the turnover and takes the base away, a sell the reverse), takes stake − payout of each
 *   settled flash or option contract, and margin − payout − close fee of each closed or liquidated
 *   position, and of each part closed before (margin released − payout − fee). A liquidation's share
 *   of the insurance fund (`insurance_amount`: the remaining equity it fed, or minus the gap it drew)
 *   is not the house's: margin − insurance_amount;
 * - the insurance fund: each liquidation's share (docs/insurance-fund.md);
 * - funding: the other side of every funding payment, whose amount is the user's (negative: the user
 *   paid, so the house received; docs/perpetual-funding.md).
 */
export const tradingObligations: LedgerObligations = {
  frozen: {
    spot: sql`SELECT user_id, frozen_currency AS currency, frozen_amount AS amount
      FROM trade_orders WHERE product = 'spot' AND status IN ('pending', 'partial') AND frozen_amount <> 0`,
    stakes: sql`SELECT user_id, currency, stake AS amount FROM timed_contracts WHERE status = 'open'`,
    margins: sql`SELECT user_id, currency, margin AS amount FROM perpetual_positions WHERE status = 'open'
      UNION ALL
      SELECT user_id, currency, margin + open_fee FROM perpetual_limit_orders WHERE status = 'pending'`,
  },
  accounts: {
    fees: sql`SELECT o.quote_currency AS currency, f.fee AS v FROM spot_fills f JOIN trade_orders o ON o.id = f.order_id
      UNION ALL
      SELECT currency, open_fee + coalesce(close_fee, 0) FROM perpetual_positions
      UNION ALL
      SELECT p.currency, c.fee FROM perpetual_partial_closes c JOIN perpetual_positions p ON p.order_id = c.order_id`,
    house_pnl: sql`SELECT o.quote_currency AS currency, CASE WHEN o.side = 'buy' THEN f.quote_amount ELSE -f.quote_amount END AS v
        FROM spot_fills f JOIN trade_orders o ON o.id = f.order_id
      UNION ALL
      SELECT o.base_currency, CASE WHEN o.side = 'buy' THEN -f.quantity ELSE f.quantity END
        FROM spot_fills f JOIN trade_orders o ON o.id = f.order_id
      UNION ALL
      SELECT currency, stake - payout FROM timed_contracts WHERE status = 'settled'
      UNION ALL
      SELECT currency, margin - coalesce(payout, 0) - coalesce(close_fee, 0) - insurance_amount
        FROM perpetual_positions WHERE status IN ('closed', 'liquidated')
      UNION ALL
      SELECT p.currency, c.margin_released - c.payout - c.fee
        FROM perpetual_partial_closes c JOIN perpetual_positions p ON p.order_id = c.order_id`,
    house_insurance: sql`SELECT currency, insurance_amount AS v FROM perpetual_positions WHERE insurance_amount <> 0`,
    house_funding: sql`SELECT currency, -amount AS v FROM perpetual_funding_payments`,
  },
};
