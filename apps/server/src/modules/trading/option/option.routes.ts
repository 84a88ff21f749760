import {
  getOptionConfigForUser,
  getOptionStats,
  listActiveOptions,
  listOptionHistory,
  OPTION_TRADING_TEXTS,
  placeOptionOrder,
  TRADING_TEXTS,
} from '@platform/contracts';
import { caller } from '../../../core/caller.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { paginationOf } from '../../../core/paging.ts';
import type { Guards } from '../../auth/guard.ts';
import { sealedRoute } from '../../idempotency/sealed.routes.ts';
import { toTradeOrder } from '../orders.view.ts';
import { toTimedContract } from '../timed/timed.service.ts';
import type { OptionEngine } from './option.engine.ts';

/** The option calls (spec 001 §7): config (with the caller's levels), order, history, stats, active. */
export function registerOptionRoutes(app: Router, deps: { option: OptionEngine; guards: Guards }) {
  const { option, guards } = deps;
  const common = { tags: ['trading'], security };

  route(app, getOptionConfigForUser, {
    ...common,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await option.configFor(caller(request).user.id), OPTION_TRADING_TEXTS.configLoaded),
  });

  sealedRoute(app, placeOptionOrder, {
    tags: common.tags,
    preHandler: guards.requireUser,
    run: async (request, reply) =>
      option.placeOrder(caller(request).user.id, request.body, { sinceArrivalMs: reply.elapsedTime }),
    answer: ({ order, contract }) =>
      ok({ order: toTradeOrder(order), contract: toTimedContract(contract) }, TRADING_TEXTS.orderPlaced),
  });

  route(app, listOptionHistory, {
    ...common,
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { contracts, total } = await option.history(caller(request).user.id, request.query);
      return ok(
        { contracts, pagination: paginationOf(request.query, total) },
        OPTION_TRADING_TEXTS.historyLoaded,
      );
    },
  });

  route(app, getOptionStats, {
    ...common,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await option.stats(caller(request).user.id), OPTION_TRADING_TEXTS.statsLoaded),
  });

  route(app, listActiveOptions, {
    ...common,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ contracts: await option.active(caller(request).user.id) }, OPTION_TRADING_TEXTS.activeLoaded),
  });
}
