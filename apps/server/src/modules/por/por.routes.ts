import {
  createPorSnapshot,
  getPorProof,
  getPorSnapshot,
  listAdminPorSnapshots,
  listPorSnapshots,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { PorService } from './por.service.ts';

export function registerPorRoutes(app: Router, deps: { por: PorService; guards: Guards }) {
  const { por, guards } = deps;

  // Public: anyone may check the totals and the leaves (hashes and balances, never a user id).
  route(app, listPorSnapshots, {
    tags: ['por'],
    handler: async (request) =>
      ok(await por.listPublished(request.query), tr(request, 'por.snapshotsLoaded')),
  });
  route(app, getPorSnapshot, {
    tags: ['por'],
    handler: async (request) =>
      ok(await por.snapshot(request.params.id, request.query), tr(request, 'por.snapshotsLoaded')),
  });

  // The caller's own proof only: the user id comes from the session, never from the request.
  route(app, getPorProof, {
    tags: ['por'],
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await por.proof(caller(request).user.id, request.query.snapshot), tr(request, 'por.proofLoaded')),
  });

  route(app, listAdminPorSnapshots, {
    tags: ['admin-por'],
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        await por.listForAdmin(request.query, requestLanguage(request)),
        tr(request, 'por.adminSnapshotsLoaded'),
      ),
  });
  // 生成快照: super admins only, audited.
  route(app, createPorSnapshot, {
    tags: ['admin-por'],
    security,
    preHandler: guards.requireSuperAdmin,
    handler: async (request) => {
      const snapshot = await por.buildNow(auditActor(request));
      return ok(
        { snapshot },
        snapshot.status === 'published'
          ? tr(request, 'por.published')
          : tr(request, 'por.notPublished', { reason: snapshot.failure_reason ?? '' }),
      );
    },
  });
}
