import { KLINE_INTERVAL_SECONDS, type KlineInterval } from '@platform/contracts';

/**
 * Candle boundaries. Intervals up to 4 hours align to the UTC epoch; days, weeks (Monday) and
 * months align to Beijing time (UTC+8), as HTX and OKX do for their Chinese-market candles and as
 * the back office shows times.
 */
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
/** 1970-01-05 was a Monday. */
const MONDAY_EPOCH_MS = 4 * 86_400_000;

export function intervalMs(interval: Exclude<KlineInterval, '1M'>): number {
  return KLINE_INTERVAL_SECONDS[interval] * 1000;
}

/** Open time of the candle that contains `t`. */
export function candleOpen(interval: KlineInterval, t: number): number {
  if (interval === '1M') {
    const local = new Date(t + BEIJING_OFFSET_MS);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - BEIJING_OFFSET_MS;
  }
  const size = intervalMs(interval);
  if (interval === '1w') {
    const shifted = t + BEIJING_OFFSET_MS - MONDAY_EPOCH_MS;
    return shifted - mod(shifted, size) - BEIJING_OFFSET_MS + MONDAY_EPOCH_MS;
  }
  if (interval === '1d') {
    const shifted = t + BEIJING_OFFSET_MS;
    return shifted - mod(shifted, size) - BEIJING_OFFSET_MS;
  }
  return t - mod(t, size);
}

/** Open time of the candle after the one opening at `open` (its close time, exclusive). */
export function nextOpen(interval: KlineInterval, open: number): number {
  if (interval === '1M') {
    const local = new Date(open + BEIJING_OFFSET_MS);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - BEIJING_OFFSET_MS;
  }
  return open + intervalMs(interval);
}

export function previousOpen(interval: KlineInterval, open: number): number {
  if (interval === '1M') return candleOpen('1M', open - 1);
  return open - intervalMs(interval);
}

/** Open times of the `count` candles ending with the one that contains `t`, ascending. */
export function lastOpens(interval: KlineInterval, t: number, count: number): number[] {
  const opens: number[] = [];
  let open = candleOpen(interval, t);
  for (let i = 0; i < count; i++) {
    opens.push(open);
    open = previousOpen(interval, open);
  }
  return opens.reverse();
}

function mod(a: number, b: number) {
  return ((a % b) + b) % b;
}
