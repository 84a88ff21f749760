import {
  addPerpetualMargin,
  closePerpetualPosition,
  getPerpetualConfig,
  getPerpetualMark,
  listPerpetualPositions,
  openPerpetualPosition,
  PERPETUAL_TEXTS,
  setPerpetualTpSl,
} from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { caller, type Guards } from '../../auth/guard.ts';
import type { PerpetualEngine } from './perpetual.engine.ts';

/** The perpetual calls of spec 001 §7; the rules are in perpetual.engine.ts. */
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
    config: { idempotent: true },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await perpetual.open(caller(request).user.id, request.body), PERPETUAL_TEXTS.opened),
  });

  route(app, closePerpetualPosition, {
    config: { idempotent: true },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => {
      const view = await perpetual.close(caller(request).user.id, request.params.id);
      const liquidated = view.position.status === 'liquidated';
      return ok(view, liquidated ? PERPETUAL_TEXTS.liquidatedOnClose : PERPETUAL_TEXTS.closed);
    },
  });

  // Changes no money, but takes a key like every trading action of the app (a retry sets it once).
  route(app, setPerpetualTpSl, {
    config: { idempotent: true },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => {
      const view = await perpetual.setTpsl(caller(request).user.id, request.params.id, request.body);
      const none = view.position.take_profit_price === null && view.position.stop_loss_price === null;
      return ok(view, none ? PERPETUAL_TEXTS.tpslCancelled : PERPETUAL_TEXTS.tpslSet);
    },
  });

  route(app, addPerpetualMargin, {
    config: { idempotent: true },
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await perpetual.addMargin(caller(request).user.id, request.params.id, request.body),
        PERPETUAL_TEXTS.marginAdded,
      ),
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
