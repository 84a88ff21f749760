import { type DecimalInput, toDec } from './decimal.ts';
import { cryptoDecimals, currencySymbol, formatCurrency, formatNumber } from './format.ts';
import { Decimal } from './money.ts';
import { EMPTY_TEXT } from './time.ts';

/**
 * How many decimals an amount in a currency may carry, and showing amounts with every digit they
 * have (issue 16: 12.1234567 was accepted and shown as 12.12 to the user who confirmed it and the
 * operator who approved it). The server refuses amounts past the precision (400) and the forms
 * refuse them before sending, both with amountPrecisionProblem.
 */

const fiatDigits = new Map<string, number>();

/**
 * Decimal places of `currency`: the places the platform shows it with (cryptoDecimals: USDT and the
 * other dollar stablecoins 2, spec 000 §9; any other crypto 8), and for a fiat code its ISO 4217
 * minor unit (CNY 2).
 */
export function currencyPrecision(currency: string): number {
  const code = currency.toUpperCase();
  if (currencySymbol(code)) {
    let digits = fiatDigits.get(code);
    if (digits === undefined) {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits as number;
      fiatDigits.set(code, digits);
    }
    return digits;
  }
  return cryptoDecimals(code).decimals;
}

/** Decimals as written ('10.120' has 3); of a Decimal, its significant decimals. */
export function decimalPlacesOf(value: string | Decimal): number {
  if (value instanceof Decimal) return value.decimalPlaces();
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** 金额最多保留 2 位小数, prefixed with what the amount is for (充值, 提现, 投注). */
export const amountPrecisionText = (places: number, purpose = '') =>
  `${purpose}金额最多保留 ${places} 位小数`;

/**
 * Why `amount` (a decimal string as the user typed it) cannot be taken in `currency`: more decimals
 * than the currency has. Null when it fits. Trailing zeros count: they are digits the user typed.
 */
export function amountPrecisionProblem(amount: string, currency: string, purpose = ''): string | null {
  const places = currencyPrecision(currency);
  return decimalPlacesOf(amount.trim()) > places ? amountPrecisionText(places, purpose) : null;
}

/**
 * An amount with all its digits and its unit, never rounded: '12.1234567 USDT', '100.00 USDT',
 * '¥12.345'. At least the places the currency is normally shown with, more when the amount has
 * them. For the screens where an amount is approved or confirmed.
 */
export function formatExactAmount(value: DecimalInput, currency: string): string {
  const parsed = toDec(value);
  if (!parsed) return EMPTY_TEXT;
  if (currencySymbol(currency)) {
    return formatCurrency(parsed, currency, Math.max(currencyPrecision(currency), parsed.decimalPlaces()));
  }
  const places = Math.max(cryptoDecimals(currency).minDecimals, parsed.decimalPlaces());
  return `${formatNumber(parsed, places)} ${currency}`;
}
