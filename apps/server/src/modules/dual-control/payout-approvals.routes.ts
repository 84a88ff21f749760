import { DUAL_CONTROL_TEXTS, listPendingPayouts, rejectPendingPayout } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { sealed } from '../idempotency/effect-seal.ts';
import { listPayoutApprovals, rejectPayoutApproval } from './payout-approvals.ts';

/**
 * Salary and reward payouts waiting for a second admin: the list (what exactly each will pay and
 * who approved it first) and the rejection, which anyone may make at once (nothing was paid).
 * The second approval itself is the same payout call made by another admin.
 */
export function registerPayoutApprovalRoutes(app: Router, deps: { db: Db; guards: Guards }) {
  const tags = ['admin-dual-control'];
  route(app, listPendingPayouts, {
    tags,
    security,
    preHandler: deps.guards.requireAdmin,
    handler: async (request) =>
      ok(
        { approvals: await listPayoutApprovals(deps.db, { kind: request.query.kind }) },
        DUAL_CONTROL_TEXTS.payoutApprovalsLoaded,
      ),
  });

  route(app, rejectPendingPayout, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: deps.guards.requireAdmin,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => rejectPayoutApproval(deps.db, request.params.id, auditActor(request)),
        (approval) => ok({ approval }, DUAL_CONTROL_TEXTS.payoutApprovalRejected),
      ),
  });
}
