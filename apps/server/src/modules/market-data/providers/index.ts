import type { Config } from '../../../core/config.ts';
import { createCcxtProvider } from './ccxt-provider.ts';
import type { MarketDataProvider } from './provider.ts';
import { createSimProvider } from './sim.ts';

/**
 * The configured sources, built on first use: the simulator is cheap, but a ccxt exchange loads a
 * large library that an offline platform never needs.
 */
export function createProviders(config: Config) {
  const sim = createSimProvider({ seed: config.MARKET_SIM_SEED, tickMs: config.MARKET_TICK_MS });
  const built = new Map<string, Promise<MarketDataProvider>>();
  const exchange = (id: 'htx' | 'okx', apiUrl: string | undefined) => {
    let provider = built.get(id);
    if (!provider) {
      provider = createCcxtProvider({
        exchange: id,
        apiUrl,
        timeoutMs: config.MARKET_HTTP_TIMEOUT_MS,
        pollMs: config.MARKET_TICK_MS,
      });
      built.set(id, provider);
      provider.catch(() => built.delete(id));
    }
    return provider;
  };
  return {
    sim,
    marketId: config.MARKET_DATA_PROVIDER,
    pairSyncId: config.PAIR_SYNC_PROVIDER,
    market: (): Promise<MarketDataProvider> =>
      config.MARKET_DATA_PROVIDER === 'sim' ? Promise.resolve(sim) : exchange('htx', config.HTX_API_URL),
    pairSync: (): Promise<MarketDataProvider> =>
      config.PAIR_SYNC_PROVIDER === 'sim' ? Promise.resolve(sim) : exchange('okx', config.OKX_API_URL),
    async close() {
      await sim.close();
      for (const p of built.values()) await (await p.catch(() => null))?.close();
    },
  };
}

export type Providers = ReturnType<typeof createProviders>;
