import { getMyOrder, listMyOrders, TRADING_TEXTS } from '@platform/contracts';
import { notFound } from '../../core/errors.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
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
  route(app, listMyOrders, {
    tags: ['trading'],
    security,
    preHandler: deps.guards.requireUser,
    handler: async (request) => {
      const { rows, total } = await listOwnOrders(deps.db, caller(request).user.id, request.query);
      return ok(
        { orders: rows.map(toTradeOrder), pagination: paginationOf(request.query, total) },
        TRADING_TEXTS.ordersLoaded,
      );
    },
  });

  route(app, getMyOrder, {
    tags: ['trading'],
    security,
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
