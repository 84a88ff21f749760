/**
 * The nearest-rank `p`th percentile of ascending `sorted` (NaN when it is empty), for the latency
 * figures of tests and benchmarks (one copy: scripts/check-test-helpers.mjs). A file of its own so
 * that a benchmark takes it without the test app's module graph.
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}
