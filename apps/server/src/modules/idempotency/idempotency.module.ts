import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import { createJobLoop } from '../jobs/job-loop.ts';
import { createLease, LEASED_JOBS } from '../jobs/lease.ts';
import { idempotentRoutes } from './idempotency.plugin.ts';
import { createIdempotencyService } from './idempotency.service.ts';
import { createKeyOwner } from './key-owner.ts';

/** Well above the job loop's 5 s renewal; the prune is idempotent, so a takeover costs nothing. */

/**
 * Idempotency keys (issue 18). Call before any route is registered: routes with
 * `config: { idempotent: 'sealed' }` (or `true`) get the header, the key check and the stored reply
 * (in the effect's own transaction on a sealed route: effect-seal.ts). Expired keys
 * are pruned on one instance at a time (the `idempotency-prune` lease); with
 * TRADING_JOBS_AUTOSTART off (tests) the job does not start and tests call `pruneExpired`.
 * The instance names itself on the keys it holds (key-owner.ts), from ready until closed.
 */
export function registerIdempotency(app: Router, ctx: AppContext) {
  const owner = createKeyOwner(ctx.database, ctx.log);
  const service = createIdempotencyService({ db: ctx.database.db, log: ctx.log, owner });
  idempotentRoutes(app, service);
  ctx.metrics.readIdempotencyFrom(() => service.inFlight());
  app.addHook('onReady', () => owner.start());
  const jobs = createJobLoop({
    lease: createLease(
      ctx.database.db,
      LEASED_JOBS.idempotencyPrune.name,
      LEASED_JOBS.idempotencyPrune.ttlMs,
    ),
    log: ctx.log,
    activity: ctx.activity,
    steps: [service.jobStep],
  });
  if (ctx.config.TRADING_JOBS_AUTOSTART) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    service.stop();
    await owner.stop();
  });
  return service;
}
