import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Realtime } from '../modules/realtime/realtime.ts';
import type { Config } from './config.ts';

/** What every module may depend on. Modules take the narrow pieces they need, not the whole bag. */
export interface AppContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  realtime: Realtime;
}
