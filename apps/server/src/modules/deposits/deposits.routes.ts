import {
  adminDepositsQuery,
  adminDepositsReply,
  createDepositBody,
  DUAL_CONTROL_TEXTS,
  depositBatchReviewBody,
  depositBatchReviewReply,
  depositReviewBody,
  depositReviewReply,
  ownHistoryQuery,
  userDepositReply,
  userDepositsReply,
} from '@platform/contracts';
import { idParams, ok, type Router, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import { caller, type Guards } from '../auth/guard.ts';
import type { DepositService } from './deposits.service.ts';

export function registerDepositRoutes(app: Router, deps: { deposits: DepositService; guards: Guards }) {
  const { deposits, guards } = deps;

  app.post('/api/wallet/deposits', {
    config: { idempotent: true },
    schema: { tags: ['wallet'], security, body: createDepositBody, response: { 200: userDepositReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        { deposit: await deposits.create(caller(request).user, request.body) },
        '充值申请已提交，请等待审核',
      ),
  });

  app.get('/api/wallet/deposits/:id', {
    schema: { tags: ['wallet'], security, params: idParams, response: { 200: userDepositReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok({ deposit: await deposits.getOwn(caller(request).user.id, request.params.id) }, '获取充值记录成功'),
  });
  app.get('/api/wallet/deposits', {
    schema: {
      tags: ['wallet'],
      security,
      querystring: ownHistoryQuery,
      response: { 200: userDepositsReply },
    },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await deposits.listOwn(caller(request).user.id, request.query), '获取充值记录成功'),
  });

  const tags = ['admin-deposits'];
  app.get('/api/admin/deposits', {
    schema: { tags, security, querystring: adminDepositsQuery, response: { 200: adminDepositsReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await deposits.listForAdmin(request.query), '获取充值列表成功'),
  });

  app.patch('/api/admin/deposits/:id/review', {
    config: { idempotent: true },
    schema: {
      tags,
      security,
      params: idParams,
      body: depositReviewBody,
      response: { 200: depositReviewReply },
    },
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const deposit = await deposits.review(request.params.id, request.body, auditActor(request));
      const message =
        deposit.status === 'approved'
          ? '充值审核通过成功'
          : deposit.status === 'pending'
            ? DUAL_CONTROL_TEXTS.firstApprovalRecorded
            : '审核拒绝成功';
      return ok({ deposit }, message);
    },
  });

  app.post('/api/admin/deposits/batch-review', {
    config: { idempotent: true },
    schema: { tags, security, body: depositBatchReviewBody, response: { 200: depositBatchReviewReply } },
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
