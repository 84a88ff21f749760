import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { adminLevel, kycStatus, userRole } from './enums.ts';
import { decimalString, emptyReply, envelope } from './envelope.ts';
import { language } from './language.ts';
import { PASSWORD_MESSAGES, passwordProblem } from './password-policy.ts';
import { totpCode } from './two-factor.ts';

export const PASSWORD_ALL_SPACES_MESSAGE = PASSWORD_MESSAGES.allSpaces;
/**
 * A new password (registration, change, reset, admin activation) under the password policy
 * (password-policy.ts); the web forms check it with the same rule.
 */
export const newPassword = z.string({ error: PASSWORD_MESSAGES.required }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const password = newPassword;
const email = z
  .email('邮箱格式不正确')
  .max(254)
  .transform((v) => v.trim().toLowerCase());
const phone = z
  .string()
  .trim()
  .regex(/^\+?\d{6,20}$/, '手机号格式不正确');

export const loginBody = z.object({
  /** E-mail or phone number. */
  account: z.string().trim().min(1, '请输入邮箱或手机号').max(254).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(32).optional(),
  password: z.string().min(1, '请输入密码').max(128),
  /** The second factor, for an account with 2FA on (see two-factor.ts). */
  totp: totpCode.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  email,
  phone: phone.optional().or(z.literal('').transform(() => undefined)),
  password,
  // Codes are upper case (auth/tokens.ts); a code typed in lower case still finds its owner.
  invite_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(32)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Only the user's own editable fields; anything else in the body is ignored. */
export const profileBody = z
  .object({
    nickname: z.string().trim().max(50).nullable().optional(),
    phone: phone.nullable().optional(),
  })
  .strip();
export type ProfileBody = z.infer<typeof profileBody>;

export const passwordBody = z.object({
  oldPassword: z.string().min(1, '请输入原密码').max(128),
  newPassword: password,
});
export type PasswordBody = z.infer<typeof passwordBody>;

export const walletView = z.object({
  currency: z.string(),
  balance: decimalString,
  frozen_balance: decimalString,
  salary_balance: decimalString,
});
export type WalletView = z.infer<typeof walletView>;

export const withdrawRequirement = z.object({
  canWithdraw: z.boolean(),
  reasons: z.array(z.string()),
});
export type WithdrawRequirement = z.infer<typeof withdrawRequirement>;

export const publicUser = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  role: userRole,
  admin_level: adminLevel.nullable(),
  is_active: z.boolean(),
  kyc_status: kycStatus,
  invite_code: z.string(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  permissions: z.array(z.string()),
  /** The e-mail was verified through its link (issue 33); 安全中心 offers 重新发送 until it is. */
  email_verified: z.boolean(),
  /** 2FA (TOTP) is on for this account. */
  twofa_enabled: z.boolean(),
  /** An admin without 2FA while ADMIN_2FA_REQUIRED: the session reaches only enrolment until it is on. */
  twofa_setup_required: z.boolean(),
  /**
   * Until when withdrawals are held after a security change (2FA on or off, password; issue 32),
   * ISO; null when no hold is running.
   */
  withdrawals_held_until: z.string().nullable(),
  withdrawRequirement: withdrawRequirement,
  wallets: z.array(walletView),
  /** The language chosen in the profile (issue 38, language.ts); null: not chosen yet. */
  language: language.nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const sessionReply = envelope(z.object({ token: z.string(), user: publicUser }));
export type SessionReply = z.infer<typeof sessionReply>;
export const meReply = envelope(z.object({ user: publicUser }));

export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  operationId: 'login',
  summary: '登录',
  description: 'Logs in with an e-mail or phone number and the password (and the 2FA code when on).',
  body: loginBody,
  reply: sessionReply,
});
export const register = endpoint({
  method: 'POST',
  path: '/api/auth/register',
  operationId: 'register',
  summary: '注册',
  description: 'Registers a user account and logs it in.',
  body: registerBody,
  reply: sessionReply,
});
export const logout = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  operationId: 'logout',
  summary: '退出登录',
  description: 'Logs out: the session ends.',
  reply: emptyReply,
});
export const getMe = endpoint({
  method: 'GET',
  path: '/api/auth/me',
  operationId: 'getMe',
  summary: '当前用户信息',
  description: "The caller's profile, wallets and chosen language.",
  reply: meReply,
});
export const updateProfile = endpoint({
  method: 'PATCH',
  path: '/api/auth/profile',
  operationId: 'updateProfile',
  summary: '修改个人资料',
  description: "Changes the caller's nickname or phone number.",
  body: profileBody,
  reply: meReply,
});
export const changePassword = endpoint({
  method: 'PATCH',
  path: '/api/auth/password',
  operationId: 'changePassword',
  summary: '修改密码',
  description: 'Changes the password; other devices are logged out.',
  body: passwordBody,
  reply: emptyReply,
});
