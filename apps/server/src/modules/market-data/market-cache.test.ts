import { randomUUID } from 'node:crypto';
import type { OrderBook, RecentTrades, Ticker } from '@platform/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisLink, type RedisLink } from '../../core/redis.ts';
import { sleep } from '../../test/fixtures.ts';
import { OwnRedis, waitFor } from '../../test/redis-server.ts';
import { createMemoryMarketCache, createSharedMarketCache, type MarketCache } from './market-cache.ts';

// The Redis variant needs a server: CI sets TEST_REDIS_URL; without it those cases are skipped.
const redisUrl = process.env.TEST_REDIS_URL;

const ticker = (symbol: string, last: string): Ticker => ({
  symbol,
  last_price: last,
  open_24h: last,
  high_24h: last,
  low_24h: last,
  change_24h: '0.00',
  volume_24h: '1',
  quote_volume_24h: last,
  bid: last,
  ask: last,
  source: 'sim',
  updated_at: new Date().toISOString(),
});
const book = (symbol: string): OrderBook => ({
  symbol,
  bids: [['99', '1']],
  asks: [['101', '2']],
  source: 'sim',
  updated_at: new Date().toISOString(),
});

const silent = { info() {}, warn() {} };
const links: RedisLink[] = [];
/** A link as the app makes it, ready before the test goes on (the app's own may not be yet). */
async function readyLink(url: string) {
  const link = createRedisLink(url, silent);
  links.push(link);
  for (let i = 0; i < 100 && link.state() !== 'up'; i++) await sleep(20);
  return link;
}

const variants: [string, () => Promise<MarketCache[]>, boolean][] = [
  ['memory', async () => [createMemoryMarketCache()], false],
  [
    'redis (two instances see the same values)',
    async () => {
      const ns = `test-${randomUUID()}`;
      return [
        createSharedMarketCache(await readyLink(redisUrl!), ns),
        createSharedMarketCache(await readyLink(redisUrl!), ns),
      ];
    },
    !redisUrl,
  ],
  [
    "redis that is not there (this instance's copy answers)",
    // A port that nothing listens on: every command fails at once.
    async () => [createSharedMarketCache(createUnreachableLink(), `test-${randomUUID()}`)],
    false,
  ],
];

function createUnreachableLink() {
  const link = createRedisLink('redis://127.0.0.1:1', silent);
  links.push(link);
  return link;
}

afterEach(async () => {
  for (const link of links.splice(0)) await link.close();
});

describe('shared market cache while its Redis is down', () => {
  it('says it is not shared, so that the feed publishes on its own', async () => {
    const cache = createSharedMarketCache(createUnreachableLink());
    expect(cache.shared()).toBe(false);
  });

  it('answers with the last tickers it read from Redis once Redis is gone', async () => {
    const redis = await OwnRedis.start();
    try {
      const ns = `test-${randomUUID()}`;
      const writer = createSharedMarketCache(await readyLink(redis.url), ns);
      const readerLink = await readyLink(redis.url);
      const reader = createSharedMarketCache(readerLink, ns);
      expect(reader.shared()).toBe(true);
      await writer.putTickers([ticker('BTCUSDT', '101')]);
      expect((await reader.tickers()).get('BTCUSDT')?.last_price).toBe('101');
      await redis.kill();
      await waitFor(() => !reader.shared(), 5000);
      expect(readerLink.state()).toBe('down');
      expect((await reader.ticker('BTCUSDT'))?.last_price).toBe('101');
      expect((await reader.tickers()).get('BTCUSDT')?.last_price).toBe('101');
    } finally {
      await redis.kill();
    }
  });
});

describe.each(variants)('market cache: %s', (_name, make, skip) => {
  let caches: MarketCache[] = [];
  afterEach(async () => {
    for (const c of caches) await c.close();
  });

  it.skipIf(skip)('keeps the latest ticker per symbol', async () => {
    caches = await make();
    const [writer, reader = writer] = caches as [MarketCache, MarketCache?];
    await writer.putTickers([ticker('BTCUSDT', '100'), ticker('ETHUSDT', '10')]);
    await writer.putTickers([ticker('BTCUSDT', '101')]);
    expect((await reader.ticker('BTCUSDT'))?.last_price).toBe('101');
    expect([...(await reader.tickers()).keys()].sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(await reader.ticker('XRPUSDT')).toBeNull();
  });

  it.skipIf(skip)('serves an order book only while it is fresh enough', async () => {
    caches = await make();
    const [writer, reader = writer] = caches as [MarketCache, MarketCache?];
    await writer.putOrderBook(book('BTCUSDT'));
    expect((await reader.orderBook('BTCUSDT', 1000))?.asks[0]).toEqual(['101', '2']);
    await sleep(60);
    expect(await reader.orderBook('BTCUSDT', 50)).toBeNull();
  });

  it.skipIf(skip)('serves the latest trades only while they are fresh enough', async () => {
    caches = await make();
    const [writer, reader = writer] = caches as [MarketCache, MarketCache?];
    const tape: RecentTrades = {
      symbol: 'BTCUSDT',
      trades: [{ id: '7', price: '100', amount: '0.5', side: 'buy', time: new Date().toISOString() }],
      source: 'sim',
      updated_at: new Date().toISOString(),
    };
    await writer.putTrades(tape);
    expect(await reader.trades('BTCUSDT', 1000)).toEqual(tape);
    expect(await reader.trades('ETHUSDT', 1000)).toBeNull();
    await sleep(60);
    expect(await reader.trades('BTCUSDT', 50)).toBeNull();
  });

  it.skipIf(skip)('forgets a wanted room once its announcement runs out', async () => {
    caches = await make();
    const [writer, reader = writer] = caches as [MarketCache, MarketCache?];
    await writer.want('market:depth:BTCUSDT', 80);
    await writer.want('market:kline:BTCUSDT:1m', 5000);
    expect((await reader.wanted()).sort()).toEqual(['market:depth:BTCUSDT', 'market:kline:BTCUSDT:1m']);
    await sleep(120);
    expect(await reader.wanted()).toEqual(['market:kline:BTCUSDT:1m']);
  });
});
