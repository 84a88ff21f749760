import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { emptyReply, envelope } from './envelope.ts';

/**
 * Two-factor authentication (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps). A `totp` field
 * takes either the 6-digit code of the authenticator app or one of the account's single-use
 * recovery codes.
 */
export const TWOFA_MESSAGES = {
  required: '请输入两步验证码',
  wrong: '两步验证码错误',
  setupRequired: '请先绑定两步验证',
  notEnabled: '未开启两步验证',
  alreadyEnabled: '两步验证已开启',
  noPendingSetup: '请先获取两步验证密钥',
  tooManyAttempts: '两步验证码错误次数过多，请稍后再试',
  ownReset: '不能重置自己的两步验证',
} as const;

/** A code as typed: 6 digits, or a recovery code (letters, digits and dashes); spaces are ignored. */
export const totpCode = z
  .string({ error: TWOFA_MESSAGES.required })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWOFA_MESSAGES.required)
      .max(32, TWOFA_MESSAGES.wrong)
      .regex(/^[0-9A-Za-z-]+$/, TWOFA_MESSAGES.wrong),
  );

/** POST /api/auth/2fa/setup: a new secret, not enabled until /enable proves the app has it. */
export const twofaSetupReply = envelope(z.object({ secret: z.string(), otpauth_url: z.string() }));
export type TwofaSetup = z.infer<typeof twofaSetupReply>['data'];

/**
 * The caller's login password: turning 2FA on or off needs it (issue 32), like a password change
 * needs the old one. Not trimmed: a password is taken as typed.
 */
export const TWOFA_PASSWORD_MESSAGES = { required: '请输入登录密码', wrong: '登录密码错误' } as const;
export const currentPassword = z
  .string({ error: TWOFA_PASSWORD_MESSAGES.required })
  .min(1, TWOFA_PASSWORD_MESSAGES.required)
  .max(128, TWOFA_PASSWORD_MESSAGES.wrong);

/** POST /api/auth/2fa/setup. */
export const twofaSetupBody = z.object({ password: currentPassword });

/** POST /api/auth/2fa/enable and /disable. */
export const twofaCodeBody = z.object({ code: totpCode, password: currentPassword });

/** The recovery codes, shown once: only their hashes are stored. */
export const twofaEnableReply = envelope(z.object({ recovery_codes: z.array(z.string()) }));

/** The `data` of a 401 from login (or a 400 from a withdrawal) that needs the second factor. */
export const twofaChallenge = z.object({ twofa_required: z.literal(true) });
export type TwofaChallenge = z.infer<typeof twofaChallenge>;
/** The `data` of a 403 from an admin call while the admin has not enrolled yet. */
export const twofaSetupChallenge = z.object({ twofa_setup_required: z.literal(true) });
export type TwofaSetupChallenge = z.infer<typeof twofaSetupChallenge>;

/** POST /api/admin/admins/{id}/2fa/reset (super admin, never their own account). */
export const twofaResetBody = z.object({
  reason: z.string().trim().min(1, '请输入重置原因').max(500, '原因不能超过500个字符'),
});
export type TwofaResetBody = z.infer<typeof twofaResetBody>;

export const setupTwoFactor = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/setup',
  operationId: 'setupTwoFactor',
  summary: '开始设置两步验证',
  description: 'Starts setting up two-factor authentication: a new secret and its QR code.',
  body: twofaSetupBody,
  reply: twofaSetupReply,
});
export const enableTwoFactor = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/enable',
  operationId: 'enableTwoFactor',
  summary: '开启两步验证',
  description: 'Turns two-factor authentication on with a code from the authenticator app.',
  body: twofaCodeBody,
  reply: twofaEnableReply,
});
export const disableTwoFactor = endpoint({
  method: 'POST',
  path: '/api/auth/2fa/disable',
  operationId: 'disableTwoFactor',
  summary: '关闭两步验证',
  description: 'Turns two-factor authentication off.',
  body: twofaCodeBody,
  reply: emptyReply,
});
