import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../modules/users/users.ts';

/**
 * Who is calling: the session and its user, set on the request by auth's guards (auth/guard.ts).
 * Here, below the modules, so that every module's routes read it without importing auth.
 */
export interface RequestAuth {
  sessionId: string;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** The authenticated caller; only valid behind one of the guards. */
export function caller(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error('route is missing its auth guard');
  return request.auth;
}
