import { approvalThresholdsBody, approvalThresholdsReply, DUAL_CONTROL_TEXTS } from '@platform/contracts';
import { ok, type Router, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { ThresholdsService } from './thresholds.service.ts';

const PATH = '/api/admin/settings/approval-thresholds';

/** The dual-control thresholds: every admin reads them, only a super admin changes them. */
export function registerThresholdRoutes(
  app: Router,
  deps: { thresholds: ThresholdsService; guards: Guards },
) {
  const { thresholds, guards } = deps;
  const tags = ['admin-settings'];

  app.get(PATH, {
    schema: { tags, security, response: { 200: approvalThresholdsReply } },
    preHandler: guards.requireAdmin,
    handler: async () => ok(await thresholds.get(), DUAL_CONTROL_TEXTS.thresholdsLoaded),
  });

  app.put(PATH, {
    schema: { tags, security, body: approvalThresholdsBody, response: { 200: approvalThresholdsReply } },
    preHandler: guards.requireSuperAdmin,
    handler: async (request) =>
      ok(await thresholds.save(request.body, auditActor(request)), DUAL_CONTROL_TEXTS.thresholdsSaved),
  });
}
