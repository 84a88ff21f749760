import {
  addPerpetualMargin,
  cancelPerpetualLimitOrder,
  closePerpetualPosition,
  getPerpetualConfig,
  getPerpetualMark,
  listAdminPerpetualPositions,
  listPerpetualLimitOrders,
  listPerpetualPositions,
  openPerpetualPosition,
  PERPETUAL_TEXTS,
  reducePerpetualPosition,
  setPerpetualTpSl,
} from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { caller, type Guards } from '../../auth/guard.ts';
import { sealed } from '../../idempotency/effect-seal.ts';
import type { PerpetualEngine } from './perpetual.engine.ts';

/**
 * The perpetual calls of spec 001 §7, the limit orders, the partial close and the operator's list of
 * open positions (issue 33); the rules are in perpetual.engine.ts.
 */
export function registerPerpetualRoutes(app: Router, deps: { perpetual: PerpetualEngine; guards: Guards }) {
  const { perpetual, guards } = deps;
  const tags = ['trading-perpetual'];

  route(app, getPerpetualConfig, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async () => ok(await perpetual.config(), PERPETUAL_TEXTS.configLoaded),
  });

  route(app, openPerpetualPosition, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => perpetual.open(caller(request).user.id, request.body, { sinceArrivalMs: reply.elapsedTime }),
        (view) => ok(view, view.position ? PERPETUAL_TEXTS.opened : PERPETUAL_TEXTS.limitPlaced),
      ),
  });

  route(app, closePerpetualPosition, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => perpetual.close(caller(request).user.id, request.params.id),
        (view) =>
          ok(
            view,
            view.position.status === 'liquidated'
              ? PERPETUAL_TEXTS.liquidatedOnClose
              : PERPETUAL_TEXTS.closed,
          ),
      ),
  });

  // Changes no money, but takes a key like every trading action of the app (a retry sets it once).
  route(app, setPerpetualTpSl, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => perpetual.setTpsl(caller(request).user.id, request.params.id, request.body),
        (view) => {
          const none = view.position.take_profit_price === null && view.position.stop_loss_price === null;
          return ok(view, none ? PERPETUAL_TEXTS.tpslCancelled : PERPETUAL_TEXTS.tpslSet);
        },
      ),
  });

  route(app, addPerpetualMargin, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => perpetual.addMargin(caller(request).user.id, request.params.id, request.body),
        (view) => ok(view, PERPETUAL_TEXTS.marginAdded),
      ),
  });

  route(app, reducePerpetualPosition, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => perpetual.reduce(caller(request).user.id, request.params.id, request.body),
        (view) =>
          ok(
            view,
            view.position.status === 'liquidated'
              ? PERPETUAL_TEXTS.liquidatedOnClose
              : view.position.status === 'closed'
                ? PERPETUAL_TEXTS.closed
                : PERPETUAL_TEXTS.reduced,
          ),
      ),
  });

  route(app, listPerpetualLimitOrders, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await perpetual.limitOrders(caller(request).user.id, request.query),
        PERPETUAL_TEXTS.limitOrdersLoaded,
      ),
  });

  route(app, cancelPerpetualLimitOrder, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => perpetual.cancelLimit(caller(request).user.id, request.params.id),
        (view) => ok(view, PERPETUAL_TEXTS.limitCancelled),
      ),
  });

  route(app, listAdminPerpetualPositions, {
    tags: ['admin-trading'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(await perpetual.adminPositions(request.query), PERPETUAL_TEXTS.adminPositionsLoaded),
  });

  route(app, getPerpetualMark, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await perpetual.markPrice(request.params.symbol), PERPETUAL_TEXTS.markLoaded),
  });

  route(app, listPerpetualPositions, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await perpetual.positions(caller(request).user.id, request.query), PERPETUAL_TEXTS.positionsLoaded),
  });
}
