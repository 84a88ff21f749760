import {
  ACCOUNT_SECURITY_MESSAGES,
  listLogins,
  listSessions,
  listUserLoginsForAdmin,
  listUserSessionsForAdmin,
  revokeOtherSessions,
  revokeSession,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../../core/caller.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import { requestLanguage, tr } from '../../../i18n/i18n.ts';
import type { Guards } from '../guard.ts';
import type { AccountSecurityService } from './account-security.service.ts';

/** 安全中心's calls: the caller's own sessions and logins only (requireUser); 用户详情's read-only views of one user's (requireAdmin). */
export function registerAccountSecurityRoutes(
  app: Router,
  deps: { accountSecurity: AccountSecurityService; guards: Guards },
) {
  const { accountSecurity, guards } = deps;
  const tags = ['account'];
  const preHandler = guards.requireUser;
  const who = (request: FastifyRequest) => {
    const { user, sessionId } = caller(request);
    return { userId: user.id, sessionId };
  };

  route(app, listSessions, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        await accountSecurity.listSessions(who(request), request.query, requestLanguage(request)),
        tr(request, 'auth.sessionsLoaded'),
      ),
  });

  route(app, revokeSession, {
    tags,
    security,
    preHandler,
    handler: async (request) => {
      await accountSecurity.revokeSession(who(request), request.params.id);
      return ok(null, ACCOUNT_SECURITY_MESSAGES.revoked);
    },
  });

  route(app, revokeOtherSessions, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        { revoked: await accountSecurity.revokeOtherSessions(who(request)) },
        ACCOUNT_SECURITY_MESSAGES.revokedOthers,
      ),
  });

  route(app, listLogins, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(
        await accountSecurity.listLogins(caller(request).user.id, request.query, requestLanguage(request)),
        tr(request, 'auth.loginsLoaded'),
      ),
  });

  // 用户详情's 登录设备 and 登录记录: one user's lists, for admins only, read-only.
  route(app, listUserSessionsForAdmin, {
    tags: ['admin-users'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        await accountSecurity.listSessionsForAdmin(
          request.params.id,
          request.query,
          requestLanguage(request),
        ),
        tr(request, 'auth.sessionsLoaded'),
      ),
  });

  route(app, listUserLoginsForAdmin, {
    tags: ['admin-users'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        await accountSecurity.listLoginsForAdmin(request.params.id, request.query, requestLanguage(request)),
        tr(request, 'auth.loginsLoaded'),
      ),
  });
}
