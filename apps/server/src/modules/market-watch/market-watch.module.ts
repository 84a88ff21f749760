import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import { createJobLoop } from '../jobs/job-loop.ts';
import { createLease, LEASED_JOBS } from '../jobs/lease.ts';
import type { PairsService } from '../market-data/pairs.service.ts';
import type { WrittenNotification } from '../notifications/notifications.service.ts';
import { registerFavoritesRoutes } from './favorites.routes.ts';
import { createFavoritesService } from './favorites.service.ts';
import { registerPriceAlertRoutes } from './price-alerts.routes.ts';
import { type AlertPriceSource, createPriceAlertsService } from './price-alerts.service.ts';

/**
 * 自选 and 价格提醒 (docs/market-watch.md). The alerts' job runs under its own lease, so that with
 * several instances one judges the alerts, its writes fenced by the lease's token.
 */
export function registerMarketWatch(
  app: Router,
  ctx: AppContext,
  guards: Guards,
  deps: {
    pairs: PairsService;
    prices: AlertPriceSource;
    onNotified: (written: WrittenNotification[]) => void;
  },
) {
  const db = ctx.database.db;
  registerFavoritesRoutes(app, { favorites: createFavoritesService({ db, pairs: deps.pairs }), guards });
  const alerts = createPriceAlertsService({ db, prices: deps.prices, onNotified: deps.onNotified });
  registerPriceAlertRoutes(app, { alerts, guards });

  const loop = createJobLoop({
    lease: createLease(db, LEASED_JOBS.priceAlerts.name, LEASED_JOBS.priceAlerts.ttlMs),
    log: ctx.log,
    activity: ctx.activity,
    now: ctx.clock.now,
    paused: ctx.clock.problem,
    steps: [alerts.jobStep],
  });
  if (ctx.config.TRADING_JOBS_AUTOSTART) app.addHook('onReady', () => loop.start());
  app.addHook('onClose', () => loop.stop());
  return { alerts };
}
