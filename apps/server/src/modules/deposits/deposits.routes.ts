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
        (deposit) => ok({ deposit }, '充值申请已提交，请等待审核'),
      ),
  });

  route(app, getDeposit, {
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ deposit: await deposits.getOwn(caller(request).user.id, request.params.id) }, '获取充值记录成功'),
  });
  route(app, listDeposits, {
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await deposits.listOwn(caller(request).user.id, request.query), '获取充值记录成功'),
  });

  const tags = ['admin-deposits'];
  route(app, listAdminDeposits, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await deposits.listForAdmin(request.query), '获取充值列表成功'),
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
              ? '充值审核通过成功'
              : deposit.status === 'pending'
                ? DUAL_CONTROL_TEXTS.firstApprovalRecorded
                : '审核拒绝成功';
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
      const result = await deposits.batchReview(request.body, auditActor(request));
      const verb = request.body.action === 'approve' ? '批量通过成功' : '批量拒绝成功';
      const awaiting = result.awaitingSecondApprovalIds.length;
      const second = awaiting ? `，${awaiting} 条已记录审核，等待另一位管理员复核` : '';
      return ok(result, `${verb}，共处理 ${result.processedCount} 条${second}`);
    },
  });
}
