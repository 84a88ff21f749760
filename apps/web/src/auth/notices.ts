import { i18n } from '../i18n/index.ts';

/**
 * Why the login page was opened, as a fixed key in its address (`/login?notice=password_changed`):
 * the page shows its own text for a known key and nothing for anything else, so that a link cannot
 * put words of its choosing on the login page.
 */
export const LOGIN_NOTICE_PARAM = 'notice';
export const PASSWORD_CHANGED_NOTICE = 'password_changed';
export const PASSWORD_RESET_NOTICE = 'password_reset';

const NOTICES = {
  [PASSWORD_CHANGED_NOTICE]: 'noticePasswordChanged',
  [PASSWORD_RESET_NOTICE]: 'noticePasswordReset',
} as const;

export function loginNotice(key: string | null): string | null {
  if (!key || !Object.hasOwn(NOTICES, key)) return null;
  return i18n.t(`user:auth.${NOTICES[key as keyof typeof NOTICES]}`);
}
