import {
  ADMIN_TRADING_TEXTS,
  adminOrdersQuery,
  adminOrdersReply,
  tradingStatsReply,
} from '@platform/contracts';
import { ok, type Router, security } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import type { Guards } from '../../auth/guard.ts';
import { createTradingAdminService } from './trading-admin.service.ts';

/**
 * The admin's trading screens (spec 001 §7): GET /api/admin/trading/stats (the overview) and
 * GET /api/admin/orders (every product's orders, filtered by type and status, with the six cards).
 * The operator's cancel, POST /api/admin/orders/{id}/cancel, belongs to the spot engine.
 */
export function registerTradingAdminRoutes(app: Router, deps: { db: Db; guards: Guards; now?: () => Date }) {
  const service = createTradingAdminService({ db: deps.db, now: deps.now });
  const tags = ['admin-trading'];

  app.get('/api/admin/trading/stats', {
    schema: { tags, security, response: { 200: tradingStatsReply } },
    preHandler: deps.guards.requireAdmin,
    handler: async () => ok(await service.stats(), ADMIN_TRADING_TEXTS.statsLoaded),
  });

  app.get('/api/admin/orders', {
    schema: { tags, security, querystring: adminOrdersQuery, response: { 200: adminOrdersReply } },
    preHandler: deps.guards.requireAdmin,
    handler: async (request) => ok(await service.orders(request.query), ADMIN_TRADING_TEXTS.ordersLoaded),
  });
}
