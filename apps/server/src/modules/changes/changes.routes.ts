import {
  type AdminChange,
  approveAdminChange,
  CHANGE_TEXTS,
  cancelAdminChange,
  getAdminChangesSummary,
  type Language,
  listAdminChanges,
  rejectAdminChange,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import { type AuditActor, auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { sealed } from '../idempotency/effect-seal.ts';
import type { ChangesService } from './changes.service.ts';
import { changesSummaryFor } from './changes.summary.ts';

/** 待生效变更: the list and the decisions (docs/pending-changes.md). */
export function registerChangeRoutes(app: Router, deps: { changes: ChangesService; guards: Guards; db: Db }) {
  const { changes, guards } = deps;
  const tags = ['admin-changes'];

  route(app, listAdminChanges, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        await changes.list(request.query, caller(request).user.id, requestLanguage(request)),
        CHANGE_TEXTS.listed,
      ),
  });

  route(app, getAdminChangesSummary, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        await changesSummaryFor(deps.db, caller(request).user.id),
        tr(request, 'backOffice.changes.summaryLoaded'),
      ),
  });

  type Decide = (
    id: number,
    actor: AuditActor,
    reason: string | undefined,
    language: Language,
  ) => Promise<AdminChange>;
  const decisions: ReadonlyArray<
    readonly [typeof approveAdminChange | typeof rejectAdminChange | typeof cancelAdminChange, Decide, string]
  > = [
    [
      approveAdminChange,
      (id, actor, _reason, language) => changes.approve(id, actor, language),
      CHANGE_TEXTS.approved,
    ],
    [rejectAdminChange, changes.reject, CHANGE_TEXTS.rejected],
    [cancelAdminChange, changes.cancel, CHANGE_TEXTS.cancelled],
  ];
  for (const [endpoint, decide, message] of decisions) {
    route(app, endpoint, {
      config: { idempotent: 'sealed' },
      tags,
      security,
      preHandler: guards.requireAdmin,
      handler: async (request, reply) =>
        sealed(
          request,
          reply,
          () =>
            decide(request.params.id, auditActor(request), reasonOf(request.body), requestLanguage(request)),
          (change) => ok({ change }, message),
        ),
    });
  }
}

const reasonOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'reason' in body && typeof body.reason === 'string'
    ? body.reason || undefined
    : undefined;
