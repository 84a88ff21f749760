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
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import type { MarketDataRouteDeps } from './route-deps.ts';

/** The market-data admin calls under /api/huobi (admin role): the feed switch, backfills, integrity, logs. */
export function registerMarketAdminRoutes(app: Router, deps: MarketDataRouteDeps) {
  const { guards, pairs, klines, feed, jobs, log } = deps;
  const admin = { tags: ['market-data-admin'], security };

  route(app, getMarketAdminStatus, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async () =>
      ok({ feed: feed.status(), job: await jobs.current(), klines: await klines.counts() }, '获取状态成功'),
  });

  route(app, initHistoricalData, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok({ job: await jobs.initHistorical(auditActor(request), request.body) }, '历史数据初始化已开始'),
  });

  route(app, fetchPairData, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { job: await jobs.fetchPairData(auditActor(request), request.body) },
        `${request.body.symbol} 数据获取已开始`,
      ),
  });

  const feedAction = (
    feedEndpoint: typeof startMarketFeed | typeof stopMarketFeed | typeof restartMarketFeed,
    action: 'start' | 'stop' | 'restart',
    message: string,
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
        return ok({ feed: status }, message);
      },
    });
  feedAction(startMarketFeed, 'start', '行情服务已启动');
  feedAction(stopMarketFeed, 'stop', '行情服务已停止');
  feedAction(restartMarketFeed, 'restart', '行情服务已重启');

  route(app, testMarketConnection, {
    ...admin,
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
            provider: deps.providers.sourceIds.join(','),
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

  route(app, checkDataIntegrity, {
    ...admin,
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

  route(app, listMarketLogs, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok({ logs: await log.list(request.query) }, '获取日志成功'),
  });
}
