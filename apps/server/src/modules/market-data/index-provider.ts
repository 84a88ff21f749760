import type { KlineInterval } from '@platform/contracts';
import { msg } from '../../i18n/i18n.ts';
import { chain } from './market-texts.ts';
import type { IndexSnapshot, PriceIndex, PriceSource } from './price-index.ts';
import {
  type MarketDataProvider,
  ProviderError,
  type ProviderOrderBook,
  type ProviderTicker,
  pollingStream,
} from './providers/provider.ts';

export const INDEX_PROVIDER_ID = 'index';

/**
 * The market as the platform serves it: one MarketDataProvider over the price index, so the feed,
 * the cache, the sockets and the trading engines see one market whose last price is the index.
 * - Tickers: the index as `last`; the 24 h figures, bid and ask of the included venue nearest the
 *   index. A pair without an index has no ticker (a reader then finds no fresh price: no contract
 *   opens on it).
 * - Order book: the included venue nearest the index, or none (spot market orders are refused rather
 *   than filled on a venue the index left out).
 * - Candles and trades, which decide nothing: the venue nearest the index, else the first venue that
 *   answers, in the configured order.
 */
export function createIndexProvider(deps: {
  index: PriceIndex;
  sources: readonly PriceSource[];
  pollMs: number;
}): MarketDataProvider {
  const byId = new Map(deps.sources.map((s) => [s.id, s]));

  function toTicker(snapshot: IndexSnapshot): ProviderTicker | null {
    if (snapshot.price === null || !snapshot.primary) return null;
    return { ...snapshot.primary.ticker, last: snapshot.price, timestamp: snapshot.at };
  }

  /** The venues to ask for what decides nothing: the one nearest the index first. */
  function displayOrder(symbol: string): PriceSource[] {
    const primary = deps.index.snapshot(symbol)?.primary?.source;
    const first = primary ? byId.get(primary) : undefined;
    return first ? [first, ...deps.sources.filter((s) => s !== first)] : [...deps.sources];
  }

  async function fromDisplaySource<T>(
    symbol: string,
    read: (p: MarketDataProvider) => Promise<T>,
  ): Promise<T> {
    let lastError: unknown;
    for (const source of displayOrder(symbol)) {
      try {
        return await read(await source.provider());
      } catch (err) {
        lastError = err;
        if (err instanceof ProviderError && err.kind === 'unknown_symbol') break;
      }
    }
    throw lastError instanceof Error
      ? lastError
      : new ProviderError(INDEX_PROVIDER_ID, 'network', msg('marketData.venue.noSource'));
  }

  const provider: MarketDataProvider = {
    id: INDEX_PROVIDER_ID,
    supportsHistory: true,
    async instruments() {
      let lastError: unknown;
      for (const source of deps.sources) {
        try {
          return await (await source.provider()).instruments();
        } catch (err) {
          lastError = err;
        }
      }
      throw lastError;
    },
    async tickers(symbols) {
      const snapshots = await deps.index.latest(symbols, Math.max(1, Math.floor(deps.pollMs / 2)));
      const tickers = snapshots.flatMap((s) => {
        const ticker = toTicker(s);
        return ticker ? [ticker] : [];
      });
      // Not one pair priced: the market is down for the feed (its state says so), not merely quiet.
      if (tickers.length === 0 && symbols.length > 0) {
        const reasons = deps.sources.flatMap((source) => {
          const error = deps.index.sourceState(source.id)?.error;
          return error
            ? [msg('marketData.venue.sourceReason', { source: source.id, message: error.text })]
            : [];
        });
        const min = deps.index.rules.minSources;
        throw new ProviderError(
          INDEX_PROVIDER_ID,
          'exchange',
          reasons.length
            ? msg('marketData.venue.noIndexBecause', {
                min,
                reasons: chain(reasons, 'marketData.venue.reasonList'),
              })
            : msg('marketData.venue.noIndex', { min }),
        );
      }
      return tickers;
    },
    klines(symbol: string, interval: KlineInterval, opts: { limit: number; endTime?: number }) {
      return fromDisplaySource(symbol, (p) => p.klines(symbol, interval, opts));
    },
    async orderBook(symbol, depth): Promise<ProviderOrderBook> {
      const [snapshot] = await deps.index.latest([symbol], deps.index.rules.maxAgeMs);
      const primary = snapshot?.primary ? byId.get(snapshot.primary.source) : undefined;
      if (!primary) {
        throw new ProviderError(
          INDEX_PROVIDER_ID,
          'exchange',
          msg('marketData.venue.noIndexForPair', { symbol }),
        );
      }
      return (await primary.provider()).orderBook(symbol, depth);
    },
    trades(symbol, limit) {
      return fromDisplaySource(symbol, (p) => p.trades(symbol, limit));
    },
    async serverTime() {
      return fromDisplaySource('', (p) => p.serverTime());
    },
    stream(symbols, onTickers, onError) {
      return pollingStream(provider, deps.pollMs, symbols, onTickers, onError);
    },
    async close() {
      // The sources are closed by their owner (providers/index.ts).
    },
  };
  return provider;
}
