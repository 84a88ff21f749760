import {
  type OrderBook,
  SPOT_LIMITS,
  SPOT_TEXTS,
  type SpotSide,
  type TradingPair,
} from '@platform/contracts';
import { Decimal, MONEY_SCALE } from './money.ts';
import { tradeFee } from './trading-math.ts';

/**
 * The spot rules that the engine applies and the order form previews (ARCHITECTURE.md,
 * "Trading engines"): a pair's checks on an order, the reference book as the engine takes it, the
 * walk of a market order through it and what an order costs. One copy, so that the form's "≈ total"
 * is the server's fill.
 */

/** A level of the reference book as the engine uses it: quantity cut to the pair's lot size. */
export interface BookLevel {
  price: Decimal;
  quantity: Decimal;
}

/**
 * One side of the book as the engine uses it, best first (asks ascending, bids descending, whatever
 * order the source gave), quantities rounded down to `amountPrecision` places, empty levels dropped:
 * the house never fills a fraction of a lot that the pair does not trade.
 */
export function usableLevels(
  levels: readonly (readonly [string, string])[],
  amountPrecision: number,
  bookSide: 'asks' | 'bids',
): BookLevel[] {
  const out: BookLevel[] = [];
  for (const [price, quantity] of levels) {
    const p = new Decimal(price);
    const q = new Decimal(quantity).toDecimalPlaces(amountPrecision, Decimal.ROUND_DOWN);
    if (p.gt(0) && q.gt(0)) out.push({ price: p, quantity: q });
  }
  return out.sort((a, b) =>
    bookSide === 'asks' ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price),
  );
}

/** The side of the book an order of `side` takes (asks for a buy, bids for a sell), as usableLevels gives it. */
export const takenLevels = (
  book: Pick<OrderBook, 'asks' | 'bids'>,
  side: SpotSide,
  amountPrecision: number,
): BookLevel[] =>
  side === 'buy'
    ? usableLevels(book.asks, amountPrecision, 'asks')
    : usableLevels(book.bids, amountPrecision, 'bids');

/** Levels a buy at `limit` may take (asks at or below it) or a sell (bids at or above it). */
export const withinLimit = (side: SpotSide, level: Decimal, limit: Decimal) =>
  side === 'buy' ? level.lte(limit) : level.gte(limit);

export interface BookWalk {
  turnover: Decimal;
  avgPrice: Decimal;
  /** How many levels the walk took from. */
  levels: number;
}

/**
 * A market order of `amount` walked through the opposite side of the book (asks for a buy, bids for
 * a sell), best level first. Null when the visible depth cannot fill all of it. The turnover is the
 * exact sum of price × quantity, rounded to 18 places in the house's favour (up when the user pays,
 * down when the user receives); the average price is the quantity-weighted average.
 */
export function walkBook(side: SpotSide, levels: readonly BookLevel[], amount: Decimal): BookWalk | null {
  let remaining = amount;
  let exact = new Decimal(0);
  let used = 0;
  for (const level of levels) {
    if (!remaining.gt(0)) break;
    const take = Decimal.min(remaining, level.quantity);
    exact = exact.plus(take.times(level.price));
    remaining = remaining.minus(take);
    used++;
  }
  if (remaining.gt(0)) return null;
  const turnover = exact.toDecimalPlaces(MONEY_SCALE, side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
  return { turnover, avgPrice: exact.div(amount).toDecimalPlaces(MONEY_SCALE), levels: used };
}

/** The volume of `levels` a limit order may take: the sum of the levels at or better than its price. */
export function volumeWithin(side: SpotSide, levels: readonly BookLevel[], limit: Decimal): Decimal {
  let total = new Decimal(0);
  for (const level of levels) {
    if (!withinLimit(side, level.price, limit)) break;
    total = total.plus(level.quantity);
  }
  return total;
}

/**
 * What an order of `amount` for `turnover` takes from the available balance: a buy the turnover plus
 * the fee (tradeFee: rounded up), which is what a limit buy freezes; a sell its base quantity.
 */
export function spotOrderCost(
  side: SpotSide,
  amount: Decimal,
  turnover: Decimal,
  feeRate: Decimal,
): { fee: Decimal; cost: Decimal } {
  const fee = tradeFee(turnover, feeRate);
  return { fee, cost: side === 'buy' ? turnover.plus(fee) : amount };
}

export type SpotPairRules = Pick<
  TradingPair,
  'base_currency' | 'min_amount' | 'amount_precision' | 'price_precision'
>;

export interface SpotOrderProblem {
  field: 'amount' | 'price';
  /** 'format': the value is malformed for the pair (the server's 400); 'rule': a business rule (422). */
  kind: 'format' | 'rule';
  message: string;
}

/**
 * The first rule of the pair an order breaks, null when none: the quantity's decimals, the minimum
 * quantity, the limit price's decimals (trailing zeros are not precision), and a limit order's
 * value (quantity × price) within the platform's maximum.
 */
export function spotOrderProblem(
  pair: SpotPairRules,
  amount: Decimal,
  price: Decimal | null,
): SpotOrderProblem | null {
  if (amount.decimalPlaces() > pair.amount_precision) {
    return { field: 'amount', kind: 'format', message: SPOT_TEXTS.amountPrecision(pair.amount_precision) };
  }
  if (amount.lt(pair.min_amount)) {
    return {
      field: 'amount',
      kind: 'rule',
      message: SPOT_TEXTS.amountBelowMin(pair.min_amount, pair.base_currency),
    };
  }
  if (price === null) return null;
  if (price.decimalPlaces() > pair.price_precision) {
    return { field: 'price', kind: 'format', message: SPOT_TEXTS.pricePrecision(pair.price_precision) };
  }
  if (amount.times(price).gt(SPOT_LIMITS.maxOrderValue)) {
    return { field: 'amount', kind: 'rule', message: SPOT_TEXTS.orderValueTooLarge };
  }
  return null;
}
