import { z } from 'zod';
import { newPassword } from './auth.ts';
import { adminChange } from './changes.ts';
import { endpoint } from './endpoint.ts';
import { emptyReply, envelope } from './envelope.ts';
import { idParams } from './pagination.ts';

/**
 * Account recovery and e-mail (issue 33, docs/mail.md): e-mail verification, password reset by a
 * one-time link, and the support flow where a super admin proposes that link when no mail is sent.
 */

/** How long a reset link works; an e-mail verification link works for a day. */
export const PASSWORD_RESET_TTL_MINUTES = 15;
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

export const RECOVERY_MESSAGES = {
  /** The forgot-password answer for every e-mail, known or not: it reveals no account. */
  forgotSent: '如果该邮箱已注册，我们已向其发送重置密码的链接，15分钟内有效',
  resetDone: '密码已重置，所有设备已退出登录，请使用新密码登录',
  resetLinkInvalid: '重置链接无效或已过期，请重新申请',
  verifyDone: '邮箱验证成功',
  verifyLinkInvalid: '验证链接无效或已过期，请重新发送验证邮件',
  alreadyVerified: '邮箱已验证，无需重复验证',
  verificationSent: '验证邮件已发送，请查收',
  mailNotConfigured: '系统未配置邮件发送，请联系客服',
  tooManyRequests: '请求过于频繁，请稍后再试',
  /** A support link whose proposal is still open (issue 32): it works only once approved. */
  resetAwaitingApproval: '该重置链接正在等待另一位超级管理员批准，批准生效后才能使用',
  /** A support link whose proposal was rejected, cancelled or went stale: it never works. */
  resetNotApproved: '该重置链接未获批准（已被拒绝、撤销或失效），请联系客服重新申请',
  resetLinkOnce: `重置链接只显示这一次，批准生效后${PASSWORD_RESET_TTL_MINUTES}分钟内有效，只能使用一次`,
} as const;

/** The token of a link; a missing or oversized one is refused with the link's own message. */
const linkToken = (invalid: string) => z.string({ error: invalid }).trim().min(1, invalid).max(200, invalid);

export const forgotPasswordBody = z.object({
  email: z.string({ error: '请输入邮箱' }).trim().min(1, '请输入邮箱').max(254, '邮箱格式不正确'),
});
export const resetPasswordBody = z.object({
  token: linkToken(RECOVERY_MESSAGES.resetLinkInvalid),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export const verifyEmailBody = z.object({ token: linkToken(RECOVERY_MESSAGES.verifyLinkInvalid) });

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/auth/password/forgot',
  operationId: 'forgotPassword',
  summary: '忘记密码（发送重置链接）',
  description: "Sends a password reset link to the account's e-mail address.",
  body: forgotPasswordBody,
  reply: emptyReply,
});
export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/auth/password/reset',
  operationId: 'resetPassword',
  summary: '通过链接重置密码',
  description: 'Sets a new password with the one-time link from the reset e-mail.',
  body: resetPasswordBody,
  reply: emptyReply,
});
export const verifyEmail = endpoint({
  method: 'POST',
  path: '/api/auth/email/verify',
  operationId: 'verifyEmail',
  summary: '验证邮箱',
  description: 'Verifies the e-mail address with the link from the verification e-mail.',
  body: verifyEmailBody,
  reply: emptyReply,
});
export const resendEmailVerification = endpoint({
  method: 'POST',
  path: '/api/auth/email/verification',
  operationId: 'resendEmailVerification',
  summary: '重新发送验证邮件',
  description: 'Sends the e-mail verification link again.',
  reply: emptyReply,
});

/**
 * The support flow's link (shown once: only its hash is kept). Making one is a proposal another
 * super admin approves (issue 32, docs/pending-changes.md); it works from the approval on, for
 * `valid_minutes`, once.
 */
export const passwordResetLink = z.object({
  link: z.string(),
  valid_minutes: z.number().int(),
});
export type PasswordResetLink = z.infer<typeof passwordResetLink>;
export const resetLinkProposalReply = envelope(
  z.object({ change: adminChange, reset_link: passwordResetLink }),
);
export type ResetLinkProposal = z.infer<typeof resetLinkProposalReply>['data'];
export const issuePasswordResetLink = endpoint({
  method: 'POST',
  path: '/api/admin/users/:id/password-reset-link',
  operationId: 'issuePasswordResetLink',
  summary: '提交生成一次性重置密码链接（客服，需另一位超级管理员批准）',
  description:
    'Proposes a one-time password reset link for a user (support; another super admin must approve).',
  params: idParams,
  status: 202,
  reply: resetLinkProposalReply,
});
