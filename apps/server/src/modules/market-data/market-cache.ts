import type { OrderBook, RecentTrades, Ticker } from '@platform/contracts';
import { Redis } from 'ioredis';

/**
 * The latest tickers, order books and trades. In memory for one instance; in Redis when REDIS_URL is set,
 * so that every instance behind a load balancer answers with the same prices.
 */
export interface MarketCache {
  putTickers(tickers: Ticker[]): Promise<void>;
  tickers(): Promise<Map<string, Ticker>>;
  ticker(symbol: string): Promise<Ticker | null>;
  putOrderBook(book: OrderBook): Promise<void>;
  /** The book if it was written within `maxAgeMs`. */
  orderBook(symbol: string, maxAgeMs: number): Promise<OrderBook | null>;
  putTrades(trades: RecentTrades): Promise<void>;
  /** The latest trades if they were written within `maxAgeMs`. */
  trades(symbol: string, maxAgeMs: number): Promise<RecentTrades | null>;
  /**
   * Subscriptions to the kline, depth and trades channels, wherever the socket is, so the publisher
   * knows what to compute.
   */
  want(key: string, ttlMs: number): Promise<void>;
  wanted(): Promise<string[]>;
  close(): Promise<void>;
}

interface Stamped<T> {
  value: T;
  at: number;
}

export function createMemoryMarketCache(): MarketCache {
  const tickers = new Map<string, Ticker>();
  const books = new Map<string, Stamped<OrderBook>>();
  const trades = new Map<string, Stamped<RecentTrades>>();
  const fresh = <T>(entry: Stamped<T> | undefined, maxAgeMs: number) =>
    entry && Date.now() - entry.at <= maxAgeMs ? entry.value : null;
  const wants = new Map<string, number>();
  return {
    async putTickers(list) {
      for (const t of list) tickers.set(t.symbol, t);
    },
    async tickers() {
      return new Map(tickers);
    },
    async ticker(symbol) {
      return tickers.get(symbol) ?? null;
    },
    async putOrderBook(book) {
      books.set(book.symbol, { value: book, at: Date.now() });
    },
    async orderBook(symbol, maxAgeMs) {
      return fresh(books.get(symbol), maxAgeMs);
    },
    async putTrades(snapshot) {
      trades.set(snapshot.symbol, { value: snapshot, at: Date.now() });
    },
    async trades(symbol, maxAgeMs) {
      return fresh(trades.get(symbol), maxAgeMs);
    },
    async want(key, ttlMs) {
      wants.set(key, Date.now() + ttlMs);
    },
    async wanted() {
      const now = Date.now();
      for (const [key, until] of wants) if (until < now) wants.delete(key);
      return [...wants.keys()];
    },
    async close() {},
  };
}

/** `namespace` keeps separate platforms (or test runs) on one Redis apart. */
export function createRedisMarketCache(url: string, namespace = 'platform'): MarketCache {
  const TICKERS_KEY = `${namespace}:market:tickers`;
  const WANTED_KEY = `${namespace}:market:wanted`;
  const bookKey = (symbol: string) => `${namespace}:market:depth:${symbol}`;
  const tradesKey = (symbol: string) => `${namespace}:market:trades:${symbol}`;
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', () => {
    // Reported by the calls that fail; the client reconnects by itself.
  });
  async function putStamped(key: string, value: unknown) {
    await redis.set(key, JSON.stringify({ value, at: Date.now() }), 'PX', 60_000);
  }
  async function getFresh<T>(key: string, maxAgeMs: number): Promise<T | null> {
    const json = await redis.get(key);
    if (!json) return null;
    const entry = JSON.parse(json) as Stamped<T>;
    return Date.now() - entry.at <= maxAgeMs ? entry.value : null;
  }
  return {
    async putTickers(list) {
      if (list.length === 0) return;
      await redis.hset(TICKERS_KEY, Object.fromEntries(list.map((t) => [t.symbol, JSON.stringify(t)])));
    },
    async tickers() {
      const all = await redis.hgetall(TICKERS_KEY);
      return new Map(Object.entries(all).map(([symbol, json]) => [symbol, JSON.parse(json) as Ticker]));
    },
    async ticker(symbol) {
      const json = await redis.hget(TICKERS_KEY, symbol);
      return json ? (JSON.parse(json) as Ticker) : null;
    },
    async putOrderBook(book) {
      await putStamped(bookKey(book.symbol), book);
    },
    async orderBook(symbol, maxAgeMs) {
      return getFresh<OrderBook>(bookKey(symbol), maxAgeMs);
    },
    async putTrades(snapshot) {
      await putStamped(tradesKey(snapshot.symbol), snapshot);
    },
    async trades(symbol, maxAgeMs) {
      return getFresh<RecentTrades>(tradesKey(symbol), maxAgeMs);
    },
    async want(key, ttlMs) {
      await redis.zadd(WANTED_KEY, Date.now() + ttlMs, key);
    },
    async wanted() {
      await redis.zremrangebyscore(WANTED_KEY, '-inf', Date.now());
      return redis.zrange(WANTED_KEY, 0, -1);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
