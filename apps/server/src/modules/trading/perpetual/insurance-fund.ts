import { PERPETUAL_MARGIN_CURRENCY, type PerpetualSide } from '@platform/contracts';
import { Decimal, decimalFromDb, formatNormalised } from '../../../core/money.ts';
import { paginationOf } from '../../../core/paging.ts';
import type { Executor } from '../../../db/client.ts';
import { systemAccountBalance } from '../../ledger/ledger.service.ts';
import { listInsuranceHistory } from './insurance-fund.repository.ts';
import { pnlAt } from './perpetual.math.ts';
import type { PositionRow } from './perpetual.repository.ts';

/**
 * The insurance fund (`house_insurance`, docs/insurance-fund.md). A liquidation at a mark between
 * the liquidation and the bankruptcy price leaves the position some equity (margin + P&L at the
 * mark): that goes to the fund, the rest of the margin (the house's P&L as counterparty) to
 * house_pnl. A position whose mark passed its bankruptcy price is closed at the bankruptcy price (the
 * user loses exactly the margin) and the gap (the house's P&L at the mark beyond the margin) is paid
 * from the fund to house_pnl, as far as the fund holds it: the fund never goes below zero, the house
 * bears what it cannot pay (nothing is posted for that part; the position records what was drawn).
 */

const MONEY_SCALE = 18;

/** Where equity (margin + P&L) is zero: long entry − margin / quantity, short entry + margin / quantity. */
export function bankruptcyPrice(
  side: PerpetualSide,
  row: Pick<PositionRow, 'margin' | 'quantity' | 'entryPrice'>,
) {
  const perUnit = decimalFromDb(row.margin).div(decimalFromDb(row.quantity));
  const entry = decimalFromDb(row.entryPrice);
  const price =
    side === 'long'
      ? entry.minus(perUnit).toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_CEIL)
      : entry.plus(perUnit).toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_FLOOR);
  return Decimal.max(price, 0);
}

export interface LiquidationShare {
  orderId: number;
  /** To the fund (positive) or from it (negative). */
  insurance: Decimal;
  /** The house_pnl credit: margin − insurance. */
  house: Decimal;
  /** The gap the fund could not pay (the house's loss beyond the margin it keeps). */
  uncovered: Decimal;
  /** The bankruptcy price of a gap liquidation; null when the mark is the close price. */
  closePrice: Decimal | null;
}

/**
 * Each liquidated position's split at `mark`, drawing the gaps on a fund that holds `fund` now (the
 * feeds of earlier positions of the same batch count: they are posted in the same transaction).
 */
export function liquidationShares(
  rows: readonly PositionRow[],
  mark: Decimal,
  fund: Decimal,
): LiquidationShare[] {
  let balance = Decimal.max(fund, 0);
  return rows.map((row) => {
    const side = row.side as PerpetualSide;
    const margin = decimalFromDb(row.margin);
    const terms = { margin, quantity: decimalFromDb(row.quantity), entry: decimalFromDb(row.entryPrice) };
    const equity = margin.plus(pnlAt(side, terms, mark));
    if (equity.gte(0)) {
      balance = balance.plus(equity);
      return {
        orderId: row.orderId,
        insurance: equity,
        house: margin.minus(equity),
        uncovered: new Decimal(0),
        closePrice: null,
      };
    }
    const gap = equity.negated();
    const drawn = Decimal.min(gap, balance);
    balance = balance.minus(drawn);
    return {
      orderId: row.orderId,
      insurance: drawn.negated(),
      house: margin.plus(drawn),
      uncovered: gap.minus(drawn),
      closePrice: bankruptcyPrice(side, row),
    };
  });
}

/** The fund's balance (USDT): what the exposure screen and the admin page show. */
export async function insuranceFundBalance(exec: Executor): Promise<string> {
  return formatNormalised(
    new Decimal(await systemAccountBalance(exec, 'house_insurance', PERPETUAL_MARGIN_CURRENCY)),
  );
}

/** The admin page: the balance and the liquidations that fed or drew on the fund, newest first. */
export async function insuranceFundPage(exec: Executor, query: { page: number; limit: number }) {
  const { rows, total } = await listInsuranceHistory(exec, query);
  return {
    currency: PERPETUAL_MARGIN_CURRENCY,
    balance: await insuranceFundBalance(exec),
    history: rows.map(({ position: p, email }) => ({
      position_id: p.orderId,
      user_id: p.userId,
      user_email: email,
      symbol: p.symbol,
      side: p.side as PerpetualSide,
      amount: formatNormalised(decimalFromDb(p.insuranceAmount)),
      close_price: p.closePrice === null ? null : formatNormalised(decimalFromDb(p.closePrice)),
      at: (p.closedAt ?? p.openedAt).toISOString(),
    })),
    pagination: paginationOf(query, total),
  };
}
