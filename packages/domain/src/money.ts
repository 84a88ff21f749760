import DecimalJs from 'decimal.js';

/**
 * Money in code (ARCHITECTURE.md, "The ledger (money)"), shared by server and web: decimal strings
 * at every boundary, this Decimal in between, NUMERIC(38, 18) in the database. No JavaScript number
 * ever holds an amount, so nothing here accepts one.
 *
 * decimal.js rounds to 20 significant digits by default, fewer than NUMERIC(38, 18) holds, hence
 * this clone with 40. toExpNeg/toExpPos keep toString() out of exponent notation.
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Decimal = DecimalJs;

/** Decimal places of every stored amount and price. */
export const MONEY_SCALE = 18;
/** Integer digits NUMERIC(38, 18) can hold. */
export const MONEY_INTEGER_DIGITS = 20;

const DECIMAL_PATTERN = /^-?(\d+)(?:\.(\d+))?$/;

/**
 * True for a plain decimal string: optional minus, digits, optional fraction of at most `maxScale`
 * digits. Refuses NaN, Infinity, exponent notation (1e5), a leading plus, blanks, '.5' and '5.'.
 */
export function isDecimalString(value: unknown, maxScale: number = MONEY_SCALE): value is string {
  if (typeof value !== 'string') return false;
  const match = DECIMAL_PATTERN.exec(value);
  if (!match) return false;
  const integer = match[1] ?? '';
  const fraction = match[2] ?? '';
  return integer.replace(/^0+(?=\d)/, '').length <= MONEY_INTEGER_DIGITS && fraction.length <= maxScale;
}

/** The Decimal of a valid decimal string, or null. For callers that decide what an invalid value means. */
export function tryParseDecimal(value: unknown, maxScale: number = MONEY_SCALE): Decimal | null {
  return isDecimalString(value, maxScale) ? new Decimal(value) : null;
}

/** Parses a decimal that the database produced (a ::text cast); anything else is a bug. */
export function decimalFromDb(value: unknown): Decimal {
  if (typeof value !== 'string' || !/^-?\d+(?:\.\d+)?$/.test(value)) {
    throw new Error(`Expected a decimal string from the database, got ${String(value)}`);
  }
  return new Decimal(value);
}

/** Rounds to `scale` decimal places (half up unless told otherwise). */
export function roundToScale(
  value: Decimal,
  scale: number = MONEY_SCALE,
  rounding: DecimalJs.Rounding = Decimal.ROUND_HALF_UP,
): Decimal {
  return value.toDecimalPlaces(scale, rounding);
}

/** True when the value has no more than `scale` decimal places, that is, it fits a money column. */
export function fitsScale(value: Decimal, scale: number = MONEY_SCALE): boolean {
  return value.decimalPlaces() <= scale;
}

/** Fixed-point string with exactly `scale` decimals (half-up rounding), as stored: '12.500000000000000000'. */
export function formatFixed(value: Decimal, scale: number = MONEY_SCALE): string {
  if (value.isZero()) return new Decimal(0).toFixed(scale);
  return value.toFixed(scale, Decimal.ROUND_HALF_UP);
}

/** Shortest plain string: no exponent, no trailing zeros, never '-0'. '12.500' becomes '12.5'. */
export function formatNormalised(value: Decimal): string {
  if (value.isZero()) return '0';
  return value.toFixed();
}

/** Normalises a decimal string ('12.500' to '12.5'); throws on an invalid one. */
export function normaliseDecimalString(value: string): string {
  const parsed = tryParseDecimal(value, Number.MAX_SAFE_INTEGER);
  if (!parsed) throw new Error(`Not a decimal string: ${value}`);
  return formatNormalised(parsed);
}

/**
 * '12.500' to '12.5', '3.000' to '3', without parsing: for hot paths (long kline lists) whose input
 * is already a plain decimal string. Anything else is returned unchanged.
 */
export function trimDecimalZeros(value: string): string {
  if (!value.includes('.') || !/^-?\d+\.\d+$/.test(value)) return value;
  const trimmed = value.replace(/\.?0+$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

export function sumDecimals(values: Iterable<Decimal>): Decimal {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
}
