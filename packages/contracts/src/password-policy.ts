import { COMMON_PASSWORDS_DATA } from './common-passwords.ts';

/**
 * The password policy (issue 33), shared by the server's schemas and the web forms: at least
 * MIN_PASSWORD_LENGTH characters, with a letter and a digit, and not one of the common passwords
 * (common-passwords.ts; compared lower-cased). Checked only when a password is set (registration,
 * change, reset, admin activation): existing passwords stay valid until their owner changes them.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: '请输入密码',
  tooShort: `密码至少${MIN_PASSWORD_LENGTH}位`,
  tooLong: `密码不能超过${MAX_PASSWORD_LENGTH}位`,
  allSpaces: '密码不能全是空格',
  lettersAndDigits: '密码须同时包含字母和数字',
  common: '该密码过于常见，容易被猜中，请换一个',
} as const;

/** What the form says under the field before anything is typed. */
export const PASSWORD_HINT = `至少${MIN_PASSWORD_LENGTH}位，须同时包含字母和数字，不能是常见密码`;

let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set(COMMON_PASSWORDS_DATA.split('\n'));
  return common;
};

/** Why `password` may not be set, in Chinese; null when it may. */
export function passwordProblem(password: string): string | null {
  if (password === '') return PASSWORD_MESSAGES.required;
  if (password.trim() === '') return PASSWORD_MESSAGES.allSpaces;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return PASSWORD_MESSAGES.lettersAndDigits;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}
