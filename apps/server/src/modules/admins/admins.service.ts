import {
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
import {
  findUserByEmail,
  findUserByPhone,
  removeTwoFactor,
  revokeUserSessions,
  updateUser,
} from '../auth/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createUser } from '../users/create-user.ts';
import * as repo from './admins.repository.ts';

export const ADMIN_NOT_FOUND = '管理员不存在';
export const EMAIL_TAKEN = '该邮箱已被注册';
export const PHONE_TAKEN = '该手机号已被注册';
export const CANNOT_CHANGE_OWN_LEVEL = '不能修改自己的管理员级别';
export const CANNOT_DELETE_SELF = '不能删除自己的账户';

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
});

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

    async create(by: Acting, body: AdminCreateBody): Promise<AdminView> {
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction(async (tx) => {
          if (await findUserByEmail(tx, body.email)) throw conflict(EMAIL_TAKEN);
          if (body.phone && (await findUserByPhone(tx, body.phone))) throw conflict(PHONE_TAKEN);
          const user = await createUser(tx, {
            email: body.email,
            phone: body.phone ?? null,
            passwordHash,
            role: 'admin',
            adminLevel: body.admin_level,
          });
          const row = await repo.findAdmin(tx, user.id);
          if (!row) throw new Error('created admin not found');
          await recordAudit(tx, by.actor, {
            action: 'admin.create',
            targetType: 'user',
            targetId: user.id,
            before: null,
            after: auditView(row),
          });
          return toAdminView(row);
        });
      } catch (err) {
        return uniqueConflict(err);
      }
    },

    /** Changes the given fields; a new password revokes the admin's sessions (the caller keeps theirs). */
    async update(by: Acting, id: number, body: AdminUpdateBody): Promise<AdminView> {
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const self = id === by.actor.adminId;
      let revoked: string[] = [];
      let view: AdminView;
      try {
        view = await db.transaction(async (tx) => {
          if (body.admin_level !== undefined) await lockSuperAdmins(tx);
          const target = await lockTarget(tx, id);
          const changes: Parameters<typeof updateUser>[2] = {};
          if (body.email !== undefined && body.email !== target.email) {
            if (await findUserByEmail(tx, body.email)) throw conflict(EMAIL_TAKEN);
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
          if (passwordHash) changes.passwordHash = passwordHash;
          if (Object.keys(changes).length === 0) return toAdminView(target);

          await updateUser(tx, id, changes);
          if (passwordHash) revoked = await revokeUserSessions(tx, id, self ? by.sessionId : undefined);
          const updated = await repo.findAdmin(tx, id);
          if (!updated) throw notFound(ADMIN_NOT_FOUND);
          await recordAudit(tx, by.actor, {
            action: 'admin.update',
            targetType: 'user',
            targetId: id,
            before: auditView(target),
            after: {
              ...auditView(updated),
              password_changed: Boolean(passwordHash),
              revoked_sessions: revoked.length,
            },
          });
          return toAdminView(updated);
        });
      } catch (err) {
        return uniqueConflict(err);
      }
      notifyRevoked(revoked);
      return view;
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
     * A super admin resets another admin's 2FA (a lost phone): secret and recovery codes go, every
     * session of the admin is revoked, and the audit row keeps the reason. With ADMIN_2FA_REQUIRED
     * the admin enrols again at the next login. Nobody resets their own: that would let a stolen
     * password of a super admin remove the second factor.
     */
    async resetTwoFactor(by: Acting, id: number, body: TwofaResetBody): Promise<AdminView> {
      if (id === by.actor.adminId) throw forbidden(TWOFA_MESSAGES.ownReset);
      const { view, revoked } = await db.transaction(async (tx) => {
        const target = await lockTarget(tx, id);
        await removeTwoFactor(tx, id);
        const sessionIds = await revokeUserSessions(tx, id);
        await recordAudit(tx, by.actor, {
          action: 'twofa.reset',
          targetType: 'user',
          targetId: id,
          before: { email: target.email, twofa_enabled: target.twofaEnabledAt !== null },
          after: { twofa_enabled: false, reason: body.reason, revoked_sessions: sessionIds.length },
        });
        return { view: toAdminView({ ...target, twofaEnabledAt: null }), revoked: sessionIds };
      });
      notifyRevoked(revoked);
      return view;
    },

    /**
     * Removes an admin from admin management for good: the account loses its admin role, is disabled
     * and every session is revoked. The row stays, because audit rows, deposits, withdrawals and the
     * ledger reference it; the e-mail therefore stays taken.
     */
    async remove(by: Acting, id: number): Promise<{ id: number }> {
      if (id === by.actor.adminId) throw forbidden(CANNOT_DELETE_SELF);
      const revoked = await db.transaction(async (tx) => {
        await lockSuperAdmins(tx);
        const target = await lockTarget(tx, id);
        await assertAnotherSuperAdmin(tx, target);
        await updateUser(tx, id, { role: 'user', adminLevel: null, isActive: false });
        const sessionIds = await revokeUserSessions(tx, id);
        await recordAudit(tx, by.actor, {
          action: 'admin.delete',
          targetType: 'user',
          targetId: id,
          before: auditView(target),
          after: { role: 'user', admin_level: null, is_active: false, revoked_sessions: sessionIds.length },
        });
        return sessionIds;
      });
      notifyRevoked(revoked);
      return { id };
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
