import type { Ticker } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { sleep } from '../../test/fixtures.ts';
import { createMemoryMarketCache } from './market-cache.ts';
import { createMarketQuotes, TICKER_MAX_AGE_MS } from './market-quotes.ts';
import type { MarketDataProvider, ProviderTicker } from './providers/provider.ts';
import { createSimProvider } from './providers/sim.ts';

/** The simulator, counting the ticker requests that reach it. */
function countingSim() {
  const sim = createSimProvider({ secret: 'quotes', tickMs: 1000 });
  const asked: string[][] = [];
  const provider: MarketDataProvider = {
    ...sim,
    tickers: async (symbols: readonly string[]): Promise<ProviderTicker[]> => {
      asked.push([...symbols]);
      await sleep(20);
      return sim.tickers(symbols);
    },
  };
  return { provider, asked };
}

const aged = (t: Ticker, ms: number): Ticker => ({
  ...t,
  updated_at: new Date(Date.now() - ms).toISOString(),
});

describe('market quotes', () => {
  it('serves fresh cached tickers without asking the source', async () => {
    const { provider, asked } = countingSim();
    const cache = createMemoryMarketCache();
    const quotes = createMarketQuotes({ cache, provider: async () => provider });
    await quotes.tickers(['BTCUSDT', 'ETHUSDT']);
    expect(asked).toEqual([['BTCUSDT', 'ETHUSDT']]);
    await quotes.tickers(['BTCUSDT', 'ETHUSDT']);
    expect(asked).toHaveLength(1);
  });

  it('asks again for what is missing or older than the limit, and only for that', async () => {
    const { provider, asked } = countingSim();
    const cache = createMemoryMarketCache();
    const quotes = createMarketQuotes({ cache, provider: async () => provider });
    const [btc, eth] = await quotes.tickers(['BTCUSDT', 'ETHUSDT']);
    await cache.putTickers([aged(btc!, TICKER_MAX_AGE_MS + 1000), aged(eth!, 1000)]);
    const again = await quotes.tickers(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    expect(asked.at(-1)).toEqual(['BTCUSDT', 'SOLUSDT']);
    expect(Date.parse(again[0]!.updated_at)).toBeGreaterThan(Date.now() - 5000);
    expect(again.map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  });

  it('readers asking at the same moment share one request', async () => {
    const { provider, asked } = countingSim();
    const quotes = createMarketQuotes({ cache: createMemoryMarketCache(), provider: async () => provider });
    const replies = await Promise.all(Array.from({ length: 10 }, () => quotes.tickers(['BTCUSDT'])));
    expect(asked).toHaveLength(1);
    expect(new Set(replies.map((r) => r[0]!.last_price)).size).toBe(1);
  });
});
