import {
  ADMIN_ORDER_CANCEL_TEXTS,
  cancelOrderAsAdmin,
  cancelSpotOrder,
  placeSpotOrder,
  TRADING_TEXTS,
} from '@platform/contracts';
import { caller } from '../../../core/caller.ts';
import { ok, type Router } from '../../../core/http.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { Guards } from '../../auth/guard.ts';
import { sealedRoute } from '../../idempotency/sealed.routes.ts';
import type { SpotEngine } from './spot.engine.ts';

/**
 * POST /api/trading/spot/order, DELETE /api/trading/order/{id} (the caller's own open spot order)
 * and POST /api/admin/orders/{id}/cancel (an operator, audited). Rules live in spot.engine.ts.
 */
export function registerSpotRoutes(app: Router, deps: { spot: SpotEngine; guards: Guards }) {
  const { spot, guards } = deps;

  sealedRoute(app, placeSpotOrder, {
    tags: ['trading'],
    preHandler: guards.requireUser,
    run: async (request) => spot.placeOrder(caller(request).user.id, request.body),
    answer: (order) => ok({ order }, TRADING_TEXTS.orderPlaced),
  });

  sealedRoute(app, cancelSpotOrder, {
    tags: ['trading'],
    preHandler: guards.requireUser,
    run: async (request) => spot.cancelOwnOrder(caller(request).user.id, request.params.id),
    answer: (order) => ok({ order }, TRADING_TEXTS.orderCancelled),
  });

  sealedRoute(app, cancelOrderAsAdmin, {
    tags: ['admin-trading'],
    preHandler: guards.requireAdmin,
    run: async (request) => spot.adminCancelOrder(request.params.id, request.body ?? {}, auditActor(request)),
    answer: (order) => ok({ order }, ADMIN_ORDER_CANCEL_TEXTS.done),
  });
}
