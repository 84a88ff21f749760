import {
  ADMIN_CHANGE_TEXTS,
  type AdminLevel,
  type AdminUserDetail,
  type AdminUserRow,
  type adminUsersQuery,
  DEFAULT_CURRENCY,
  type Language,
  LIST_COUNT_CAP,
  type UserStats,
} from '@platform/contracts';
import type { z } from 'zod';
import { badRequest, businessRule, forbidden, notFound } from '../../core/errors.ts';
import { paginationOf } from '../../core/paging.ts';
import type { Db, Executor } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { type AuditActor, type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import { revokeUserSessions } from '../auth/accounts.ts';
import { getUserWallets } from '../ledger/ledger.service.ts';
import { accountView } from '../users/user-view.ts';
import { findUserById } from '../users/users.ts';
import * as repo from './admin-users.repository.ts';
import { lapseFirstApprovals } from './lapsed-approvals.ts';

export { countOtherActiveSuperAdmins, lockSuperAdmins } from './admin-users.repository.ts';

export const USER_NOT_FOUND = msg('backOffice.adminUsers.userNotFound');
export const CANNOT_DISABLE_SELF = msg('backOffice.adminUsers.cannotDisableSelf');
export const ONLY_SUPER_ADMIN_CHANGES_ADMINS = msg('backOffice.adminUsers.onlySuperAdminChangesAdmins');
export const LAST_SUPER_ADMIN = msg('backOffice.adminUsers.lastSuperAdmin');
export const ACCOUNT_DELETED = msg('backOffice.adminUsers.accountDeleted');

/** Who acts: the audit actor plus the caller's admin level (some targets need super_admin). */
export interface Acting {
  actor: AuditActor;
  level: AdminLevel | null;
  /** The caller's own session, kept when they change their own password. */
  sessionId: string;
  /** The caller's language: a proposal's reply shows the change in it (DEFAULT_LANGUAGE if absent). */
  language?: Language;
}

export interface AdminUsersDeps {
  db: Db;
  /** Called after commit with the revoked session ids, so that their sockets are disconnected. */
  onSessionsRevoked?: (sessionIds: string[]) => void;
}

export function toUserRow(row: repo.UserListRow): AdminUserRow {
  return {
    ...accountView(row),
    balance: row.balance,
    frozen_balance: row.frozenBalance,
  };
}

export type ActiveChange =
  | { outcome: 'changed'; revokedSessionIds: string[] }
  | { outcome: 'unchanged' }
  | { outcome: 'refused'; reason: RefusalReason };

type RefusalReason = 'self' | 'admin-target' | 'last-super-admin' | 'deleted' | 'admin-enable';

/**
 * Enables or disables one locked user in the caller's transaction, with its audit row. Disabling
 * revokes every session of the user and withdraws an admin's pending first approvals (they no
 * longer count, issue 32). The rules: nobody disables themselves, a deleted admin's tombstone is
 * never enabled, only a super admin changes an admin account, enabling an admin account is a
 * proposal (admin.enable in 管理员管理, never this direct path), and at least one active super admin
 * always remains.
 */
export async function changeActive(
  tx: Executor,
  by: Acting,
  target: {
    id: number;
    isActive: boolean;
    role: 'user' | 'admin';
    adminLevel: AdminLevel | null;
    deletedAt?: Date | null;
  },
  isActive: boolean,
  action: AuditEntry['action'],
): Promise<ActiveChange> {
  if (target.id === by.actor.adminId && !isActive) return { outcome: 'refused', reason: 'self' };
  if (target.deletedAt && isActive) return { outcome: 'refused', reason: 'deleted' };
  if (target.isActive === isActive) return { outcome: 'unchanged' };
  if (target.role === 'admin' && by.level !== 'super_admin')
    return { outcome: 'refused', reason: 'admin-target' };
  if (target.role === 'admin' && isActive) return { outcome: 'refused', reason: 'admin-enable' };
  if (!isActive && target.role === 'admin' && target.adminLevel === 'super_admin') {
    if ((await repo.countOtherActiveSuperAdmins(tx, target.id)) === 0) {
      return { outcome: 'refused', reason: 'last-super-admin' };
    }
  }
  if (!(await repo.setUserActive(tx, target.id, isActive))) return { outcome: 'unchanged' };
  const revokedSessionIds = isActive ? [] : await revokeUserSessions(tx, target.id);
  const lapsed = !isActive && target.role === 'admin' ? await lapseFirstApprovals(tx, target.id) : null;
  await recordAudit(tx, by.actor, {
    action,
    targetType: 'user',
    targetId: target.id,
    before: { is_active: target.isActive },
    after: {
      is_active: isActive,
      revoked_sessions: revokedSessionIds.length,
      ...(lapsed ? { lapsed_approvals: lapsed } : {}),
    },
  });
  return { outcome: 'changed', revokedSessionIds };
}

export function refusal(reason: RefusalReason) {
  if (reason === 'self') return forbidden(CANNOT_DISABLE_SELF);
  if (reason === 'deleted') return badRequest(ACCOUNT_DELETED);
  if (reason === 'admin-target') return forbidden(ONLY_SUPER_ADMIN_CHANGES_ADMINS);
  if (reason === 'admin-enable') return forbidden(ADMIN_CHANGE_TEXTS.enableByProposal);
  return businessRule(LAST_SUPER_ADMIN);
}

export function createAdminUsersService(deps: AdminUsersDeps) {
  const { db } = deps;
  const notifyRevoked = (ids: string[]) => {
    if (ids.length > 0) deps.onSessionsRevoked?.(ids);
  };

  return {
    async list(query: z.infer<typeof adminUsersQuery>) {
      const filter: repo.UserListFilter = { search: query.search, status: query.status, kyc: query.kyc };
      const offset = (query.page - 1) * query.limit;
      const filtered = repo.hasListFilter(filter);
      const page = { limit: query.limit, offset };
      // Without a filter the total is the stat card's total: one count instead of two.
      const counting = filtered ? repo.countUsers(db, filter) : Promise.resolve(null);
      const [rows, stats, filteredTotal] = await Promise.all([
        // A search is counted first: the count decides how its page is read (listUsers).
        filter.search
          ? counting.then((counted) => repo.listUsers(db, filter, page, counted ?? undefined))
          : repo.listUsers(db, filter, page),
        repo.userStats(db),
        counting,
      ]);
      const { total, exact } = filteredTotal ?? { total: stats.total, exact: true };
      const userStats: UserStats = {
        total: stats.total,
        active: stats.total - stats.inactive,
        inactive: stats.inactive,
        kycPending: stats.kycPending,
        kycApproved: stats.kycApproved,
      };
      return {
        users: rows.map(toUserRow),
        // Past the cap the pages cover the first LIST_COUNT_CAP matches, as the journal's do.
        pagination: {
          ...paginationOf(query, exact ? total : LIST_COUNT_CAP),
          total,
          totalExact: exact,
        },
        stats: userStats,
      };
    },

    async detail(id: number): Promise<AdminUserDetail> {
      const user = await findUserById(db, id);
      if (!user) throw notFound(USER_NOT_FOUND);
      const wallets = await getUserWallets(db, id);
      const usdt = wallets.find((w) => w.currency === DEFAULT_CURRENCY);
      return {
        ...accountView(user),
        updated_at: user.updatedAt.toISOString(),
        balance: usdt?.balance ?? '0',
        frozen_balance: usdt?.frozen_balance ?? '0',
        invite_code: user.inviteCode,
        invited_by_code: user.invitedByCode,
        permissions: user.permissions,
        wallets,
        twofa_enabled: user.twofaEnabledAt !== null,
      };
    },

    async setStatus(by: Acting, id: number, isActive: boolean): Promise<AdminUserRow> {
      const { row, revoked } = await db.transaction(async (tx) => {
        if (!isActive) await repo.lockSuperAdmins(tx);
        const [target] = await repo.lockUsers(tx, [id]);
        if (!target) throw notFound(USER_NOT_FOUND);
        const change = await changeActive(tx, by, target, isActive, 'user.status');
        if (change.outcome === 'refused') throw refusal(change.reason);
        const [updated] = await repo.findUserRows(tx, [id]);
        if (!updated) throw notFound(USER_NOT_FOUND);
        return { row: updated, revoked: change.outcome === 'changed' ? change.revokedSessionIds : [] };
      });
      notifyRevoked(revoked);
      return toUserRow(row);
    },

    /** Applies to each listed user the caller may change; the caller and refused users are skipped. */
    async bulkStatus(by: Acting, ids: readonly number[], isActive: boolean) {
      const wanted = [...new Set(ids)].sort((a, b) => a - b);
      const result = await db.transaction(async (tx) => {
        if (!isActive) await repo.lockSuperAdmins(tx);
        const targets = await repo.lockUsers(tx, wanted);
        const processedIds: number[] = [];
        const revoked: string[] = [];
        for (const target of targets) {
          if (target.id === by.actor.adminId) continue;
          const change = await changeActive(tx, by, target, isActive, 'user.status');
          if (change.outcome !== 'changed') continue;
          processedIds.push(target.id);
          revoked.push(...change.revokedSessionIds);
        }
        return { processedIds, revoked };
      });
      notifyRevoked(result.revoked);
      const processed = new Set(result.processedIds);
      return {
        processedCount: result.processedIds.length,
        processedIds: result.processedIds,
        skippedIds: wanted.filter((id) => !processed.has(id)),
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
