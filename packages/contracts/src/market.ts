import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { idParams } from './pagination.ts';

/**
 * Market data and trading pairs (spec 001 §2 交易对管理, §7 market-data calls, §9 defaults;
 * ARCHITECTURE.md, "Market data"). Symbols are canonical upper case without separator ("BTCUSDT");
 * requests may also write "btcusdt", "BTC/USDT", "BTC-USDT" or "BTC_USDT" and are normalised by
 * `symbolParam`.
 */

// ---- intervals ----

/** Canonical kline intervals (the user call's names). Stored in the database as these values. */
export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const klineInterval = z.enum(KLINE_INTERVALS, { error: 'K线周期不正确' });

/** The same intervals in HTX's names, as the /huobi calls take them. */
export const HUOBI_PERIODS = {
  '1m': '1min',
  '5m': '5min',
  '15m': '15min',
  '30m': '30min',
  '1h': '60min',
  '4h': '4hour',
  '1d': '1day',
  '1w': '1week',
  '1M': '1mon',
} as const satisfies Record<KlineInterval, string>;
export type HuobiPeriod = (typeof HUOBI_PERIODS)[KlineInterval];
export const HUOBI_PERIOD_VALUES = Object.values(HUOBI_PERIODS) as HuobiPeriod[];

export const KLINE_INTERVAL_LABELS: Record<KlineInterval, string> = {
  '1m': '1分钟',
  '5m': '5分钟',
  '15m': '15分钟',
  '30m': '30分钟',
  '1h': '1小时',
  '4h': '4小时',
  '1d': '日线',
  '1w': '周线',
  '1M': '月线',
};

/** Seconds of the fixed-length intervals; a month is a calendar month (UTC) and has none. */
export const KLINE_INTERVAL_SECONDS: Record<Exclude<KlineInterval, '1M'>, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
  '1w': 604_800,
};

/** Accepts an interval in either naming (1m or 1min) and returns the canonical one. */
export const anyInterval = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if ((KLINE_INTERVALS as readonly string[]).includes(value)) return value as KlineInterval;
    const fromHuobi = (Object.keys(HUOBI_PERIODS) as KlineInterval[]).find((k) => HUOBI_PERIODS[k] === value);
    if (fromHuobi) return fromHuobi;
    ctx.addIssue({ code: 'custom', message: `K线周期不正确：${value}` });
    return z.NEVER;
  });

export const KLINE_DEFAULT_LIMIT = 100;
export const KLINE_MAX_LIMIT = 1500;
export const ORDER_BOOK_DEPTHS = [5, 10, 20] as const;
export const ORDER_BOOK_DEFAULT_DEPTH = 20;

// ---- symbols ----

export const SYMBOL_PATTERN = /^[A-Z0-9]{2,20}$/;
/** "btc/usdt", "BTC-USDT", "btcusdt" → "BTCUSDT". */
export function normaliseSymbol(input: string): string {
  return input.trim().toUpperCase().replace(/[/_-]/g, '');
}
export const symbolParam = z
  .string({ error: '请指定交易对' })
  .max(40)
  .transform(normaliseSymbol)
  .pipe(z.string().regex(SYMBOL_PATTERN, '交易对格式不正确'));
export const symbolParams = z.object({ symbol: symbolParam });

/** The OKX spot page of a pair, opened from the pair management table. */
export const okxSpotUrl = (base: string, quote: string) =>
  `https://www.okx.com/trade-spot/${base.toLowerCase()}-${quote.toLowerCase()}`;

// ---- trading pairs ----

export const tradingPair = z.object({
  id: z.number().int(),
  symbol: z.string(),
  base_currency: z.string(),
  quote_currency: z.string(),
  logo_url: z.string().nullable(),
  current_price: decimalString.nullable(),
  /** Percent, signed, e.g. "-1.25". */
  price_change_24h: decimalString.nullable(),
  /** Base-currency volume of the last 24 hours. */
  volume_24h: decimalString.nullable(),
  price_precision: z.number().int(),
  amount_precision: z.number().int(),
  min_amount: decimalString,
  /** Spot fee as a fraction of the turnover (0.001 = 0.1%), charged in the quote currency. */
  fee_rate: decimalString,
  enabled: z.boolean(),
  source: z.string(),
  updated_at: isoDateTime,
});
export type TradingPair = z.infer<typeof tradingPair>;

