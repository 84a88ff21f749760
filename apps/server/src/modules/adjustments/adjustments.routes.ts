import {
  adjustmentReply,
  adjustmentsQuery,
  adjustmentsReply,
  createAdjustmentBody,
  rejectAdjustmentBody,
} from '@platform/contracts';
import { idParams, ok, type Router, security } from '../../core/http.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { AdjustmentService } from './adjustments.service.ts';

/** 余额调整 (issue 17): propose, a second admin approves or anyone rejects, list. */
export function registerAdjustmentRoutes(
  app: Router,
  deps: { adjustments: AdjustmentService; guards: Guards },
) {
  const { adjustments, guards } = deps;
  const tags = ['admin-adjustments'];

  app.get('/api/admin/adjustments', {
    schema: { tags, security, querystring: adjustmentsQuery, response: { 200: adjustmentsReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) => ok(await adjustments.list(request.query), '获取余额调整列表成功'),
  });

  app.post('/api/admin/adjustments', {
    config: { idempotent: true },
    schema: { tags, security, body: createAdjustmentBody, response: { 200: adjustmentReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { adjustment: await adjustments.create(request.body, auditActor(request)) },
        '余额调整已提交，等待另一位管理员复核',
      ),
  });

  app.post('/api/admin/adjustments/:id/approve', {
    config: { idempotent: true },
    schema: { tags, security, params: idParams, response: { 200: adjustmentReply } },
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok({ adjustment: await adjustments.approve(request.params.id, auditActor(request)) }, '余额调整已通过'),
  });

  app.post('/api/admin/adjustments/:id/reject', {
    config: { idempotent: true },
    schema: {
      tags,
      security,
      params: idParams,
      body: rejectAdjustmentBody,
      response: { 200: adjustmentReply },
    },
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { adjustment: await adjustments.reject(request.params.id, request.body, auditActor(request)) },
        '余额调整已拒绝',
      ),
  });
}
