import type {
  AdminActivationLink,
  AdminChange,
  AdminCreateBody,
  AdminStatusBody,
  AdminUpdateBody,
  AdminView,
  adminsQuery,
  TwofaResetBody,
} from '@platform/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../core/errors.ts';
import { paginationOf } from '../../core/paging.ts';
import type { Db } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { type Acting, changeActive, lockSuperAdmins, refusal } from '../admin-users/admin-users.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { updateUser } from '../users/users.ts';
import { newActivationLink } from './activation.ts';
import {
  ADMIN_CHANGE_KINDS,
  ADMIN_NOT_FOUND,
  assertEmailFree,
  assertPhoneFree,
  auditView,
  lockTarget,
  uniqueConflict,
} from './admins.changes.ts';
import * as repo from './admins.repository.ts';

export {
  ADMIN_NOT_FOUND,
  CANNOT_CHANGE_OWN_LEVEL,
  CANNOT_DELETE_SELF,
  EMAIL_OF_DELETED,
  EMAIL_TAKEN,
  PHONE_TAKEN,
} from './admins.changes.ts';

export interface AdminsDeps {
  db: Db;
  changes: ChangesService;
  /** Called after commit with the revoked session ids, so that their sockets are disconnected. */
  onSessionsRevoked?: (sessionIds: string[]) => void;
}

export function toAdminView(row: repo.AdminRow): AdminView {
  if (!row.adminLevel) throw new Error(`admin ${row.id} has no admin_level`);
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    admin_level: row.adminLevel,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
    twofa_enabled: row.twofaEnabledAt !== null,
    activation_pending: row.activationPending,
  };
}

const notFoundAdmin = () => notFound(ADMIN_NOT_FOUND);

/** Applied at once (`admin`) or proposed to a second super admin (`change`). */
export type AdminOutcome = { admin: AdminView } | { change: AdminChange };

/**
 * Admin management (spec 000 §5; issue 32, docs/admin-accounts.md). E-mail, phone and disabling
 * are saved at once; creating, a level change, a new activation link, deleting and enabling are
 * proposals a second super admin approves (admins.changes.ts). The proposals that make a link
 * (create, new link) make it here and return it once; only its hash goes into the proposal.
 */
