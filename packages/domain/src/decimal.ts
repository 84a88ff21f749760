import { Decimal } from './money.ts';

/**
 * Lenient parsing for display: the formatters accept what a screen holds (an API decimal string, a
 * count, or a Decimal). Strict parsing of amounts at a boundary is money.ts's isDecimalString.
 */

/** A decimal string from the API, a count, or a decimal already. */
export type DecimalInput = string | number | Decimal | null | undefined;

const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** Parses a value into a Decimal, or null when it is missing or not a finite number. */
export function toDec(value: DecimalInput): Decimal | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Decimal) return value.isFinite() ? value : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null;
  const text = value.trim();
  if (!DECIMAL_PATTERN.test(text)) return null;
  return new Decimal(text);
}
