import { adminDashboardReply, walletOverviewReply } from '@platform/contracts';
import { ok, type Router, security } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import type { DashboardService } from './dashboard.service.ts';

export function registerDashboardRoutes(app: Router, deps: { dashboard: DashboardService; guards: Guards }) {
  const { dashboard, guards } = deps;

  app.get('/api/admin/dashboard', {
    schema: { tags: ['admin-dashboard'], security, response: { 200: adminDashboardReply } },
    preHandler: guards.requireAdmin,
    handler: async () => ok(await dashboard.dashboard(), '获取统计数据成功'),
  });

  app.get('/api/admin/wallet/overview', {
    schema: { tags: ['admin-wallet'], security, response: { 200: walletOverviewReply } },
    preHandler: guards.requireAdmin,
    handler: async () => ok(await dashboard.walletOverview(), '获取钱包概览数据成功'),
  });
}
