import {
  type OrderBook,
  SPOT_TEXTS,
  type SpotOrderBody,
  type SpotOrderType,
  type SpotSide,
  spotOrderBody,
  TRADING_TEXTS,
  type TradingPair,
} from '@platform/contracts';
import {
  type AmountFieldRule,
  type BookLevel,
  Decimal,
  formatBalance,
  spotOrderCost,
  spotOrderProblem,
  takenLevels,
  tryParseDecimal,
  walkBook,
} from '@platform/domain';
import { contractText, i18n } from '../../../i18n/index.ts';
import { readAmountField } from '../shared/messages.ts';

/**
 * The buy/sell form's arithmetic and checks, pure so that they are tested on their own. The server
 * decides (its book is fresher); these catch what it would refuse before anything is sent, with the
 * same messages, and show what an order will cost. The pair's rules, the book walk and the cost are
 * the engine's own (packages/domain spot-book.ts): on the same book the estimate is the fill.
 */

export type PairRules = Pick<
  TradingPair,
  | 'symbol'
  | 'base_currency'
  | 'quote_currency'
  | 'min_amount'
  | 'amount_precision'
  | 'price_precision'
  | 'fee_rate'
>;

export interface OrderDraft {
  side: SpotSide;
  type: SpotOrderType;
  /** As typed; ignored by a market order. */
  price: string;
  /** Base quantity as typed. */
  amount: string;
}

export const EMPTY_DRAFT: OrderDraft = { side: 'buy', type: 'limit', price: '', amount: '' };

export type OrderField = 'price' | 'amount' | 'balance';

export interface OrderCheck {
  /** Per field, the first problem; empty when the order may be sent. */
  errors: Partial<Record<OrderField, string>>;
  /**
   * The problems to show while the user types, before any submit: a value no more typing can mend
   * ('-5', 'abc', too many decimals), not one half-way through ('', '0.', '12.').
   */
  typingErrors: Partial<Record<'price' | 'amount', string>>;
  /** Turnover in the quote currency: exact for a limit order, estimated from the book for a market one. */
  total: Decimal | null;
  /** Fee in the quote currency (charged on the turnover). */
  fee: Decimal | null;
  /** What leaves the available balance: quote (turnover + fee) for a buy, base for a sell. */
  cost: Decimal | null;
  costCurrency: string;
  /** The body to send, when there is no error. */
  body: SpotOrderBody | null;
}

type Book = Pick<OrderBook, 'asks' | 'bids'>;

/** The price and quantity fields' rules: the pair's precisions, in the server's words (SPOT_TEXTS). */
export const priceField = (pair: PairRules): Omit<AmountFieldRule, 'label'> => ({
  places: pair.price_precision,
  placesText: SPOT_TEXTS.pricePrecision,
});
export const amountField = (pair: PairRules): Omit<AmountFieldRule, 'label'> => ({
  places: pair.amount_precision,
  placesText: SPOT_TEXTS.amountPrecision,
});

/**
 * Checks a draft against the pair's rules, the book (market orders) and the available balance of
 * the currency it spends (`available`: undefined when unknown, e.g. a guest).
 */
