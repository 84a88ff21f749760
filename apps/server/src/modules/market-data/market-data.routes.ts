import {
  adminTradingPairsReply,
  connectionTestReply,
  dataIntegrityQuery,
  dataIntegrityReply,
  fetchPairDataBody,
  HUOBI_PERIODS,
  huobiKlineQuery,
  initHistoricalBody,
  KLINE_INTERVAL_LABELS,
  KLINE_INTERVAL_SECONDS,
  KLINE_INTERVALS,
  klineReply,
  marketAdminStatusReply,
  marketDetailReply,
  marketFeedReply,
  marketJobReply,
  marketLogsQuery,
  marketLogsReply,
  marketStatusReply,
  marketsReply,
  orderBookQuery,
  orderBookReply,
  pairIdParams,
  pairPatchBody,
  pairReply,
  pairSyncReply,
  refreshReply,
  symbolParams,
  tickerReply,
  timeframesReply,
  tradingKlineQuery,
  tradingPairsReply,
} from '@platform/contracts';
import { upstreamFailed } from '../../core/errors.ts';
import { ok, type Router, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import { caller, type Guards } from '../auth/guard.ts';
import { countKlines } from './klines.repository.ts';
import type { KlinesService } from './klines.service.ts';
import type { MarketFeed } from './market-feed.ts';
import type { MarketJobs } from './market-jobs.ts';
import type { MarketLogger } from './market-log.ts';
import type { MarketQuotes } from './market-quotes.ts';
import type { PairsService } from './pairs.service.ts';
import type { Providers } from './providers/index.ts';
import { ProviderError } from './providers/provider.ts';

/** A user may force a ticker refresh at most this often (all users together): the source is shared. */
const REFRESH_COOLDOWN_MS = 5000;

export interface MarketDataRouteDeps {
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

/** A failing source is a 502 with the source's own explanation, not a 500. */
async function fromSource<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProviderError) throw upstreamFailed(err.message);
    throw err;
  }
}

/**
 * Market data: public reads (prices are public, as on any exchange: no token needed), the user's
 * refresh, the market-data admin calls under /api/huobi (admin role), and trading-pair management.
 */
