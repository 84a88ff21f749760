import {
  checkDataIntegrity,
  type DataIntegrityData,
  type EndpointData,
  fetchPairData,
  getMarketAdminStatus,
  type InitHistoricalBody,
  initHistoricalData,
  type KlineInterval,
  listMarketLogs,
  type MARKET_LOG_LEVELS,
  type MarketAdminStatus,
  type MarketDataJob,
  type MarketFeedStatus,
  type MarketLog,
  restartMarketFeed,
  startMarketFeed,
  stopMarketFeed,
  testMarketConnection,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

export type { DataIntegrityData, MarketAdminStatus, MarketDataJob, MarketFeedStatus, MarketLog };
export type ConnectionTest = EndpointData<typeof testMarketConnection>;
export type MarketLogLevel = (typeof MARKET_LOG_LEVELS)[number];
export type FeedAction = 'start' | 'stop' | 'restart';
export type HistoricalRequest = NonNullable<InitHistoricalBody>;
export type PairDataRequest = Omit<HistoricalRequest, 'symbols'> & { symbol: string };

const FEED_ACTIONS = { start: startMarketFeed, stop: stopMarketFeed, restart: restartMarketFeed } as const;

export const MARKET_DATA_ROOT = ['admin', 'market-data'] as const;
export const MARKET_STATUS_KEY = [...MARKET_DATA_ROOT, 'status'] as const;
export const MARKET_LOGS_KEY = [...MARKET_DATA_ROOT, 'logs'] as const;
export const MARKET_INTEGRITY_KEY = [...MARKET_DATA_ROOT, 'integrity'] as const;

/** GET /api/huobi/admin/status: the feed, the latest job and how many klines are stored. */
export async function fetchMarketStatus(signal?: AbortSignal): Promise<MarketAdminStatus> {
  return (await call(getMarketAdminStatus, { signal })).data;
}

/** POST /api/huobi/start | stop | restart. */
export async function runFeedAction(action: FeedAction): Promise<MarketFeedStatus> {
  return (await call(FEED_ACTIONS[action])).data.feed;
}

/** POST /api/huobi/test-connection: one round trip to the provider. */
export async function testConnection(): Promise<ConnectionTest> {
  return (await call(testMarketConnection)).data;
}

/** POST /api/huobi/init-historical-data: starts the backfill in the background. */
export async function startHistoricalInit(body: HistoricalRequest): Promise<MarketDataJob> {
  return (await call(initHistoricalData, { body })).data.job;
}

/** POST /api/huobi/fetch-pair-data: the same for one pair. */
export async function startPairDataFetch(body: PairDataRequest): Promise<MarketDataJob> {
  return (await call(fetchPairData, { body })).data.job;
}

export interface IntegrityParams {
  hours: number;
  symbol?: string;
  interval?: KlineInterval;
}

/** GET /api/huobi/data-integrity?symbol&interval&hours. */
export async function fetchDataIntegrity(params: IntegrityParams, signal?: AbortSignal) {
  const query = { hours: params.hours, symbol: params.symbol, interval: params.interval };
  return (await call(checkDataIntegrity, { query, signal })).data;
}

export const MARKET_LOG_LIMIT = 100;

/** GET /api/huobi/logs?level&limit, newest first. */
export async function fetchMarketLogs(level: MarketLogLevel | undefined, signal?: AbortSignal) {
  const reply = await call(listMarketLogs, { query: { level, limit: MARKET_LOG_LIMIT }, signal });
  return reply.data.logs;
}