export const tradingPairsReply = envelope(z.object({ pairs: z.array(tradingPair) }));
export const adminTradingPairsReply = envelope(
  z.object({ pairs: z.array(tradingPair), lastSyncTime: isoDateTime.nullable() }),
);
export type AdminTradingPairsData = z.infer<typeof adminTradingPairsReply>['data'];
export const pairSyncReply = envelope(
  z.object({ newPairs: z.number().int(), updatedPairs: z.number().int(), provider: z.string() }),
);
export type PairSyncData = z.infer<typeof pairSyncReply>['data'];
export const pairPatchBody = z.object({ enabled: z.boolean({ error: 'enabled 必须是布尔值' }) });
export const pairReply = envelope(z.object({ pair: tradingPair }));

/** Spec 001 §8 texts of the pair management screen. */
export const PAIR_TEXTS = {
  loadFailed: '获取交易对列表失败',
  syncFailed: '同步OKX数据失败',
  toggleFailed: '更新交易对状态失败',
  empty: '暂无交易对数据',
  noMatch: '没有找到匹配的交易对',
  syncing: '同步中...',
  syncButton: '同步OKX数据',
  syncDone: (newPairs: number, updatedPairs: number) =>
    `同步完成！新增 ${newPairs} 个交易对，更新 ${updatedPairs} 个交易对。`,
} as const;

/** 404 text for an unknown or disabled pair on the user side. */
export const PAIR_NOT_TRADABLE = '交易对不存在或已停用';

// ---- tickers, order books, klines ----

export const ticker = z.object({
  symbol: z.string(),
  last_price: decimalString,
  open_24h: decimalString,
  high_24h: decimalString,
  low_24h: decimalString,
  /** Percent, signed, 2 decimals. */
  change_24h: decimalString,
  volume_24h: decimalString,
  quote_volume_24h: decimalString,
  bid: decimalString,
  ask: decimalString,
  source: z.string(),
  updated_at: isoDateTime,
});
export type Ticker = z.infer<typeof ticker>;

/** [price, amount] levels, best first. */
export const orderBookLevel = z.tuple([decimalString, decimalString]);
export const orderBook = z.object({
  symbol: z.string(),
  bids: z.array(orderBookLevel),
  asks: z.array(orderBookLevel),
  source: z.string(),
  updated_at: isoDateTime,
});
export type OrderBook = z.infer<typeof orderBook>;

export const kline = z.object({
  open_time: isoDateTime,
  close_time: isoDateTime,
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
  quote_volume: decimalString,
  /** False for the candle still forming. */
  is_closed: z.boolean(),
});
export type Kline = z.infer<typeof kline>;

/** One trade of the reference market (the source's own trades, not the platform's fills). */
export const marketTrade = z.object({
  /** The source's trade id, unique per symbol. */
  id: z.string(),
  price: decimalString,
  amount: decimalString,
  /** The taker's side. */
  side: z.enum(['buy', 'sell']),
  time: isoDateTime,
});
export type MarketTrade = z.infer<typeof marketTrade>;
/** The latest trades of one symbol, newest first. */
export const recentTrades = z.object({
  symbol: z.string(),
  trades: z.array(marketTrade),
  source: z.string(),
  updated_at: isoDateTime,
});
export type RecentTrades = z.infer<typeof recentTrades>;
export const RECENT_TRADES_DEFAULT_LIMIT = 30;
export const RECENT_TRADES_MAX_LIMIT = 100;
/** GET /api/trading/trades?symbol&limit=30 (and GET /api/huobi/trades/{symbol}?limit=30) */
export const recentTradesQuery = z.object({
  limit: z.coerce
    .number()
    .int('limit 必须是整数')
    .min(1, 'limit 至少为 1')
    .max(RECENT_TRADES_MAX_LIMIT, `limit 最大为 ${RECENT_TRADES_MAX_LIMIT}`)
    .default(RECENT_TRADES_DEFAULT_LIMIT),
});

