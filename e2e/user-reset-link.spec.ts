import { expect as baseExpect, test } from '@playwright/test';
import { adminSession, approveChange, openAs, registerUser, snap } from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The support reset link is a proposal (issue 32): the super admin gets the link once from the
 * user's detail, the reset page says it waits for a second super admin, and it works once approved.
 */
test('a super admin proposes a reset link from the user detail; it works only after the second super admin approves', async ({
  page,
  browser,
  request,
}, info) => {
  const me = await adminSession(request);
  const user = await registerUser(request, 'resetlink');
  await openAs(page, me, `/admin/users?search=${encodeURIComponent(user.user.email)}`);
  await expect(page.getByTestId('users-page')).toBeVisible({ timeout: 45_000 });
  await page.getByTestId(`user-detail-${user.user.id}`).click();
  await page.getByTestId('issue-reset-link').click();
  const proposedReply = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/admin/users/${user.user.id}/password-reset-link`,
  );
  await page.getByRole('button', { name: '提交', exact: true }).click();
  const reply = await proposedReply;
  expect(reply.status()).toBe(202);
  const changeId = ((await reply.json()) as { data: { change: { id: number } } }).data.change.id;
  const pending = page.getByTestId('reset-link-pending');
  await expect(pending).toContainText('已提交，等待另一位超级管理员批准');
  await expect(pending).toContainText('15 分钟内有效');
  const link = (await page.getByTestId('reset-link').innerText()).trim();
  expect(link).toMatch(/\/reset-password\?token=/);
  await snap(page, info, 'user-reset-link-proposed');

  // The user opens it before the approval: it says so and changes nothing.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await userPage.goto(link);
  await userPage.getByLabel('新密码', { exact: true }).fill('Support-set-77');
  await userPage.getByLabel('确认新密码', { exact: true }).fill('Support-set-77');
  await userPage.getByRole('button', { name: '重置密码' }).click();
  await expect(userPage.getByTestId('reset-error')).toContainText('等待另一位超级管理员批准');
  await snap(userPage, info, 'user-reset-link-awaiting');

  // Once the second super admin approves, the same link sets the password and opens 登录.
  await approveChange(request, changeId);
  await userPage.getByRole('button', { name: '重置密码' }).click();
  await expect(userPage).toHaveURL(/\/login/);
  await context.close();
});
