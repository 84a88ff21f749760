import { DUAL_CONTROL_TEXTS, getApprovalThresholds, saveApprovalThresholds } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { proposeChange } from './proposed.ts';
import type { ThresholdsService } from './thresholds.service.ts';

/** The dual-control thresholds: every admin reads them, only a super admin changes them. */
export function registerThresholdRoutes(
  app: Router,
  deps: { thresholds: ThresholdsService; changes: ChangesService; guards: Guards },
) {
  const { thresholds, changes, guards } = deps;
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
    // A proposal a second super admin approves (docs/pending-changes.md): 202 with the change.
    handler: (request, reply) =>
      proposeChange(changes, 'approval_thresholds', 'approval_thresholds', request, reply),
  });
}
