import {
  ACCOUNT_SECURITY_MESSAGES,
  type AccountLogins,
  type AccountSessions,
  type Language,
  type PageQuery,
} from '@platform/contracts';
import { notFound } from '../../../core/errors.ts';
import { pageOf, paginationOf } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { findUserById } from '../../users/users.ts';
import * as authRepo from '../auth.repository.ts';
import * as repo from './account-security.repository.ts';
import { describeDevice } from './device.ts';

export interface AccountSecurityDeps {
  db: Db;
  /** Admin sessions' idle and absolute limits: a session past them is not listed as signed in. */
  adminSession: authRepo.AdminSessionPolicy;
  /** The revoked sessions' sockets are disconnected at once (as at logout). */
  onSessionsRevoked?: (sessionIds: string[]) => void;
}

interface Caller {
  userId: number;
  sessionId: string;
}

/**
 * 安全中心 (issue 20): the caller's signed-in devices, revoking one or all the others, and their
 * recent logins. Revoking is logout's path (a conditional UPDATE of revoked_at, announced to every
 * instance by migration 0028's trigger, then the sockets disconnected), limited to the caller's
 * own sessions: another user's id is the same 404 as an unknown one.
 */
export function createAccountSecurityService(deps: AccountSecurityDeps) {
  const { db } = deps;

  return {
    /** `language`: the reader's, in which each device is named (未知设备, Unknown device). */
    async listSessions(caller: Caller, query: PageQuery, language: Language): Promise<AccountSessions> {
      return sessionsOf(caller.userId, caller.sessionId, query, language);
    },

    /** 用户详情's 登录设备: another user's sessions, none of them the admin's own. */
    async listSessionsForAdmin(
      userId: number,
      query: PageQuery,
      language: Language,
    ): Promise<AccountSessions> {
      await existingUser(userId);
      return sessionsOf(userId, null, query, language);
    },

    /** 用户详情's 登录记录. */
    async listLoginsForAdmin(userId: number, query: PageQuery, language: Language): Promise<AccountLogins> {
      await existingUser(userId);
      return loginsOf(userId, query, language);
    },

    /** Signs one of the caller's devices out, this one included (the client then logs out). */
    async revokeSession(caller: Caller, sessionId: string): Promise<void> {
      if (!(await authRepo.revokeSession(db, sessionId, caller.userId)))
        throw notFound(ACCOUNT_SECURITY_MESSAGES.sessionNotFound);
      deps.onSessionsRevoked?.([sessionId]);
    },

    /** Signs every other device of the caller out; returns how many. */
    async revokeOtherSessions(caller: Caller): Promise<number> {
      const revoked = await authRepo.revokeUserSessions(db, caller.userId, caller.sessionId);
      if (revoked.length > 0) deps.onSessionsRevoked?.(revoked);
      return revoked.length;
    },

    async listLogins(userId: number, query: PageQuery, language: Language): Promise<AccountLogins> {
      return loginsOf(userId, query, language);
    },
  };

  async function existingUser(userId: number): Promise<void> {
    if (!(await findUserById(db, userId))) throw notFound(ACCOUNT_SECURITY_MESSAGES.userNotFound);
  }

  async function sessionsOf(
    userId: number,
    currentId: string | null,
    query: PageQuery,
    language: Language,
  ): Promise<AccountSessions> {
    const { rows, total } = await repo.listLiveSessions(
      db,
      userId,
      currentId,
      deps.adminSession,
      pageOf(query),
    );
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent, language),
        user_agent: row.userAgent,
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        current: row.id === currentId,
      })),
      pagination: paginationOf(query, total),
    };
  }

  async function loginsOf(userId: number, query: PageQuery, language: Language): Promise<AccountLogins> {
    const { rows, total } = await repo.listLoginEvents(db, userId, pageOf(query));
    return {
      logins: rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        ip: row.ip,
        device: describeDevice(row.userAgent, language),
        user_agent: row.userAgent,
        success: row.success,
        failure_reason: row.failureReason,
      })),
      pagination: paginationOf(query, total),
    };
  }
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
