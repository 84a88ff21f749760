import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import { createJobLoop } from '../jobs/job-loop.ts';
import { createLease, LEASED_JOBS } from '../jobs/lease.ts';
import { registerChangeRoutes } from './changes.routes.ts';
import type { ChangesService } from './changes.service.ts';

/** How often the job looks for delayed changes that are due. */
const APPLY_DUE_EVERY_MS = 10_000;

const services = new WeakMap<object, ChangesService>();

/** The changes service of an app (tests call its `applyDue` as the job would). */
export function changesOf(app: object): ChangesService {
  const changes = services.get(app);
  if (!changes) throw new Error('no pending-changes service registered on this app');
  return changes;
}

/**
 * Pending changes (docs/pending-changes.md): the service features register their change kinds
 * with (made by the caller with createChangesService, before the features that propose), its
 * routes, and the `admin-changes` leased job that applies delayed changes when due (at the
 * database's time). With TRADING_JOBS_AUTOSTART off (tests) the job does not start and tests call
 * `applyDue`.
 */
export function registerChanges(app: Router, ctx: AppContext, guards: Guards, changes: ChangesService) {
  services.set(app, changes);
  registerChangeRoutes(app, { changes, guards, db: ctx.database.db });
  const jobs = createJobLoop({
    lease: createLease(ctx.database.db, LEASED_JOBS.adminChanges.name, LEASED_JOBS.adminChanges.ttlMs),
    log: ctx.log,
    activity: ctx.activity,
    now: ctx.clock.now,
    paused: ctx.clock.problem,
    steps: [changes.jobStep(APPLY_DUE_EVERY_MS)],
  });
  if (ctx.config.TRADING_JOBS_AUTOSTART) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return changes;
}
