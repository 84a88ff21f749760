import { Decimal } from './money.ts';

/** The money Decimal (money.ts) under the name the formatters use. Never use `number` for money. */
export const Dec = Decimal;
export type Dec = Decimal;

/** A decimal string from the API, a count, or a decimal already. */
export type DecimalInput = string | number | Dec | null | undefined;

const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** Parses a value into a Dec, or null when it is missing or not a finite number. */
export function toDec(value: DecimalInput): Dec | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Dec) return value.isFinite() ? value : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Dec(value) : null;
  const text = value.trim();
  if (!DECIMAL_PATTERN.test(text)) return null;
  return new Dec(text);
}
