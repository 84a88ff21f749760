import {
  FLASH_TEXTS,
  flashConfigReply,
  flashOrderBody,
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
import type { FlashEngine } from './flash.engine.ts';

/** The flash calls (spec 001 §7): config (public), order, history, stats. */
export function registerFlashRoutes(app: Router, deps: { flash: FlashEngine; guards: Guards }) {
  const { flash, guards } = deps;
  const tags = ['trading'];

  app.get('/api/trading/flash/config', {
    schema: { tags, response: { 200: flashConfigReply } },
    handler: async () => ok(await flash.configView(), FLASH_TEXTS.configLoaded),
  });

  app.post('/api/trading/flash/order', {
    config: { idempotent: true },
    schema: { tags, security, body: flashOrderBody, response: { 200: timedOrderReply } },
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { order, contract } = await flash.placeOrder(caller(request).user.id, request.body);
      return ok(
        { order: toTradeOrder(order), contract: toTimedContract(contract) },
        TRADING_TEXTS.orderPlaced,
      );
    },
  });

  app.get('/api/trading/flash/history', {
    schema: { tags, security, querystring: timedHistoryQuery, response: { 200: timedHistoryReply } },
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { contracts, total } = await flash.history(caller(request).user.id, request.query);
      return ok({ contracts, pagination: paginationOf(request.query, total) }, FLASH_TEXTS.historyLoaded);
    },
  });

  app.get('/api/trading/flash/stats', {
    schema: { tags, security, response: { 200: timedStatsReply } },
    preHandler: guards.requireUser,
    handler: async (request) => ok(await flash.stats(caller(request).user.id), FLASH_TEXTS.statsLoaded),
  });
}
