import { currencyPrecision } from './amount-precision.ts';
import { type DecimalInput, toDec } from './decimal.ts';
import { formatNumber } from './format.ts';
import { Decimal } from './money.ts';
import { EMPTY_TEXT } from './time.ts';

/**
 * How the user app shows amounts and prices (issue 20: 8-decimal fees and balances, a header price
 * with 4 decimals on every pair). Everything is shown to its precision, the currency's
 * (`currencyPrecision`: USDT 2, other crypto 8) or the pair's (`price_precision`), and rounded by
 * what it is, so that no screen shows a user more than they have or less than they pay:
 * - held: balances, values of holdings, what the user receives, and signed changes of their money
 *   are rounded toward minus infinity (a credit down, a debit's size up);
 * - charged: what the user pays (a fee, amount + fee to be frozen) is rounded up;
 * - quoted: prices are rounded half up (a quote, nobody holds it).
 * Amounts in a currency drop trailing zeros down to 2 places (0.006 BTC, 10.00 USDT); pair prices
 * keep all their places, as an exchange's screens do.
 */
export const DISPLAY_ROUNDING = {
  held: Decimal.ROUND_FLOOR,
  charged: Decimal.ROUND_CEIL,
  quoted: Decimal.ROUND_HALF_UP,
} as const;
export type DisplayRounding = keyof typeof DISPLAY_ROUNDING;

export interface AmountDisplayOptions {
  /** Append the currency (default true). */
  unit?: boolean;
  /** Put + before a positive value. */
  sign?: boolean;
}

/** `value` in `currency` to the currency's precision, rounded as `rounding` says: '1,234.56 USDT'. */
export function formatInCurrency(
  value: DecimalInput,
  currency: string,
  rounding: DisplayRounding,
  options: AmountDisplayOptions = {},
): string {
  const parsed = toDec(value);
  if (!parsed) return EMPTY_TEXT;
  const places = currencyPrecision(currency);
  const text = formatNumber(parsed, places, {
    minDecimals: Math.min(2, places),
    rounding: DISPLAY_ROUNDING[rounding],
  });
  const signed = options.sign && !text.startsWith('-') && /[1-9]/.test(text) ? `+${text}` : text;
  return options.unit === false ? signed : `${signed} ${currency}`;
}

/** A balance, a value held, a payout: rounded down, never more than the user has. */
export const formatBalance = (value: DecimalInput, currency: string, options?: AmountDisplayOptions) =>
  formatInCurrency(value, currency, 'held', options);

/** A fee or a total to pay: rounded up, never less than what is taken. */
export const formatCharge = (value: DecimalInput, currency: string, options?: AmountDisplayOptions) =>
  formatInCurrency(value, currency, 'charged', options);

/** A change of the user's money with its sign: '+11.50 USDT', '-10.01 USDT' for -10.005. */
export const formatChange = (value: DecimalInput, currency: string, options?: AmountDisplayOptions) =>
  formatInCurrency(value, currency, 'held', { sign: true, ...options });

/**
 * 可用余额不足 with what is needed (amount + fee, rounded up), the fee (up) and what is available
 * (down), each to the currency's places: never an 8-decimal fee, never more available than there is.
 * The server's refusal and the forms' checks say it the same way.
 */
export function insufficientBalanceText(
  total: DecimalInput,
  fee: DecimalInput,
  available: DecimalInput,
  currency: string,
): string {
  return `可用余额不足：需要 ${formatCharge(total, currency)}（含手续费 ${formatCharge(fee, currency, { unit: false })}），可用 ${formatBalance(available, currency, { unit: false })}`;
}

/** Places for a price whose pair is not known: fewer for large prices (94,457.53), more for small ones. */
export function priceDecimalsByMagnitude(value: Decimal): number {
  const abs = value.abs();
  return abs.gte(1000) ? 2 : abs.gte(1) ? 4 : abs.gte('0.01') ? 6 : 8;
}

/**
 * A price as the API sends it (decimal text) or as Decimal: never a JavaScript number
 * (ARCHITECTURE.md, "The ledger (money)").
 */
type PriceText = string | Decimal | null | undefined;

/**
 * A price to its pair's `price_precision`, half up, all places kept: '94,457.53', '0.3142'. Without
 * a precision (the pair is not loaded yet) the places follow the price's size.
 */
export function formatPairPrice(value: PriceText, pricePrecision?: number | null): string {
  const parsed = toDec(value);
  if (!parsed) return EMPTY_TEXT;
  const places = pricePrecision ?? priceDecimalsByMagnitude(parsed);
  return formatNumber(parsed, places, { rounding: DISPLAY_ROUNDING.quoted });
}
