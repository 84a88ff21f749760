import {
  ADMIN_ORDER_CANCEL_TEXTS,
  adminCancelOrderBody,
  spotOrderBody,
  TRADING_TEXTS,
  tradeOrderReply,
} from '@platform/contracts';
import { idParams, ok, type Router, security } from '../../../core/http.ts';
import { auditActor } from '../../audit/audit.service.ts';
import { caller, type Guards } from '../../auth/guard.ts';
import type { SpotEngine } from './spot.engine.ts';

/**
 * POST /api/trading/spot/order, DELETE /api/trading/order/{id} (the caller's own open spot order)
 * and POST /api/admin/orders/{id}/cancel (an operator, audited). Rules live in spot.engine.ts.
 */
export function registerSpotRoutes(app: Router, deps: { spot: SpotEngine; guards: Guards }) {
  const { spot, guards } = deps;

  app.post('/api/trading/spot/order', {
    config: { idempotent: true },
    schema: { tags: ['trading'], security, body: spotOrderBody, response: { 200: tradeOrderReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ order: await spot.placeOrder(caller(request).user.id, request.body) }, TRADING_TEXTS.orderPlaced),
  });

  app.delete('/api/trading/order/:id', {
    config: { idempotent: true },
    schema: { tags: ['trading'], security, params: idParams, response: { 200: tradeOrderReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        { order: await spot.cancelOwnOrder(caller(request).user.id, request.params.id) },
        TRADING_TEXTS.orderCancelled,
      ),
  });

  app.post('/api/admin/orders/:id/cancel', {
    config: { idempotent: true },
    schema: {
      tags: ['admin-trading'],
      security,
      params: idParams,
      // An empty POST (no body) is an empty reason.
      body: adminCancelOrderBody.nullish(),
      response: { 200: tradeOrderReply },
    },
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
