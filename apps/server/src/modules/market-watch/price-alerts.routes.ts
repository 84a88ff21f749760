import {
  createPriceAlert,
  deletePriceAlert,
  listPriceAlerts,
  PRICE_ALERT_MESSAGES,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import type { PriceAlertsService } from './price-alerts.service.ts';

/** 价格提醒: the caller's own price alerts (requireUser). */
export function registerPriceAlertRoutes(app: Router, deps: { alerts: PriceAlertsService; guards: Guards }) {
  const { alerts, guards } = deps;
  const common = { tags: ['account'], security, preHandler: guards.requireUser };

  route(app, listPriceAlerts, {
    ...common,
    handler: async (request) =>
      ok(
        { alerts: await alerts.list(caller(request).user.id, request.query.symbol || undefined) },
        PRICE_ALERT_MESSAGES.listed,
      ),
  });

  route(app, createPriceAlert, {
    ...common,
    handler: async (request) =>
      ok({ alert: await alerts.create(caller(request).user.id, request.body) }, PRICE_ALERT_MESSAGES.created),
  });

  route(app, deletePriceAlert, {
    ...common,
    handler: async (request) => {
      await alerts.remove(caller(request).user.id, request.params.id);
      return ok(null, PRICE_ALERT_MESSAGES.deleted);
    },
  });
}
