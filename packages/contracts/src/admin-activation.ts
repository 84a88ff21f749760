import { z } from 'zod';
import { passwordBody } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { envelope, isoDateTime } from './envelope.ts';
import { totpCode, twofaEnableReply } from './two-factor.ts';

/**
 * Admin activation links (issue 32): a new admin, or one a super admin re-issued a link for, has no
 * usable password. Creating an admin and re-issuing a link are proposals a second super admin
 * approves (docs/pending-changes.md): the link (/admin/activate?token=...) is made and shown to the
 * proposing super admin once, when proposed, and works from the approval on, for 24 h and once.
 * The admin opens it, sets their own password and enrols 2FA, and only then can log in. Only the
 * token's hash is stored (in the proposal, then in the link's row).
 */
export const ADMIN_ACTIVATION_TEXTS = {
  invalid: '激活链接无效，请联系超级管理员重新发送',
  expired: '激活链接已过期，请联系超级管理员重新发送',
  used: '激活链接已使用，请直接登录',
  revoked: '激活链接已失效（已发送新的激活链接或账户已删除），请联系超级管理员',
  passwordNotSettable: '不能设置其他管理员的密码，请发送激活链接由其本人设置',
  /** The proposal that made the link is still open: the account change has not taken effect. */
  awaitingApproval: '该账户变更正在等待另一位超级管理员批准，批准生效后此链接才能使用',
  /** The proposal was rejected, cancelled or went stale: the link never works. */
  notApproved: '该账户变更未获批准（已被拒绝、撤销或失效），此链接无效，请联系超级管理员',
} as const;

/** The page a link opens (apps/web), with the token in the query. */
export const ADMIN_ACTIVATION_PATH = '/admin/activate';

/** How long a link works, counted from the approval that made it take effect. */
export const ADMIN_ACTIVATION_HOURS = 24;

/**
 * What the proposing super admin sees once: the token and where it leads. It works only once the
 * proposal is approved (or its 24 h delay has passed), then for ADMIN_ACTIVATION_HOURS.
 */
export const adminActivationLink = z.object({
  token: z.string(),
  /** `ADMIN_ACTIVATION_PATH?token=...`: the web app prefixes its own origin. */
  path: z.string(),
});
export type AdminActivationLink = z.infer<typeof adminActivationLink>;

const activationToken = z
  .string({ error: ADMIN_ACTIVATION_TEXTS.invalid })
  .trim()
  .min(1, ADMIN_ACTIVATION_TEXTS.invalid)
  .max(200, ADMIN_ACTIVATION_TEXTS.invalid);

export const activationStartBody = z.object({ token: activationToken });
/** A new 2FA secret for the account, pending until /complete proves the authenticator has it. */
export const activationStartReply = envelope(
  z.object({ email: z.string(), expires_at: isoDateTime, secret: z.string(), otpauth_url: z.string() }),
);
export type ActivationStart = z.infer<typeof activationStartReply>['data'];

export const activationCompleteBody = z.object({
  token: activationToken,
  password: passwordBody.shape.newPassword,
  code: totpCode,
});
export type ActivationCompleteBody = z.infer<typeof activationCompleteBody>;

export const startAdminActivation = endpoint({
  method: 'POST',
  path: '/api/auth/activation/start',
  operationId: 'startAdminActivation',
  summary: '打开管理员激活链接',
  description: 'Opens an admin activation link and checks it.',
  body: activationStartBody,
  reply: activationStartReply,
});
export const completeAdminActivation = endpoint({
  method: 'POST',
  path: '/api/auth/activation/complete',
  operationId: 'completeAdminActivation',
  summary: '激活管理员账户（设置密码并绑定两步验证）',
  description: 'Activates an admin account: sets the password and binds two-factor authentication.',
  body: activationCompleteBody,
  reply: twofaEnableReply,
});
