import {
  type AccountLogins,
  type AccountSessions,
  listLogins,
  listSessions,
  revokeOtherSessions as revokeOtherSessionsEndpoint,
  revokeSession as revokeSessionEndpoint,
} from '@platform/contracts';
import { call } from '../../lib/request.ts';

/** 安全中心's calls (GET/DELETE /api/account/sessions, GET /api/account/logins): the caller's own. */

/** The recent logins the screen shows: the first page, the last 20. */
export const RECENT_LOGINS = 20;
/** Signed-in devices: a page large enough for anyone's (a session lives SESSION_TTL_HOURS). */
export const SESSIONS_PAGE = 100;

export const securityKeys = {
  sessions: ['account-security', 'sessions'] as const,
  logins: ['account-security', 'logins'] as const,
};

export async function fetchSessions(): Promise<AccountSessions> {
  const reply = await call(listSessions, { query: { limit: SESSIONS_PAGE } });
  return reply.data;
}

export async function fetchLogins(): Promise<AccountLogins> {
  const reply = await call(listLogins, { query: { limit: RECENT_LOGINS } });
  return reply.data;
}

/** Signs one device out; the reply's message says so. */
export async function revokeSession(id: string): Promise<string> {
  return (await call(revokeSessionEndpoint, { params: { id } })).message;
}

/** Signs every device but this one out. */
export async function revokeOtherSessions(): Promise<{ revoked: number; message: string }> {
  const reply = await call(revokeOtherSessionsEndpoint);
  return { revoked: reply.data?.revoked ?? 0, message: reply.message };
}
