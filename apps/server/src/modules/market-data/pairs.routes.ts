import { listAdminTradingPairs, syncTradingPairs, updateTradingPair } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { MarketDataRouteDeps } from './route-deps.ts';

/** Trading-pair management (交易对管理): the list, the sync from the pair-sync provider, the enabled switch. */
export function registerPairsRoutes(app: Router, deps: Pick<MarketDataRouteDeps, 'guards' | 'pairs'>) {
  const { guards, pairs } = deps;
  const admin = { tags: ['trading-admin'], security };

  route(app, listAdminTradingPairs, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await pairs.listForAdmin(), tr(request, 'market.pairsLoaded')),
  });

  route(app, syncTradingPairs, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const result = await pairs.sync(auditActor(request));
      return ok(
        result,
        tr(request, 'marketAdmin.synced', { added: result.newPairs, updated: result.updatedPairs }),
      );
    },
  });

  route(app, updateTradingPair, {
    ...admin,
    tags: ['trading-admin'],
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const pair = await pairs.setEnabled(auditActor(request), request.params.id, request.body.enabled);
      return ok({ pair }, tr(request, pair.enabled ? 'marketAdmin.pairEnabled' : 'marketAdmin.pairDisabled'));
    },
  });
}
