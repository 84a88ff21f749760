import { expect as baseExpect, test } from '@playwright/test';
import {
  adminSession,
  confirmDialog,
  openAs,
  registerUser,
  secondAdminSession,
  snap,
  toast,
  walletOf,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('an adjustment proposed by one admin is approved by another and credits the user once', async ({
  page,
  request,
}, info) => {
  const root = await adminSession(request);
  // The approver must be an admin whose approvals count: the second bootstrap super admin does from
  // the first start, an admin created now only 24 h later (issue 32).
  const other = await secondAdminSession(request);
  const user = await registerUser(request, 'adjust-user');

  // The super admin proposes one through the form.
  await openAs(page, root, '/admin/wallet/adjustments');
  await expect(page.getByTestId('adjustments-page')).toBeVisible();
  await expect(page.getByTestId('adjustments-help')).toContainText('只增不改');
  await page.getByTestId('adjustments-create').click();
  await page.getByTestId('adjustment-user').fill(user.user.email);
  await page.getByTestId('adjustment-amount').fill('88.5');
  await page.getByTestId('adjustment-reason').fill('补发 5 月活动奖励');
  await snap(page, info, 'adjustments-form');
  await page.getByTestId('adjustment-form-ok').click();
  const confirm = confirmDialog(page, '确认提交余额调整');
  await expect(confirm).toContainText(user.user.email);
  await expect(confirm).toContainText('88.50 USDT');
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/adjustments' && r.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: '提交' }).click();
  const reply = (await (await created).json()) as { data: { adjustment: { id: number } } };
  const id = reply.data.adjustment.id;
  await expect(toast(page, '余额调整已提交，等待另一位管理员复核')).toBeVisible();
  const row = page.getByTestId(`adjustment-row-${id}`);
  await expect(row.getByTestId('adjustment-status')).toHaveText('待复核');
  // The proposer cannot approve it.
  await expect(page.getByTestId(`adjustment-approve-${id}`)).toBeDisabled();
  await page.getByTestId(`adjustment-approve-tip-${id}`).hover();
  await expect(page.getByText('需要另一位管理员复核')).toBeVisible();
  await snap(page, info, 'adjustments-pending');
  expect((await walletOf(request, user)).balance).toMatch(/^0(\.0+)?$/);

  // The second admin approves it in their own browser session.
  const otherPage = await page.context().browser()!.newPage();
  await openAs(otherPage, other, '/admin/wallet/adjustments');
  const otherRow = otherPage.getByTestId(`adjustment-row-${id}`);
  await expect(otherRow.getByTestId('adjustment-status')).toHaveText('待复核');
  await otherPage.getByTestId(`adjustment-approve-${id}`).click();
  const approveConfirm = confirmDialog(otherPage, '确认通过');
  await expect(approveConfirm).toContainText('+88.50 USDT');
  await approveConfirm.getByRole('button', { name: '通过' }).click();
  await expect(toast(otherPage, '余额调整已通过')).toBeVisible();
  await expect(otherRow.getByTestId('adjustment-status')).toHaveText('已通过');
  await expect(otherRow).toContainText(other.user.email);
  await snap(otherPage, info, 'adjustments-approved');
  await otherPage.close();

  expect((await walletOf(request, user)).balance).toMatch(/^88\.50*$/);
});
