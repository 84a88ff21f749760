import type { Config, PriceSourceId } from '../../../core/config.ts';
import { createFundingRates, type FundingVenue } from '../funding-rates.ts';
import { createIndexProvider } from '../index-provider.ts';
import { createPriceIndex, type PriceSource, type SourceStatusChange } from '../price-index.ts';
import { createCcxtFundingVenue } from './ccxt-funding.ts';
import { createCcxtProvider } from './ccxt-provider.ts';
import type { MarketDataProvider } from './provider.ts';
import { createSimProvider, type SimProvider } from './sim.ts';
import { loadSimSecret } from './sim-secret.ts';

type ExchangeId = 'htx' | 'okx' | 'binance';

/** Whether a source is the simulator (users and admins are told that prices are a demo). */
export const isSimulatedSource = (id: string) => id.startsWith('sim');

/** A simulated venue as a source of funding rates (its rate is of the provider's clock). */
export function simFundingVenue(id: string, provider: () => Pick<SimProvider, 'fundingRate'>): FundingVenue {
  return {
    id,
    async rate(symbol) {
      const rate = provider().fundingRate(symbol);
      return rate === null ? null : { rate, at: null };
    },
  };
}

/**
 * The configured sources, built on first use: the simulator is cheap, but a ccxt exchange loads a
 * large library that an offline platform never needs. `market()` is the price index over
 * PRICE_SOURCES (index-provider.ts); `sim` is the plain simulator, whose instruments seed the
 * default pairs.
 */
export function createProviders(
  config: Config,
  opts: {
    onSourceStatusChange?: (changes: SourceStatusChange[], at: number) => void;
    /** The database's clock: index rounds are stamped with it. */
    now?: () => number;
  } = {},
) {
  const secret = loadSimSecret(config);
  const sim = createSimProvider({ secret, tickMs: config.MARKET_TICK_MS });
  const built = new Map<string, Promise<MarketDataProvider>>();
  const apiUrls: Record<ExchangeId, string | undefined> = {
    htx: config.HTX_API_URL,
    okx: config.OKX_API_URL,
    binance: config.BINANCE_API_URL,
  };
  const exchange = (id: ExchangeId) => {
    let provider = built.get(id);
    if (!provider) {
      provider = createCcxtProvider({
        exchange: id,
        apiUrl: apiUrls[id],
        timeoutMs: config.MARKET_HTTP_TIMEOUT_MS,
        pollMs: config.MARKET_TICK_MS,
      });
      built.set(id, provider);
      provider.catch(() => built.delete(id));
    }
    return provider;
  };
  const venues = new Map<string, SimProvider>();
  const simVenue = (id: PriceSourceId) => {
    let venue = venues.get(id);
    if (!venue) {
      venue = createSimProvider({ secret, tickMs: config.MARKET_TICK_MS, venue: id });
      venues.set(id, venue);
    }
    return venue;
  };
  const source = (id: PriceSourceId): PriceSource => ({
    id,
    provider: () => (isSimulatedSource(id) ? Promise.resolve(simVenue(id)) : exchange(id as ExchangeId)),
  });
  // Funding: the same venues; a real one is its own ccxt instance on the perpetuals, built on first use.
  const fundingExchanges = new Map<ExchangeId, ReturnType<typeof createCcxtFundingVenue>>();
  const fundingVenue = (id: PriceSourceId): FundingVenue => {
    if (isSimulatedSource(id)) return simFundingVenue(id, () => simVenue(id));
    const exchangeId = id as ExchangeId;
    let venue = fundingExchanges.get(exchangeId);
    if (!venue) {
      venue = createCcxtFundingVenue({
        exchange: exchangeId,
        apiUrl: apiUrls[exchangeId],
        timeoutMs: config.MARKET_HTTP_TIMEOUT_MS,
      });
      fundingExchanges.set(exchangeId, venue);
    }
    return venue;
  };
  const sources = config.PRICE_SOURCES.map(source);
  const index = createPriceIndex({
    sources,
    rules: {
      maxAgeMs: config.INDEX_SOURCE_MAX_AGE_MS,
      maxDeviation: config.INDEX_MAX_DEVIATION,
      minSources: config.indexMinSources,
    },
    onStatusChange: opts.onSourceStatusChange,
    now: opts.now,
  });
  const market = createIndexProvider({ index, sources, pollMs: config.MARKET_TICK_MS });
  const fundingRates = createFundingRates({
    venues: config.PRICE_SOURCES.map(fundingVenue),
    cap: config.FUNDING_RATE_CAP,
    minSources: config.indexMinSources,
    answerWithinMs: config.MARKET_HTTP_TIMEOUT_MS,
    now: opts.now,
  });
  return {
    sim,
    index,
    sourceIds: [...config.PRICE_SOURCES],
    simulated: config.PRICE_SOURCES.some(isSimulatedSource),
    pairSyncId: config.PAIR_SYNC_PROVIDER,
    market: (): Promise<MarketDataProvider> => Promise.resolve(market),
    /** The perpetuals' funding rates over the same venues (funding-rates.ts). */
    fundingRates,
    pairSync: (): Promise<MarketDataProvider> =>
      config.PAIR_SYNC_PROVIDER === 'sim' ? Promise.resolve(sim) : exchange('okx'),
    async close() {
      await sim.close();
      for (const venue of venues.values()) await venue.close();
      for (const p of built.values()) await (await p.catch(() => null))?.close();
      for (const venue of fundingExchanges.values()) await venue.close();
    },
  };
}

export type Providers = ReturnType<typeof createProviders>;
