import { tradeFee } from '@platform/domain';
import { Decimal, MONEY_SCALE } from '../../../core/money.ts';
import type { Posting } from '../../ledger/ledger.service.ts';

/**
 * The arithmetic of spot fills, pure so that it can be tested on its own: walking the reference
 * book, sharing its volume among resting orders, what one fill does to an order and the ledger
 * postings it implies. The house is the counterparty of every fill (DESIGN.md §6).
 */

export type SpotSide = 'buy' | 'sell';

/** A level of the reference book as the engine uses it: quantity cut to the pair's lot size. */
export interface BookLevel {
  price: Decimal;
  quantity: Decimal;
}

/**
 * One side of the book as the engine uses it, best first (asks ascending, bids descending, whatever
 * order the source gave), quantities rounded down to `amountPrecision` places, empty levels dropped.
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

/** Levels a buy at `limit` may take (asks at or below it) or a sell (bids at or above it). */
export const withinLimit = (side: SpotSide, level: Decimal, limit: Decimal) =>
  side === 'buy' ? level.lte(limit) : level.gte(limit);

/**
 * A market order of `amount` walked through the opposite side of the book (asks for a buy, bids for
 * a sell), best level first. Null when the visible depth cannot fill all of it. The turnover is the
 * exact sum of price × quantity, rounded to 18 places in the house's favour (up when the user pays,
 * down when the user receives); the average price is the quantity-weighted average.
 */
