import type { SpotSide } from '@platform/contracts';
import { type BookLevel, tradeFee, withinLimit } from '@platform/domain';
import { Decimal, MONEY_SCALE } from '../../../core/money.ts';
import type { Posting } from '../../ledger/ledger.service.ts';

/**
 * The arithmetic of spot fills, pure so that it can be tested on its own: sharing the reference
 * book's volume among resting orders, what one fill does to an order and the ledger postings it
 * implies. The house is the counterparty of every fill (ARCHITECTURE.md, "Trading engines"). The
 * book as the engine takes it and the walk of a market order are the domain's (spot-book.ts),
 * shared with the order form.
 */

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
