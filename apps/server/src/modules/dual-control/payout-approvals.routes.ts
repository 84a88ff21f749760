import {
  DUAL_CONTROL_TEXTS,
  payoutApprovalReply,
  payoutApprovalsQuery,
  payoutApprovalsReply,
} from '@platform/contracts';
import { idParams, ok, type Router, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { listPayoutApprovals, rejectPayoutApproval } from './payout-approvals.ts';

/**
 * Salary and reward payouts waiting for a second admin: the list (what exactly each will pay and
 * who approved it first) and the rejection, which anyone may make at once (nothing was paid).
 * The second approval itself is the same payout call made by another admin.
 */
export function registerPayoutApprovalRoutes(app: Router, deps: { db: Db; guards: Guards }) {
  const tags = ['admin-dual-control'];
  app.get('/api/admin/payout-approvals', {
    schema: { tags, security, querystring: payoutApprovalsQuery, response: { 200: payoutApprovalsReply } },
    preHandler: deps.guards.requireAdmin,
    handler: async (request) =>
      ok(
        { approvals: await listPayoutApprovals(deps.db, { kind: request.query.kind }) },
        DUAL_CONTROL_TEXTS.payoutApprovalsLoaded,
      ),
  });

  app.post('/api/admin/payout-approvals/:id/reject', {
    config: { idempotent: true },
    schema: { tags, security, params: idParams, response: { 200: payoutApprovalReply } },
    preHandler: deps.guards.requireAdmin,
    handler: async (request) =>
      ok(
        { approval: await rejectPayoutApproval(deps.db, request.params.id, auditActor(request)) },
        DUAL_CONTROL_TEXTS.payoutApprovalRejected,
      ),
  });
}
