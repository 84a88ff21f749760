import { ADMIN_TRADING_TEXTS, getTradingStats, listAdminOrders } from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
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

  route(app, getTradingStats, {
    tags,
    security,
    preHandler: deps.guards.requireAdmin,
    handler: async () => ok(await service.stats(), ADMIN_TRADING_TEXTS.statsLoaded),
  });

  route(app, listAdminOrders, {
    tags,
    security,
    preHandler: deps.guards.requireAdmin,
    handler: async (request) => ok(await service.orders(request.query), ADMIN_TRADING_TEXTS.ordersLoaded),
  });
}
