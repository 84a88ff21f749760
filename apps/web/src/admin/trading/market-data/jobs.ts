import type { MarketDataJob } from '@platform/contracts';

export const JOB_KIND_LABELS: Record<MarketDataJob['kind'], string> = {
  historical: '历史数据初始化',
  pair_data: '单个交易对数据',
  pair_sync: '交易对同步',
};

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
