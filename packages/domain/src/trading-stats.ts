import { type DecimalInput, toDec } from './decimal.ts';
import { Decimal } from './money.ts';

/**
 * The formulas of the trading overview (spec 001 §2 "Trading overview", §3 "Trading stats"), shared
 * by the server (which computes the averages it replies) and the web app (which computes the success
 * rate from the counts it gets), so both always agree.
 */

/** What the overview shows for an average processing time under one second, or when there is none. */
export const PROCESSING_TIME_UNDER_ONE_SECOND = '< 1';

/**
 * Success rate in percent: completed / (completed + active) × 100, rounded half up to `decimals`
 * places ('95.24'). Cancelled and expired orders count in neither. '0.00' when both are zero.
 */
export function successRate(completed: number, active: number, decimals = 2): string {
  if (!Number.isInteger(completed) || !Number.isInteger(active) || completed < 0 || active < 0) {
    throw new Error('trading stats: order counts must be non-negative integers');
  }
  const whole = completed + active;
  if (whole === 0) return new Decimal(0).toFixed(decimals);
  return new Decimal(completed).div(whole).times(100).toFixed(decimals, Decimal.ROUND_HALF_UP);
}

/**
 * `total / count` rounded half up to `decimals` places ('12.50'); '0.00' when the count is zero or
 * the total is missing. Used for the average order amount (USDT, 2 decimals).
 */
export function averageAmount(total: DecimalInput, count: number, decimals = 2): string {
  if (!Number.isInteger(count) || count < 0)
    throw new Error('trading stats: a count must be a non-negative integer');
  const sum = toDec(total);
  if (!sum || count === 0) return new Decimal(0).toFixed(decimals);
  return sum.div(count).toFixed(decimals, Decimal.ROUND_HALF_UP);
}

/**
 * The average processing time as the overview shows it, in seconds: '< 1' when there is none or it
 * is under one second, otherwise rounded half up to one decimal with a trailing .0 dropped ('2.5',
 * '12'). `seconds` is a decimal (the database's average of the durations).
 */
export function processingTimeText(seconds: DecimalInput): string {
  const value = toDec(seconds);
  if (!value || value.lt(1)) return PROCESSING_TIME_UNDER_ONE_SECOND;
  const rounded = value.toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
  return rounded.isInteger() ? rounded.toFixed(0) : rounded.toFixed(1);
}
