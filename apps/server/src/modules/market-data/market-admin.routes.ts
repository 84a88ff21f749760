import {
  checkDataIntegrity,
  fetchPairData,
  getMarketAdminStatus,
  initHistoricalData,
  listMarketLogs,
  restartMarketFeed,
  startMarketFeed,
  stopMarketFeed,
  testMarketConnection,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { type MessageKey, requestLanguage, tr } from '../../i18n/i18n.ts';
import { marketLogText } from '../../i18n/market-logs.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import { feedStatusIn, marketTextIn } from './market-texts.ts';
import type { MarketDataRouteDeps } from './route-deps.ts';

/** The market-data admin calls under /api/huobi (admin role): the feed switch, backfills, integrity, logs. */
export function registerMarketAdminRoutes(app: Router, deps: MarketDataRouteDeps) {
  const { guards, pairs, klines, feed, jobs, log } = deps;
  const admin = { tags: ['market-data-admin'], security };

  route(app, getMarketAdminStatus, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const language = requestLanguage(request);
      return ok(
        {
          feed: feedStatusIn(language, feed.status()),
          job: await jobs.current(language),
          klines: await klines.counts(),
        },
        tr(request, 'marketAdmin.statusLoaded'),
      );
    },
  });

  route(app, initHistoricalData, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { job: await jobs.initHistorical(auditActor(request), request.body) },
        tr(request, 'marketAdmin.historyStarted'),
      ),
  });

  route(app, fetchPairData, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { job: await jobs.fetchPairData(auditActor(request), request.body) },
        tr(request, 'marketAdmin.fetchStarted', { symbol: request.body.symbol }),
      ),
  });

  const feedAction = (
    feedEndpoint: typeof startMarketFeed | typeof stopMarketFeed | typeof restartMarketFeed,
    action: 'start' | 'stop' | 'restart',
    message: MessageKey,
  ) =>
    route(app, feedEndpoint, {
      ...admin,
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
        return ok({ feed: feedStatusIn(requestLanguage(request), status) }, tr(request, message));
      },
    });
  feedAction(startMarketFeed, 'start', 'marketAdmin.feedStarted');
  feedAction(stopMarketFeed, 'stop', 'marketAdmin.feedStopped');
  feedAction(restartMarketFeed, 'restart', 'marketAdmin.feedRestarted');

  route(app, testMarketConnection, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const started = Date.now();
      try {
        const provider = await deps.providers.market();
        const serverTime = await provider.serverTime();
        const latencyMs = Date.now() - started;
        // i18n-exempt: a log line for the operators
        log.write(
          'info',
          'connection.ok',
          marketLogText('connectionOk', { provider: provider.id, latency: latencyMs }),
        );
        return ok(
          {
            provider: provider.id,
            ok: true,
            latencyMs,
            serverTime: new Date(serverTime).toISOString(),
            error: null,
          },
          tr(request, 'marketAdmin.connectionOk'),
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        // i18n-exempt: a log line for the operators
        log.write('error', 'connection.failed', marketLogText('connectionFailed', { message }));
        return ok(
          {
            provider: deps.providers.sourceIds.join(','),
            ok: false,
            latencyMs: Date.now() - started,
            serverTime: null,
            error: marketTextIn(requestLanguage(request), message),
          },
          tr(request, 'marketAdmin.connectionFailed'),
        );
      }
    },
  });

  route(app, checkDataIntegrity, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const { symbol, interval, hours } = request.query;
      const symbols = symbol ? [symbol] : await pairs.symbols({ enabledOnly: true });
      return ok(
        await klines.integrity({ symbols, intervals: interval ? [interval] : undefined, hours }),
        tr(request, 'marketAdmin.integrityChecked'),
      );
    },
  });

  route(app, listMarketLogs, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { logs: await log.list({ ...request.query, language: requestLanguage(request) }) },
        tr(request, 'marketAdmin.logsLoaded'),
      ),
  });
}
