import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import { createJobLoop } from '../jobs/job-loop.ts';
import { createLease } from '../jobs/lease.ts';
import { registerPorRoutes } from './por.routes.ts';
import { createPorService } from './por.service.ts';

/** The daily job's lease: one instance checks for the day's snapshot; a dead holder is replaced within 72 s. */
export const POR_JOB_LEASE = { name: 'por-snapshot', ttlMs: 60_000 } as const;

/**
 * Proof of liabilities (issue 36): the public snapshots, each user's proof, the back office's list
 * and 生成快照, and the daily snapshot at POR_SNAPSHOT_TIME_UTC on one instance (the holder of the
 * `por-snapshot` lease). With TRADING_JOBS_AUTOSTART off (tests) the job does not start.
 */
export function registerPor(app: Router, ctx: AppContext, guards: Guards) {
  const por = createPorService({ db: ctx.database.db });
  registerPorRoutes(app, { por, guards });
  const jobs = createJobLoop({
    lease: createLease(ctx.database.db, POR_JOB_LEASE.name, POR_JOB_LEASE.ttlMs),
    log: ctx.log,
    activity: ctx.activity,
    steps: [por.jobStep(ctx.config.POR_SNAPSHOT_TIME_UTC)],
  });
  if (ctx.config.TRADING_JOBS_AUTOSTART) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return por;
}
