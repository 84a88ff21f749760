import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../../core/config.ts';
import { AppError } from '../../core/errors.ts';
import { refusalReason } from '../../core/refusal.ts';
import { requestLanguage, t } from '../../i18n/i18n.ts';
import type { PlatformMetrics, Product } from './metrics.ts';

/** The four order-placing endpoints (packages/contracts), by route pattern. */
const ORDER_ROUTES: Record<string, Product> = {
  'POST /api/trading/spot/order': 'spot',
  'POST /api/trading/flash/order': 'flash',
  'POST /api/trading/option/order': 'option',
  'POST /api/trading/perpetual/order': 'perpetual',
};

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
  // The error that refused an order (its reason named where it was thrown, core/refusal.ts).
  const errors = new WeakMap<FastifyRequest, unknown>();
  app.addHook('onError', async (request, _reply, error) => {
    if (ORDER_ROUTES[`${request.method} ${request.routeOptions.url}`]) errors.set(request, error);
  });
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
    if (!product) return;
    if (status < 300) {
      metrics.orders.inc({ product, result: 'ok' });
      return;
    }
    // A deliberate refusal: a 4xx, or an AppError's 502/503 (no price, a price too old). A 500 or an
    // unavailable database is a failure, seen in http_request_duration_seconds.
    const error = errors.get(request);
    if (status < 500 || (error instanceof AppError && (status === 502 || status === 503))) {
      metrics.orders.inc({ product, result: 'refused', reason: refusalReason(error, status) });
    }
  });

  const scrape = async (_request: FastifyRequest, reply: FastifyReply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  };
  const token = config.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token || !bearerMatches(request.headers.authorization, token)) {
      return reply.status(404).send({
        success: false,
        message: t(requestLanguage(request), 'http.noSuchRoute', { method: 'GET', path: '/metrics' }),
      });
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
