import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import { createJobLoop } from '../jobs/job-loop.ts';
import { createLease, LEASED_JOBS } from '../jobs/lease.ts';
import { registerReconciliationRoutes } from './reconciliation.routes.ts';
import { createReconciliationService } from './reconciliation.service.ts';

/** Well above the job loop's 5 s renewal: a dead holder is replaced within a minute. */

/**
 * The reconciliation job and its admin calls. The job runs every RECONCILIATION_INTERVAL_MINUTES on
 * one instance (the holder of the `reconciliation` lease); with TRADING_JOBS_AUTOSTART off (tests)
 * it does not start, and tests call `run` directly.
 */
export function registerReconciliation(app: Router, ctx: AppContext, guards: Guards) {
  const reconciliation = createReconciliationService({ db: ctx.database.db, realtime: ctx.realtime });
  registerReconciliationRoutes(app, { reconciliation, guards });
  const jobs = createJobLoop({
    lease: createLease(ctx.database.db, LEASED_JOBS.reconciliation.name, LEASED_JOBS.reconciliation.ttlMs),
    log: ctx.log,
    activity: ctx.activity,
    steps: [reconciliation.jobStep(ctx.config.RECONCILIATION_INTERVAL_MINUTES)],
  });
  if (ctx.config.TRADING_JOBS_AUTOSTART) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return reconciliation;
}
