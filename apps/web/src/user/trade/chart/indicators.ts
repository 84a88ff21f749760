import { Decimal } from '@platform/domain';

/**
 * The chart's main-pane indicators, computed in Decimal on the candles' decimal closes so that a
 * value shown in the legend is the exact one (the canvas then plots numbers made from them). Each
 * result is aligned with its input: index i uses the values up to and including i, and is null
 * until a whole period has passed.
 */

/** The moving averages drawn (as HTX draws them) and Bollinger's customary 20 periods, 2 deviations. */
export const MA_PERIODS = [5, 10, 30] as const;
export const BOLL_PERIOD = 20;
export const BOLL_WIDTH = 2;

function checkPeriod(period: number) {
  if (!Number.isInteger(period) || period < 1)
    throw new RangeError(`period must be a positive integer: ${period}`);
}

/** Simple moving average: the mean of the last `period` values. */
export function movingAverage(values: readonly Decimal[], period: number): (Decimal | null)[] {
  checkPeriod(period);
  const out: (Decimal | null)[] = [];
  // A running sum (one addition and one subtraction per candle) instead of re-adding each window.
  let sum = new Decimal(0);
  values.forEach((value, i) => {
    sum = sum.plus(value);
    const leaving = values[i - period];
    if (leaving) sum = sum.minus(leaving);
    out.push(i >= period - 1 ? sum.div(period) : null);
  });
  return out;
}

export interface BollingerPoint {
  middle: Decimal;
  upper: Decimal;
  lower: Decimal;
}

/**
 * Bollinger bands: the moving average ± `width` population standard deviations of the same window.
 * The deviation is √(n·Σx² − (Σx)²) / n, running sums with one division at the end, so that no
 * rounded mean enters the variance.
 */
export function bollinger(
  values: readonly Decimal[],
  period: number = BOLL_PERIOD,
  width: number = BOLL_WIDTH,
): (BollingerPoint | null)[] {
  checkPeriod(period);
  const out: (BollingerPoint | null)[] = [];
  let sum = new Decimal(0);
  let squares = new Decimal(0);
  values.forEach((value, i) => {
    sum = sum.plus(value);
    squares = squares.plus(value.times(value));
    const leaving = values[i - period];
    if (leaving) {
      sum = sum.minus(leaving);
      squares = squares.minus(leaving.times(leaving));
    }
    if (i < period - 1) {
      out.push(null);
      return;
    }
    const middle = sum.div(period);
    const spread = squares.times(period).minus(sum.times(sum));
    // Exact sums cannot go below zero; the guard only keeps a flat window's √0 out of trouble.
    const deviation = spread.gt(0) ? spread.sqrt().div(period) : new Decimal(0);
    const band = deviation.times(width);
    out.push({ middle, upper: middle.plus(band), lower: middle.minus(band) });
  });
  return out;
}
