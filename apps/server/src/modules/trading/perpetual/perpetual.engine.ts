import type { JobStep } from '../../jobs/job-loop.ts';
import type { TradingDeps } from '../trading-deps.ts';

/** PLACEHOLDER: the perpetual engine is being built (issue 6). */
export function createPerpetualEngine(_deps: TradingDeps) {
  const jobSteps: JobStep[] = [];
  return { jobSteps };
}

export type PerpetualEngine = ReturnType<typeof createPerpetualEngine>;
