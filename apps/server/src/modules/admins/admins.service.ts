import {
  type AdminActivationLink,
  type AdminCreateBody,
  type AdminStatusBody,
  type AdminUpdateBody,
  type AdminView,
  type adminsQuery,
  TWOFA_MESSAGES,
  type TwofaResetBody,
} from '@platform/contracts';
import type { z } from 'zod';
import { businessRule, conflict, forbidden, notFound } from '../../core/errors.ts';
import { paginationOf } from '../../core/paging.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type Acting,
  changeActive,
  countOtherActiveSuperAdmins,
  LAST_SUPER_ADMIN,
  lockSuperAdmins,
  refusal,
} from '../admin-users/admin-users.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserByEmail, findUserByPhone, updateUser } from '../auth/accounts.ts';
import { lapseFirstApprovals } from '../dual-control/lapsed-approvals.ts';
import { createUser } from '../users/create-user.ts';
import { DELETED_PASSWORD, issueActivation, NO_PASSWORD, revokeCredentials } from './activation.ts';
import * as repo from './admins.repository.ts';

export const ADMIN_NOT_FOUND = '管理员不存在';
export const EMAIL_TAKEN = '该邮箱已被注册';
export const PHONE_TAKEN = '该手机号已被注册';
export const CANNOT_CHANGE_OWN_LEVEL = '不能修改自己的管理员级别';
export const CANNOT_DELETE_SELF = '不能删除自己的账户';
/** Decided (issue 32): a deleted admin's e-mail stays with its tombstone, for the audit log. */
export const EMAIL_OF_DELETED = '该邮箱属于已删除的账户，不能再次使用';

