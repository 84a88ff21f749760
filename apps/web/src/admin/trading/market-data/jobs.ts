import { KLINE_INTERVAL_SECONDS, type KlineInterval, type MarketDataJob } from '@platform/contracts';

/**
 * Of two reports about jobs, the one to show. Socket events and the 2-second poll race each other, so
 * an older report must not move the bar back: a later job wins, a finished report beats a running
 * one, and between two running reports the one with more work done.
 */
export function newerJob(
  current: MarketDataJob | null | undefined,
  incoming: MarketDataJob | null | undefined,
): MarketDataJob | null {
  if (!current) return incoming ?? null;
  if (!incoming) return current;
  if (incoming.id !== current.id) return incoming.id > current.id ? incoming : current;
  if (incoming.status !== 'running') return incoming;
  if (current.status !== 'running') return current;
  return incoming.done >= current.done ? incoming : current;
}

/** Whole percent of the units done; a completed job is 100 even when it had nothing to do. */
export function jobPercent(job: MarketDataJob): number {
  if (job.status === 'completed') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.done * 100) / job.total));
}

/** The most candles one backfill writes per series (the server's limit). */
export const MAX_FILL_CANDLES = 2000;

/**
 * Candles a backfill of one series must fetch to reach back to `from` (the oldest gap) from `now`,
 * with one to spare at each end; capped at what one backfill may fetch. A month counts as 28 days,
 * so the count errs on the side of reaching further back.
 */
export function candlesToReach(interval: KlineInterval, from: string, now: number): number {
  const seconds = interval === '1M' ? 28 * 86_400 : KLINE_INTERVAL_SECONDS[interval];
  const span = Math.max(0, now - Date.parse(from));
  return Math.min(MAX_FILL_CANDLES, Math.ceil(span / (seconds * 1000)) + 2);
}
