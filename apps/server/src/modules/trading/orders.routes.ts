import { ownOrderReply, ownOrdersQuery, ownOrdersReply, TRADING_TEXTS } from '@platform/contracts';
import { notFound } from '../../core/errors.ts';
import { idParams, ok, type Router, security } from '../../core/http.ts';
import { paginationOf } from '../../core/paging.ts';
import type { Db } from '../../db/client.ts';
import { caller, type Guards } from '../auth/guard.ts';
import { findOrder, listOwnOrders, toTradeOrder } from './orders.repository.ts';
import { findContract } from './timed/timed.repository.ts';
import { toTimedContract } from './timed/timed.service.ts';

/**
 * GET /api/trading/orders: the caller's orders of every product, newest first; GET
 * /api/trading/orders/{id}: one of them, with its flash or option contract (what a statement row
 * links to). Another user's order is a 404, as if it did not exist.
 */
export function registerOwnOrdersRoutes(app: Router, deps: { db: Db; guards: Guards }) {
  app.get('/api/trading/orders', {
    schema: { tags: ['trading'], security, querystring: ownOrdersQuery, response: { 200: ownOrdersReply } },
    preHandler: deps.guards.requireUser,
    handler: async (request) => {
      const { rows, total } = await listOwnOrders(deps.db, caller(request).user.id, request.query);
      return ok(
        { orders: rows.map(toTradeOrder), pagination: paginationOf(request.query, total) },
        TRADING_TEXTS.ordersLoaded,
      );
    },
  });

  app.get('/api/trading/orders/:id', {
    schema: { tags: ['trading'], security, params: idParams, response: { 200: ownOrderReply } },
    preHandler: deps.guards.requireUser,
    handler: async (request) => {
      const order = await findOrder(deps.db, request.params.id);
      if (!order || order.userId !== caller(request).user.id) throw notFound(TRADING_TEXTS.orderNotFound);
      const timed = order.product === 'flash' || order.product === 'option';
      const contract = timed ? await findContract(deps.db, order.id) : null;
      return ok(
        { order: toTradeOrder(order), contract: contract ? toTimedContract(contract) : null },
        TRADING_TEXTS.ordersLoaded,
      );
    },
  });
}
