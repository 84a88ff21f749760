import { DEFAULT_CURRENCY } from '@platform/contracts';
import type DecimalJs from 'decimal.js';
import { type DecimalInput, toDec } from './decimal.ts';
import { Decimal } from './money.ts';
import { EMPTY_TEXT } from './time.ts';

export interface NumberFormatOptions {
  /** Keep at least this many decimals when trailing zeros are trimmed (default: all of them). */
  minDecimals?: number;
  /** How the value is rounded to `decimals` (default half up; display-precision.ts says which when). */
  rounding?: DecimalJs.Rounding;
}

function group(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function render(
  value: Decimal,
  decimals: number,
  minDecimals = decimals,
  rounding: DecimalJs.Rounding = Decimal.ROUND_HALF_UP,
): string {
  // The signed value is rounded, so that a floor takes -0.005 to -0.01, not to -0.00.
  const rounded = value.toDecimalPlaces(decimals, rounding);
  const fixed = rounded.abs().toFixed(decimals);
  const [integer = '0', fraction = ''] = fixed.split('.');
  let kept = fraction;
  while (kept.length > minDecimals && kept.endsWith('0')) kept = kept.slice(0, -1);
  const negative = rounded.isNegative() && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${group(integer)}${kept ? `.${kept}` : ''}`;
}

/** 1234.5 → "1,234.50": thousands separators, `decimals` places rounded half up. "-" if invalid. */
export function formatNumber(value: DecimalInput, decimals = 2, options: NumberFormatOptions = {}): string {
  const parsed = toDec(value);
  if (!parsed) return EMPTY_TEXT;
  return render(parsed, decimals, options.minDecimals ?? decimals, options.rounding);
}

/** A count: 12345 → "12,345". */
export const formatCount = (value: DecimalInput): string => formatNumber(value, 0);

/** Places shown for a crypto currency: USDT (and other dollar stablecoins) 2, anything else up to 8. */
export function cryptoDecimals(currency: string): { decimals: number; minDecimals: number } {
  return ['USDT', 'USDC', 'BUSD', 'DAI'].includes(currency.toUpperCase())
    ? { decimals: 2, minDecimals: 2 }
    : { decimals: 8, minDecimals: 2 };
}

/** "1,234.50 USDT" (BTC: up to 8 decimals, "0.00012345 BTC"). */
export function formatCrypto(
  value: DecimalInput,
  currency: string = DEFAULT_CURRENCY,
  decimals?: number,
): string {
  const places = cryptoDecimals(currency);
  const text =
    decimals === undefined
      ? formatNumber(value, places.decimals, { minDecimals: places.minDecimals })
      : formatNumber(value, decimals);
  return text === EMPTY_TEXT ? text : `${text} ${currency}`;
}

/** "1,234.50 USDT" with 2 decimals (pass 0 for the deposit totals and stats). */
export const formatUSDT = (value: DecimalInput, decimals = 2): string =>
  formatCrypto(value, DEFAULT_CURRENCY, decimals);

const symbolCache = new Map<string, string | null>();

/** The zh-CN symbol of an ISO 4217 currency (CNY → ¥), or null if Intl does not know the code. */
export function currencySymbol(currency: string): string | null {
  const code = currency.toUpperCase();
  if (!symbolCache.has(code)) {
    let symbol: string | null = null;
    if (/^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code)) {
      const parts = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: code }).formatToParts(0);
      symbol = parts.find((part) => part.type === 'currency')?.value ?? null;
    }
    symbolCache.set(code, symbol);
  }
  return symbolCache.get(code) ?? null;
}

/** A fiat amount: "¥1,234.50", "-US$3.00". Codes Intl does not know are written before the number. */
export function formatCurrency(value: DecimalInput, currency = 'CNY', decimals = 2): string {
  const parsed = toDec(value);
  if (!parsed) return EMPTY_TEXT;
  const text = render(parsed, decimals);
  const symbol = currencySymbol(currency);
  if (!symbol) return `${currency} ${text}`;
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** Fiat codes go through formatCurrency, USDT and every other crypto code through formatCrypto. */
export function formatMoney(value: DecimalInput, currency: string = DEFAULT_CURRENCY): string {
  return currencySymbol(currency) ? formatCurrency(value, currency) : formatCrypto(value, currency);
}

const COMPACT_UNITS = [
  { unit: '', size: new Decimal(1) },
  { unit: 'K', size: new Decimal('1e3') },
  { unit: 'M', size: new Decimal('1e6') },
  { unit: 'B', size: new Decimal('1e9') },
  { unit: 'T', size: new Decimal('1e12') },
] as const;

/** 1234 → "1.23K", 1500000 → "1.5M", 2e12 → "2T"; below 1,000 the number itself (trailing zeros trimmed). */
export function formatCompact(value: DecimalInput, decimals = 2): string {
  const parsed = toDec(value);
  if (!parsed) return EMPTY_TEXT;
  const scaled = (index: number) =>
    parsed
      .abs()
      .div(COMPACT_UNITS[index]?.size ?? 1)
      .toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  let index = 0;
  while (index < COMPACT_UNITS.length - 1 && parsed.abs().gte(COMPACT_UNITS[index + 1]?.size ?? 0)) index++;
  // Rounding may reach the next unit: 999,999 is "1M", not "1000K".
  while (index < COMPACT_UNITS.length - 1 && scaled(index).gte(1000)) index++;
  const unit = COMPACT_UNITS[index] ?? COMPACT_UNITS[0];
  return `${render(parsed.div(unit.size), decimals, 0)}${unit.unit}`;
}

/** A value that is already a percentage: 12.345 → "+12.35%", -1.2 → "-1.20%", 0 → "0.00%". */
export function formatPercent(value: DecimalInput, decimals = 2, options: { sign?: boolean } = {}): string {
  const parsed = toDec(value);
  if (!parsed) return EMPTY_TEXT;
  const text = render(parsed, decimals);
  const positive = parsed.isPositive() && !parsed.isZero() && /[1-9]/.test(text);
  return `${options.sign !== false && positive ? '+' : ''}${text}%`;
}

/** part / whole × 100 as a decimal string with `decimals` places; "0" places when whole is zero or missing. */
export function percentage(part: DecimalInput, whole: DecimalInput, decimals = 1): string {
  const numerator = toDec(part);
  const denominator = toDec(whole);
  if (!numerator || !denominator || denominator.isZero()) return new Decimal(0).toFixed(decimals);
  return numerator.div(denominator).times(100).toFixed(decimals, Decimal.ROUND_HALF_UP);
}
