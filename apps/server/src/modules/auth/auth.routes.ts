import { changePassword, getMe, login, logout, register, updateProfile } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../core/caller.ts';
import type { Config } from '../../core/config.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import { type AttemptLimiter, createAttemptLimiter } from './attempt-limiter.ts';
import { type AuthService, type ClientInfo, tooManyWrongLoginPasswords } from './auth.service.ts';
import type { Guards } from './guard.ts';

const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  language: requestLanguage(request),
});

/** The window of LOGIN_MAX_FAILED_PER_ACCOUNT. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Wrong current passwords (a password change's old one, and the one 2FA changes ask for) are
 * limited like logins: LOGIN_RATE_LIMIT_PER_MINUTE per account and per IP, in one count (the name).
 */
export const createPasswordAttempts = (db: Db, config: Pick<Config, 'LOGIN_RATE_LIMIT_PER_MINUTE'>) =>
  createAttemptLimiter(db, {
    name: 'password-change',
    max: config.LOGIN_RATE_LIMIT_PER_MINUTE,
    timeWindowMs: 60_000,
  });

export function registerAuthRoutes(
  app: Router,
  deps: {
    auth: AuthService;
    guards: Guards;
    /** Wrong 2FA codes, per account and per IP (shared with the 2FA routes and withdrawals). */
    twofaAttempts: AttemptLimiter;
    /** Where the attempt limits count (attempt_counters). */
    db: Db;
    config: Pick<
      Config,
      'LOGIN_RATE_LIMIT_PER_MINUTE' | 'LOGIN_MAX_FAILED_PER_ACCOUNT' | 'REGISTER_RATE_LIMIT_PER_HOUR'
    >;
  },
) {
  const { auth, guards } = deps;
  const tags = ['auth'];

  // Wrong passwords per account, from any address: LOGIN_MAX_FAILED_PER_ACCOUNT in 15 minutes. The
  // per-IP limit is the route's rate limit (LOGIN_RATE_LIMIT_PER_MINUTE).
  const loginPasswordAttempts = createAttemptLimiter(deps.db, {
    name: 'login-password',
    max: deps.config.LOGIN_MAX_FAILED_PER_ACCOUNT,
    maxPerAddress: null,
    timeWindowMs: LOGIN_FAILURE_WINDOW_MS,
    tooMany: tooManyWrongLoginPasswords,
  });

  route(app, login, {
    tags,
    config: {
      rateLimit: {
        max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE,
        timeWindow: '1 minute',
        onExceeded: () => auth.loginLimitedByAddress(),
      },
    },
    handler: async (request) =>
      ok(
        await auth.login(request.body, clientInfo(request), {
          password: (userId) => loginPasswordAttempts(request, userId),
          twofa: (userId) => deps.twofaAttempts(request, userId),
        }),
        tr(request, 'auth.loggedIn'),
      ),
  });

  route(app, register, {
    tags,
    config: { rateLimit: { max: deps.config.REGISTER_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
    handler: async (request) =>
      ok(await auth.register(request.body, clientInfo(request)), tr(request, 'auth.registered')),
  });

  route(app, logout, {
    tags,
    security,
    preHandler: guards.requireSession,
    handler: async (request) => {
      await auth.logout(caller(request).sessionId);
      return ok(null, tr(request, 'auth.loggedOut'));
    },
  });

  route(app, getMe, {
    tags,
    security,
    preHandler: guards.requireSession,
    handler: async (request) =>
      ok(
        { user: await auth.me(caller(request).user, requestLanguage(request)) },
        tr(request, 'auth.meLoaded'),
      ),
  });

  route(app, updateProfile, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        { user: await auth.updateProfile(caller(request).user.id, request.body, requestLanguage(request)) },
        tr(request, 'auth.profileUpdated'),
      ),
  });

  const passwordAttempts = createPasswordAttempts(deps.db, deps.config);

  route(app, changePassword, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => {
      const { user, sessionId } = caller(request);
      await auth.changePassword(
        user.id,
        sessionId,
        request.body,
        passwordAttempts(request),
        clientInfo(request),
      );
      return ok(null, tr(request, 'auth.passwordChanged'));
    },
  });
}
