import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden } from '../../core/errors.ts';
import { msg } from '../../i18n/i18n.ts';
import type { AuthService } from './auth.service.ts';

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The guard functions createGuards made, so that authenticateBeforeValidation can find them. */
const guardFunctions = new WeakSet<Guard>();

/**
 * Authorization is decided here, on the server, for every route: the guards that routes list in
 * `preHandler`, which authenticateBeforeValidation moves ahead of parsing and validation. Admin
 * routes need role admin; admin management needs super_admin. With ADMIN_2FA_REQUIRED, an admin
 * without 2FA passes only requireSession (me, logout, the 2FA routes): every other guard answers
 * 403 with `twofa_setup_required`, so the back office can send them to enrolment.
 */
export function createGuards(auth: AuthService) {
  /** Any live session, an admin still to enrol included. */
  const requireSession: Guard = async (request) => {
    request.auth = await auth.authenticate(bearerToken(request.headers.authorization));
  };
  const requireUser: Guard = async (request) => {
    request.auth = await auth.authenticateEnrolled(bearerToken(request.headers.authorization));
  };
  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (request.auth?.user.role !== 'admin') throw forbidden(msg('auth.adminRequired'));
  };
  const requireSuperAdmin: Guard = async (request, reply) => {
    await requireAdmin(request, reply);
    if (request.auth?.user.adminLevel !== 'super_admin') {
      throw forbidden(msg('auth.superAdminRequired'));
    }
  };
  for (const guard of [requireSession, requireUser, requireAdmin, requireSuperAdmin])
    guardFunctions.add(guard);
  return { requireSession, requireUser, requireAdmin, requireSuperAdmin };
}

export type Guards = ReturnType<typeof createGuards>;

/**
 * Runs the guards of every route registered after this call at onRequest, before the body is
 * parsed and the request validated (Fastify validates between preValidation and preHandler, so a
 * guard left in preHandler let an anonymous caller see a 400 listing the route's schema, and a
 * user a 400 instead of a 403). Routes keep declaring `preHandler: guards.requireAdmin`; other
 * pre-handlers stay where they are. Route rate limits (@fastify/rate-limit, also onRequest, added
 * by its own onRoute hook registered earlier) still run first.
 */
export function authenticateBeforeValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const listed = route.preHandler;
    if (!listed) return;
    const handlers = (Array.isArray(listed) ? listed : [listed]) as unknown[];
    const guards = handlers.filter((h): h is Guard => guardFunctions.has(h as Guard));
    if (guards.length === 0) return;
    const rest = handlers.filter((h) => !guardFunctions.has(h as Guard));
    route.preHandler = rest as typeof route.preHandler & unknown[];
    const before = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [...before, ...(guards as unknown as onRequestHookHandler[])];
  });
}
