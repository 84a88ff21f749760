import type { Kline } from '@platform/contracts';
import { Decimal, toBeijing } from '@platform/domain';

/**
 * Candle bookkeeping of the chart: merging a pushed or polled candle into the loaded series, and
 * turning candles into the chart's bars.
 */

/**
 * `series` with `candle` merged in: the forming candle replaced, a new one appended, an earlier one
 * (its final values, sent at roll-over) replaced in place. Older than the loaded window: ignored.
 * Returns `series` itself when nothing changed, so React skips the render.
 */
export function mergeKline(series: readonly Kline[], candle: Kline): readonly Kline[] {
  const last = series.at(-1);
  if (!last) return [candle];
  const at = Date.parse(candle.open_time);
  if (at > Date.parse(last.open_time)) return [...series, candle];
  for (let i = series.length - 1; i >= 0; i--) {
    const existing = series[i];
    const existingAt = existing ? Date.parse(existing.open_time) : Number.NaN;
    if (!existing || existingAt < at) return series;
    if (existingAt === at) {
      if (sameCandle(existing, candle)) return series;
      const next = series.slice();
      next[i] = candle;
      return next;
    }
  }
  return series;
}

function sameCandle(a: Kline, b: Kline): boolean {
  return (
    a.close === b.close &&
    a.high === b.high &&
    a.low === b.low &&
    a.open === b.open &&
    a.volume === b.volume &&
    a.is_closed === b.is_closed
  );
}

/**
 * The chart library draws its time axis in UTC. Shifting every timestamp by Beijing's offset makes
 * it label candles in Beijing time (Asia/Shanghai has had no daylight saving since 1991, so one
 * offset holds for every candle).
 */
const BEIJING_OFFSET_SECONDS = (toBeijing(new Date())?.utcOffset() ?? 480) * 60;

export interface ChartBar {
  /** Seconds, shifted to Beijing wall time. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  rising: boolean;
}

/** Plotting only: the canvas takes numbers, nothing is computed with them. */
const plot = (value: string) => new Decimal(value).toNumber();

export function toChartBar(k: Kline): ChartBar {
  const open = plot(k.open);
  const close = plot(k.close);
  return {
    time: Math.floor(Date.parse(k.open_time) / 1000) + BEIJING_OFFSET_SECONDS,
    open,
    high: plot(k.high),
    low: plot(k.low),
    close,
    volume: plot(k.volume),
    rising: close >= open,
  };
}