/** GET /api/trading/trades?symbol&limit */
export const tradingTradesQuery = recentTradesQuery.extend({ symbol: symbolParam });
export const recentTradesReply = envelope(recentTrades);

export const klineSeries = z.object({ symbol: z.string(), interval: klineInterval, klines: z.array(kline) });
export type KlineSeries = z.infer<typeof klineSeries>;
export const klineReply = envelope(klineSeries);

const klineLimit = z.coerce
  .number()
  .int('limit 必须是整数')
  .min(1, 'limit 至少为 1')
  .max(KLINE_MAX_LIMIT, `limit 最大为 ${KLINE_MAX_LIMIT}`)
  .default(KLINE_DEFAULT_LIMIT);

/** GET /api/trading/kline?symbol&interval=1m&limit=100 */
export const tradingKlineQuery = z.object({
  symbol: symbolParam,
  interval: anyInterval.default('1m'),
  limit: klineLimit,
});
/** GET /api/huobi/kline/{symbol}?interval=1min&limit=100 (the default is 1min, canonically 1m). */
export const huobiKlineQuery = z.object({ interval: anyInterval.default('1m'), limit: klineLimit });
/** GET /api/huobi/orderbook/{symbol}?depth=20 */
export const orderBookQuery = z.object({
  depth: z.coerce
    .number()
    .int()
    .refine((d) => (ORDER_BOOK_DEPTHS as readonly number[]).includes(d), {
      message: `depth 只能是 ${ORDER_BOOK_DEPTHS.join('、')}`,
    })
    .default(ORDER_BOOK_DEFAULT_DEPTH),
});

export const marketsReply = envelope(z.object({ markets: z.array(ticker) }));
export const marketDetailReply = envelope(
  z.object({ pair: tradingPair, ticker: ticker.nullable(), orderBook: orderBook.nullable() }),
);
export const tickerReply = envelope(z.object({ ticker }));
export const orderBookReply = envelope(z.object({ orderBook }));

export const timeframe = z.object({
  value: z.string(),
  interval: klineInterval,
  label: z.string(),
  seconds: z.number().int().nullable(),
});
export const timeframesReply = envelope(z.object({ timeframes: z.array(timeframe) }));

// ---- market-data service ----

export const PAIR_SYNC_PROVIDERS = ['sim', 'okx'] as const;
export const MARKET_FEED_STATES = ['stopped', 'starting', 'running', 'error'] as const;
export type MarketFeedState = (typeof MARKET_FEED_STATES)[number];
export const MARKET_FEED_STATE_LABELS: Record<MarketFeedState, string> = {
  stopped: '已停止',
  starting: '启动中',
  running: '运行中',
  error: '异常',
};

export const MARKET_JOB_STATUSES = ['running', 'completed', 'failed'] as const;
export type MarketJobStatus = (typeof MARKET_JOB_STATUSES)[number];
export const MARKET_JOB_STATUS_LABELS: Record<MarketJobStatus, string> = {
  running: '进行中',
  completed: '已完成',
  failed: '失败',
};

export const marketDataJob = z.object({
  id: z.number().int(),
  kind: z.enum(['historical', 'pair_data', 'pair_sync']),
  status: z.enum(MARKET_JOB_STATUSES),
  /** Units of work: one unit is one (symbol, interval) series. */
  total: z.number().int(),
  done: z.number().int(),
  /** Klines written so far. */
  written: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  requested_by: z.number().int().nullable(),
  started_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
});
export type MarketDataJob = z.infer<typeof marketDataJob>;

