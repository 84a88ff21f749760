import {
  ADMIN_ORDER_CANCEL_TEXTS,
  cancelOrderAsAdmin,
  cancelSpotOrder,
  placeSpotOrder,
  TRADING_TEXTS,
} from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { auditActor } from '../../audit/audit.service.ts';
import { caller, type Guards } from '../../auth/guard.ts';
import type { SpotEngine } from './spot.engine.ts';

/**
 * POST /api/trading/spot/order, DELETE /api/trading/order/{id} (the caller's own open spot order)
 * and POST /api/admin/orders/{id}/cancel (an operator, audited). Rules live in spot.engine.ts.
 */
export function registerSpotRoutes(app: Router, deps: { spot: SpotEngine; guards: Guards }) {
  const { spot, guards } = deps;

  route(app, placeSpotOrder, {
    config: { idempotent: true },
    tags: ['trading'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ order: await spot.placeOrder(caller(request).user.id, request.body) }, TRADING_TEXTS.orderPlaced),
  });

  route(app, cancelSpotOrder, {
    config: { idempotent: true },
    tags: ['trading'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        { order: await spot.cancelOwnOrder(caller(request).user.id, request.params.id) },
        TRADING_TEXTS.orderCancelled,
      ),
  });

  route(app, cancelOrderAsAdmin, {
    config: { idempotent: true },
    tags: ['admin-trading'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        {
          order: await spot.adminCancelOrder(request.params.id, request.body ?? {}, auditActor(request)),
        },
        ADMIN_ORDER_CANCEL_TEXTS.done,
      ),
  });
}
