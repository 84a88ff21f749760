import { getAdminDashboard, getWalletOverview } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import type { DashboardService } from './dashboard.service.ts';

export function registerDashboardRoutes(app: Router, deps: { dashboard: DashboardService; guards: Guards }) {
  const { dashboard, guards } = deps;

  route(app, getAdminDashboard, {
    tags: ['admin-dashboard'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await dashboard.dashboard(), tr(request, 'dashboard.statsLoaded')),
  });

  route(app, getWalletOverview, {
    tags: ['admin-wallet'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        await dashboard.walletOverview(requestLanguage(request)),
        tr(request, 'dashboard.walletOverviewLoaded'),
      ),
  });
}
