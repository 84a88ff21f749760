import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { emptyReply, envelope, isoDateTime } from './envelope.ts';
import { idParams, pageQuery, pagination } from './pagination.ts';

/**
 * 安全中心 (issue 20): the caller's own signed-in devices (sessions) and recent logins. A user sees
 * and revokes only their own sessions; any other id, another user's included, is the same 404.
 */
export const ACCOUNT_SECURITY_MESSAGES = {
  badSessionId: '设备ID不正确',
  sessionNotFound: '该登录设备不存在或已退出',
  revoked: '该设备已退出登录',
  revokedOthers: '其他设备已全部退出登录',
  userNotFound: '用户不存在',
} as const;

/** A signed-in device: a live session of the caller. */
export const accountSession = z.object({
  id: z.string(),
  /** The User-Agent summarised, e.g. "Chrome · Android"; 未知设备 without one. */
  device: z.string(),
  user_agent: z.string().nullable(),
  /** The address it logged in from. */
  ip: z.string().nullable(),
  /** When it logged in. */
  created_at: isoDateTime,
  /** Its last request, to within a minute (the server refreshes it at most once a minute). */
  last_seen_at: isoDateTime,
  /** The session of the request that asked: 本机. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

/** GET /api/account/sessions: the current session first, then the most recently used. */
export const accountSessionsQuery = pageQuery;
export const accountSessionsReply = envelope(z.object({ sessions: z.array(accountSession), pagination }));
export type AccountSessions = z.infer<typeof accountSessionsReply>['data'];

/** DELETE /api/account/sessions/{id}. */
export const accountSessionParams = z.object({
  id: z.uuid({ error: ACCOUNT_SECURITY_MESSAGES.badSessionId }),
});

/** DELETE /api/account/sessions: every session but the caller's own. */
export const revokeOtherSessionsReply = envelope(z.object({ revoked: z.number().int() }));

export const loginFailureReasons = ['password', 'totp', 'disabled', 'locked'] as const;
export const loginFailureReason = z.enum(loginFailureReasons);
export type LoginFailureReason = z.infer<typeof loginFailureReason>;
export const LOGIN_FAILURE_LABELS: Record<LoginFailureReason, string> = {
  password: '密码错误',
  totp: '两步验证码错误',
  disabled: '账户已禁用',
  locked: '错误次数过多，暂时限制登录',
};

/** One login attempt on the caller's account: a success, or a failure after the account was named. */
export const accountLogin = z.object({
  id: z.number().int(),
  created_at: isoDateTime,
  ip: z.string().nullable(),
  device: z.string(),
  user_agent: z.string().nullable(),
  success: z.boolean(),
  failure_reason: loginFailureReason.nullable(),
});
export type AccountLogin = z.infer<typeof accountLogin>;

/** GET /api/account/logins: newest first; the first page (limit 20) is the last 20 logins. */
export const accountLoginsQuery = pageQuery;
export const accountLoginsReply = envelope(z.object({ logins: z.array(accountLogin), pagination }));
export type AccountLogins = z.infer<typeof accountLoginsReply>['data'];

export const listSessions = endpoint({
  method: 'GET',
  path: '/api/account/sessions',
  operationId: 'listSessions',
  summary: '登录设备',
  description: 'The devices the caller is logged in on.',
  query: accountSessionsQuery,
  reply: accountSessionsReply,
});
export const revokeSession = endpoint({
  method: 'DELETE',
  path: '/api/account/sessions/:id',
  operationId: 'revokeSession',
  summary: '退出一台登录设备',
  description: "Logs out one of the caller's devices.",
  params: accountSessionParams,
  reply: emptyReply,
});
export const revokeOtherSessions = endpoint({
  method: 'DELETE',
  path: '/api/account/sessions',
  operationId: 'revokeOtherSessions',
  summary: '退出其他所有设备',
  description: 'Logs out every device but this one.',
  reply: revokeOtherSessionsReply,
});
export const listLogins = endpoint({
  method: 'GET',
  path: '/api/account/logins',
  operationId: 'listLogins',
  summary: '登录记录',
  description: "The caller's login history.",
  query: accountLoginsQuery,
  reply: accountLoginsReply,
});

/**
 * 用户详情's 登录设备 and 登录记录 (issue 33): the same lists of one user, for any admin (requireAdmin),
 * read-only; `current` is always false (no session of that user is the admin's). An unknown user is 404.
 */
export const listUserSessionsForAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/users/:id/sessions',
  operationId: 'listUserSessionsForAdmin',
  summary: '用户的登录设备',
  description: 'The devices a user is logged in on (admin).',
  params: idParams,
  query: accountSessionsQuery,
  reply: accountSessionsReply,
});
export const listUserLoginsForAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/users/:id/logins',
  operationId: 'listUserLoginsForAdmin',
  summary: '用户的登录记录',
  description: "A user's login history (admin).",
  params: idParams,
  query: accountLoginsQuery,
  reply: accountLoginsReply,
});
