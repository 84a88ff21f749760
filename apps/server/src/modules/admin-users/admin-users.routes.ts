import { bulkSetUserStatus, getAdminUser, listAdminUsers, setUserStatus } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { Acting, AdminUsersService } from './admin-users.service.ts';

/** The acting admin: audit actor and level. Only valid behind requireAdmin. */
export const actingAdmin = (request: FastifyRequest): Acting => ({
  actor: auditActor(request),
  level: caller(request).user.adminLevel,
  sessionId: caller(request).sessionId,
  language: requestLanguage(request),
});

/** The user list of the back office (spec 000 §2 user list). */
export function registerAdminUsersRoutes(
  app: Router,
  deps: { adminUsers: AdminUsersService; guards: Guards },
) {
  const { adminUsers, guards } = deps;
  const tags = ['admin-users'];
  const preHandler = guards.requireAdmin;

  route(app, listAdminUsers, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(await adminUsers.list(request.query), tr(request, 'backOffice.adminUsers.listLoaded')),
  });

  route(app, getAdminUser, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        { user: await adminUsers.detail(request.params.id) },
        tr(request, 'backOffice.adminUsers.detailLoaded'),
      ),
  });

  route(app, setUserStatus, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      const user = await adminUsers.setStatus(
        actingAdmin(request),
        request.params.id,
        request.body.is_active,
      );
      return ok({ user }, tr(request, 'backOffice.adminUsers.updated'));
    },
  });

  route(app, bulkSetUserStatus, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      const result = await adminUsers.bulkStatus(
        actingAdmin(request),
        request.body.ids,
        request.body.is_active,
      );
      return ok(
        result,
        tr(
          request,
          request.body.is_active ? 'backOffice.adminUsers.bulkEnabled' : 'backOffice.adminUsers.bulkDisabled',
          {
            count: result.processedCount,
          },
        ),
      );
    },
  });
}
