import { getAdminDashboard, getWalletOverview } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import type { DashboardService } from './dashboard.service.ts';

export function registerDashboardRoutes(app: Router, deps: { dashboard: DashboardService; guards: Guards }) {
  const { dashboard, guards } = deps;

  route(app, getAdminDashboard, {
    tags: ['admin-dashboard'],
    security,
    preHandler: guards.requireAdmin,
    handler: async () => ok(await dashboard.dashboard(), '获取统计数据成功'),
  });

  route(app, getWalletOverview, {
    tags: ['admin-wallet'],
    security,
    preHandler: guards.requireAdmin,
    handler: async () => ok(await dashboard.walletOverview(), '获取钱包概览数据成功'),
  });
}
