import { type OrderBook, RECENT_TRADES_MAX_LIMIT, type RecentTrades, type Ticker } from '@platform/contracts';
import type { MarketCache } from './market-cache.ts';
import { latestTrades, toOrderBook, toRecentTrades, toTicker } from './market-format.ts';
import type { MarketDataProvider } from './providers/provider.ts';

/** A book served from the cache is at most this old; older ones are fetched again. */
const BOOK_MAX_AGE_MS = 3000;
/** Trades served from the cache are at most this old (the feed refreshes watched pairs every second). */
export const TRADES_MAX_AGE_MS = 2000;
/**
 * A cached ticker older than this is fetched again. The running feed refreshes every tick; this
 * matters when it is stopped, so that a read never serves a price frozen at the moment of the stop.
 */
export const TICKER_MAX_AGE_MS = 10_000;

/**
 * Tickers, books and trades for the read calls: the feed's cache first; whatever it lacks or holds too old
 * (the feed is stopped, or the pair was enabled a moment ago) comes from the source, once for all
 * the readers asking at the same time, and is cached for the next reader.
 */
export function createMarketQuotes(deps: {
  cache: MarketCache;
  provider: () => Promise<MarketDataProvider>;
}) {
  let inFlight: { key: string; done: Promise<Ticker[]> } | null = null;
  async function fetchTickers(symbols: string[]): Promise<Ticker[]> {
    const key = symbols.join(',');
    if (inFlight?.key === key) return inFlight.done;
    const done = (async () => {
      const provider = await deps.provider();
      const fresh = (await provider.tickers(symbols)).map((t) => toTicker(t, provider.id));
      await deps.cache.putTickers(fresh);
      return fresh;
    })().finally(() => {
      if (inFlight?.done === done) inFlight = null;
    });
    inFlight = { key, done };
    return done;
  }

  const tradesInFlight = new Map<string, Promise<RecentTrades>>();
  /** The latest RECENT_TRADES_MAX_LIMIT trades from the source, once for all readers of the moment. */
  function fetchTrades(symbol: string): Promise<RecentTrades> {
    let done = tradesInFlight.get(symbol);
    if (done) return done;
    done = (async () => {
      const provider = await deps.provider();
      const trades = await provider.trades(symbol, RECENT_TRADES_MAX_LIMIT);
      const snapshot = toRecentTrades(symbol, trades, provider.id, Date.now());
      await deps.cache.putTrades(snapshot);
      return snapshot;
    })().finally(() => tradesInFlight.delete(symbol));
    tradesInFlight.set(symbol, done);
    return done;
  }

  return {
    /** Tickers of `symbols` no older than `maxAgeMs` (the trading engines ask for fresher ones). */
    async tickers(symbols: string[], maxAgeMs = TICKER_MAX_AGE_MS): Promise<Ticker[]> {
      const cached = await deps.cache.tickers();
      const oldest = Date.now() - maxAgeMs;
      const stale = symbols.filter((s) => {
        const t = cached.get(s);
        return !t || Date.parse(t.updated_at) < oldest;
      });
      if (stale.length > 0) for (const t of await fetchTickers(stale)) cached.set(t.symbol, t);
      return symbols.flatMap((s) => {
        const t = cached.get(s);
        return t ? [t] : [];
      });
    },
    async ticker(symbol: string): Promise<Ticker | null> {
      return (await this.tickers([symbol]))[0] ?? null;
    },
    /** The book of `symbol` no older than `maxAgeMs` (the spot engine asks for a fresher one). */
    async orderBook(symbol: string, depth: number, maxAgeMs = BOOK_MAX_AGE_MS): Promise<OrderBook> {
      const cached = await deps.cache.orderBook(symbol, maxAgeMs);
      if (cached && cached.bids.length >= depth && cached.asks.length >= depth) {
        return { ...cached, bids: cached.bids.slice(0, depth), asks: cached.asks.slice(0, depth) };
      }
      const provider = await deps.provider();
      const book = toOrderBook(await provider.orderBook(symbol, Math.max(depth, 20)), provider.id, 20);
      await deps.cache.putOrderBook(book);
      return { ...book, bids: book.bids.slice(0, depth), asks: book.asks.slice(0, depth) };
    },
    /** The newest `limit` trades (at most RECENT_TRADES_MAX_LIMIT, which is what is cached). */
    async trades(symbol: string, limit: number, maxAgeMs = TRADES_MAX_AGE_MS): Promise<RecentTrades> {
      const snapshot = (await deps.cache.trades(symbol, maxAgeMs)) ?? (await fetchTrades(symbol));
      return latestTrades(snapshot, limit);
    },
  };
}

export type MarketQuotes = ReturnType<typeof createMarketQuotes>;
