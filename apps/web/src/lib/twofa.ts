import {
  CONTRACT_MESSAGES,
  disableTwoFactor,
  enableTwoFactor,
  LANGUAGES,
  setupTwoFactor,
  TWOFA_MESSAGES,
} from '@platform/contracts';
import { contractText, i18n } from '../i18n/index.ts';
import { ApiError, call } from './request.ts';

/**
 * POST /auth/2fa/setup: a new secret and its otpauth:// URL; nothing is on until enable proves the
 * app has it. Every 2FA change needs the login password (issue 32).
 */
export const startTwofaSetup = (password: string) =>
  call(setupTwoFactor, { body: { password } }).then((reply) => reply.data);

/** POST /auth/2fa/enable: turns 2FA on and answers the 10 single-use recovery codes (shown once). */
export const enableTwofa = (code: string, password: string) =>
  call(enableTwoFactor, { body: { code, password } }).then((reply) => reply.data);

/** POST /auth/2fa/disable: needs a current code (or a recovery code) and the login password. */
export const disableTwofa = (code: string, password: string) =>
  call(disableTwoFactor, { body: { code, password } });

/** The server's password refusals, in each language it answers in. */
const PASSWORD_REFUSALS = new Set(
  LANGUAGES.flatMap((language) => Object.values(CONTRACT_MESSAGES[language].twofaPassword)),
);

/** The refusal is about the login password (missing, wrong, or too many wrong ones), not the code. */
export const isPasswordRefusal = (error: unknown) =>
  error instanceof ApiError &&
  (PASSWORD_REFUSALS.has(error.message) || /登录密码|原密码/.test(error.message));

function replyData(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/** The server wants the second factor (login 401, withdrawal 400): data.twofa_required. */
export function isTwofaChallenge(error: unknown): boolean {
  return replyData(error)?.twofa_required === true;
}

/** The message of a refused code: the server's when it gave one, else 两步验证码错误. */
export function twofaErrorText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : contractText(TWOFA_MESSAGES.wrong);
}

/** A base32 secret in groups of four, as people copy it into an authenticator app by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** A code as typed: spaces dropped (a pasted "123 456" or a recovery code with spaces). */
export function normaliseCode(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '');
}

/** The text file of recovery codes the enrolment screen offers to download. */
export function recoveryCodesText(codes: readonly string[], account: string): string {
  const title = i18n.t('common:twofa.fileTitle', { account });
  return [title, i18n.t('common:twofa.fileNote'), '', ...codes, ''].join('\n');
}
