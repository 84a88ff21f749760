import { getPriceIndex, getPriceSources } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import type { PriceSources } from './price-sources.ts';

/** A pair's index price (public) and the sources' state (admin), price-sources.ts. */
export function registerPriceSourceRoutes(
  app: Router,
  deps: { sources: PriceSources; guards: Guards; readRateLimitPerMinute: number },
) {
  route(app, getPriceIndex, {
    config: { rateLimit: { max: deps.readRateLimitPerMinute, timeWindow: '1 minute' } },
    tags: ['market-data'],
    handler: async (request) =>
      ok(await deps.sources.publicIndex(request.params.symbol), tr(request, 'marketAdmin.indexLoaded')),
  });
  route(app, getPriceSources, {
    tags: ['market-data-admin'],
    security,
    preHandler: deps.guards.requireAdmin,
    handler: async (request) =>
      ok(await deps.sources.overview(requestLanguage(request)), tr(request, 'marketAdmin.sourcesLoaded')),
  });
}
