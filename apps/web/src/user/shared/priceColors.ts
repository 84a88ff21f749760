import { type DecimalInput, toDec } from '@platform/domain';

/** Rises, buys, longs and calls are green; falls, sells, shorts and puts red (the spec's colours). */
export const UP_COLOR = '#16a34a';
export const DOWN_COLOR = '#dc2626';
export const FLAT_COLOR = '#8c8c8c';

/** Green above zero, red below; undefined for zero or no value, so the text keeps its own colour. */
export function signColor(value: DecimalInput): string | undefined {
  const d = toDec(value);
  if (!d || d.isZero()) return undefined;
  return d.isNegative() ? DOWN_COLOR : UP_COLOR;
}
