import {
  ADMIN_CHANGE_TEXTS,
  type AdminChange,
  adminChangeProposedMessage,
  changeReply,
  createAdmin,
  deleteAdmin,
  issueAdminActivation,
  listAdmins,
  setAdminStatus,
  updateAdmin,
} from '@platform/contracts';
import type { FastifyReply } from 'fastify';
import type { Router } from '../../core/http.ts';
import { ok, route, security } from '../../core/http.ts';
import { actingAdmin } from '../admin-users/admin-users.routes.ts';
import type { Guards } from '../auth/guard.ts';
import { registerActivationRoutes } from './activation.routes.ts';
import type { AdminOutcome, AdminsService } from './admins.service.ts';

/**
 * Admin management (spec 000 §2, §5): super admins only, on every route; and the public routes of
 * the activation links it hands out (docs/admin-accounts.md). Creating, a level change, a new link,
 * deleting and enabling answer 202 with the proposal (docs/pending-changes.md).
 */
export function registerAdminsRoutes(
  app: Router,
  deps: { admins: AdminsService; guards: Guards } & Parameters<typeof registerActivationRoutes>[1],
) {
  const { admins, guards } = deps;
  registerActivationRoutes(app, deps);
  const tags = ['admins'];
  const preHandler = guards.requireSuperAdmin;

  route(app, listAdmins, {
    tags,
    security,
    preHandler,
    handler: async (request) => ok(await admins.list(request.query), '获取管理员列表成功'),
  });

  route(app, createAdmin, {
    tags,
    security,
    preHandler,
    handler: async (request, reply) => {
      const proposed = await admins.proposeCreate(actingAdmin(request), request.body);
      reply.code(202);
      return ok(proposed, withLinkNote(proposed.change));
    },
  });

  route(app, updateAdmin, {
    tags,
    security,
    preHandler,
    moreReplies: { 202: changeReply },
    handler: async (request, reply) =>
      outcome(
        reply,
        await admins.update(actingAdmin(request), request.params.id, request.body),
        ADMIN_CHANGE_TEXTS.updated,
      ),
  });

  route(app, setAdminStatus, {
    tags,
    security,
    preHandler,
    moreReplies: { 202: changeReply },
    handler: async (request, reply) =>
      outcome(
        reply,
        await admins.setStatus(actingAdmin(request), request.params.id, request.body),
        request.body.is_active ? ADMIN_CHANGE_TEXTS.enabled : ADMIN_CHANGE_TEXTS.disabled,
      ),
  });

  route(app, issueAdminActivation, {
    tags,
    security,
    preHandler,
    handler: async (request, reply) => {
      const proposed = await admins.proposeActivation(actingAdmin(request), request.params.id, request.body);
      reply.code(202);
      return ok(proposed, withLinkNote(proposed.change));
    },
  });

  route(app, deleteAdmin, {
    tags,
    security,
    preHandler,
    handler: async (request, reply) => {
      const change = await admins.proposeRemove(actingAdmin(request), request.params.id);
      reply.code(202);
      return ok({ change }, adminChangeProposedMessage(change));
    },
  });
}

/** The 202 of a proposal that made a link: it waits, and the link is shown this once. */
const withLinkNote = (change: AdminChange) =>
  `${adminChangeProposedMessage(change)}。${ADMIN_CHANGE_TEXTS.linkOnce}`;

/** 200 with the admin when applied at once, 202 with the change when proposed. */
function outcome(reply: FastifyReply, result: AdminOutcome, appliedMessage: string) {
  if ('change' in result) {
    reply.code(202);
    return ok(result, adminChangeProposedMessage(result.change));
  }
  return ok(result, appliedMessage);
}
