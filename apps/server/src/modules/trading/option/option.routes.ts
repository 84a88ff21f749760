import {
  activeOptionsReply,
  OPTION_TRADING_TEXTS,
  optionConfigForUserReply,
  optionOrderBody,
  TRADING_TEXTS,
  timedHistoryQuery,
  timedHistoryReply,
  timedOrderReply,
  timedStatsReply,
} from '@platform/contracts';
import { ok, type Router, security } from '../../../core/http.ts';
import { paginationOf } from '../../../core/paging.ts';
import { caller, type Guards } from '../../auth/guard.ts';
import { toTradeOrder } from '../orders.repository.ts';
import { toTimedContract } from '../timed/timed.service.ts';
import type { OptionEngine } from './option.engine.ts';

/** The option calls (spec 001 §7): config (with the caller's levels), order, history, stats, active. */
export function registerOptionRoutes(app: Router, deps: { option: OptionEngine; guards: Guards }) {
  const { option, guards } = deps;
  const common = { tags: ['trading'], security };

  app.get('/api/trading/option/config', {
    schema: { ...common, response: { 200: optionConfigForUserReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await option.configFor(caller(request).user.id), OPTION_TRADING_TEXTS.configLoaded),
  });

  app.post('/api/trading/option/order', {
    config: { idempotent: true },
    schema: { ...common, body: optionOrderBody, response: { 200: timedOrderReply } },
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { order, contract } = await option.placeOrder(caller(request).user.id, request.body);
      return ok(
        { order: toTradeOrder(order), contract: toTimedContract(contract) },
        TRADING_TEXTS.orderPlaced,
      );
    },
  });

  app.get('/api/trading/option/history', {
    schema: { ...common, querystring: timedHistoryQuery, response: { 200: timedHistoryReply } },
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { contracts, total } = await option.history(caller(request).user.id, request.query);
      return ok(
        { contracts, pagination: paginationOf(request.query, total) },
        OPTION_TRADING_TEXTS.historyLoaded,
      );
    },
  });

  app.get('/api/trading/option/stats', {
    schema: { ...common, response: { 200: timedStatsReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await option.stats(caller(request).user.id), OPTION_TRADING_TEXTS.statsLoaded),
  });

  app.get('/api/trading/option/active', {
    schema: { ...common, response: { 200: activeOptionsReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ contracts: await option.active(caller(request).user.id) }, OPTION_TRADING_TEXTS.activeLoaded),
  });
}
