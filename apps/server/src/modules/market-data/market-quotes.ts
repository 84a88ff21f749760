import type { OrderBook, Ticker } from '@platform/contracts';
import type { MarketCache } from './market-cache.ts';
import { toOrderBook, toTicker } from './market-format.ts';
import type { MarketDataProvider } from './providers/provider.ts';

/** A book served from the cache is at most this old; older ones are fetched again. */
const BOOK_MAX_AGE_MS = 3000;

/**
 * Tickers and books for the read calls: the feed's cache first; whatever it lacks (the feed is
 * stopped, or the pair was enabled a moment ago) comes from the source and is cached for the next reader.
 */
export function createMarketQuotes(deps: {
  cache: MarketCache;
  provider: () => Promise<MarketDataProvider>;
}) {
  return {
    async tickers(symbols: string[]): Promise<Ticker[]> {
      const cached = await deps.cache.tickers();
      const missing = symbols.filter((s) => !cached.has(s));
      if (missing.length > 0) {
        const provider = await deps.provider();
        const fresh = (await provider.tickers(missing)).map((t) => toTicker(t, provider.id));
        await deps.cache.putTickers(fresh);
        for (const t of fresh) cached.set(t.symbol, t);
      }
      return symbols.flatMap((s) => {
        const t = cached.get(s);
        return t ? [t] : [];
      });
    },
    async ticker(symbol: string): Promise<Ticker | null> {
      return (await this.tickers([symbol]))[0] ?? null;
    },
    async orderBook(symbol: string, depth: number): Promise<OrderBook> {
      const cached = await deps.cache.orderBook(symbol, BOOK_MAX_AGE_MS);
      if (cached && cached.bids.length >= depth && cached.asks.length >= depth) {
        return { ...cached, bids: cached.bids.slice(0, depth), asks: cached.asks.slice(0, depth) };
      }
      const provider = await deps.provider();
      const book = toOrderBook(await provider.orderBook(symbol, Math.max(depth, 20)), provider.id, 20);
      await deps.cache.putOrderBook(book);
      return { ...book, bids: book.bids.slice(0, depth), asks: book.asks.slice(0, depth) };
    },
  };
}

export type MarketQuotes = ReturnType<typeof createMarketQuotes>;
