import {
  createAdmin,
  deleteAdmin,
  listAdmins,
  resetAdminTwoFactor,
  setAdminStatus,
  updateAdmin,
} from '@platform/contracts';
import type { Router } from '../../core/http.ts';
import { ok, route, security } from '../../core/http.ts';
import { actingAdmin } from '../admin-users/admin-users.routes.ts';
import type { Guards } from '../auth/guard.ts';
import type { AdminsService } from './admins.service.ts';

/** Admin management (spec 000 §2, §5): super admins only, on every route. */
export function registerAdminsRoutes(app: Router, deps: { admins: AdminsService; guards: Guards }) {
  const { admins, guards } = deps;
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
      ok({ admin: await admins.create(actingAdmin(request), request.body) }, '管理员创建成功'),
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

  route(app, resetAdminTwoFactor, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        { admin: await admins.resetTwoFactor(actingAdmin(request), request.params.id, request.body) },
        '两步验证已重置，该管理员需重新绑定',
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
