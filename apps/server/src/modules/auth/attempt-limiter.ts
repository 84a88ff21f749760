import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppError, tooManyRequests } from '../../core/errors.ts';

/** What a service needs to limit failed attempts of one request. */
export interface AttemptGuard {
  /** Throws a 429 when the caller's account or address has used up its failed attempts. */
  check(): Promise<void>;
  /** Counts one failed attempt against both. */
  failed(): Promise<void>;
}

export const tooManyWrongPasswords = (seconds: number) =>
  tooManyRequests(`原密码错误次数过多，请${Math.max(1, seconds)}秒后再试`);

/**
 * Failed attempts counted per account and per client IP, `max` per `timeWindowMs` each, in the
 * store of @fastify/rate-limit: the login limiter's mechanism (memory, or Redis with REDIS_URL so
 * that every instance counts together). Unlike a route limit, only failures count, so that a user
 * who types the right password is never held up by it; once either count is used up, every attempt
 * is refused with a 429 until its window ends, the right password included.
 */
export function createAttemptLimiter(
  app: FastifyInstance,
  options: {
    name: string;
    /** Failed attempts per account in the window. */
    max: number;
    /** Failed attempts per client IP in the window; `max` when unset. */
    maxPerAddress?: number;
    timeWindowMs: number;
    /** The 429 to throw; the wrong-old-password message when unset. */
    tooMany?: (seconds: number) => AppError;
  },
) {
  const tooMany = options.tooMany ?? tooManyWrongPasswords;
  /** Accounts named by the caller (a login has no session yet: the account is the one the password matched). */
  const namedAccounts = new WeakMap<FastifyRequest, number>();
  const byAddress = app.createRateLimit({
    max: options.maxPerAddress ?? options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) => `${options.name}-ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) =>
      `${options.name}-user:${namedAccounts.get(request) ?? request.auth?.user.id ?? 'anonymous'}`,
  });

  return (request: FastifyRequest, accountId?: number): AttemptGuard => {
    if (accountId !== undefined) namedAccounts.set(request, accountId);
    return {
      async check() {
        const states = await Promise.all([
          byAddress(request, { increment: false }),
          byAccount(request, { increment: false }),
        ]);
        for (const state of states) {
          if (!state.isAllowed && state.remaining <= 0) throw tooMany(state.ttlInSeconds);
        }
      },
      async failed() {
        await Promise.all([byAddress(request), byAccount(request)]);
      },
    };
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
