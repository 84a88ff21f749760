import {
  bulkSetWithdrawalStatus,
  createWithdrawal,
  DUAL_CONTROL_TEXTS,
  getWithdrawal,
  listAdminWithdrawals,
  listWithdrawals,
  setWithdrawalStatus,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { Guards } from '../auth/guard.ts';
import { sealed } from '../idempotency/effect-seal.ts';
import type { WithdrawalService } from './withdrawals.service.ts';

export function registerWithdrawalRoutes(
  app: Router,
  deps: {
    withdrawals: WithdrawalService;
    guards: Guards;
    /** Wrong 2FA codes (`totp`) of a withdrawal count here, with those of login and 2FA changes. */
    twofaAttempts: AttemptLimiter;
  },
) {
  const { withdrawals, guards } = deps;

  // A key is required: a client that retried without one would freeze the amount twice.
  route(app, createWithdrawal, {
    config: { idempotent: 'sealed', idempotencyKeyRequired: true },
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => withdrawals.create(caller(request).user.id, request.body, deps.twofaAttempts(request)),
        (withdrawal) => ok({ withdrawal }, '提现申请已提交，请等待审核'),
      ),
  });

  route(app, listWithdrawals, {
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await withdrawals.listOwn(caller(request).user.id, request.query), '获取提现记录成功'),
  });

  route(app, getWithdrawal, {
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        { withdrawal: await withdrawals.getOwn(caller(request).user.id, request.params.id) },
        '获取提现记录成功',
      ),
  });

  const tags = ['admin-withdrawals'];
  route(app, listAdminWithdrawals, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await withdrawals.listForAdmin(request.query), '获取提现列表成功'),
  });

  route(app, setWithdrawalStatus, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => withdrawals.transition(request.params.id, request.body, auditActor(request)),
        (withdrawal) => {
          // Dual control: a move to 已通过 that only recorded the first approval says so.
          const firstOnly = request.body.status === 'approved' && withdrawal.status !== 'approved';
          return ok({ withdrawal }, firstOnly ? DUAL_CONTROL_TEXTS.firstApprovalRecorded : '状态更新成功');
        },
      ),
  });

  // Each withdrawal in its own transaction, each a conditional change: run again, one already
  // moved is skipped with the reason (a key left in progress may therefore run again).
  route(app, bulkSetWithdrawalStatus, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const result = await withdrawals.bulkTransition(request.body, auditActor(request));
      const awaiting = result.awaitingSecondApprovalIds.length;
      const second = awaiting ? `，${awaiting} 条等待另一位管理员复核` : '';
      return ok(
        result,
        `批量更新完成：成功 ${result.processedCount} 条，跳过 ${result.skipped.length} 条${second}`,
      );
    },
  });
}
