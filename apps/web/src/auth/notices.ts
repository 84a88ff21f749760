/**
 * Why the login page was opened, as a fixed key in its address (`/login?notice=password_changed`):
 * the page shows its own text for a known key and nothing for anything else, so that a link cannot
 * put words of its choosing on the login page.
 */
export const LOGIN_NOTICE_PARAM = 'notice';
export const PASSWORD_CHANGED_NOTICE = 'password_changed';
export const PASSWORD_RESET_NOTICE = 'password_reset';

const NOTICES: Record<string, string> = {
  [PASSWORD_CHANGED_NOTICE]: '密码已修改，请使用新密码重新登录',
  [PASSWORD_RESET_NOTICE]: '密码已重置，所有设备已退出登录，请使用新密码登录',
};

export function loginNotice(key: string | null): string | null {
  return key && Object.hasOwn(NOTICES, key) ? (NOTICES[key] ?? null) : null;
}
