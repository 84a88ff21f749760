import { auditLogsQuery, auditLogsReply } from '@platform/contracts';
import { ok, type Router, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../auth/guard.ts';
import { listAuditLogs } from './audit.service.ts';

/**
 * The audit log is for super admins only: it shows every operator's actions with the records
 * before and after, IP addresses and user agents, like admin management does.
 */
export function registerAuditRoutes(app: Router, deps: { db: Db; guards: Guards }) {
  const tags = ['audit'];

  app.get('/api/admin/audit-logs', {
    schema: { tags, security, querystring: auditLogsQuery, response: { 200: auditLogsReply } },
    preHandler: deps.guards.requireSuperAdmin,
    handler: async (request) => ok(await listAuditLogs(deps.db, request.query), '获取审计日志成功'),
  });
}
