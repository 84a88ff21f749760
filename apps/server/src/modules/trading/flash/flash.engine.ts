import type { JobStep } from '../../jobs/job-loop.ts';
import type { TradingDeps } from '../trading-deps.ts';

/** PLACEHOLDER: the flash engine is being built (issue 6). */
export function createFlashEngine(_deps: TradingDeps) {
  const jobSteps: JobStep[] = [];
  return { jobSteps };
}

export type FlashEngine = ReturnType<typeof createFlashEngine>;
