import type { OrderBook, RecentTrades, Ticker } from '@platform/contracts';
import type { RedisLink } from '../../core/redis.ts';

/**
 * The latest tickers, order books and trades. In memory for one instance; in Redis when REDIS_URL is set,
 * so that every instance behind a load balancer answers with the same prices (with a copy in
 * memory that answers while Redis is down).
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

/**
 * With REDIS_URL: Redis shared by every instance, and a copy in this instance's memory. Every write
 * goes to both; reads ask Redis while it is there and this instance's copy otherwise (a failed
 * command, or Redis down), so that a Redis outage costs sharing and never an answer. What the copy
 * holds: everything this instance wrote (the feed's leader writes every tick; any instance writes
 * what it fetched from the source) and the last tickers it read from Redis. Readers that need fresh
 * values (market-quotes.ts) fetch from the source whatever is too old, so while Redis is down each
 * instance reads the source itself; `shared()` tells the feed when to publish on its own.
 *
 * `namespace` keeps separate platforms (or test runs) on one Redis apart.
 */
export function createSharedMarketCache(
  redis: Pick<RedisLink, 'commands' | 'commandsReady'>,
  namespace = 'platform',
): MarketCache & { shared(): boolean } {
  const TICKERS_KEY = `${namespace}:market:tickers`;
  const WANTED_KEY = `${namespace}:market:wanted`;
  const bookKey = (symbol: string) => `${namespace}:market:depth:${symbol}`;
  const tradesKey = (symbol: string) => `${namespace}:market:trades:${symbol}`;
  const client = redis.commands;
  const local = createMemoryMarketCache();

  /** Redis's answer, or `undefined` when Redis is not there (the caller then uses its own copy). */
  async function fromRedis<T>(read: () => Promise<T>): Promise<T | undefined> {
    if (!redis.commandsReady()) return undefined;
    try {
      return await read();
    } catch {
      // Redis went away (core/redis.ts logs the outage once); this instance's copy answers.
      return undefined;
    }
  }
  async function toRedis(write: () => Promise<unknown>) {
    if (!redis.commandsReady()) return;
    await write().catch(() => undefined);
  }
  async function putStamped(key: string, value: unknown) {
    await toRedis(() => client.set(key, JSON.stringify({ value, at: Date.now() }), 'PX', 60_000));
  }
  async function getFresh<T>(key: string, maxAgeMs: number): Promise<T | null | undefined> {
    const json = await fromRedis(() => client.get(key));
    if (json === undefined) return undefined;
    if (json === null) return null;
    const entry = JSON.parse(json) as Stamped<T>;
    return Date.now() - entry.at <= maxAgeMs ? entry.value : null;
  }
  return {
    shared: () => redis.commandsReady(),
    async putTickers(list) {
      await local.putTickers(list);
      if (list.length === 0) return;
      await toRedis(() =>
        client.hset(TICKERS_KEY, Object.fromEntries(list.map((t) => [t.symbol, JSON.stringify(t)]))),
      );
    },
    async tickers() {
      const all = await fromRedis(() => client.hgetall(TICKERS_KEY));
      if (all === undefined) return local.tickers();
      const map = new Map(Object.entries(all).map(([symbol, json]) => [symbol, JSON.parse(json) as Ticker]));
      await local.putTickers([...map.values()]);
      return map;
    },
    async ticker(symbol) {
      const json = await fromRedis(() => client.hget(TICKERS_KEY, symbol));
      if (json === undefined) return local.ticker(symbol);
      return json ? (JSON.parse(json) as Ticker) : null;
    },
    async putOrderBook(book) {
      await local.putOrderBook(book);
      await putStamped(bookKey(book.symbol), book);
    },
    async orderBook(symbol, maxAgeMs) {
      const shared = await getFresh<OrderBook>(bookKey(symbol), maxAgeMs);
      return shared === undefined ? local.orderBook(symbol, maxAgeMs) : shared;
    },
    async putTrades(snapshot) {
      await local.putTrades(snapshot);
      await putStamped(tradesKey(snapshot.symbol), snapshot);
    },
    async trades(symbol, maxAgeMs) {
      const shared = await getFresh<RecentTrades>(tradesKey(symbol), maxAgeMs);
      return shared === undefined ? local.trades(symbol, maxAgeMs) : shared;
    },
    async want(key, ttlMs) {
      await local.want(key, ttlMs);
      await toRedis(() => client.zadd(WANTED_KEY, Date.now() + ttlMs, key));
    },
    async wanted() {
      const shared = await fromRedis(async () => {
        await client.zremrangebyscore(WANTED_KEY, '-inf', Date.now());
        return client.zrange(WANTED_KEY, 0, -1);
      });
      return shared ?? local.wanted();
    },
    async close() {
      // The connection is the app's (core/redis.ts), closed with it.
    },
  };
}
