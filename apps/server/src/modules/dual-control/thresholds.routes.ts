import { DUAL_CONTROL_TEXTS, getApprovalThresholds, saveApprovalThresholds } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { ThresholdsService } from './thresholds.service.ts';

/** The dual-control thresholds: every admin reads them, only a super admin changes them. */
export function registerThresholdRoutes(
  app: Router,
  deps: { thresholds: ThresholdsService; guards: Guards },
) {
  const { thresholds, guards } = deps;
  const tags = ['admin-settings'];

  route(app, getApprovalThresholds, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async () => ok(await thresholds.get(), DUAL_CONTROL_TEXTS.thresholdsLoaded),
  });

  route(app, saveApprovalThresholds, {
    tags,
    security,
    preHandler: guards.requireSuperAdmin,
    handler: async (request) =>
      ok(await thresholds.save(request.body, auditActor(request)), DUAL_CONTROL_TEXTS.thresholdsSaved),
  });
}
