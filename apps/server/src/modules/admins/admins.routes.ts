import {
  type AdminChange,
  changeReply,
  createAdmin,
  deleteAdmin,
  issueAdminActivation,
  listAdmins,
  setAdminStatus,
  updateAdmin,
} from '@platform/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Router } from '../../core/http.ts';
import { ok, route, security } from '../../core/http.ts';
import { tr } from '../../i18n/i18n.ts';
import { actingAdmin } from '../admin-users/admin-users.routes.ts';
import type { Guards } from '../auth/guard.ts';
import { proposed } from '../dual-control/proposed.ts';
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
    handler: async (request) => ok(await admins.list(request.query), tr(request, 'admins.listLoaded')),
  });

  route(app, createAdmin, {
    tags,
    security,
    preHandler,
    handler: async (request, reply) => {
      const result = await admins.proposeCreate(actingAdmin(request), request.body);
      return proposed(reply, result.change, withLinkNote(request, result.change), result);
    },
  });

  route(app, updateAdmin, {
    tags,
    security,
    preHandler,
    moreReplies: { 202: changeReply },
    handler: async (request, reply) =>
      outcome(
        request,
        reply,
        await admins.update(actingAdmin(request), request.params.id, request.body),
        tr(request, 'admins.updated'),
      ),
  });

  route(app, setAdminStatus, {
    tags,
    security,
    preHandler,
    moreReplies: { 202: changeReply },
    handler: async (request, reply) =>
      outcome(
        request,
        reply,
        await admins.setStatus(actingAdmin(request), request.params.id, request.body),
        tr(request, request.body.is_active ? 'admins.enabled' : 'admins.disabled'),
      ),
  });

  route(app, issueAdminActivation, {
    tags,
    security,
    preHandler,
    handler: async (request, reply) => {
      const result = await admins.proposeActivation(actingAdmin(request), request.params.id, request.body);
      return proposed(reply, result.change, withLinkNote(request, result.change), result);
    },
  });

  route(app, deleteAdmin, {
    tags,
    security,
    preHandler,
    handler: async (request, reply) => {
      const change = await admins.proposeRemove(actingAdmin(request), request.params.id);
      return proposed(reply, change, proposedText(request, change));
    },
  });
}

/** The message of an admin account proposal: waiting for a second super admin, or taking effect in 24 h. */
const proposedText = (request: FastifyRequest, change: AdminChange) =>
  tr(request, change.status === 'delayed' ? 'admins.delayed' : 'admins.proposed');

/** The 202 of a proposal that made a link: it waits, and the link is shown this once. */
const withLinkNote = (request: FastifyRequest, change: AdminChange) =>
  tr(request, 'admins.withLink', {
    proposed: proposedText(request, change),
    linkOnce: tr(request, 'admins.linkOnce'),
  });

/** 200 with the admin when applied at once, 202 with the change when proposed. */
function outcome(request: FastifyRequest, reply: FastifyReply, result: AdminOutcome, appliedMessage: string) {
  if ('change' in result) return proposed(reply, result.change, proposedText(request, result.change), result);
  return ok(result, appliedMessage);
}
