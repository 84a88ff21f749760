import { Decimal, MONEY_SCALE } from './money.ts';
import {
  isLiquidatable,
  liquidationPrice,
  type PositionSide,
  positionQuantity,
  TRADE_AMOUNT_DECIMALS,
  tradeFee,
  unrealisedPnl,
} from './trading-math.ts';

/**
 * The perpetual engine's arithmetic on top of trading-math.ts: what opening, closing and liquidating
 * a position move, with the roundings of the platform (quantities and prices to the 18 places the
 * database keeps, amounts to 8, fees up, what the user gets down). Shared with the order form, whose
 * preview (fee, liquidation price) and live P&L must be the numbers the server will use.
 */

export interface PositionTerms {
  margin: Decimal;
  quantity: Decimal;
  entry: Decimal;
}

/** The smallest step of a stored price. */
const PRICE_STEP = new Decimal(1).div(new Decimal(10).pow(MONEY_SCALE));

/**
 * The price at which this position's equity (margin + P&L) meets its maintenance margin: the domain's
 * `liquidationPrice` with the position's own leverage (quantity × entry / margin, which is the chosen
 * leverage up to the rounding of the quantity), so that it is exact for the stored quantity.
 *
 * Rounded to 18 places towards the side where the position is liquidatable (long down, short up) and
 * checked with the domain's `isLiquidatable`: a mark at or beyond the stored price is always due for
 * liquidation, which is what lets the job select positions with a plain comparison in SQL. A long
 * position whose liquidation price would be zero or less (leverage 1) can never be liquidated: 0.
 */
export function positionLiquidationPrice(
  side: PositionSide,
  position: PositionTerms,
  maintenanceRate: Decimal,
): Decimal {
  const ownLeverage = position.quantity.times(position.entry).div(position.margin);
  let price = liquidationPrice(side, position.entry, ownLeverage, maintenanceRate).toDecimalPlaces(
    MONEY_SCALE,
    side === 'long' ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL,
  );
  for (let i = 0; i < 4 && price.gt(0) && !isLiquidatable(side, position, price, maintenanceRate); i++) {
    price = side === 'long' ? price.minus(PRICE_STEP) : price.plus(PRICE_STEP);
  }
  if (!price.gt(0)) return new Decimal(0);
  if (!isLiquidatable(side, position, price, maintenanceRate)) {
    throw new Error(`perpetual: liquidation price ${price.toFixed()} is not liquidatable`);
  }
  return price;
}

export interface OpenTerms extends PositionTerms {
  /** margin × leverage: what the fee is charged on and what the order's turnover shows. */
  notional: Decimal;
  openFee: Decimal;
  liquidationPrice: Decimal;
}

/** What a position opened with `margin` at `leverage` and `entry` holds and costs. */
export function openTerms(
  side: PositionSide,
  margin: Decimal,
  leverage: number,
  entry: Decimal,
  rates: { openFee: Decimal; maintenance: Decimal },
): OpenTerms {
  const lev = new Decimal(leverage);
  const notional = margin.times(lev);
  const quantity = positionQuantity(margin, lev, entry).toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_DOWN);
  if (!quantity.gt(0)) throw new Error('perpetual: the quantity rounds to zero');
  const terms = { margin, quantity, entry };
  return {
    ...terms,
    notional,
    openFee: tradeFee(notional, rates.openFee),
    liquidationPrice: positionLiquidationPrice(side, terms, rates.maintenance),
  };
}

/** Profit or loss at `price`, to 8 places, rounded down (a fraction of a unit never favours the user). */
export function pnlAt(side: PositionSide, position: PositionTerms, price: Decimal): Decimal {
  return unrealisedPnl(side, position.quantity, position.entry, price).toDecimalPlaces(
    TRADE_AMOUNT_DECIMALS,
    Decimal.ROUND_FLOOR,
  );
}

/** Return on the margin, percent, 2 places, rounded down. */
export function roePercent(pnl: Decimal, margin: Decimal): Decimal {
  return pnl.div(margin).times(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}

export interface CloseSettlement {
  realisedPnl: Decimal;
  /** The close fee charged: the fee due on the notional at the close price, but never more than what is left. */
  fee: Decimal;
  /** Back to the user's available balance: margin + P&L − fee, never below 0. */
  payout: Decimal;
  /** The house's result (negative when it pays): margin − payout − fee. */
  houseResult: Decimal;
}

/**
 * Closing at `price`: the margin leaves frozen; the user gets margin + P&L − close fee (at least 0),
 * the fee account the fee (as much of it as the equity covers), the house the rest (or pays the profit).
 * payout + fee + houseResult = margin, always.
 */
export function closeSettlement(
  side: PositionSide,
  position: PositionTerms,
  price: Decimal,
  closeFeeRate: Decimal,
): CloseSettlement {
  const realisedPnl = pnlAt(side, position, price);
  const equity = position.margin.plus(realisedPnl);
  const feeDue = tradeFee(position.quantity.times(price), closeFeeRate);
  const fee = Decimal.min(feeDue, Decimal.max(equity, 0));
  const payout = Decimal.max(equity.minus(fee), 0);
  return { realisedPnl, fee, payout, houseResult: position.margin.minus(payout).minus(fee) };
}
