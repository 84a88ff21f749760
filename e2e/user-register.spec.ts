import { expect as baseExpect, type Page, test } from '@playwright/test';
import { callApi, loginThroughForm, registerUser, snap, uniqueEmail } from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
// The machines running these are busy: the first screen of a page can take over 15 s to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

interface Referral {
  id: number;
  email: string;
  level: number;
}

async function storedUserId(page: Page): Promise<number> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number }).id);
}

async function logout(page: Page) {
  await page.goto('/me');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

test('a friend registers through an invite link, becomes the referral, logs out, in, and changes the password', async ({
  page,
  request,
}, testInfo) => {
  const inviter = await registerUser(request, 'inviter');
  const code = String(inviter.user.invite_code);
  const email = uniqueEmail('invitee');
  const password = 'first-secret-1';
  const newPassword = 'second-secret-2';

  // The invite link: the code is filled in, locked and named as the inviter's.
  await page.goto(`/register?invite=${code}`);
  const invite = page.getByTestId('register-invite');
  await expect(invite).toHaveValue(code);
  await expect(invite).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('register-inviter-code')).toHaveText(code);
  await snap(page, testInfo, 'register-invite-390');

  await page.getByPlaceholder('邮箱').fill(email);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByPlaceholder('确认密码').fill(password);
  await page.getByRole('button', { name: '注册' }).click();

  // Signed in on the home page, then 我的 from the tab bar.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await page.getByTestId('user-tab-bar').getByRole('button', { name: '我的' }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId('me-email')).toHaveText(email);
  await expect(page.getByTestId('me-level')).toHaveText('普通用户');
  await expect(page.getByTestId('kyc-badge').first()).toHaveText('未认证');
  await snap(page, testInfo, 'me-390');

  // The server agrees: the new account is the inviter's direct referral.
  const newUserId = await storedUserId(page);
  const { referrals } = await callApi<{ referrals: Referral[] }>(request, 'GET', '/api/team/referrals', {
    token: inviter.token,
  });
  expect(referrals.map((r) => r.id)).toContain(newUserId);
  expect(referrals.find((r) => r.id === newUserId)?.level).toBe(1);

  // 个人资料.
  await page.getByTestId('me-link-/me/profile').click();
  await expect(page).toHaveURL(/\/me\/profile$/);
  await page.getByTestId('profile-nickname').fill('小邀');
  await page.getByTestId('profile-phone').fill(`139${String(Date.now()).slice(-8)}`);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('profile-success')).toContainText('用户信息更新成功');
  await snap(page, testInfo, 'profile-390');

  // Logout ends the session; the login page leads back home and in again.
  await logout(page);
  await snap(page, testInfo, 'login-390');
  await loginThroughForm(page, email, password, '/me');
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId('me-nickname')).toHaveText('小邀');

  // 修改密码: this device stays signed in; the old password stops working, the new one works.
  await page.getByTestId('me-link-/me/password').click();
  await expect(page).toHaveURL(/\/me\/password$/);
  await page.getByTestId('old-password').fill('not-the-password');
  await page.getByTestId('new-password').fill(newPassword);
  await page.getByTestId('confirm-password').fill(newPassword);
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByTestId('password-error')).toContainText('原密码错误');
  await snap(page, testInfo, 'password-error-390');
  await page.getByTestId('old-password').fill(password);
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByTestId('password-success')).toContainText('密码修改成功');
  await snap(page, testInfo, 'password-done-390');
  await page.getByRole('button', { name: '返回我的' }).click();
  await expect(page.getByTestId('me-email')).toHaveText(email);

  await logout(page);
  await loginThroughForm(page, email, password, '/me');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await snap(page, testInfo, 'login-error-390');
  await loginThroughForm(page, email, newPassword, '/me');
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId('me-email')).toHaveText(email);
});
