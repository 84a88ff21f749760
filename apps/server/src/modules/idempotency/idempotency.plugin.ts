import {
  IDEMPOTENCY_TEXTS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeaders,
  requiredIdempotencyHeaders,
} from '@platform/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { isConnectionLost } from '../../db/connection-lost.ts';
import { requestKeys } from './effect-seal.ts';
import {
  fingerprintOf,
  type IdempotencyService,
  isRetryableStatus,
  type KeyClaim,
} from './idempotency.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route moves money: it takes an `Idempotency-Key` header (Stripe's rules, see
     * modules/idempotency). Only on routes behind an auth guard: the key is the caller's.
     * `'sealed'`: every effect of the route completes its key in its own transaction (its handler
     * runs through `sealed`, its service calls `sealEffect`), or is a conditional change that a
     * second run refuses (the batch routes), so a key its request left in progress is settled at
     * once. On a route that is only `true` such a key stays in progress (409).
     */
    idempotent?: boolean | 'sealed';
    /** With `idempotent`: a request without the header is 400 (withdrawal requests, adjustments). */
    idempotencyKeyRequired?: boolean;
  }
}

const HEADER = 'idempotency-key';
/** A lost connection's outcome is confirmed by the retry, which may come at once. */
const OUTCOME_RETRY_AFTER_SECONDS = 1;

/**
 * Makes every route registered after this call with `config: { idempotent }` take the
 * `Idempotency-Key` header: its schema gains the header (validated, so a bad key is 400 参数错误
 * naming it, and shown in the OpenAPI document), a preHandler takes the key, an onSend hook keeps
 * the reply (unless the effect's transaction stored it: effect-seal.ts), and the handler answers a
 * lost database connection with 503 结果确认中. The preHandler runs after the guards (onRequest,
 * authenticateBeforeValidation: the key is scoped to the caller) and after validation (a request
 * that fails it stores nothing).
 */
export function idempotentRoutes(app: FastifyInstance, service: IdempotencyService): void {
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
    const begun = await service.begin(claim, { seals: request.routeOptions.config.idempotent === 'sealed' });
    if (begun.kind === 'replay') {
      // The stored JSON as it is: a string payload skips the route's serializer.
      return reply
        .code(begun.status)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(begun.body));
    }
    requestKeys.set(request, { key: begun.key });
  };

  const keepReply = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const held = requestKeys.get(request);
    if (!held) return payload;
    requestKeys.delete(request);
    service.ended(held.key);
    const status = reply.statusCode;
    if (status === 200 && held.storedByEffect !== undefined && payload === held.storedByEffect) {
      // Stored with the effect, in its transaction (effect-seal.ts).
    } else if (isRetryableStatus(status)) {
      // 503 (database unavailable or the outcome unknown), 502 (an exchange failed), 429: the key goes
      // unless an effect completed it in its own transaction; a retry then runs, or replays.
      await service.release(held.key);
    } else if (typeof payload === 'string') {
      await service.complete(held.key, status, parseReply(payload));
    } else {
      // Every reply of these routes is JSON text; anything else is kept in progress (never run twice).
      request.log.error({ status }, 'idempotent route replied with a non-JSON payload; reply not stored');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.schema = { ...route.schema, headers: withKeyHeader(route, route.config.idempotencyKeyRequired) };
    route.preHandler = [takeKey as preHandlerHookHandler, ...hooksOf(route.preHandler)];
    route.onSend = [...hooksOf(route.onSend), keepReply as onSendHookHandler];
    route.handler = confirmingLostOutcomes(route.handler);
  });
}

/**
 * The connection was lost while a request holding its key used it, perhaps on its COMMIT: whether
 * its work committed is unknown here. 503 结果确认中: the retry with the key confirms it (the effect
 * committed with its key completed: its reply is replayed; otherwise it runs once).
 */
function confirmingLostOutcomes(handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    try {
      return await handler.call(this, request, reply);
    } catch (err) {
      if (!requestKeys.has(request) || !isConnectionLost(err)) throw err;
      request.log.warn({ err }, 'database connection lost during a request with a key: outcome to confirm');
      return reply
        .code(503)
        .header('Retry-After', String(OUTCOME_RETRY_AFTER_SECONDS))
        .send({ success: false, message: IDEMPOTENCY_TEXTS.confirming, data: { idempotency: 'confirming' } });
    }
  };
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
function withKeyHeader(route: RouteOptions, required = false) {
  const headers = required ? requiredIdempotencyHeaders : idempotencyHeaders;
  const own = route.schema?.headers;
  if (own === undefined) return headers;
  if (own instanceof z.ZodObject) return own.extend(headers.shape);
  throw new Error(`idempotent route ${route.url}: its headers schema is not a zod object`);
}
