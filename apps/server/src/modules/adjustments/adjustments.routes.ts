import { approveAdjustment, createAdjustment, listAdjustments, rejectAdjustment } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { sealed } from '../idempotency/effect-seal.ts';
import type { AdjustmentService } from './adjustments.service.ts';

/**
 * 余额调整 (issue 17): propose, a second admin approves or anyone rejects, list. Each call needs an
 * Idempotency-Key (issue 31): a proposal retried without one would be made twice.
 */
export function registerAdjustmentRoutes(
  app: Router,
  deps: { adjustments: AdjustmentService; guards: Guards },
) {
  const { adjustments, guards } = deps;
  const tags = ['admin-adjustments'];

  route(app, listAdjustments, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(await adjustments.list(request.query), tr(request, 'adjustments.listLoaded')),
  });

  route(app, createAdjustment, {
    config: { idempotent: 'sealed', idempotencyKeyRequired: true },
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => adjustments.create(request.body, auditActor(request)),
        (adjustment) => ok({ adjustment }, tr(request, 'adjustments.submitted')),
      ),
  });

  route(app, approveAdjustment, {
    config: { idempotent: 'sealed', idempotencyKeyRequired: true },
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => adjustments.approve(request.params.id, auditActor(request)),
        (adjustment) => ok({ adjustment }, tr(request, 'adjustments.approved')),
      ),
  });

  route(app, rejectAdjustment, {
    config: { idempotent: 'sealed', idempotencyKeyRequired: true },
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => adjustments.reject(request.params.id, request.body, auditActor(request)),
        (adjustment) => ok({ adjustment }, tr(request, 'adjustments.rejected')),
      ),
  });
}
