import { timingSafeEqual } from 'node:crypto';
import { TWOFA_MESSAGES } from '@platform/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../../core/config.ts';
import type { PlatformMetrics, Product } from './metrics.ts';

/** The four order-placing endpoints (packages/contracts), by route pattern. */
const ORDER_ROUTES: Record<string, Product> = {
  'POST /api/trading/spot/order': 'spot',
  'POST /api/trading/flash/order': 'flash',
  'POST /api/trading/option/order': 'option',
  'POST /api/trading/perpetual/order': 'perpetual',
};
const LOGIN_ROUTE = 'POST /api/auth/login';

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * The metrics' request hooks and GET /metrics (docs/operations.md, "Metrics"): on the main port only
 * behind METRICS_TOKEN (a bearer), or on its own listener at METRICS_PORT; otherwise, and for a
 * wrong or missing token, the same 404 in the envelope as an unknown path (the endpoint does not
 * say it exists).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: PlatformMetrics,
  config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT' | 'METRICS_HOST'>,
) {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL: a path no route matched is one label.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.httpDuration.observe(
      { method: request.method, route, status_class: statusClass(status) },
      reply.elapsedTime / 1000,
    );
    const key = `${request.method} ${route}`;
    const product = ORDER_ROUTES[key];
    if (product && status < 500) metrics.orders.inc({ product, result: status < 300 ? 'ok' : 'refused' });
    if (key === LOGIN_ROUTE && status >= 400 && status < 500) {
      metrics.loginFailures.inc({ reason: status === 429 ? 'limited' : 'rejected' });
    }
  });
  // A wrong 2FA code is refused through several doors (login, 2FA changes, withdrawals, activation):
  // counted by its message, the one every door answers with.
  app.addHook('onSend', async (_request, reply, payload) => {
    const status = reply.statusCode;
    if (status >= 400 && status < 500 && typeof payload === 'string') {
      if (payload.includes(TWOFA_MESSAGES.tooManyAttempts)) metrics.twofaFailures.inc({ reason: 'limited' });
      else if (payload.includes(TWOFA_MESSAGES.wrong)) metrics.twofaFailures.inc({ reason: 'rejected' });
    }
    return payload;
  });

  const scrape = async (_request: FastifyRequest, reply: FastifyReply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  };
  const token = config.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token || !bearerMatches(request.headers.authorization, token)) {
      return reply.status(404).send({ success: false, message: `接口不存在：GET /metrics` });
    }
    return scrape(request, reply);
  });

  if (config.METRICS_PORT === undefined) return;
  // Its own Fastify: no hooks, no rate limits, nothing else on that port; up once the app is ready.
  const listener = Fastify({ logger: false });
  listener.get('/metrics', scrape);
  const port = config.METRICS_PORT;
  app.addHook('onReady', async () => {
    await listener.listen({ port, host: config.METRICS_HOST });
    app.log.info({ address: listener.server.address() }, 'metrics listening');
  });
  app.addHook('onClose', async () => listener.close());
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
