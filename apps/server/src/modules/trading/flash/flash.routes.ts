import {
  FLASH_TEXTS,
  getFlashConfig,
  getFlashStats,
  listFlashHistory,
  placeFlashOrder,
  TRADING_TEXTS,
} from '@platform/contracts';
import { caller } from '../../../core/caller.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { paginationOf } from '../../../core/paging.ts';
import type { Guards } from '../../auth/guard.ts';
import { sealedRoute } from '../../idempotency/sealed.routes.ts';
import { toTradeOrder } from '../orders.view.ts';
import { toTimedContract } from '../timed/timed.service.ts';
import type { FlashEngine } from './flash.engine.ts';

/** The flash calls (spec 001 §7): config (public), order, history, stats. */
export function registerFlashRoutes(app: Router, deps: { flash: FlashEngine; guards: Guards }) {
  const { flash, guards } = deps;
  const tags = ['trading'];

  route(app, getFlashConfig, {
    tags,
    handler: async () => ok(await flash.configView(), FLASH_TEXTS.configLoaded),
  });

  sealedRoute(app, placeFlashOrder, {
    tags,
    preHandler: guards.requireUser,
    run: async (request, reply) =>
      flash.placeOrder(caller(request).user.id, request.body, { sinceArrivalMs: reply.elapsedTime }),
    answer: ({ order, contract }) =>
      ok({ order: toTradeOrder(order), contract: toTimedContract(contract) }, TRADING_TEXTS.orderPlaced),
  });

  route(app, listFlashHistory, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { contracts, total } = await flash.history(caller(request).user.id, request.query);
      return ok({ contracts, pagination: paginationOf(request.query, total) }, FLASH_TEXTS.historyLoaded);
    },
  });

  route(app, getFlashStats, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => ok(await flash.stats(caller(request).user.id), FLASH_TEXTS.statsLoaded),
  });
}