export function walkBook(
  side: SpotSide,
  levels: readonly BookLevel[],
  amount: Decimal,
): { turnover: Decimal; avgPrice: Decimal; levels: number } | null {
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

export interface RestingOrder {
  id: number;
  price: Decimal;
  remaining: Decimal;
}

/**
 * Shares one book side among resting orders of one side in price-time priority (`orders` must come
 * sorted: best price first, then oldest). Each order takes from the best remaining levels that are
 * at or better than its price, so no two orders take the same reference volume. Returns the
 * quantity each order gets (only orders that get some).
 */
export function shareVolume(
  side: SpotSide,
  levels: readonly BookLevel[],
  orders: readonly RestingOrder[],
): Map<number, Decimal> {
  const left = levels.map((l) => l.quantity);
  const out = new Map<number, Decimal>();
  let i = 0;
  for (const order of orders) {
    let remaining = order.remaining;
    let got = new Decimal(0);
    while (
      remaining.gt(0) &&
      i < levels.length &&
      withinLimit(side, (levels[i] as BookLevel).price, order.price)
    ) {
      const take = Decimal.min(remaining, left[i] as Decimal);
      got = got.plus(take);
      remaining = remaining.minus(take);
      left[i] = (left[i] as Decimal).minus(take);
      if (!(left[i] as Decimal).gt(0)) i++;
    }
    if (got.gt(0)) out.set(order.id, got);
  }
  return out;
}

/** An order's money state before a fill, as stored. */
export interface OrderState {
  side: SpotSide;
  amount: Decimal;
  filled: Decimal;
  quoteAmount: Decimal;
  fee: Decimal;
  /** What the order still holds frozen (0 for a market order, which pays from available). */
  frozen: Decimal;
}

export interface FillPlan {
  quantity: Decimal;
  turnover: Decimal;
  /** Fee of this fill, in the quote currency. */
  fee: Decimal;
  /** Taken out of frozen by this fill (a limit order); on the final fill everything left. */
  release: Decimal;
  /** Part of `release` that goes back to available (the final fill's leftover). */
  leftover: Decimal;
  filled: Decimal;
  quoteAmount: Decimal;
  totalFee: Decimal;
  avgPrice: Decimal;
  frozen: Decimal;
  final: boolean;
}

/**
 * What a fill of `quantity` for `turnover` does to an order. Fees are charged on the cumulative
 * turnover: this fill's fee is tradeFee(turnover so far) minus the fees already charged, so the
 * order's total fee is tradeFee(its total turnover) however many fills it takes (rounding up per
 * fill would charge more than the frozen maximum fee). A fee never exceeds the fill's turnover, and
 * a buy's fee never exceeds what is still frozen for it.
 */
export function planFill(
  order: OrderState,
  quantity: Decimal,
  turnover: Decimal,
  feeRate: Decimal,
  fromFrozen: boolean,
): FillPlan {
  if (!quantity.gt(0)) throw new Error('spot: a fill needs a positive quantity');
  const filled = order.filled.plus(quantity);
  if (filled.gt(order.amount)) throw new Error('spot: a fill beyond the order amount');
  const quoteAmount = order.quoteAmount.plus(turnover);
  let fee = Decimal.max(0, tradeFee(quoteAmount, feeRate).minus(order.fee));
  fee = Decimal.min(fee, turnover);
  if (fromFrozen && order.side === 'buy')
    fee = Decimal.max(0, Decimal.min(fee, order.frozen.minus(turnover)));
  const final = filled.eq(order.amount);

  let release = new Decimal(0);
  let leftover = new Decimal(0);
  if (fromFrozen) {
    const due = order.side === 'buy' ? turnover.plus(fee) : quantity;
    if (due.gt(order.frozen)) throw new Error('spot: a fill needs more than the order holds frozen');
    release = final ? order.frozen : due;
    leftover = release.minus(due);
  }
  return {
    quantity,
    turnover,
    fee,
    release,
    leftover,
    filled,
    quoteAmount,
    totalFee: order.fee.plus(fee),
    avgPrice: quoteAmount.div(filled).toDecimalPlaces(MONEY_SCALE),
    frozen: order.frozen.minus(release),
    final,
  };
}

const text = (d: Decimal) => d.toFixed();
const neg = (d: Decimal) => d.negated().toFixed();

/**
 * The postings of one fill (the house on the other side): the user gets the base and pays turnover
 * plus fee on a buy, gives the base and gets turnover minus fee on a sell; house P&L takes the
 * opposite of both legs; fees gets the fee. A limit order's side comes out of frozen, and the final
 * fill's leftover goes back to available. Zero amounts are left out.
 */
export function fillPostings(
  userId: number,
  side: SpotSide,
  currencies: { base: string; quote: string },
  plan: FillPlan,
  fromFrozen: boolean,
): Posting[] {
  const { base, quote } = currencies;
  const user = (bucket: 'available' | 'frozen') => ({ userId, bucket });
  const postings: Posting[] = [];
  const add = (account: Posting['account'], currency: string, amount: Decimal) => {
    if (!amount.isZero()) postings.push({ account, currency, amount: text(amount) });
  };
  if (side === 'buy') {
    if (fromFrozen) {
      add(user('frozen'), quote, plan.release.negated());
      add(user('available'), quote, plan.leftover);
    } else {
      add(user('available'), quote, plan.turnover.plus(plan.fee).negated());
    }
    add(user('available'), base, plan.quantity);
    add({ system: 'house_pnl' }, base, plan.quantity.negated());
    add({ system: 'house_pnl' }, quote, plan.turnover);
  } else {
    if (fromFrozen) {
      add(user('frozen'), base, plan.release.negated());
      add(user('available'), base, plan.leftover);
    } else {
      add(user('available'), base, plan.quantity.negated());
    }
    add(user('available'), quote, plan.turnover.minus(plan.fee));
    add({ system: 'house_pnl' }, base, plan.quantity);
    add({ system: 'house_pnl' }, quote, plan.turnover.negated());
  }
  add({ system: 'fees' }, quote, plan.fee);
  return postings;
}

/** available → frozen (`sign` 1) or back (`sign` -1) of `amount` in `currency`. */
export function freezePostings(userId: number, currency: string, amount: Decimal, sign: 1 | -1): Posting[] {
  return [
    { account: { userId, bucket: 'available' }, currency, amount: sign === 1 ? neg(amount) : text(amount) },
    { account: { userId, bucket: 'frozen' }, currency, amount: sign === 1 ? text(amount) : neg(amount) },
  ];
}
