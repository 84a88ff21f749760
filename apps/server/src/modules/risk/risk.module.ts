import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import { createJobLoop } from '../jobs/job-loop.ts';
import { createLease, LEASED_JOBS } from '../jobs/lease.ts';
import { createTradingExposure, fundingSums } from '../trading/exposure/exposure.service.ts';
import { insuranceFundBalance } from '../trading/perpetual/insurance-fund.ts';
import { registerRiskRoutes } from './risk.routes.ts';
import { createRiskService } from './risk.service.ts';

/**
 * 风险敞口 (docs/risk-exposure.md): the exposure screen's calls, and the alert step under its own
 * lease (one instance compares the exposure with the thresholds every few seconds, its writes fenced).
 */
export function registerRisk(app: Router, ctx: AppContext, guards: Guards) {
  const db = ctx.database.db;
  const risk = createRiskService({
    db,
    exposure: createTradingExposure({ db }),
    extra: {
      funding: (since) => fundingSums(db, since),
      insuranceFund: () => insuranceFundBalance(db),
    },
    realtime: ctx.realtime,
    now: ctx.clock.now,
  });
  registerRiskRoutes(app, { risk, guards });
  const loop = createJobLoop({
    lease: createLease(db, LEASED_JOBS.riskAlerts.name, LEASED_JOBS.riskAlerts.ttlMs),
    log: ctx.log,
    activity: ctx.activity,
    now: ctx.clock.now,
    paused: ctx.clock.problem,
    steps: [risk.jobStep],
  });
  if (ctx.config.TRADING_JOBS_AUTOSTART) app.addHook('onReady', () => loop.start());
  app.addHook('onClose', () => loop.stop());
  return risk;
}
