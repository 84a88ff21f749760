import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { confirmDialog, loginThroughForm, registerUser, snap, toast } from './support.ts';

/**
 * 安全中心 at a phone viewport (issue 20): the same account signed in on two phones; the first one
 * sees both devices (itself as 本机), the recent logins with a failed attempt, signs the other out,
 * and the other is logged out at its next call. Signing itself out ends at the login page.
 */

test.describe.configure({ timeout: 180_000 });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
test.use({ ...PHONE, actionTimeout: 30_000 });
// The machines running these are busy: the first screen of a page can take over 15 s to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function phone(browser: Browser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({
    ...PHONE,
    userAgent,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

const sessionRows = (page: Page) =>
  page
    .getByTestId('sessions-card')
    .locator('[data-testid^="session-"]')
    .filter({
      has: page.getByTestId('session-revoke'),
    });

test('two phones on one account: the first signs the other out from 安全中心, the other is logged out', async ({
  browser,
  request,
}, testInfo) => {
  const account = await registerUser(request, 'security');
  const email = account.user.email;
  const password = 'user-secret-1';

  const first = await phone(browser, ANDROID_CHROME);
  const other = await phone(browser, IPHONE_SAFARI);
  try {
    // The other phone: a wrong password first (a failed login on the account), then signed in.
    await loginThroughForm(other, email, 'not-the-password', '/me');
    await expect(other.getByText('账号或密码错误')).toBeVisible();
    await loginThroughForm(other, email, password, '/me');
    await expect(other.getByTestId('account-page')).toBeVisible();

    await loginThroughForm(first, email, password, '/me');
    await expect(first.getByTestId('account-page')).toBeVisible();
    await first.getByTestId('me-link-/me/security').click();
    await expect(first.getByTestId('security-page')).toBeVisible();

    // Three sessions: this phone (本机, first), the other phone, and the registration's API client.
    await expect(sessionRows(first)).toHaveCount(3);
    const own = sessionRows(first).first();
    await expect(own.getByTestId('session-current')).toHaveText('本机');
    await expect(own.getByTestId('session-device')).toHaveText('Chrome · Android');
    await expect(own).toContainText('最近使用：刚刚');
    const otherRow = sessionRows(first).filter({ hasText: 'Safari · iOS' });
    await expect(otherRow).toHaveCount(1);
    await expect(otherRow.getByTestId('session-current')).toHaveCount(0);
    await expect(otherRow).toContainText('IP：127.0.0.1');

    // Recent logins, newest first: this phone, the other phone, the other's wrong password.
    const logins = first.getByTestId('logins-card').locator('[data-testid^="login-"]');
    await expect(logins).toHaveCount(3);
    await expect(logins.nth(0)).toContainText('Chrome · Android');
    await expect(logins.nth(0)).toContainText('成功');
    await expect(logins.nth(2)).toContainText('Safari · iOS');
    await expect(logins.nth(2)).toContainText('失败');
    await expect(logins.nth(2)).toContainText('原因：密码错误');
    await snap(first, testInfo, 'security-centre-phone');

    await otherRow.getByTestId('session-revoke').click();
    const dialog = confirmDialog(first, '退出该设备？');
    await expect(dialog).toContainText('Safari · iOS（IP 127.0.0.1）将立即退出登录。');
    await snap(first, testInfo, 'security-centre-revoke-confirm-phone');
    await dialog.getByRole('button', { name: '退出登录' }).click();
    await expect(toast(first, '该设备已退出登录')).toBeVisible();
    await expect(sessionRows(first)).toHaveCount(2);
    await expect(sessionRows(first).filter({ hasText: 'Safari · iOS' })).toHaveCount(0);
    await snap(first, testInfo, 'security-centre-after-revoke-phone');

    // The other phone's next call (its 资产 screen reads the wallet) is refused: it is logged out.
    await other.getByTestId('user-tab-bar').getByText('资产').click();
    await expect(other).toHaveURL(/\/login/);
    await expect(other.getByPlaceholder('邮箱或手机号')).toBeVisible();
    expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snap(other, testInfo, 'security-other-phone-logged-out');

    // This phone signs itself out from the list: the login page.
    await sessionRows(first).first().getByTestId('session-revoke').click();
    await confirmDialog(first, '退出本机？').getByRole('button', { name: '退出登录' }).click();
    await expect(first).toHaveURL(/\/login/);
    expect(await first.evaluate(() => localStorage.getItem('token'))).toBeNull();
  } finally {
    await first.context().close();
    await other.context().close();
  }
});
