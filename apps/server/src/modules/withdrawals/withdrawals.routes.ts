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
import { msg, requestLanguage, tr } from '../../i18n/i18n.ts';
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
        () =>
          withdrawals.create(
            caller(request).user.id,
            request.body,
            deps.twofaAttempts(request),
            requestLanguage(request),
          ),
        (withdrawal) => ok({ withdrawal }, tr(request, 'withdrawals.submitted')),
      ),
  });

  route(app, listWithdrawals, {
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await withdrawals.listOwn(caller(request).user.id, request.query),
        tr(request, 'withdrawals.loaded'),
      ),
  });

  route(app, getWithdrawal, {
    tags: ['wallet'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        { withdrawal: await withdrawals.getOwn(caller(request).user.id, request.params.id) },
        tr(request, 'withdrawals.loaded'),
      ),
  });

  const tags = ['admin-withdrawals'];
  route(app, listAdminWithdrawals, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(await withdrawals.listForAdmin(request.query), tr(request, 'withdrawals.listLoaded')),
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
          return ok(
            { withdrawal },
            firstOnly ? DUAL_CONTROL_TEXTS.firstApprovalRecorded : tr(request, 'withdrawals.statusUpdated'),
          );
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
      const result = await withdrawals.bulkTransition(
        request.body,
        auditActor(request),
        requestLanguage(request),
      );
      const awaiting = result.awaitingSecondApprovalIds.length;
      const second = awaiting ? msg('withdrawals.batchAwaiting', { awaiting }) : '';
      return ok(
        result,
        tr(request, 'withdrawals.batchDone', {
          succeeded: result.processedCount,
          skipped: result.skipped.length,
          second,
        }),
      );
    },
  });
}
