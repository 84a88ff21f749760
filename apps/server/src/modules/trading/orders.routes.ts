import { ownOrdersQuery, ownOrdersReply, TRADING_TEXTS } from '@platform/contracts';
import { ok, type Router, security } from '../../core/http.ts';
import { paginationOf } from '../../core/paging.ts';
import type { Db } from '../../db/client.ts';
import { caller, type Guards } from '../auth/guard.ts';
import { listOwnOrders, toTradeOrder } from './orders.repository.ts';

/** GET /api/trading/orders: the caller's orders of every product, newest first. */
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
}