export function registerMarketDataRoutes(app: Router, deps: MarketDataRouteDeps) {
  const { guards, pairs, quotes, klines, feed, jobs, log } = deps;
  const market = { tags: ['market-data'] };
  const admin = { tags: ['market-data-admin'], security };

  // ---- user-facing reads: /api/trading ----
  app.get('/api/trading/pairs', {
    schema: { ...market, response: { 200: tradingPairsReply } },
    handler: async () => ok({ pairs: await pairs.listEnabled() }, '获取交易对成功'),
  });

  app.get('/api/trading/markets', {
    schema: { ...market, response: { 200: marketsReply } },
    handler: async () =>
      ok(
        { markets: await fromSource(async () => quotes.tickers(await pairs.symbols({ enabledOnly: true }))) },
        '获取行情成功',
      ),
  });

  app.get('/api/trading/market/:symbol', {
    schema: { ...market, params: symbolParams, response: { 200: marketDetailReply } },
    handler: async (request) => {
      const pair = await pairs.requireEnabled(request.params.symbol);
      const [ticker, orderBook] = await fromSource(() =>
        Promise.all([quotes.ticker(pair.symbol), quotes.orderBook(pair.symbol, 20)]),
      );
      return ok({ pair, ticker, orderBook }, '获取行情成功');
    },
  });

  app.get('/api/trading/kline', {
    schema: { ...market, querystring: tradingKlineQuery, response: { 200: klineReply } },
    handler: async (request) => {
      const { symbol, interval, limit } = request.query;
      await pairs.requireEnabled(symbol);
      return ok(await klines.read(symbol, interval, limit), '获取K线成功');
    },
  });

  // ---- market-data reads: /api/huobi ----
  app.get('/api/huobi/status', {
    schema: { ...market, response: { 200: marketStatusReply } },
    handler: async () => ok(feed.status(), '获取行情服务状态成功'),
  });

  app.get('/api/huobi/pairs', {
    schema: { ...market, response: { 200: tradingPairsReply } },
    handler: async () => ok({ pairs: await pairs.listEnabled() }, '获取交易对成功'),
  });

  app.get('/api/huobi/timeframes', {
    schema: { ...market, response: { 200: timeframesReply } },
    handler: async () =>
      ok(
        {
          timeframes: KLINE_INTERVALS.map((interval) => ({
            value: HUOBI_PERIODS[interval],
            interval,
            label: KLINE_INTERVAL_LABELS[interval],
            seconds: interval === '1M' ? null : KLINE_INTERVAL_SECONDS[interval],
          })),
        },
        '获取K线周期成功',
      ),
  });

  app.get('/api/huobi/market-data', {
    schema: { ...market, response: { 200: marketsReply } },
    handler: async () =>
      ok(
        { markets: await fromSource(async () => quotes.tickers(await pairs.symbols({ enabledOnly: true }))) },
        '获取行情成功',
      ),
  });

  app.get('/api/huobi/market-data/:symbol', {
    schema: { ...market, params: symbolParams, response: { 200: tickerReply } },
    handler: async (request) => {
      const pair = await pairs.requireEnabled(request.params.symbol);
      const ticker = await fromSource(() => quotes.ticker(pair.symbol));
      if (!ticker) throw upstreamFailed(`行情源没有 ${pair.symbol} 的行情`);
      return ok({ ticker }, '获取行情成功');
    },
  });

  app.get('/api/huobi/kline/:symbol', {
    schema: { ...market, params: symbolParams, querystring: huobiKlineQuery, response: { 200: klineReply } },
    handler: async (request) => {
      const pair = await pairs.requireEnabled(request.params.symbol);
      return ok(await klines.read(pair.symbol, request.query.interval, request.query.limit), '获取K线成功');
    },
  });

  app.get('/api/huobi/orderbook/:symbol', {
    schema: {
      ...market,
      params: symbolParams,
      querystring: orderBookQuery,
      response: { 200: orderBookReply },
    },
    handler: async (request) => {
      const pair = await pairs.requireEnabled(request.params.symbol);
      return ok(
        { orderBook: await fromSource(() => quotes.orderBook(pair.symbol, request.query.depth)) },
        '获取深度成功',
      );
    },
  });

  let lastRefresh: { at: number; count: number } | null = null;
  app.post('/api/huobi/refresh', {
    schema: { ...market, security, response: { 200: refreshReply } },
    preHandler: guards.requireUser,
    handler: async () => {
      if (!lastRefresh || Date.now() - lastRefresh.at >= REFRESH_COOLDOWN_MS) {
        lastRefresh = { at: Date.now(), count: await fromSource(() => feed.refreshNow()) };
      }
      return ok({ refreshed: lastRefresh.count, at: new Date(lastRefresh.at).toISOString() }, '行情已刷新');
    },
  });

  // ---- market-data admin ----
  app.get('/api/huobi/admin/status', {
    schema: { ...admin, response: { 200: marketAdminStatusReply } },
    preHandler: guards.requireAdmin,
    handler: async () =>
      ok(
        { feed: feed.status(), job: await jobs.current(), klines: await countKlines(deps.db) },
        '获取状态成功',
      ),
  });

  app.post('/api/huobi/init-historical-data', {
    schema: { ...admin, body: initHistoricalBody, response: { 200: marketJobReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const job = await jobs.initHistorical(caller(request).user.id, request.body);
      await recordAudit(deps.db, auditActor(request), {
        action: 'market_data.init_historical',
        targetType: 'market_data_job',
        targetId: job.id,
        after: job.params,
      });
      return ok({ job }, '历史数据初始化已开始');
    },
  });

  app.post('/api/huobi/fetch-pair-data', {
    schema: { ...admin, body: fetchPairDataBody, response: { 200: marketJobReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const job = await jobs.fetchPairData(caller(request).user.id, request.body);
      await recordAudit(deps.db, auditActor(request), {
        action: 'market_data.fetch_pair',
        targetType: 'market_data_job',
        targetId: job.id,
        after: job.params,
      });
      return ok({ job }, `${request.body.symbol} 数据获取已开始`);
    },
  });

  const feedAction = (path: string, action: 'start' | 'stop' | 'restart', message: string) =>
    app.post(path, {
      schema: { ...admin, response: { 200: marketFeedReply } },
      preHandler: guards.requireAdmin,
      handler: async (request) => {
        const before = feed.status().state;
        const status = await feed[action](caller(request).user.id);
        await recordAudit(deps.db, auditActor(request), {
          action: `market_data.${action}`,
          targetType: 'market_feed',
          targetId: null,
          before: { state: before },
          after: { state: status.state },
        });
        return ok({ feed: status }, message);
      },
    });
  feedAction('/api/huobi/start', 'start', '行情服务已启动');
  feedAction('/api/huobi/stop', 'stop', '行情服务已停止');
  feedAction('/api/huobi/restart', 'restart', '行情服务已重启');

  app.post('/api/huobi/test-connection', {
    schema: { ...admin, response: { 200: connectionTestReply } },
    preHandler: guards.requireAdmin,
    handler: async () => {
      const started = Date.now();
      try {
        const provider = await deps.providers.market();
        const serverTime = await provider.serverTime();
        const latencyMs = Date.now() - started;
        log.write('info', 'connection.ok', `连接测试成功（${provider.id}，${latencyMs} ms）`);
        return ok(
          {
            provider: provider.id,
            ok: true,
            latencyMs,
            serverTime: new Date(serverTime).toISOString(),
            error: null,
          },
          '连接正常',
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        log.write('error', 'connection.failed', `连接测试失败：${message}`);
        return ok(
          {
            provider: deps.providers.marketId,
            ok: false,
            latencyMs: Date.now() - started,
            serverTime: null,
            error: message,
          },
          '连接失败',
        );
      }
    },
  });

  app.get('/api/huobi/data-integrity', {
    schema: { ...admin, querystring: dataIntegrityQuery, response: { 200: dataIntegrityReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const { symbol, interval, hours } = request.query;
      const symbols = symbol ? [symbol] : await pairs.symbols({ enabledOnly: true });
      return ok(
        await klines.integrity({ symbols, intervals: interval ? [interval] : undefined, hours }),
        '数据完整性检查完成',
      );
    },
  });

  app.get('/api/huobi/logs', {
    schema: { ...admin, querystring: marketLogsQuery, response: { 200: marketLogsReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) => ok({ logs: await log.list(request.query) }, '获取日志成功'),
  });

  // ---- trading pairs (admin) ----
  app.get('/api/admin/trading/pairs', {
    schema: { ...admin, tags: ['trading-admin'], response: { 200: adminTradingPairsReply } },
    preHandler: guards.requireAdmin,
    handler: async () => ok(await pairs.listForAdmin(), '获取交易对成功'),
  });

  app.post('/api/admin/trading/pairs/sync', {
    schema: { ...admin, tags: ['trading-admin'], response: { 200: pairSyncReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const result = await pairs.sync(auditActor(request));
      return ok(result, `同步完成！新增 ${result.newPairs} 个交易对，更新 ${result.updatedPairs} 个交易对。`);
    },
  });

  app.patch('/api/admin/trading/pairs/:id', {
    schema: {
      ...admin,
      tags: ['trading-admin'],
      params: pairIdParams,
      body: pairPatchBody,
      response: { 200: pairReply },
    },
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const pair = await pairs.setEnabled(auditActor(request), request.params.id, request.body.enabled);
      return ok({ pair }, pair.enabled ? '交易对已启用' : '交易对已停用');
    },
  });
}
