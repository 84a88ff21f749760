import { type APIRequestContext, request as playwrightRequest, test } from '@playwright/test';
import {
  type FakeExchange,
  startFakeExchange,
} from '../apps/server/src/modules/market-data/testing/fake-exchange.ts';
import { freshDataDir, type IsolatedServer, startIsolatedServer } from './isolated-server.ts';

/** A spec's own server priced by one venue, the local fake exchange, and a request context for it. */
export interface FakeVenueServer {
  fake: FakeExchange;
  server: IsolatedServer;
  api: APIRequestContext;
}

/**
 * Registers the spec's beforeAll and afterAll: a fake exchange holding still at `prices` (its own
 * path would swing them) and, if given, `fundingRates`, and an isolated server whose one price
 * source it is (PRICE_SOURCES=htx), so that the test moves the market itself. The returned object is
 * filled in by beforeAll.
 */
export function serverOnFakeVenue(options: {
  port: number;
  name: string;
  prices: Record<string, string>;
  fundingRates?: Record<string, string>;
  env?: Record<string, string>;
}): FakeVenueServer {
  const venue = {} as FakeVenueServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    venue.fake = await startFakeExchange();
    for (const [symbol, price] of Object.entries(options.prices)) venue.fake.setPrice(symbol, price);
    for (const [symbol, rate] of Object.entries(options.fundingRates ?? {}))
      venue.fake.setFundingRate(symbol, rate);
    venue.server = await startIsolatedServer(options.port, freshDataDir(`${options.name}-${options.port}`), {
      PRICE_SOURCES: 'htx',
      HTX_API_URL: venue.fake.url,
      MARKET_HTTP_TIMEOUT_MS: '2000',
      ...options.env,
    });
    venue.api = await playwrightRequest.newContext({ baseURL: venue.server.url });
  });
  test.afterAll(async () => {
    await venue.api?.dispose();
    await venue.server?.stop();
    await venue.fake?.close();
  });
  return venue;
}
