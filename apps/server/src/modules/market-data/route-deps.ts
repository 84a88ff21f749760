import type { Db } from '../../db/client.ts';
import type { Guards } from '../auth/guard.ts';
import type { KlinesService } from './klines.service.ts';
import type { MarketFeed } from './market-feed.ts';
import type { MarketJobs } from './market-jobs.ts';
import type { MarketLogger } from './market-log.ts';
import type { MarketQuotes } from './market-quotes.ts';
import type { PairsService } from './pairs.service.ts';
import type { Providers } from './providers/index.ts';

/**
 * What market-data.module.ts hands the feature's routes (the public reads, the admin market routes,
 * the pair admin). Its own file, so that those route files all depend on it and not on one another.
 */
export interface MarketDataRouteDeps {
  /** Public reads per client IP per minute: they need no token, and a read may reach the source. */
  readRateLimitPerMinute: number;
  db: Db;
  guards: Guards;
  pairs: PairsService;
  quotes: MarketQuotes;
  klines: KlinesService;
  feed: MarketFeed;
  jobs: MarketJobs;
  log: MarketLogger;
  providers: Providers;
}
