import { expect as baseExpect, test } from '@playwright/test';
import { adminSession, openAs, snap, toast, uniqueEmail } from './support.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 15_000 });
// The machine running the suite can be slow: a generous but bounded wait for each expectation.
const expect = baseExpect.configure({ timeout: 15_000 });

test('the super admin creates an admin and cannot delete themself', async ({ page, request }, info) => {
  const me = await adminSession(request);
  const email = uniqueEmail('admin');

  await openAs(page, me, '/admin/admins');
  await expect(page.getByTestId('admins-page')).toBeVisible();
  // Your own row: marked 我, level 超级管理员, delete disabled.
  await expect(page.getByTestId(`admin-level-${me.user.id}`)).toHaveText('超级管理员');
  await expect(page.getByTestId(`admin-row-${me.user.id}`)).toContainText('我');
  await expect(page.getByTestId(`admin-delete-${me.user.id}`)).toBeDisabled();
  await expect(page.getByTestId(`admin-toggle-${me.user.id}`)).toBeDisabled();

  // Add an admin through the form.
  await page.getByTestId('admins-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '添加管理员' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('admin-form-email').fill(email);
  await dialog.getByTestId('admin-form-password').fill('new-admin-password');
  await dialog.getByTestId('admin-form-phone').fill('13800138000');
  await snap(page, info, 'admins-01-form');
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/admins' && r.request().method() === 'POST',
  );
  await dialog.getByTestId('admin-form-submit').click();
  const reply = await created;
  expect(reply.status()).toBe(200);
  const newId = ((await reply.json()) as { data: { admin: { id: number } } }).data.admin.id;
  await expect(toast(page, '管理员创建成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new admin in the list, found by e-mail, with its level label.
  await page.getByTestId('admins-search').fill(email);
  await page.getByTestId('admins-search-submit').click();
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

  // Still there.
  await page.getByTestId('admins-search').fill('');
  await expect(page.getByTestId(`admin-row-${me.user.id}`)).toBeVisible();
  await snap(page, info, 'admins-03-self-kept');
});