export function checkOrder(
  draft: OrderDraft,
  pair: PairRules,
  context: { book?: Book | undefined; available?: string | undefined },
): OrderCheck {
  const errors: OrderCheck['errors'] = {};
  const typingErrors: OrderCheck['typingErrors'] = {};
  const costCurrency = draft.side === 'buy' ? pair.quote_currency : pair.base_currency;
  const limit = draft.type === 'limit';

  // Taken as typed or refused: '-5' is never read as 5.
  const rules = { price: priceField(pair), amount: amountField(pair) };
  const fields = {
    price: limit ? readAmountField(draft.price, 'trade.fieldLabel.price', rules.price) : null,
    amount: readAmountField(draft.amount, 'trade.fieldLabel.amount', rules.amount),
  };
  for (const name of ['price', 'amount'] as const) {
    const field = fields[name];
    if (!field || field.ok) continue;
    const text = field.message;
    errors[name] = text;
    if (!field.unfinished) typingErrors[name] = text;
  }
  const price = fields.price?.ok ? fields.price.value : null;
  const amount = fields.amount.ok ? fields.amount.value : null;
  // A limit order's price rules wait for a valid price; the quantity's apply at once.
  const broken = amount ? spotOrderProblem(pair, amount, limit ? price : null) : null;
  if (broken) errors[broken.field] ??= contractText(broken.message);

  const candidate = {
    symbol: pair.symbol,
    side: draft.side,
    type: draft.type,
    amount: fields.amount.ok ? fields.amount.text : draft.amount.trim(),
    ...(limit ? { price: fields.price?.ok ? fields.price.text : draft.price.trim() } : {}),
  };
  // The contract's own checks too, so the body sent is one the server's schema takes.
  const parsed = spotOrderBody.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'price' || field === 'amount') && !errors[field])
        errors[field] = contractText(issue.message);
    }
  }

  let total: Decimal | null = null;
  if (amount && limit && price) total = amount.times(price);
  if (amount && !limit) {
    if (!context.book) errors.amount ??= contractText(TRADING_TEXTS.priceUnavailable);
    else {
      total =
        walkBook(draft.side, takenLevels(context.book, draft.side, pair.amount_precision), amount)
          ?.turnover ?? null;
      if (!total) errors.amount ??= contractText(SPOT_TEXTS.depthInsufficient);
    }
  }
  const money = amount && total ? spotOrderCost(draft.side, amount, total, new Decimal(pair.fee_rate)) : null;

  const available = context.available === undefined ? null : tryParseDecimal(context.available);
  if (money && available && money.cost.gt(available)) {
    errors.balance = i18n.t('user:trade.spot.insufficient', {
      available: formatBalance(available, costCurrency),
    });
  }

  const valid = Object.keys(errors).length === 0 && parsed.success;
  return {
    errors,
    typingErrors,
    total,
    fee: money?.fee ?? null,
    cost: money?.cost ?? null,
    costCurrency,
    body: valid ? parsed.data : null,
  };
}

/**
 * The quantity that spends `percent` of the available balance: for a sell that share of the base;
 * for a buy the most the share of the quote pays for, fee included, at the limit price or walking
 * the book (market). Rounded down to the pair's lot. '' when nothing can be bought or sold.
 */
export function amountForPercent(
  draft: OrderDraft,
  pair: PairRules,
  percent: number,
  context: { book?: Book | undefined; available?: string | undefined },
): string {
  const available = tryParseDecimal(context.available ?? '');
  if (!available?.gt(0)) return '';
  const budget = available.times(percent).div(100);
  const lot = new Decimal(10).pow(-pair.amount_precision);
  const down = (value: Decimal) => value.toDecimalPlaces(pair.amount_precision, Decimal.ROUND_DOWN);
  const text = (value: Decimal | null) => (value?.gt(0) ? value.toFixed(pair.amount_precision) : '');
  if (draft.side === 'sell') return text(down(budget));

  const feeRate = new Decimal(pair.fee_rate);
  const spendable = budget.div(feeRate.plus(1));
  const fits = (amount: Decimal, total: Decimal | null) =>
    total !== null && spotOrderCost('buy', amount, total, feeRate).cost.lte(budget);

  if (draft.type === 'limit') {
    const price = tryParseDecimal(draft.price.trim());
    if (!price?.gt(0)) return '';
    let amount = down(spendable.div(price));
    // The fee is rounded up: one lot less when the rounding tips it over.
    if (amount.gt(0) && !fits(amount, amount.times(price))) amount = amount.minus(lot);
    return text(amount);
  }

  if (!context.book) return '';
  const levels = takenLevels(context.book, 'buy', pair.amount_precision);
  let amount = down(quantityFor(levels, spendable));
  const turnover = (a: Decimal) => walkBook('buy', levels, a)?.turnover ?? null;
  if (amount.gt(0) && !fits(amount, turnover(amount))) amount = amount.minus(lot);
  return text(amount);
}

/** The base quantity `spend` buys walking the asks, best first (all the depth when it buys more). */
function quantityFor(levels: readonly BookLevel[], spend: Decimal): Decimal {
  let remaining = spend;
  let amount = new Decimal(0);
  for (const level of levels) {
    const value = level.quantity.times(level.price);
    if (value.gt(remaining)) return amount.plus(remaining.div(level.price));
    amount = amount.plus(level.quantity);
    remaining = remaining.minus(value);
  }
  return amount;
}

/**
 * The price a fresh limit form starts with: the last price, cut to the pair's tick, so that 25 %
 * sizes an order at once (issue 33). Null when the user already has a price (typed or picked from
 * the book: never overwritten) or no usable last price is known yet.
 */
export function startingPrice(
  draft: OrderDraft,
  lastPrice: string | undefined,
  pair: Pick<PairRules, 'price_precision'>,
): string | null {
  if (draft.price.trim() !== '') return null;
  const last = tryParseDecimal(lastPrice ?? '');
  if (!last?.gt(0)) return null;
  return last.toDecimalPlaces(pair.price_precision, Decimal.ROUND_DOWN).toFixed();
}
