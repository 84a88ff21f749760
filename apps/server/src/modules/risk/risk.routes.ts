import { getRiskExposure, listRiskThresholds, RISK_TEXTS, saveRiskThreshold } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { RiskService } from './risk.service.ts';

/** 风险敞口: the house's exposure and the alert thresholds, any admin (docs/risk-exposure.md). */
export function registerRiskRoutes(app: Router, deps: { risk: RiskService; guards: Guards }) {
  const { risk, guards } = deps;
  const common = { tags: ['admin-trading'], security, preHandler: guards.requireAdmin };

  route(app, getRiskExposure, {
    ...common,
    handler: async (request) =>
      ok(await risk.exposure({ fresh: request.query.fresh === 'true' }), RISK_TEXTS.exposureLoaded),
  });

  route(app, listRiskThresholds, {
    ...common,
    handler: async () => ok({ thresholds: await risk.thresholds() }, RISK_TEXTS.thresholdsLoaded),
  });

  route(app, saveRiskThreshold, {
    ...common,
    handler: async (request) => {
      const removed = request.body.net_notional === null && request.body.worst_case_loss === null;
      const thresholds = await risk.saveThreshold(auditActor(request), request.body);
      return ok({ thresholds }, removed ? RISK_TEXTS.thresholdRemoved : RISK_TEXTS.thresholdSaved);
    },
  });
}
