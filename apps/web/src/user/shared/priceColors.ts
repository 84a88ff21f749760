import { type DecimalInput, toDec } from '@platform/domain';

/**
 * Rises, buys, longs and calls in the up colour; falls, sells, shorts and puts in the down colour.
 * Which is green and which red is the user's 涨跌颜色 setting (lib/appearance.ts; default 绿涨红跌, the
 * spec's): these are CSS variables, so every inline style follows a change at once. Canvases cannot
 * read them and take `useTrendColors()` instead.
 */
export const UP_COLOR = 'var(--app-up)';
export const DOWN_COLOR = 'var(--app-down)';
export const FLAT_COLOR = '#8c8c8c';

/** The up colour above zero, the down colour below; undefined for zero or no value (the text keeps its own). */
export function signColor(value: DecimalInput): string | undefined {
  const d = toDec(value);
  if (!d || d.isZero()) return undefined;
  return d.isNegative() ? DOWN_COLOR : UP_COLOR;
}
