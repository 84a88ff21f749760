import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../core/errors.ts';
import type { UserRow } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';

export interface RequestAuth {
  sessionId: string;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Authorization is decided here, on the server, for every route: the pre-handlers that routes list
 * in `preHandler`. Admin routes need role admin; admin management needs super_admin.
 */
export function createGuards(auth: AuthService) {
  const requireUser: Guard = async (request) => {
    request.auth = await auth.authenticate(bearerToken(request.headers.authorization));
  };
  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (request.auth?.user.role !== 'admin') throw forbidden('权限不足，需要管理员权限');
  };
  const requireSuperAdmin: Guard = async (request, reply) => {
    await requireAdmin(request, reply);
    if (request.auth?.user.adminLevel !== 'super_admin') {
      throw forbidden('只有超级管理员可以访问管理员管理功能');
    }
  };
  return { requireUser, requireAdmin, requireSuperAdmin };
}

export type Guards = ReturnType<typeof createGuards>;

/** The authenticated caller; only valid behind one of the guards. */
export function caller(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error('route is missing its auth guard');
  return request.auth;
}
