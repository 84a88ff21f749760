import {
  accountIdParams,
  adminCreateBody,
  adminDeleteReply,
  adminReply,
  adminStatusBody,
  adminsQuery,
  adminsReply,
  adminUpdateBody,
  twofaResetBody,
} from '@platform/contracts';
import type { Router } from '../../core/http.ts';
import { ok, security } from '../../core/http.ts';
import { actingAdmin } from '../admin-users/admin-users.routes.ts';
import type { Guards } from '../auth/guard.ts';
import type { AdminsService } from './admins.service.ts';

/** Admin management (spec 000 §2, §5): super admins only, on every route. */
export function registerAdminsRoutes(app: Router, deps: { admins: AdminsService; guards: Guards }) {
  const { admins, guards } = deps;
  const tags = ['admins'];
  const preHandler = guards.requireSuperAdmin;

  app.get('/api/admin/admins', {
    schema: { tags, security, querystring: adminsQuery, response: { 200: adminsReply } },
    preHandler,
    handler: async (request) => ok(await admins.list(request.query), '获取管理员列表成功'),
  });

  app.post('/api/admin/admins', {
    schema: { tags, security, body: adminCreateBody, response: { 200: adminReply } },
    preHandler,
    handler: async (request) =>
      ok({ admin: await admins.create(actingAdmin(request), request.body) }, '管理员创建成功'),
  });

  app.patch('/api/admin/admins/:id', {
    schema: { tags, security, params: accountIdParams, body: adminUpdateBody, response: { 200: adminReply } },
    preHandler,
    handler: async (request) =>
      ok(
        { admin: await admins.update(actingAdmin(request), request.params.id, request.body) },
        '管理员信息更新成功',
      ),
  });

  app.patch('/api/admin/admins/:id/status', {
    schema: { tags, security, params: accountIdParams, body: adminStatusBody, response: { 200: adminReply } },
    preHandler,
    handler: async (request) => {
      const admin = await admins.setStatus(actingAdmin(request), request.params.id, request.body);
      return ok({ admin }, admin.is_active ? '管理员已启用' : '管理员已禁用');
    },
  });

  app.post('/api/admin/admins/:id/2fa/reset', {
    schema: { tags, security, params: accountIdParams, body: twofaResetBody, response: { 200: adminReply } },
    preHandler,
    handler: async (request) =>
      ok(
        { admin: await admins.resetTwoFactor(actingAdmin(request), request.params.id, request.body) },
        '两步验证已重置，该管理员需重新绑定',
      ),
  });

  app.delete('/api/admin/admins/:id', {
    schema: { tags, security, params: accountIdParams, response: { 200: adminDeleteReply } },
    preHandler,
    handler: async (request) =>
      ok(await admins.remove(actingAdmin(request), request.params.id), '管理员删除成功'),
  });
}
