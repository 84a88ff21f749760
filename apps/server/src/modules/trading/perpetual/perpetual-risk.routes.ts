import {
  getAdminPerpetualRisk,
  getInsuranceFund,
  getPerpetualPairRisk,
  PERPETUAL_RISK_SETTING_KEY,
  proposePerpetualRisk,
} from '@platform/contracts';
import { caller } from '../../../core/caller.ts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import { tr } from '../../../i18n/i18n.ts';
import type { Guards } from '../../auth/guard.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { proposeChange } from '../../dual-control/proposed.ts';
import { insuranceFundPage } from './insurance-fund.ts';
import {
  PERPETUAL_RISK_KIND,
  pairRiskForUser,
  perpetualRiskAdminView,
  registerPerpetualRiskChanges,
} from './perpetual-risk.ts';

/**
 * The perpetuals' risk parameters (docs/perpetual-risk.md): the tiers and caps change only as a
 * proposal another admin approves (kind `perpetual.risk`, 202, audited perpetual_risk.update); the
 * back office's 风控参数 reads them with the open notional per pair side and the open proposals; the
 * order form reads a pair's tiers; 保险基金 reads the fund's balance and history.
 */
export function registerPerpetualRiskRoutes(
  app: Router,
  deps: { db: Db; changes: ChangesService; guards: Guards },
) {
  const { db, changes, guards } = deps;
  registerPerpetualRiskChanges(changes);

  route(app, getAdminPerpetualRisk, {
    tags: ['trading-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        await perpetualRiskAdminView(db, changes, caller(request).user.id),
        tr(request, 'perpetualRisk.riskLoaded'),
      ),
  });

  route(app, proposePerpetualRisk, {
    tags: ['trading-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: (request, reply) =>
      proposeChange(changes, PERPETUAL_RISK_KIND, PERPETUAL_RISK_SETTING_KEY, request, reply),
  });

  route(app, getPerpetualPairRisk, {
    tags: ['trading-perpetual'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await pairRiskForUser(db, request.params.symbol, caller(request).user.id),
        tr(request, 'perpetualRisk.tiersLoaded'),
      ),
  });

  route(app, getInsuranceFund, {
    tags: ['trading-admin'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(await insuranceFundPage(db, request.query), tr(request, 'perpetualRisk.insuranceLoaded')),
  });
}