export interface AdminsDeps {
  db: Db;
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

/** What the audit log keeps of an admin: never the password hash. */
const auditView = (row: repo.AdminRow) => ({
  email: row.email,
  phone: row.phone,
  role: row.role,
  admin_level: row.adminLevel,
  is_active: row.isActive,
  twofa_enabled: row.twofaEnabledAt !== null,
  activation_pending: row.activationPending,
});

async function assertEmailFree(tx: Tx, email: string) {
  const holder = await findUserByEmail(tx, email);
  if (holder?.deletedAt) throw conflict(EMAIL_OF_DELETED);
  if (holder) throw conflict(EMAIL_TAKEN);
}

/** The unique indexes decide races between two requests for one e-mail or phone. */
function uniqueConflict(err: unknown): never {
  if (isUniqueViolation(err, 'users_email_key')) throw conflict(EMAIL_TAKEN);
  if (isUniqueViolation(err, 'users_phone_key')) throw conflict(PHONE_TAKEN);
  throw err;
}

/** An active super admin may lose that standing only if another active super admin remains. */
async function assertAnotherSuperAdmin(tx: Tx, target: repo.AdminRow) {
  if (target.adminLevel !== 'super_admin' || !target.isActive) return;
  if ((await countOtherActiveSuperAdmins(tx, target.id)) === 0) throw businessRule(LAST_SUPER_ADMIN);
}

export function createAdminsService(deps: AdminsDeps) {
  const { db } = deps;
  const notifyRevoked = (ids: string[]) => {
    if (ids.length > 0) deps.onSessionsRevoked?.(ids);
  };

  async function lockTarget(tx: Tx, id: number) {
    const target = await repo.lockAdmin(tx, id);
    if (!target) throw notFound(ADMIN_NOT_FOUND);
    return target;
  }

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
     * Creates an admin without a usable password and returns its activation link, shown here once:
     * the admin sets their own password and enrols 2FA through it (activation.ts).
     */
    async create(
      by: Acting,
      body: AdminCreateBody,
    ): Promise<{ admin: AdminView; activation: AdminActivationLink }> {
      try {
        return await db.transaction(async (tx) => {
          await assertEmailFree(tx, body.email);
          if (body.phone && (await findUserByPhone(tx, body.phone))) throw conflict(PHONE_TAKEN);
          const user = await createUser(tx, {
            email: body.email,
            phone: body.phone ?? null,
            passwordHash: NO_PASSWORD,
            role: 'admin',
            adminLevel: body.admin_level,
          });
          const row = await repo.findAdmin(tx, user.id);
          if (!row) throw new Error('created admin not found');
          const activation = await issueActivation(tx, user.id, by.actor.adminId);
          await recordAudit(tx, by.actor, {
            action: 'admin.create',
            targetType: 'user',
            targetId: user.id,
            before: null,
            after: { ...auditView(row), activation_expires_at: activation.expires_at },
          });
          return { admin: toAdminView(row), activation };
        });
      } catch (err) {
        return uniqueConflict(err);
      }
    },

    /** Changes the given fields; never a password (nobody sets another admin's: issueActivation). */
    async update(by: Acting, id: number, body: AdminUpdateBody): Promise<AdminView> {
      const self = id === by.actor.adminId;
      try {
        return await db.transaction(async (tx) => {
          if (body.admin_level !== undefined) await lockSuperAdmins(tx);
          const target = await lockTarget(tx, id);
          const changes: Parameters<typeof updateUser>[2] = {};
          if (body.email !== undefined && body.email !== target.email) {
            await assertEmailFree(tx, body.email);
            changes.email = body.email;
          }
          if (body.phone !== undefined && body.phone !== target.phone) {
            if (body.phone && (await findUserByPhone(tx, body.phone))) throw conflict(PHONE_TAKEN);
            changes.phone = body.phone;
          }
          if (body.admin_level !== undefined && body.admin_level !== target.adminLevel) {
            if (self) throw forbidden(CANNOT_CHANGE_OWN_LEVEL);
            if (body.admin_level === 'admin') await assertAnotherSuperAdmin(tx, target);
            changes.adminLevel = body.admin_level;
          }
          if (Object.keys(changes).length === 0) return toAdminView(target);

          await updateUser(tx, id, changes);
          const updated = await repo.findAdmin(tx, id);
          if (!updated) throw notFound(ADMIN_NOT_FOUND);
          await recordAudit(tx, by.actor, {
            action: 'admin.update',
            targetType: 'user',
            targetId: id,
            before: auditView(target),
            after: auditView(updated),
          });
          return toAdminView(updated);
        });
      } catch (err) {
        return uniqueConflict(err);
      }
    },

    async setStatus(by: Acting, id: number, body: AdminStatusBody): Promise<AdminView> {
      const { view, revoked } = await db.transaction(async (tx) => {
        if (!body.is_active) await lockSuperAdmins(tx);
        const target = await lockTarget(tx, id);
        const change = await changeActive(tx, by, target, body.is_active, 'admin.status');
        if (change.outcome === 'refused') throw refusal(change.reason);
        const updated = await repo.findAdmin(tx, id);
        if (!updated) throw notFound(ADMIN_NOT_FOUND);
        return {
          view: toAdminView(updated),
          revoked: change.outcome === 'changed' ? change.revokedSessionIds : [],
        };
      });
      notifyRevoked(revoked);
      return view;
    },

    /**
     * A new activation link for another admin (a lost phone or password): their password, 2FA,
     * sessions and earlier links are revoked in one transaction, and only the link (shown to the
     * caller once) sets new ones: the caller never knows them. Nobody does it to themselves.
     */
    async issueActivation(
      by: Acting,
      id: number,
      body: TwofaResetBody,
    ): Promise<{ admin: AdminView; activation: AdminActivationLink }> {
      if (id === by.actor.adminId) throw forbidden(TWOFA_MESSAGES.ownReset);
      const { result, revoked } = await db.transaction(async (tx) => {
        const target = await lockTarget(tx, id);
        const sessionIds = await revokeCredentials(tx, id);
        const activation = await issueActivation(tx, id, by.actor.adminId);
        const updated = await repo.findAdmin(tx, id);
        if (!updated) throw notFound(ADMIN_NOT_FOUND);
        await recordAudit(tx, by.actor, {
          action: 'admin.activation_issue',
          targetType: 'user',
          targetId: id,
          before: auditView(target),
          after: {
            ...auditView(updated),
            reason: body.reason,
            revoked_sessions: sessionIds.length,
            activation_expires_at: activation.expires_at,
          },
        });
        return { result: { admin: toAdminView(updated), activation }, revoked: sessionIds };
      });
      notifyRevoked(revoked);
      return result;
    },

    /**
     * Deletes an admin for good (a tombstone): every session and link is revoked at once (every
     * instance drops them at commit, session-changes.ts), password and 2FA are made unusable, the
     * account is disabled with deleted_at set (the database refuses to enable it again:
     * users_deleted_inactive) and its pending first approvals no longer count. The row stays,
     * because audit rows, deposits, withdrawals and the ledger reference it; its e-mail stays taken.
     */
    async remove(by: Acting, id: number): Promise<{ id: number }> {
      if (id === by.actor.adminId) throw forbidden(CANNOT_DELETE_SELF);
      const revoked = await db.transaction(async (tx) => {
        await lockSuperAdmins(tx);
        const target = await lockTarget(tx, id);
        await assertAnotherSuperAdmin(tx, target);
        const sessionIds = await revokeCredentials(tx, id, DELETED_PASSWORD);
        await updateUser(tx, id, { isActive: false, deletedAt: new Date() });
        const lapsed = await lapseFirstApprovals(tx, id);
        await recordAudit(tx, by.actor, {
          action: 'admin.delete',
          targetType: 'user',
          targetId: id,
          before: auditView(target),
          after: {
            is_active: false,
            deleted: true,
            revoked_sessions: sessionIds.length,
            lapsed_approvals: lapsed,
          },
        });
        return sessionIds;
      });
      notifyRevoked(revoked);
      return { id };
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