export function createAdminsService(deps: AdminsDeps) {
  const { db, changes } = deps;
  const notifyRevoked = (ids: string[]) => {
    if (ids.length > 0) deps.onSessionsRevoked?.(ids);
  };

  return {
    async list(query: z.infer<typeof adminsQuery>) {
      const filter: repo.AdminListFilter = { search: query.search, status: query.status };
      const [rows, total] = await Promise.all([
        repo.listAdmins(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
        repo.countAdmins(db, filter),
      ]);
      return { admins: rows.map(toAdminView), pagination: paginationOf(query, total) };
    },

    /**
     * Proposes a new admin (`admin.create`). Once applied, the account exists without a usable
     * password and the link returned here (its only showing) sets the admin's own password and 2FA.
     */
    async proposeCreate(
      by: Acting,
      body: AdminCreateBody,
    ): Promise<{ change: AdminChange; activation: AdminActivationLink }> {
      const { link, tokenHash } = newActivationLink();
      const change = await changes.propose(
        ADMIN_CHANGE_KINDS.create,
        null,
        {
          email: body.email,
          phone: body.phone ?? null,
          admin_level: body.admin_level,
          activation_token_hash: tokenHash,
        },
        by.actor,
        by.language,
      );
      return { change, activation: link };
    },

    /**
     * E-mail and phone are saved at once (200); a different level is a proposal (`admin.level`)
     * and then must be the only change (400 otherwise, nothing saved); the same level is no change.
     */
    async update(by: Acting, id: number, body: AdminUpdateBody): Promise<AdminOutcome> {
      const target = await repo.findAdmin(db, id);
      if (!target) throw notFoundAdmin();
      const email = body.email !== undefined && body.email !== target.email ? body.email : undefined;
      const phone = body.phone !== undefined && body.phone !== target.phone ? body.phone : undefined;
      const level =
        body.admin_level !== undefined && body.admin_level !== target.adminLevel
          ? body.admin_level
          : undefined;
      if (level !== undefined) {
        if (email !== undefined || phone !== undefined) throw badRequest(msg('admins.levelAlone'));
        const change = await changes.propose(
          ADMIN_CHANGE_KINDS.level,
          String(id),
          { admin_level: level },
          by.actor,
          by.language,
        );
        return { change };
      }
      try {
        return await db.transaction(async (tx) => {
          const locked = await lockTarget(tx, id);
          const edits: Parameters<typeof updateUser>[2] = {};
          if (email !== undefined && email !== locked.email) {
            await assertEmailFree(tx, email);
            edits.email = email;
          }
          if (phone !== undefined && phone !== locked.phone) {
            await assertPhoneFree(tx, phone);
            edits.phone = phone;
          }
          if (Object.keys(edits).length === 0) return { admin: toAdminView(locked) };
          await updateUser(tx, id, edits);
          const updated = await lockTarget(tx, id);
          await recordAudit(tx, by.actor, {
            action: 'admin.update',
            targetType: 'user',
            targetId: id,
            before: auditView(locked),
            after: auditView(updated),
          });
          return { admin: toAdminView(updated) };
        });
      } catch (err) {
        return uniqueConflict(err);
      }
    },

    /**
     * Disabling is at once (the brake on a compromised account: sessions revoked, first approvals
     * withdrawn); enabling is a proposal (`admin.enable`), so that one super admin cannot undo
     * another's brake alone. An account already in the wanted state is no change (200).
     */
    async setStatus(by: Acting, id: number, body: AdminStatusBody): Promise<AdminOutcome> {
      if (body.is_active) {
        const target = await repo.findAdmin(db, id);
        if (!target) throw notFoundAdmin();
        if (target.isActive) return { admin: toAdminView(target) };
        return {
          change: await changes.propose(ADMIN_CHANGE_KINDS.enable, String(id), body, by.actor, by.language),
        };
      }
      const { view, revoked } = await db.transaction(async (tx) => {
        await lockSuperAdmins(tx);
        const target = await lockTarget(tx, id);
        const change = await changeActive(tx, by, target, false, 'admin.status');
        if (change.outcome === 'refused') throw refusal(change.reason);
        const updated = await lockTarget(tx, id);
        return {
          view: toAdminView(updated),
          revoked: change.outcome === 'changed' ? change.revokedSessionIds : [],
        };
      });
      notifyRevoked(revoked);
      return { admin: view };
    },

    /**
     * Proposes a new activation link for another admin (`admin.activation`: a lost phone or
     * password). Until it is approved nothing changes; then their password, 2FA, sessions and
     * earlier links are revoked in one transaction and only the link (returned here, once) sets
     * new ones: the proposer never knows them. Nobody proposes it for themselves.
     */
    async proposeActivation(
      by: Acting,
      id: number,
      body: TwofaResetBody,
    ): Promise<{ change: AdminChange; activation: AdminActivationLink }> {
      const { link, tokenHash } = newActivationLink();
      const change = await changes.propose(
        ADMIN_CHANGE_KINDS.activation,
        String(id),
        { reason: body.reason, activation_token_hash: tokenHash },
        by.actor,
        by.language,
      );
      return { change, activation: link };
    },

    /**
     * Proposes deleting an admin for good (`admin.delete`: a tombstone once applied); never
     * yourself, never the last active super admin (checked when proposed and when applied).
     */
    async proposeRemove(by: Acting, id: number): Promise<AdminChange> {
      return changes.propose(ADMIN_CHANGE_KINDS.remove, String(id), { deleted: true }, by.actor, by.language);
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