export const marketFeedStatus = z.object({
  /** The index's venues (PRICE_SOURCES), e.g. ["sim-a", "sim-b", "sim-c"] or ["htx", "okx", "binance"]. */
  sources: z.array(z.string()),
  /** Any of them is the simulator: prices are a demo (users and admins are told so). */
  simulated: z.boolean(),
  pairSyncProvider: z.enum(PAIR_SYNC_PROVIDERS),
  state: z.enum(MARKET_FEED_STATES),
  /** Whether this instance writes klines (holds the ingestion lease). */
  leader: z.boolean(),
  startedAt: isoDateTime.nullable(),
  lastTickAt: isoDateTime.nullable(),
  ticks: z.number().int(),
  symbols: z.number().int(),
  lastError: z.object({ message: z.string(), at: isoDateTime }).nullable(),
});
export type MarketFeedStatus = z.infer<typeof marketFeedStatus>;
export const marketStatusReply = envelope(marketFeedStatus);
export const marketAdminStatusReply = envelope(
  z.object({
    feed: marketFeedStatus,
    job: marketDataJob.nullable(),
    klines: z.object({ series: z.number().int(), rows: z.number().int() }),
  }),
);
export type MarketAdminStatus = z.infer<typeof marketAdminStatusReply>['data'];

export const initHistoricalBody = z
  .object({
    symbols: z.array(symbolParam).max(100, '一次最多 100 个交易对').optional(),
    intervals: z.array(klineInterval).min(1, '至少选择一个周期').optional(),
    limit: z.coerce.number().int().min(1).max(2000, '每个周期最多 2000 根K线').default(500),
  })
  .default({ limit: 500 });
export type InitHistoricalBody = z.input<typeof initHistoricalBody>;
export const fetchPairDataBody = z.object({
  symbol: symbolParam,
  intervals: z.array(klineInterval).min(1, '至少选择一个周期').optional(),
  limit: z.coerce.number().int().min(1).max(2000, '每个周期最多 2000 根K线').default(500),
});
export const marketJobReply = envelope(z.object({ job: marketDataJob }));
export const marketFeedReply = envelope(z.object({ feed: marketFeedStatus }));

export const connectionTestReply = envelope(
  z.object({
    provider: z.string(),
    ok: z.boolean(),
    latencyMs: z.number().int(),
    serverTime: isoDateTime.nullable(),
    error: z.string().nullable(),
  }),
);

export const dataIntegrityQuery = z.object({
  symbol: symbolParam.optional(),
  interval: klineInterval.optional(),
  /** Window to check, ending at the last closed candle. */
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
});
export const klineGap = z.object({ from: isoDateTime, to: isoDateTime, missing: z.number().int() });
export const integritySeries = z.object({
  symbol: z.string(),
  interval: klineInterval,
  expected: z.number().int(),
  present: z.number().int(),
  missing: z.number().int(),
  gaps: z.array(klineGap),
});
export type IntegritySeries = z.infer<typeof integritySeries>;
export const dataIntegrityReply = envelope(
  z.object({
    checkedAt: isoDateTime,
    from: isoDateTime,
    to: isoDateTime,
    series: z.array(integritySeries),
    totalMissing: z.number().int(),
  }),
);
export type DataIntegrityData = z.infer<typeof dataIntegrityReply>['data'];

