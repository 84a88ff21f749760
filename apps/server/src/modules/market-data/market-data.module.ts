import { MARKET_PUSHES_PER_SECOND, RECENT_TRADES_DEFAULT_LIMIT } from '@platform/contracts';
import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import { createLease, LEASED_JOBS } from '../jobs/lease.ts';
import { failStaleJobs } from './jobs.repository.ts';
import { createKlinesService } from './klines.service.ts';
import { createMemoryMarketCache, createSharedMarketCache } from './market-cache.ts';
import { registerMarketDataRoutes } from './market-data.routes.ts';
import { createMarketFeed, type MarketFeed } from './market-feed.ts';
import { createMarketJobs } from './market-jobs.ts';
import { createMarketLogger } from './market-log.ts';
import { createMarketPush } from './market-push.ts';
import { createMarketQuotes } from './market-quotes.ts';
import { registerMarketSubscriptions } from './market-subscriptions.ts';
import { createPairsService } from './pairs.service.ts';
import { registerPriceSourceRoutes } from './price-sources.routes.ts';
import { createPriceSources, type PriceSources } from './price-sources.ts';
import { createProviders } from './providers/index.ts';

/**
 * Wires the market-data feature: sources, cache, feed, jobs, socket subscriptions and routes; seeds
 * the default pairs on a fresh database and starts the feed unless told not to. Everything it starts
 * stops when the app closes.
 */
export async function registerMarketData(app: Router, ctx: AppContext, guards: Guards) {
  const { config, realtime } = ctx;
  const db = ctx.database.db;
  let sources: PriceSources | undefined;
  const providers = createProviders(config, {
    now: ctx.clock.now,
    onSourceStatusChange: (changes, at) =>
      void sources
        ?.statusChanged(changes, at)
        .catch((err) => ctx.log.warn({ err }, 'price source events not recorded')),
  });
  // With Redis, shared between instances while it answers; this instance's memory otherwise.
  const sharedCache = ctx.redis ? createSharedMarketCache(ctx.redis) : undefined;
  const cache = sharedCache ?? createMemoryMarketCache();
  const log = createMarketLogger(db, ctx.log);
  const push = createMarketPush(realtime, Math.round(1000 / MARKET_PUSHES_PER_SECOND));

  let feed: MarketFeed | undefined;
  const pairs = createPairsService({
    db,
    cache,
    syncProvider: providers.pairSync,
    log,
    onPairsChanged: () => feed?.pairsChanged(),
  });
  feed = createMarketFeed({
    db,
    provider: providers.market,
    sources: providers.sourceIds,
    simulated: providers.simulated,
    pairSyncProviderId: providers.pairSyncId,
    cache,
    sharedCache: () => sharedCache?.shared() ?? false,
    paused: ctx.clock.problem,
    lease: createLease(db, LEASED_JOBS.marketFeed.name, LEASED_JOBS.marketFeed.ttlMs),
    onLeaseHeld: (name, held) => ctx.activity.leaseHeld(name, held),
    push,
    realtime,
    log,
    symbols: () => pairs.symbols({ enabledOnly: false }),
    persistSymbols: () => pairs.symbols({ enabledOnly: true }),
  });
  const liveFeed = feed;
  const stopFollowingRedis = ctx.redis?.onStateChange(() => liveFeed.sharingChanged());
  const klines = createKlinesService({
    db,
    provider: providers.market,
    log,
    forming: (symbol, interval) => liveFeed.formingCandle(symbol, interval),
  });
  const jobs = createMarketJobs({
    db,
    provider: providers.market,
    realtime,
    log,
    knownSymbols: () => pairs.symbols({ enabledOnly: false }),
  });
  const quotes = createMarketQuotes({ cache, provider: providers.market });
  const subscriptions = registerMarketSubscriptions({
    realtime,
    cache,
    isTradable: (s) => pairs.isEnabled(s),
    recentTrades: (s) => quotes.trades(s, RECENT_TRADES_DEFAULT_LIMIT),
  });

  sources = createPriceSources({
    db,
    index: providers.index,
    simulated: providers.simulated,
    pairs,
    realtime,
    log,
  });
  registerPriceSourceRoutes(app, {
    sources,
    guards,
    readRateLimitPerMinute: config.MARKET_READ_RATE_LIMIT_PER_MINUTE,
  });
  registerMarketDataRoutes(app, {
    db,
    guards,
    pairs,
    quotes,
    klines,
    feed,
    jobs,
    log,
    providers,
    readRateLimitPerMinute: config.MARKET_READ_RATE_LIMIT_PER_MINUTE,
  });

  // The metrics' price sources: the index's last components of each listed pair (no network).
  ctx.metrics.readPriceSourcesFrom(async () =>
    (await pairs.symbols({ enabledOnly: false })).flatMap((symbol) => {
      const snapshot = providers.index.snapshot(symbol);
      if (!snapshot) return [];
      const now = ctx.clock.now();
      return snapshot.components.map((c) => ({
        source: c.source,
        symbol,
        up: c.status === 'included',
        hasIndex: snapshot.price !== null,
        // The index's own measure, the one that marks outliers: (price − median) / median, a ratio
        // (8 places) that a gauge holds as a float; never an amount.
        deviation: c.deviation === null ? null : Number.parseFloat(c.deviation),
        // By the clock the index stamps its quotes with (the database's).
        ageSeconds: c.at === null ? null : Math.max(0, now - c.at) / 1000,
      }));
    }),
  );
  await pairs.ensureDefaultPairs(providers.sim.instrumentsList);
  await failStaleJobs(db);
  if (config.MARKET_DATA_AUTOSTART) await feed.boot();

  app.addHook('onClose', async () => {
    stopFollowingRedis?.();
    subscriptions.close();
    await jobs.close();
    await liveFeed.close();
    push.stop();
    await log.flush();
    await providers.close();
    await cache.close();
  });
  return { pairs, quotes, index: providers.index, fundingRates: providers.fundingRates };
}
