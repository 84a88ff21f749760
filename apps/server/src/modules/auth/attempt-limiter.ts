import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../core/errors.ts';

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
  options: { name: string; max: number; timeWindowMs: number },
) {
  const limit = { max: options.max, timeWindow: options.timeWindowMs };
  const byAddress = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${options.name}-ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${options.name}-user:${request.auth?.user.id ?? 'anonymous'}`,
  });

  return (request: FastifyRequest): AttemptGuard => ({
    async check() {
      const states = await Promise.all([
        byAddress(request, { increment: false }),
        byAccount(request, { increment: false }),
      ]);
      for (const state of states) {
        if (!state.isAllowed && state.remaining <= 0) throw tooManyWrongPasswords(state.ttlInSeconds);
      }
    },
    async failed() {
      await Promise.all([byAddress(request), byAccount(request)]);
    },
  });
}