export const MARKET_LOG_LEVELS = ['info', 'warn', 'error'] as const;
export const marketLogsQuery = z.object({
  level: z.enum(MARKET_LOG_LEVELS, { error: '日志级别不正确' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const marketLog = z.object({
  id: z.number().int(),
  level: z.enum(MARKET_LOG_LEVELS),
  event: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: isoDateTime,
});
export type MarketLog = z.infer<typeof marketLog>;
export const marketLogsReply = envelope(z.object({ logs: z.array(marketLog) }));
export const refreshReply = envelope(z.object({ refreshed: z.number().int(), at: isoDateTime }));

// ---- realtime ----

export const MARKET_CHANNELS = ['ticker', 'depth', 'kline', 'trades'] as const;
export type MarketChannel = (typeof MARKET_CHANNELS)[number];
/** Client → server: `market:subscribe` / `market:unsubscribe` with this payload; the ack says what was joined. */
export const marketSubscription = z.object({
  symbol: symbolParam,
  channels: z.array(z.enum(MARKET_CHANNELS)).min(1).default(['ticker']),
  interval: klineInterval.default('1m'),
});
export type MarketSubscription = z.input<typeof marketSubscription>;
export const MARKET_EVENTS = {
  subscribe: 'market:subscribe',
  unsubscribe: 'market:unsubscribe',
  ticker: 'market:ticker',
  depth: 'market:depth',
  kline: 'market:kline',
  /** RecentTrades: the latest snapshot (up to RECENT_TRADES_DEFAULT_LIMIT, newest first); it replaces the last. */
  trades: 'market:trades',
  /** To admins: a market-data job's progress. */
  job: 'market_data_job',
  /** To admins: the feed changed state. */
  feed: 'market_data_feed',
} as const;
/** Most updates one socket gets per second per subscribed symbol and channel. */
export const MARKET_PUSHES_PER_SECOND = 2;
export const MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET = 40;

export const getMarketAdminStatus = endpoint({
  method: 'GET',
  path: '/api/huobi/admin/status',
  operationId: 'getMarketAdminStatus',
  summary: '行情服务状态（管理）',
  description: "The market data service's state, the current backfill job and the stored klines (admin).",
  reply: marketAdminStatusReply,
});
export const initHistoricalData = endpoint({
  method: 'POST',
  path: '/api/huobi/init-historical-data',
  operationId: 'initHistoricalData',
  summary: '初始化历史K线',
  description: 'Starts a backfill of historical klines for the trading pairs.',
  body: initHistoricalBody,
  reply: marketJobReply,
});
export const fetchPairData = endpoint({
  method: 'POST',
  path: '/api/huobi/fetch-pair-data',
  operationId: 'fetchPairData',
  summary: '获取交易对的历史K线',
  description: "Starts a backfill of one trading pair's historical klines.",
  body: fetchPairDataBody,
  reply: marketJobReply,
});
export const startMarketFeed = endpoint({
  method: 'POST',
  path: '/api/huobi/start',
  operationId: 'startMarketFeed',
  summary: '启动行情推送',
  description: 'Starts the market data feed.',
  reply: marketFeedReply,
});
export const stopMarketFeed = endpoint({
  method: 'POST',
  path: '/api/huobi/stop',
  operationId: 'stopMarketFeed',
  summary: '停止行情推送',
  description: 'Stops the market data feed.',
  reply: marketFeedReply,
});
export const restartMarketFeed = endpoint({
  method: 'POST',
  path: '/api/huobi/restart',
  operationId: 'restartMarketFeed',
  summary: '重启行情推送',
  description: 'Restarts the market data feed.',
  reply: marketFeedReply,
});
export const testMarketConnection = endpoint({
  method: 'POST',
  path: '/api/huobi/test-connection',
  operationId: 'testMarketConnection',
  summary: '测试行情源连接',
  description: 'Tests the connection to the market data source.',
  reply: connectionTestReply,
});
export const checkDataIntegrity = endpoint({
  method: 'GET',
  path: '/api/huobi/data-integrity',
  operationId: 'checkDataIntegrity',
  summary: 'K线数据完整性',
  description: 'Checks the stored klines for gaps.',
  query: dataIntegrityQuery,
  reply: dataIntegrityReply,
});
export const listMarketLogs = endpoint({
  method: 'GET',
  path: '/api/huobi/logs',
  operationId: 'listMarketLogs',
  summary: '行情服务日志',
  description: "The market data service's log.",
  query: marketLogsQuery,
  reply: marketLogsReply,
});
export const listTradingPairs = endpoint({
  method: 'GET',
  path: '/api/trading/pairs',
  operationId: 'listTradingPairs',
  summary: '可交易的交易对',
  description: 'The trading pairs on offer.',
  reply: tradingPairsReply,
});
export const listMarkets = endpoint({
  method: 'GET',
  path: '/api/trading/markets',
  operationId: 'listMarkets',
  summary: '行情列表',
  description: 'Tickers of every trading pair on offer.',
  reply: marketsReply,
});
export const getMarketDetail = endpoint({
  method: 'GET',
  path: '/api/trading/market/:symbol',
  operationId: 'getMarketDetail',
  summary: '交易对行情与深度',
  description: "One trading pair's ticker and order book.",
  params: symbolParams,
  reply: marketDetailReply,
});
export const getTradingKline = endpoint({
  method: 'GET',
  path: '/api/trading/kline',
  operationId: 'getTradingKline',
  summary: 'K线',
  description: 'Klines (candlesticks) of a trading pair.',
  query: tradingKlineQuery,
  reply: klineReply,
});
export const listTradingTrades = endpoint({
  method: 'GET',
  path: '/api/trading/trades',
  operationId: 'listTradingTrades',
  summary: '最新成交',
  description: "A trading pair's latest trades.",
  query: tradingTradesQuery,
  reply: recentTradesReply,
});
export const getMarketStatus = endpoint({
  method: 'GET',
  path: '/api/huobi/status',
  operationId: 'getMarketStatus',
  summary: '行情服务状态',
  description: "The market data service's state.",
  reply: marketStatusReply,
});
export const listHuobiPairs = endpoint({
  method: 'GET',
  path: '/api/huobi/pairs',
  operationId: 'listHuobiPairs',
  summary: '可交易的交易对（行情接口）',
  description: 'The trading pairs on offer (market data API).',
  reply: tradingPairsReply,
});
export const listTimeframes = endpoint({
  method: 'GET',
  path: '/api/huobi/timeframes',
  operationId: 'listTimeframes',
  summary: 'K线周期',
  description: 'The kline intervals.',
  reply: timeframesReply,
});
export const listHuobiMarkets = endpoint({
  method: 'GET',
  path: '/api/huobi/market-data',
  operationId: 'listHuobiMarkets',
  summary: '行情列表（行情接口）',
  description: 'Tickers of every trading pair (market data API).',
  reply: marketsReply,
});
export const getTicker = endpoint({
  method: 'GET',
  path: '/api/huobi/market-data/:symbol',
  operationId: 'getTicker',
  summary: '交易对行情',
  description: "One trading pair's ticker.",
  params: symbolParams,
  reply: tickerReply,
});
export const getHuobiKline = endpoint({
  method: 'GET',
  path: '/api/huobi/kline/:symbol',
  operationId: 'getHuobiKline',
  summary: 'K线（行情接口）',
  description: 'Klines of a trading pair (market data API, HTX period names).',
  params: symbolParams,
  query: huobiKlineQuery,
  reply: klineReply,
});
export const getOrderBook = endpoint({
  method: 'GET',
  path: '/api/huobi/orderbook/:symbol',
  operationId: 'getOrderBook',
  summary: '深度',
  description: "A trading pair's order book.",
  params: symbolParams,
  query: orderBookQuery,
  reply: orderBookReply,
});
export const listHuobiTrades = endpoint({
  method: 'GET',
  path: '/api/huobi/trades/:symbol',
  operationId: 'listHuobiTrades',
  summary: '最新成交（行情接口）',
  description: "A trading pair's latest trades (market data API).",
  params: symbolParams,
  query: recentTradesQuery,
  reply: recentTradesReply,
});
export const refreshMarkets = endpoint({
  method: 'POST',
  path: '/api/huobi/refresh',
  operationId: 'refreshMarkets',
  summary: '刷新行情',
  description: 'Refreshes the tickers from the source.',
  reply: refreshReply,
});
export const listAdminTradingPairs = endpoint({
  method: 'GET',
  path: '/api/admin/trading/pairs',
  operationId: 'listAdminTradingPairs',
  summary: '交易对列表（管理）',
  description: 'Trading pairs (admin).',
  reply: adminTradingPairsReply,
});
export const syncTradingPairs = endpoint({
  method: 'POST',
  path: '/api/admin/trading/pairs/sync',
  operationId: 'syncTradingPairs',
  summary: '从行情源同步交易对',
  description: 'Syncs the trading pairs from the market data source.',
  reply: pairSyncReply,
});
export const updateTradingPair = endpoint({
  method: 'PATCH',
  path: '/api/admin/trading/pairs/:id',
  operationId: 'updateTradingPair',
  summary: '修改交易对',
  description: 'Enables or disables a trading pair.',
  params: idParams,
  body: pairPatchBody,
  reply: pairReply,
});
