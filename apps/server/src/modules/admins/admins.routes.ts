import {
  createAdmin,
  deleteAdmin,
  issueAdminActivation,
  listAdmins,
  setAdminStatus,
  updateAdmin,
} from '@platform/contracts';
import type { Router } from '../../core/http.ts';
import { ok, route, security } from '../../core/http.ts';
import { actingAdmin } from '../admin-users/admin-users.routes.ts';
import type { Guards } from '../auth/guard.ts';
import { registerActivationRoutes } from './activation.routes.ts';
import type { AdminsService } from './admins.service.ts';

/**
 * Admin management (spec 000 §2, §5): super admins only, on every route; and the public routes of
 * the activation links it hands out (docs/admins.md).
 */
export function registerAdminsRoutes(
  app: Router,
  deps: { admins: AdminsService; guards: Guards } & Parameters<typeof registerActivationRoutes>[1],
) {
  const { admins, guards } = deps;
  registerActivationRoutes(app, deps);
  const tags = ['admins'];
  const preHandler = guards.requireSuperAdmin;

  route(app, listAdmins, {
    tags,
    security,
    preHandler,
    handler: async (request) => ok(await admins.list(request.query), '获取管理员列表成功'),
  });

  route(app, createAdmin, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        await admins.create(actingAdmin(request), request.body),
        '管理员创建成功，请将激活链接交给该管理员（链接只显示这一次）',
      ),
  });

  route(app, updateAdmin, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        { admin: await admins.update(actingAdmin(request), request.params.id, request.body) },
        '管理员信息更新成功',
      ),
  });

  route(app, setAdminStatus, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      const admin = await admins.setStatus(actingAdmin(request), request.params.id, request.body);
      return ok({ admin }, admin.is_active ? '管理员已启用' : '管理员已禁用');
    },
  });

  route(app, issueAdminActivation, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        await admins.issueActivation(actingAdmin(request), request.params.id, request.body),
        '已发送新的激活链接：该管理员的密码、两步验证和登录会话已失效（链接只显示这一次）',
      ),
  });

  route(app, deleteAdmin, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(await admins.remove(actingAdmin(request), request.params.id), '管理员删除成功'),
  });
}
