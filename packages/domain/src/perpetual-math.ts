import { PERPETUAL_TEXTS, type PerpetualConfig } from '@platform/contracts';
import { Decimal, formatNormalised, MONEY_SCALE } from './money.ts';
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

/** Why a margin is outside the configured limits, in the server's words; null when within them. */
export function perpetualMarginProblem(
  margin: Decimal,
  limits: Pick<PerpetualConfig, 'min_margin' | 'max_margin'>,
): string | null {
  if (margin.lt(limits.min_margin)) return PERPETUAL_TEXTS.marginTooSmall(limits.min_margin);
  if (margin.gt(limits.max_margin)) return PERPETUAL_TEXTS.marginTooLarge(limits.max_margin);
  return null;
}

/** The open fee: the rate on the notional (margin × leverage), rounded up to 8 places (tradeFee). */
export const perpetualOpenFee = (margin: Decimal, leverage: number, rate: Decimal): Decimal =>
  tradeFee(margin.times(leverage), rate);

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
    openFee: perpetualOpenFee(margin, leverage, rates.openFee),
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

// ---- take-profit, stop-loss and added margin ----------------------------------------------------

export type TpslTrigger = 'take_profit' | 'stop_loss';

export interface TpslPrices {
  takeProfit: Decimal | null;
  stopLoss: Decimal | null;
}

/**
 * Which of a position's take-profit and stop-loss the mark has reached: a long's take-profit at or
 * above it, its stop-loss at or below it; a short's the other way round. Both cannot hold at once
 * (tpslProblems keeps the take-profit and the stop-loss on either side of the entry). Whether the
 * position is liquidatable at that mark is the caller's first question: that wins over both.
 */
export function tpslTriggered(side: PositionSide, prices: TpslPrices, mark: Decimal): TpslTrigger | null {
  const { takeProfit, stopLoss } = prices;
  if (side === 'long') {
    if (takeProfit && mark.gte(takeProfit)) return 'take_profit';
    if (stopLoss && mark.lte(stopLoss)) return 'stop_loss';
  } else {
    if (takeProfit && mark.lte(takeProfit)) return 'take_profit';
    if (stopLoss && mark.gte(stopLoss)) return 'stop_loss';
  }
  return null;
}

/**
 * Why a take-profit or a stop-loss cannot be set: a code and its values, for a reader in another
 * language, with the server's Chinese text (`message`, the spec's words; the contracts' catalogue
 * holds each as a shape, so the server's English reply is its English twin).
 */
export type TpslRefusal = { message: string } & (
  | { code: 'take_profit_places' | 'stop_loss_places'; places: number }
  /** On the wrong side of the entry. */
  | { code: 'take_profit_side' | 'stop_loss_side'; side: PositionSide; entry: string }
  /** At or past the liquidation price: `limit` is the lowest (long) or highest (short) price allowed. */
  | { code: 'stop_loss_liquidation'; side: PositionSide; limit: string }
);

/** Why the take-profit or the stop-loss of a position cannot be set, per field; empty when both can. */
export interface TpslRefusals {
  take_profit_price?: TpslRefusal;
  stop_loss_price?: TpslRefusal;
}

/** The same in the server's Chinese words only. */
export interface TpslProblems {
  take_profit_price?: string;
  stop_loss_price?: string;
}

const SIDE_NAMES: Record<PositionSide, string> = { long: '做多', short: '做空' };

/**
 * The rules of a take-profit and a stop-loss (null: none), as the server applies them and the form
 * shows them: at most the pair's price decimals; a long's take-profit above the entry and its
 * stop-loss below it, a short's the other way round; and a stop-loss short of the liquidation price,
 * since at or past that price the position is liquidated, never stopped out.
 */
export function tpslRefusals(
  side: PositionSide,
  position: { entry: Decimal; liquidationPrice: Decimal },
  prices: { takeProfit: string | null; stopLoss: string | null },
  pricePrecision: number,
): TpslRefusals {
  const refusals: TpslRefusals = {};
  const entry = formatNormalised(position.entry);
  const long = side === 'long';
  const sideName = SIDE_NAMES[side];
  // As the spot engine counts a limit price's decimals: trailing zeros are not precision.
  const tooPrecise = (v: string) => new Decimal(v).decimalPlaces() > pricePrecision;
  if (prices.takeProfit !== null) {
    const tp = new Decimal(prices.takeProfit);
    if (tooPrecise(prices.takeProfit)) {
      refusals.take_profit_price = {
        code: 'take_profit_places',
        places: pricePrecision,
        message: `止盈价最多 ${pricePrecision} 位小数`,
      };
    } else if (long ? !tp.gt(position.entry) : !tp.lt(position.entry)) {
      refusals.take_profit_price = {
        code: 'take_profit_side',
        side,
        entry,
        message: `${sideName}仓位的止盈价必须${long ? '高于' : '低于'}开仓价 ${entry}`,
      };
    }
  }
  if (prices.stopLoss !== null) {
    const sl = new Decimal(prices.stopLoss);
    const liquidation = position.liquidationPrice;
    const step = new Decimal(1).div(new Decimal(10).pow(pricePrecision));
    if (tooPrecise(prices.stopLoss)) {
      refusals.stop_loss_price = {
        code: 'stop_loss_places',
        places: pricePrecision,
        message: `止损价最多 ${pricePrecision} 位小数`,
      };
    } else if (long ? !sl.lt(position.entry) : !sl.gt(position.entry)) {
      refusals.stop_loss_price = {
        code: 'stop_loss_side',
        side,
        entry,
        message: `${sideName}仓位的止损价必须${long ? '低于' : '高于'}开仓价 ${entry}`,
      };
    } else if (long && liquidation.gt(0) && !sl.gt(liquidation)) {
      // The lowest price of the pair's precision strictly above the liquidation price.
      const limit = formatNormalised(
        liquidation.toDecimalPlaces(pricePrecision, Decimal.ROUND_FLOOR).plus(step),
      );
      refusals.stop_loss_price = {
        code: 'stop_loss_liquidation',
        side,
        limit,
        message: `做多仓位的止损价必须高于强平价，最低可设 ${limit}`,
      };
    } else if (!long && !sl.lt(liquidation)) {
      const limit = formatNormalised(
        liquidation.toDecimalPlaces(pricePrecision, Decimal.ROUND_CEIL).minus(step),
      );
      refusals.stop_loss_price = {
        code: 'stop_loss_liquidation',
        side,
        limit,
        message: `做空仓位的止损价必须低于强平价，最高可设 ${limit}`,
      };
    }
  }
  return refusals;
}

/** tpslRefusals in the server's Chinese words: what its 400 says, naming the field. */
export function tpslProblems(...args: Parameters<typeof tpslRefusals>): TpslProblems {
  const refusals = tpslRefusals(...args);
  const problems: TpslProblems = {};
  if (refusals.take_profit_price) problems.take_profit_price = refusals.take_profit_price.message;
  if (refusals.stop_loss_price) problems.stop_loss_price = refusals.stop_loss_price.message;
  return problems;
}

/** A position after `amount` more margin: the margin and its liquidation price (further from the mark). */
export function marginAfterAdd(
  side: PositionSide,
  position: PositionTerms,
  amount: Decimal,
  maintenanceRate: Decimal,
): { margin: Decimal; liquidationPrice: Decimal } {
  const margin = position.margin.plus(amount);
  return {
    margin,
    liquidationPrice: positionLiquidationPrice(side, { ...position, margin }, maintenanceRate),
  };
}
