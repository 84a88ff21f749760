import {
  ACCOUNT_SECURITY_MESSAGES,
  accountLoginsQuery,
  accountLoginsReply,
  accountSessionParams,
  accountSessionsQuery,
  accountSessionsReply,
  emptyReply,
  revokeOtherSessionsReply,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { ok, type Router, security } from '../../../core/http.ts';
import { caller, type Guards } from '../guard.ts';
import type { AccountSecurityService } from './account-security.service.ts';

/** 安全中心's calls: the caller's own sessions and logins only (requireUser). */
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

  app.get('/api/account/sessions', {
    schema: { tags, security, querystring: accountSessionsQuery, response: { 200: accountSessionsReply } },
    preHandler,
    handler: async (request) =>
      ok(await accountSecurity.listSessions(who(request), request.query), '获取登录设备成功'),
  });

  app.delete('/api/account/sessions/:id', {
    schema: { tags, security, params: accountSessionParams, response: { 200: emptyReply } },
    preHandler,
    handler: async (request) => {
      await accountSecurity.revokeSession(who(request), request.params.id);
      return ok(null, ACCOUNT_SECURITY_MESSAGES.revoked);
    },
  });

  app.delete('/api/account/sessions', {
    schema: { tags, security, response: { 200: revokeOtherSessionsReply } },
    preHandler,
    handler: async (request) =>
      ok(
        { revoked: await accountSecurity.revokeOtherSessions(who(request)) },
        ACCOUNT_SECURITY_MESSAGES.revokedOthers,
      ),
  });

  app.get('/api/account/logins', {
    schema: { tags, security, querystring: accountLoginsQuery, response: { 200: accountLoginsReply } },
    preHandler,
    handler: async (request) =>
      ok(await accountSecurity.listLogins(caller(request).user.id, request.query), '获取登录记录成功'),
  });
}
