import { expect as baseExpect, test } from '@playwright/test';
import {
  Authenticator,
  adminSession,
  approveChange,
  loginThroughForm,
  openAs,
  snap,
  toast,
  uniqueEmail,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
// The machine running the suite can be slow: a generous but bounded wait for each expectation.
const expect = baseExpect.configure({ timeout: 30_000 });

test('the super admin proposes an admin, the second super admin approves, the admin activates the link in another browser; deleting them is final', async ({
  page,
  browser,
  request,
}, info) => {
  const me = await adminSession(request);
  const email = uniqueEmail('admin');

  await openAs(page, me, '/admin/admins');
  // The first visit loads the shell and the page's chunks: on a loaded machine that alone can take 15 s.
  await expect(page.getByTestId('admins-page')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('admins-dual-control')).toContainText('须另一位超级管理员');
  // Your own row: marked 我, level 超级管理员, delete disabled.
  await expect(page.getByTestId(`admin-level-${me.user.id}`)).toHaveText('超级管理员');
  await expect(page.getByTestId(`admin-row-${me.user.id}`)).toContainText('我');
  await expect(page.getByTestId(`admin-delete-${me.user.id}`)).toBeDisabled();
  await expect(page.getByTestId(`admin-toggle-${me.user.id}`)).toBeDisabled();

  // Add an admin through the form: a proposal (issue 32), not an account yet.
  await page.getByTestId('admins-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '添加管理员' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('admin-form-email').fill(email);
  // No password: the new admin sets their own through the activation link.
  await expect(dialog.getByTestId('admin-form-password')).toHaveCount(0);
  await dialog.getByTestId('admin-form-phone').fill('13800138000');
  await snap(page, info, 'admins-01-form');
  const proposedReply = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/admins' && r.request().method() === 'POST',
  );
  await dialog.getByTestId('admin-form-submit').click();
  const reply = await proposedReply;
  expect(reply.status()).toBe(202);
  const changeId = ((await reply.json()) as { data: { change: { id: number } } }).data.change.id;
  await expect(toast(page, '已提交，等待另一位超级管理员批准')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The link, shown once with a copy button, and that it waits for the approval.
  const linkDialog = page.getByRole('dialog').filter({ hasText: '激活链接' });
  await expect(linkDialog.getByText('链接只显示这一次')).toBeVisible();
  await expect(page.getByTestId('activation-link-pending')).toContainText('须另一位超级管理员');
  const url = (await page.getByTestId('activation-link-url').innerText()).trim();
  expect(url).toMatch(/\/admin\/activate\?token=/);
  await expect(linkDialog.locator('.ant-typography-copy')).toBeVisible();
  await snap(page, info, 'admins-01b-link');
  await page.getByTestId('activation-link-close').click();
  await expect(linkDialog).toBeHidden();
  // Not in the list yet.
  await page.getByTestId('admins-search').fill(email);
  await page.getByTestId('admins-search-submit').click();
  await expect(page.getByText('暂无管理员')).toBeVisible();

  // The new admin opens the link before the approval: it says it is waiting, and asks for nothing.
  const other = await browser.newContext({ baseURL: new URL(url).origin });
  const them = await other.newPage();
  await them.goto(url);
  await expect(them.getByTestId('activate-awaiting')).toContainText('等待另一位超级管理员批准');
  await expect(them.getByTestId('activate-password')).toHaveCount(0);
  await snap(them, info, 'admins-01c-awaiting');

  // 待生效变更 shows the proposal readably; the second super admin approves it.
  await page.goto('/admin/changes?status=pending');
  const changeRow = page.getByTestId(`change-row-${changeId}`);
  await expect(changeRow).toContainText('新增管理员');
  await expect(page.getByTestId(`change-diff-${changeId}`)).toContainText(email);
  await snap(page, info, 'admins-01d-changes');
  const applied = await approveChange(request, changeId);
  expect(applied.status).toBe('applied');
  // The approval created the account: its id is the change's target.
  const newId = Number(applied.target_id);

  // Now the link works: own password, then 2FA, then they log in.
  await them.reload();
  await them.getByTestId('activate-password').fill('their-own-password-9');
  await them.getByTestId('activate-confirm').fill('their-own-password-9');
  await them.getByTestId('activate-password-next').click();
  await expect(them.getByTestId('twofa-qr')).toBeVisible();
  const secret = (await them.getByTestId('twofa-secret').innerText()).replace(/\s+/g, '');
  const authenticator = new Authenticator(secret);
  await them.getByTestId('twofa-enable-code').fill(await authenticator.next());
  await them.getByTestId('twofa-enable-submit').click();
  await expect(them.getByTestId('twofa-codes-step')).toBeVisible();
  await snap(them, info, 'admins-01e-activated');
  await them.getByTestId('twofa-codes-saved').check();
  await them.getByTestId('twofa-finish').click();
  await loginThroughForm(them, email, 'their-own-password-9');
  await them.getByTestId('login-totp').fill(await authenticator.next());
  await them.getByTestId('login-totp-submit').click();
  await expect(them.getByTestId('admin-sidebar')).toBeVisible();
  await other.close();

  // The new admin in the list, found by e-mail, with its level label.
  await page.goto(`/admin/admins?search=${encodeURIComponent(email)}`);
  const row = page.getByTestId(`admin-row-${newId}`);
  await expect(row).toContainText(email);
  await expect(row).toContainText('13800138000');
  await expect(page.getByTestId(`admin-level-${newId}`)).toHaveText('管理员');
  await expect(page.getByTestId(`admin-delete-${newId}`)).toBeEnabled();
  await snap(page, info, 'admins-02-created');

  // Deleting yourself is refused by the server too, with the page's own token.
  const refusal = await page.evaluate(async (id) => {
    const token = localStorage.getItem('token');
    const response = await fetch(`/api/admin/admins/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as { success: boolean; message: string },
    };
  }, me.user.id);
  expect(refusal.status).toBe(403);
  expect(refusal.body.success).toBe(false);
  expect(refusal.body.message).toBe('不能删除自己的账户');

  // Deleting the new admin from the page is a proposal: they stay until it is approved.
  await page.getByTestId(`admin-delete-${newId}`).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '删除管理员' });
  await expect(confirm).toContainText('须另一位超级管理员批准');
  const deleteReply = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/admin/admins/${newId}` && r.request().method() === 'DELETE',
  );
  await confirm.getByRole('button', { name: '删除' }).click();
  const deleted = await deleteReply;
  expect(deleted.status()).toBe(202);
  await expect(toast(page, '已提交，等待另一位超级管理员批准')).toBeVisible();
  await expect(page.getByTestId(`admin-row-${newId}`)).toBeVisible();
  await snap(page, info, 'admins-03-delete-proposed');

  // Approved: final, gone from the list, the users page cannot enable it again, no login.
  await approveChange(
    request,
    ((await deleted.json()) as { data: { change: { id: number } } }).data.change.id,
  );
  await page.reload();
  await expect(page.getByTestId('admins-page')).toBeVisible();
  await expect(page.getByTestId(`admin-row-${newId}`)).toHaveCount(0);
  const enable = await request.fetch(`/api/admin/users/${newId}/status`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${me.token}` },
    data: { is_active: true },
  });
  expect(enable.status()).toBe(400);
  expect(((await enable.json()) as { message: string }).message).toContain('删除不可恢复');
  const login = await request.fetch('/api/auth/login', {
    method: 'POST',
    data: { account: email, password: 'their-own-password-9' },
  });
  expect(login.status()).toBe(401);
});
