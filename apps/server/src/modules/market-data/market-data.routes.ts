import {
  getHuobiKline,
  getMarketDetail,
  getMarketStatus,
  getOrderBook,
  getTicker,
  getTradingKline,
  HUOBI_PERIODS,
  KLINE_INTERVAL_LABELS,
  KLINE_INTERVAL_SECONDS,
  KLINE_INTERVALS,
  listHuobiMarkets,
  listHuobiPairs,
  listHuobiTrades,
  listMarkets,
  listTimeframes,
  listTradingPairs,
  listTradingTrades,
  refreshMarkets,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { upstreamFailed } from '../../core/errors.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { msg, requestLanguage, tr } from '../../i18n/i18n.ts';
import { registerMarketAdminRoutes } from './market-admin.routes.ts';
import { feedStatusIn } from './market-texts.ts';
import { registerPairsRoutes } from './pairs.routes.ts';
import { ProviderError } from './providers/provider.ts';
import type { MarketDataRouteDeps } from './route-deps.ts';

/** A user may force a ticker refresh at most this often (all users together): the source is shared. */
const REFRESH_COOLDOWN_MS = 5000;

/** A failing source is a 502 with the source's own explanation, not a 500. */
async function fromSource<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProviderError) throw upstreamFailed(err.text);
    throw err;
  }
}

/**
 * Market data: public reads (prices are public, as on any exchange: no token needed), the user's
 * refresh, the market-data admin calls under /api/huobi (admin role), and trading-pair management.
 */
/**
 * Market data. Reads are public (prices are public, as on any exchange: no token needed); the
 * user's refresh needs a login; the market-data admin calls (/api/huobi, admin role) and trading-pair
 * management are in their own files.
 */
export function registerMarketDataRoutes(app: Router, deps: MarketDataRouteDeps) {
  registerMarketReadRoutes(app, deps);
  registerMarketAdminRoutes(app, deps);
  registerPairsRoutes(app, deps);
}

function registerMarketReadRoutes(app: Router, deps: MarketDataRouteDeps) {
  const { guards, pairs, quotes, klines, feed } = deps;
  const market = { tags: ['market-data'] };
  // Public reads need no token; a per-address limit keeps one client from hammering the source through them.
  const config = { rateLimit: { max: deps.readRateLimitPerMinute, timeWindow: '1 minute' } };
  // The /trading and /huobi families answer these the same way.
  const enabledPairs = async (request: FastifyRequest) =>
    ok({ pairs: await pairs.listEnabled() }, tr(request, 'market.pairsLoaded'));
  const recentTrades = async (request: FastifyRequest, symbol: string, limit: number) => {
    const pair = await pairs.requireEnabled(symbol);
    return ok(await fromSource(() => quotes.trades(pair.symbol, limit)), tr(request, 'market.tradesLoaded'));
  };
  const enabledMarkets = async (request: FastifyRequest) =>
    ok(
      { markets: await fromSource(async () => quotes.tickers(await pairs.symbols({ enabledOnly: true }))) },
      tr(request, 'market.tickerLoaded'),
    );

  // ---- user-facing reads: /api/trading ----
  route(app, listTradingPairs, {
    config,
    ...market,
    handler: enabledPairs,
  });

  route(app, listMarkets, {
    config,
    ...market,
    handler: enabledMarkets,
  });

  route(app, getMarketDetail, {
    config,
    ...market,
    handler: async (request) => {
      const pair = await pairs.requireEnabled(request.params.symbol);
      const [ticker, orderBook] = await fromSource(() =>
        Promise.all([quotes.ticker(pair.symbol), quotes.orderBook(pair.symbol, 20)]),
      );
      return ok({ pair, ticker, orderBook }, tr(request, 'market.tickerLoaded'));
    },
  });

  route(app, getTradingKline, {
    config,
    ...market,
    handler: async (request) => {
      const { symbol, interval, limit } = request.query;
      await pairs.requireEnabled(symbol);
      return ok(await klines.read(symbol, interval, limit), tr(request, 'market.klinesLoaded'));
    },
  });

  route(app, listTradingTrades, {
    config,
    ...market,
    handler: async (request) => recentTrades(request, request.query.symbol, request.query.limit),
  });

  // ---- market-data reads: /api/huobi ----
  route(app, getMarketStatus, {
    config,
    ...market,
    handler: async (request) =>
      ok(feedStatusIn(requestLanguage(request), feed.status()), tr(request, 'market.statusLoaded')),
  });

  route(app, listHuobiPairs, {
    config,
    ...market,
    handler: enabledPairs,
  });

  route(app, listTimeframes, {
    config,
    ...market,
    handler: async (request) =>
      ok(
        {
          timeframes: KLINE_INTERVALS.map((interval) => ({
            value: HUOBI_PERIODS[interval],
            interval,
            label: KLINE_INTERVAL_LABELS[interval],
            seconds: interval === '1M' ? null : KLINE_INTERVAL_SECONDS[interval],
          })),
        },
        tr(request, 'market.intervalsLoaded'),
      ),
  });

  route(app, listHuobiMarkets, {
    config,
    ...market,
    handler: enabledMarkets,
  });

  route(app, getTicker, {
    config,
    ...market,
    handler: async (request) => {
      const pair = await pairs.requireEnabled(request.params.symbol);
      const ticker = await fromSource(() => quotes.ticker(pair.symbol));
      if (!ticker) throw upstreamFailed(msg('market.noQuote', { symbol: pair.symbol }));
      return ok({ ticker }, tr(request, 'market.tickerLoaded'));
    },
  });

  route(app, getHuobiKline, {
    config,
    ...market,
    handler: async (request) => {
      const pair = await pairs.requireEnabled(request.params.symbol);
      return ok(
        await klines.read(pair.symbol, request.query.interval, request.query.limit),
        tr(request, 'market.klinesLoaded'),
      );
    },
  });

  route(app, getOrderBook, {
    config,
    ...market,
    handler: async (request) => {
      const pair = await pairs.requireEnabled(request.params.symbol);
      return ok(
        { orderBook: await fromSource(() => quotes.orderBook(pair.symbol, request.query.depth)) },
        tr(request, 'market.depthLoaded'),
      );
    },
  });

  route(app, listHuobiTrades, {
    config,
    ...market,
    handler: async (request) => recentTrades(request, request.params.symbol, request.query.limit),
  });

  let lastRefresh: { at: number; count: number } | null = null;
  route(app, refreshMarkets, {
    ...market,
    security,
    preHandler: guards.requireUser,
    handler: async (request) => {
      if (!lastRefresh || Date.now() - lastRefresh.at >= REFRESH_COOLDOWN_MS) {
        lastRefresh = { at: Date.now(), count: await fromSource(() => feed.refreshNow()) };
      }
      return ok(
        { refreshed: lastRefresh.count, at: new Date(lastRefresh.at).toISOString() },
        tr(request, 'market.refreshed'),
      );
    },
  });
}
