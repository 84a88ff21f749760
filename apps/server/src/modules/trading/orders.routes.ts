import { getMyOrder, listMyOrders, TRADING_TEXTS } from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { paginationOf } from '../../core/paging.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../auth/guard.ts';
import { ownOrdersPage, ownOrderWithContract } from './orders.service.ts';

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
      const { orders, total } = await ownOrdersPage(deps.db, caller(request).user.id, request.query);
      return ok({ orders, pagination: paginationOf(request.query, total) }, TRADING_TEXTS.ordersLoaded);
    },
  });

  route(app, getMyOrder, {
    tags: ['trading'],
    security,
    preHandler: deps.guards.requireUser,
    handler: async (request) => {
      return ok(
        await ownOrderWithContract(deps.db, caller(request).user.id, request.params.id),
        TRADING_TEXTS.ordersLoaded,
      );
    },
  });
}
