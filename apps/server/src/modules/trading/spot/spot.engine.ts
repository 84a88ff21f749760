import type { JobStep } from '../../jobs/job-loop.ts';
import type { TradingDeps } from '../trading-deps.ts';

/** PLACEHOLDER: the spot engine is being built (issue 6). */
export function createSpotEngine(_deps: TradingDeps) {
  const jobSteps: JobStep[] = [];
  return { jobSteps };
}

export type SpotEngine = ReturnType<typeof createSpotEngine>;
