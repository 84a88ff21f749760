import {
  batchReviewDeposits,
  createDeposit,
  DUAL_CONTROL_TEXTS,
  getDeposit,
  listAdminDeposits,
  listDeposits,
  reviewDeposit,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { msg, requestLanguage, tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { sealed } from '../idempotency/effect-seal.ts';
import type { DepositService } from './deposits.service.ts';

export function registerDepositRoutes(app: Router, deps: { deposits: DepositService; guards: Guards }) {
  const { deposits, guards } = deps;

  route(app, createDeposit, {
    config: { idempotent: 'sealed' },
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => deposits.create(caller(request).user, request.body),
        (deposit) => ok({ deposit }, tr(request, 'deposits.submitted')),
      ),
  });

  route(app, getDeposit, {
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        { deposit: await deposits.getOwn(caller(request).user.id, request.params.id) },
        tr(request, 'deposits.loaded'),
      ),
  });
  route(app, listDeposits, {
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await deposits.listOwn(caller(request).user.id, request.query), tr(request, 'deposits.loaded')),
  });

  const tags = ['admin-deposits'];
  route(app, listAdminDeposits, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(await deposits.listForAdmin(request.query), tr(request, 'deposits.listLoaded')),
  });

  route(app, reviewDeposit, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => deposits.review(request.params.id, request.body, auditActor(request)),
        (deposit) => {
          const message =
            deposit.status === 'approved'
              ? tr(request, 'deposits.approved')
              : deposit.status === 'pending'
                ? DUAL_CONTROL_TEXTS.firstApprovalRecorded
                : tr(request, 'deposits.rejected');
          return ok({ deposit }, message);
        },
      ),
  });

  // Each deposit in its own transaction, each a conditional change: run again, a reviewed one is
  // no longer pending and is left out (a key left in progress may therefore run again).
  route(app, batchReviewDeposits, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const result = await deposits.batchReview(request.body, auditActor(request), requestLanguage(request));
      const verb = msg(
        request.body.action === 'approve' ? 'deposits.batchApproved' : 'deposits.batchRejected',
      );
      const awaiting = result.awaitingSecondApprovalIds.length;
      const second = awaiting ? msg('deposits.batchAwaiting', { awaiting }) : '';
      return ok(
        result,
        tr(request, 'deposits.batchDone', { verb, processed: result.processedCount, second }),
      );
    },
  });
}
