import {
  PERPETUAL_TEXTS,
  perpetualConfigReply,
  perpetualMarginBody,
  perpetualMarkParams,
  perpetualMarkReply,
  perpetualOrderBody,
  perpetualPositionReply,
  perpetualPositionsQuery,
  perpetualPositionsReply,
  perpetualTpslBody,
} from '@platform/contracts';
import { idParams, ok, type Router, security } from '../../../core/http.ts';
import { caller, type Guards } from '../../auth/guard.ts';
import type { PerpetualEngine } from './perpetual.engine.ts';

/** The perpetual calls of spec 001 §7; the rules are in perpetual.engine.ts. */
export function registerPerpetualRoutes(app: Router, deps: { perpetual: PerpetualEngine; guards: Guards }) {
  const { perpetual, guards } = deps;
  const tags = ['trading-perpetual'];

  app.get('/api/trading/perpetual/config', {
    schema: { tags, security, response: { 200: perpetualConfigReply } },
    preHandler: guards.requireUser,
    handler: async () => ok(await perpetual.config(), PERPETUAL_TEXTS.configLoaded),
  });

  app.post('/api/trading/perpetual/order', {
    config: { idempotent: true },
    schema: { tags, security, body: perpetualOrderBody, response: { 200: perpetualPositionReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await perpetual.open(caller(request).user.id, request.body), PERPETUAL_TEXTS.opened),
  });

  app.post('/api/trading/perpetual/close/:id', {
    config: { idempotent: true },
    schema: { tags, security, params: idParams, response: { 200: perpetualPositionReply } },
    preHandler: guards.requireUser,
    handler: async (request) => {
      const view = await perpetual.close(caller(request).user.id, request.params.id);
      const liquidated = view.position.status === 'liquidated';
      return ok(view, liquidated ? PERPETUAL_TEXTS.liquidatedOnClose : PERPETUAL_TEXTS.closed);
    },
  });

  // Changes no money, but takes a key like every trading action of the app (a retry sets it once).
  app.post('/api/trading/perpetual/tpsl/:id', {
    config: { idempotent: true },
    schema: {
      tags,
      security,
      params: idParams,
      body: perpetualTpslBody,
      response: { 200: perpetualPositionReply },
    },
    preHandler: guards.requireUser,
    handler: async (request) => {
      const view = await perpetual.setTpsl(caller(request).user.id, request.params.id, request.body);
      const none = view.position.take_profit_price === null && view.position.stop_loss_price === null;
      return ok(view, none ? PERPETUAL_TEXTS.tpslCancelled : PERPETUAL_TEXTS.tpslSet);
    },
  });

  app.post('/api/trading/perpetual/margin/:id', {
    config: { idempotent: true },
    schema: {
      tags,
      security,
      params: idParams,
      body: perpetualMarginBody,
      response: { 200: perpetualPositionReply },
    },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await perpetual.addMargin(caller(request).user.id, request.params.id, request.body),
        PERPETUAL_TEXTS.marginAdded,
      ),
  });

  app.get('/api/trading/perpetual/mark/:symbol', {
    schema: { tags, security, params: perpetualMarkParams, response: { 200: perpetualMarkReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await perpetual.markPrice(request.params.symbol), PERPETUAL_TEXTS.markLoaded),
  });

  app.get('/api/trading/perpetual/positions', {
    schema: {
      tags,
      security,
      querystring: perpetualPositionsQuery,
      response: { 200: perpetualPositionsReply },
    },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await perpetual.positions(caller(request).user.id, request.query), PERPETUAL_TEXTS.positionsLoaded),
  });
}
