import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { DbClock } from '../db/db-clock.ts';
import type { PlatformMetrics } from '../modules/metrics/metrics.ts';
import type { Realtime } from '../modules/realtime/realtime.ts';
import type { Activity } from './activity.ts';
import type { Config } from './config.ts';
import type { RedisLink } from './redis.ts';

/** What every module may depend on. Modules take the narrow pieces they need, not the whole bag. */
export interface AppContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  realtime: Realtime;
  /** The Redis connections with REDIS_URL (a helper that may be down at any time), else undefined. */
  redis?: RedisLink;
  /** Requests and job steps in flight, for a clean shutdown. */
  activity: Activity;
  /** The database's time, and whether this instance's clock may record and settle. */
  clock: DbClock;
  /** This instance's Prometheus registry and instruments (modules/metrics). */
  metrics: PlatformMetrics;
}
