import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

/**
 * Every request's id (issue 37; docs/operations.md, "Request ids"): Fastify logs it with the
 * request (`reqId`), every reply returns it in X-Request-Id, and every 5xx body names it as
 * `request_id`, so an operator can find a user's failed request in the logs.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: a proxy's id (nginx's $request_id, a UUID), never text to log blindly. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's genReqId: the proxy's X-Request-Id when the proxy is trusted (TRUST_PROXY set) and the
 * id is sane, so one id follows a request through nginx's log and ours; otherwise a new UUID (a
 * client could choose any id, to hide its requests among another's).
 */
export function requestIdGenerator(trustProxy: Config['TRUST_PROXY']) {
  return (req: IncomingMessage): string => {
    if (trustProxy !== false) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      if (typeof incoming === 'string' && SANE_ID.test(incoming)) return incoming;
    }
    return randomUUID();
  };
}

/**
 * The id in every reply's header, and in the body of every 5xx in the envelope, wherever it was
 * sent from (the error handler, a route's own 503, the closing instance's 503).
 */
export function returnRequestIds(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (reply.statusCode < 500 || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    try {
      const body = JSON.parse(payload) as unknown;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return payload;
      return JSON.stringify({ ...body, request_id: request.id });
    } catch {
      return payload;
    }
  });
}
