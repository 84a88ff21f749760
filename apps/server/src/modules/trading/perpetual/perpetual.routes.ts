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
import { caller } from '../../../core/caller.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { requestLanguage } from '../../../i18n/i18n.ts';
import type { Guards } from '../../auth/guard.ts';
import { sealedRoute } from '../../idempotency/sealed.routes.ts';
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

  sealedRoute(app, openPerpetualPosition, {
    tags,
    preHandler: guards.requireUser,
    run: async (request, reply) =>
      perpetual.open(caller(request).user.id, request.body, { sinceArrivalMs: reply.elapsedTime }),
    answer: (view) => ok(view, view.position ? PERPETUAL_TEXTS.opened : PERPETUAL_TEXTS.limitPlaced),
  });

  sealedRoute(app, closePerpetualPosition, {
    tags,
    preHandler: guards.requireUser,
    run: async (request) => perpetual.close(caller(request).user.id, request.params.id),
    answer: (view) =>
      ok(
        view,
        view.position.status === 'liquidated' ? PERPETUAL_TEXTS.liquidatedOnClose : PERPETUAL_TEXTS.closed,
      ),
  });

  // Changes no money, but takes a key like every trading action of the app (a retry sets it once).
  sealedRoute(app, setPerpetualTpSl, {
    tags,
    preHandler: guards.requireUser,
    run: async (request) => perpetual.setTpsl(caller(request).user.id, request.params.id, request.body),
    answer: (view) => {
      const none = view.position.take_profit_price === null && view.position.stop_loss_price === null;
      return ok(view, none ? PERPETUAL_TEXTS.tpslCancelled : PERPETUAL_TEXTS.tpslSet);
    },
  });

  sealedRoute(app, addPerpetualMargin, {
    tags,
    preHandler: guards.requireUser,
    run: async (request) => perpetual.addMargin(caller(request).user.id, request.params.id, request.body),
    answer: (view) => ok(view, PERPETUAL_TEXTS.marginAdded),
  });

  sealedRoute(app, reducePerpetualPosition, {
    tags,
    preHandler: guards.requireUser,
    run: async (request) => perpetual.reduce(caller(request).user.id, request.params.id, request.body),
    answer: (view) =>
      ok(
        view,
        view.position.status === 'liquidated'
          ? PERPETUAL_TEXTS.liquidatedOnClose
          : view.position.status === 'closed'
            ? PERPETUAL_TEXTS.closed
            : PERPETUAL_TEXTS.reduced,
      ),
  });

  route(app, listPerpetualLimitOrders, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await perpetual.limitOrders(caller(request).user.id, request.query, requestLanguage(request)),
        PERPETUAL_TEXTS.limitOrdersLoaded,
      ),
  });

  sealedRoute(app, cancelPerpetualLimitOrder, {
    tags,
    preHandler: guards.requireUser,
    run: async (request) =>
      perpetual.cancelLimit(caller(request).user.id, request.params.id, requestLanguage(request)),
    answer: (view) => ok(view, PERPETUAL_TEXTS.limitCancelled),
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
