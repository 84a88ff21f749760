import {
  accountIdParams,
  adminUserDetailReply,
  adminUsersQuery,
  adminUsersReply,
  bulkUserStatusBody,
  bulkUserStatusReply,
  userStatusBody,
  userStatusReply,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { ok, type Router, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import { caller, type Guards } from '../auth/guard.ts';
import type { Acting, AdminUsersService } from './admin-users.service.ts';

/** The acting admin: audit actor and level. Only valid behind requireAdmin. */
export const actingAdmin = (request: FastifyRequest): Acting => ({
  actor: auditActor(request),
  level: caller(request).user.adminLevel,
  sessionId: caller(request).sessionId,
});

/** The user list of the back office (spec 000 §2 user list). */
export function registerAdminUsersRoutes(
  app: Router,
  deps: { adminUsers: AdminUsersService; guards: Guards },
) {
  const { adminUsers, guards } = deps;
  const tags = ['admin-users'];
  const preHandler = guards.requireAdmin;

  app.get('/api/admin/users', {
    schema: { tags, security, querystring: adminUsersQuery, response: { 200: adminUsersReply } },
    preHandler,
    handler: async (request) => ok(await adminUsers.list(request.query), '获取用户列表成功'),
  });

  app.get('/api/admin/users/:id', {
    schema: { tags, security, params: accountIdParams, response: { 200: adminUserDetailReply } },
    preHandler,
    handler: async (request) => ok({ user: await adminUsers.detail(request.params.id) }, '获取用户详情成功'),
  });

  app.patch('/api/admin/users/:id/status', {
    schema: {
      tags,
      security,
      params: accountIdParams,
      body: userStatusBody,
      response: { 200: userStatusReply },
    },
    preHandler,
    handler: async (request) => {
      const user = await adminUsers.setStatus(
        actingAdmin(request),
        request.params.id,
        request.body.is_active,
      );
      return ok({ user }, '用户信息更新成功');
    },
  });

  app.post('/api/admin/users/bulk-status', {
    schema: { tags, security, body: bulkUserStatusBody, response: { 200: bulkUserStatusReply } },
    preHandler,
    handler: async (request) => {
      const result = await adminUsers.bulkStatus(
        actingAdmin(request),
        request.body.ids,
        request.body.is_active,
      );
      return ok(result, `已${request.body.is_active ? '启用' : '禁用'}${result.processedCount}个用户`);
    },
  });
}
