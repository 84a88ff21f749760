import type { JobStep } from '../../jobs/job-loop.ts';
import type { TradingDeps } from '../trading-deps.ts';

/** PLACEHOLDER: the option engine is being built (issue 6). */
export function createOptionEngine(_deps: TradingDeps) {
  const jobSteps: JobStep[] = [];
  return { jobSteps };
}

export type OptionEngine = ReturnType<typeof createOptionEngine>;
