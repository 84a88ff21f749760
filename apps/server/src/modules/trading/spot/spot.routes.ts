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
import { sealed } from '../../idempotency/effect-seal.ts';
import type { SpotEngine } from './spot.engine.ts';

/**
 * POST /api/trading/spot/order, DELETE /api/trading/order/{id} (the caller's own open spot order)
 * and POST /api/admin/orders/{id}/cancel (an operator, audited). Rules live in spot.engine.ts.
 */
export function registerSpotRoutes(app: Router, deps: { spot: SpotEngine; guards: Guards }) {
  const { spot, guards } = deps;

  route(app, placeSpotOrder, {
    config: { idempotent: 'sealed' },
    tags: ['trading'],
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => spot.placeOrder(caller(request).user.id, request.body),
        (order) => ok({ order }, TRADING_TEXTS.orderPlaced),
      ),
  });

  route(app, cancelSpotOrder, {
    config: { idempotent: 'sealed' },
    tags: ['trading'],
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => spot.cancelOwnOrder(caller(request).user.id, request.params.id),
        (order) => ok({ order }, TRADING_TEXTS.orderCancelled),
      ),
  });

  route(app, cancelOrderAsAdmin, {
    config: { idempotent: 'sealed' },
    tags: ['admin-trading'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => spot.adminCancelOrder(request.params.id, request.body ?? {}, auditActor(request)),
        (order) => ok({ order }, ADMIN_ORDER_CANCEL_TEXTS.done),
      ),
  });
}
