import { IDEMPOTENT_REPLAYED_HEADER, idempotencyHeaders } from '@platform/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import {
  fingerprintOf,
  type IdempotencyService,
  isRetryableStatus,
  type KeyClaim,
} from './idempotency.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route moves money: it takes an optional `Idempotency-Key` header (Stripe's rules, see
     * modules/idempotency). Only on routes behind an auth guard: the key is the caller's.
     */
    idempotent?: boolean;
  }
}

const HEADER = 'idempotency-key';

/**
 * Makes every route registered after this call with `config: { idempotent: true }` take the
 * `Idempotency-Key` header: its schema gains the header (validated, so a bad key is 400 参数错误
 * naming it, and shown in the OpenAPI document), a preHandler takes the key, and an onSend hook keeps
 * the reply. The preHandler runs after the guards (onRequest, authenticateBeforeValidation: the key
 * is scoped to the caller) and after validation (a request that fails it stores nothing).
 */
export function idempotentRoutes(app: FastifyInstance, service: IdempotencyService): void {
  /** The requests that hold their key, until their reply is sent. */
  const claims = new WeakMap<FastifyRequest, KeyClaim>();

  const takeKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[HEADER];
    if (typeof key !== 'string') return;
    if (!request.auth) throw new Error(`idempotent route ${request.routeOptions.url} has no auth guard`);
    const claim: KeyClaim = {
      userId: request.auth.user.id,
      key,
      fingerprint: fingerprintOf({
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        params: request.params,
        query: request.query,
        body: request.body,
      }),
    };
    const begun = await service.begin(claim);
    if (begun.kind === 'replay') {
      // The stored JSON as it is: a string payload skips the route's serializer.
      return reply
        .code(begun.status)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(begun.body));
    }
    claims.set(request, claim);
  };

  const keepReply = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const status = reply.statusCode;
    if (isRetryableStatus(status)) {
      // 503 (database unavailable), 502 (an exchange failed), 429: nothing was done; a retry may run.
      await service.release(claim);
    } else if (typeof payload === 'string') {
      await service.complete(claim, status, parseReply(payload));
    } else {
      // Every reply of these routes is JSON text; anything else is kept in progress (never run twice).
      request.log.error({ status }, 'idempotent route replied with a non-JSON payload; reply not stored');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.schema = { ...route.schema, headers: withKeyHeader(route) };
    route.preHandler = [takeKey as preHandlerHookHandler, ...hooksOf(route.preHandler)];
    route.onSend = [...hooksOf(route.onSend), keepReply as onSendHookHandler];
  });
}

function parseReply(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

function hooksOf<T>(listed: T | T[] | undefined): T[] {
  if (listed === undefined) return [];
  return Array.isArray(listed) ? listed : [listed];
}

/** The route's headers schema with the key added (routes declare none today). */
function withKeyHeader(route: RouteOptions) {
  const own = route.schema?.headers;
  if (own === undefined) return idempotencyHeaders;
  if (own instanceof z.ZodObject) return own.extend(idempotencyHeaders.shape);
  throw new Error(`idempotent route ${route.url}: its headers schema is not a zod object`);
}
