import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminSession,
  approveChange,
  callApi,
  confirmDialog,
  createDepositChannel,
  createPlainAdmin,
  E2E_ADMIN2,
  normAmount,
  openAs,
  proposeAndApprove,
  registerUser,
  type Session,
  secondAdminSession,
  snap,
  submitDeposit,
  toast,
  walletOf,
} from './support.ts';

/**
 * Dual control (issue 17): a deposit at or above the threshold (10000 USDT by default) approved by
 * one admin shows 待复核 with that admin and moves no money; the same admin cannot approve it
 * again; an admin created just now cannot give the second approval (issue 32: approvals count 24 h
 * after an admin's creation); a second admin who counts (the second bootstrap super admin)
 * completes it. The thresholds screen is editable by a super admin and read-only for a plain admin.
 */

test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function openDepositsOf(page: Page, admin: Session, email: string, query = '') {
  await openAs(page, admin, `/admin/wallet/deposits${query}`);
  await expect(page.getByTestId('deposits-page')).toBeVisible({ timeout: 60_000 });
  const listed = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/admin/deposits' &&
      new URL(r.url()).searchParams.get('search') === email &&
      r.ok(),
  );
  await page.getByTestId('deposits-search').fill(email);
  await page.getByTestId('deposits-search-submit').click();
  await listed;
}

test('a large deposit needs two admins: 待复核 after the first, completed by the second', async ({
  page,
  browser,
  request,
}, info) => {
  const root = await adminSession(request);
  // A plain admin created now: their approvals do not count for 24 h.
  const newcomer = await createPlainAdmin(request, root);
  // The second bootstrap super admin counts from the first start.
  const second = await secondAdminSession(request);
  const thresholds = await callApi<{ deposit: string }>(
    request,
    'GET',
    '/api/admin/settings/approval-thresholds',
    {
      token: root.token,
    },
  );
  expect(normAmount(thresholds.deposit)).toBe('10000');
  const channel = await createDepositChannel(request, root);
  const user = await registerUser(request, 'dual-deposit');
  const deposit = await submitDeposit(request, user, channel.id, '12000');

  // The first admin approves: the deposit stays 待审核 and shows 待复核 with who and when.
  await openDepositsOf(page, root, user.user.email);
  const row = page.getByTestId(`deposit-row-${deposit.id}`);
  await expect(row.getByTestId('deposit-status')).toHaveText('待审核');
  await page.getByTestId(`deposit-approve-${deposit.id}`).click();
  const confirm = confirmDialog(page, '确认通过');
  const first = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/deposits/${deposit.id}/review`) && r.request().method() === 'PATCH',
  );
  await confirm.getByRole('button', { name: '通过' }).click();
  expect((await first).status()).toBe(200);
  await expect(toast(page, '已记录第一位管理员的审核，等待另一位管理员复核')).toBeVisible();
  const tag = page.getByTestId(`deposit-second-approval-${deposit.id}`);
  await expect(tag).toContainText('待复核');
  await expect(tag).toContainText(root.user.email);
  await expect(page.getByTestId(`deposit-awaiting-${deposit.id}`)).toBeVisible();
  await expect(row.getByTestId('deposit-status')).toHaveText('待审核');
  // The same admin cannot approve it again.
  await expect(page.getByTestId(`deposit-approve-${deposit.id}`)).toBeDisabled();
  await expect(page.getByTestId(`deposit-approve-${deposit.id}`)).toHaveText('复核通过');
  expect(normAmount((await walletOf(request, user)).balance)).toBe('0');
  await snap(page, info, 'dual-control-01-first-approval');

  // The dashboard counts it, with a link to the 待复核 list.
  await page.goto('/admin');
  const card = page.getByTestId('dashboard-second-approvals');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('dashboard-second-approvals-deposits')).not.toContainText(/^充值0$/);
  await snap(page, info, 'dual-control-02-dashboard');

  // A context of its own per admin needs the project's address and locale (browser.newContext does not take them).
  const contextOptions = { baseURL: info.project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };

  // The new admin, in another browser session, sees it waiting but their approval is refused.
  const newcomerContext = await browser.newContext(contextOptions);
  const newcomerPage = await newcomerContext.newPage();
  try {
    await openDepositsOf(newcomerPage, newcomer, user.user.email, '?awaiting=true');
    await expect(newcomerPage.getByTestId(`deposit-second-approval-${deposit.id}`)).toContainText(
      root.user.email,
    );
    await newcomerPage.getByTestId(`deposit-approve-${deposit.id}`).click();
    const refused = newcomerPage.waitForResponse(
      (r) => r.url().endsWith(`/api/admin/deposits/${deposit.id}/review`) && r.request().method() === 'PATCH',
    );
    await confirmDialog(newcomerPage, '确认通过').getByRole('button', { name: '通过' }).click();
    expect((await refused).status()).toBe(403);
    await expect(
      toast(newcomerPage, '审核充值失败: 新管理员创建后 24 小时内的审批不计入双人复核'),
    ).toBeVisible();
    await expect(
      newcomerPage.getByTestId(`deposit-row-${deposit.id}`).getByTestId('deposit-status'),
    ).toHaveText('待审核');
    await expect(newcomerPage.getByTestId(`deposit-second-approval-${deposit.id}`)).toContainText(
      root.user.email,
    );
    expect(normAmount((await walletOf(request, user)).balance)).toBe('0');
    await snap(newcomerPage, info, 'dual-control-03-new-admin-refused');

    // The thresholds screen: read-only for the plain admin.
    await newcomerPage.goto('/admin/wallet/approval-thresholds');
    await expect(newcomerPage.getByTestId('approval-thresholds-readonly')).toBeVisible();
    await expect(newcomerPage.getByTestId('approval-threshold-deposit')).toBeDisabled();
    await expect(newcomerPage.getByTestId('approval-thresholds-save')).toHaveCount(0);
    await snap(newcomerPage, info, 'dual-control-04-thresholds-readonly');
  } finally {
    await newcomerContext.close();
  }

  // A second admin who counts, in another browser session, completes it from the 只看待复核 list.
  const otherContext = await browser.newContext(contextOptions);
  const other = await otherContext.newPage();
  try {
    await openDepositsOf(other, second, user.user.email, '?awaiting=true');
    await expect(other.getByTestId('deposits-awaiting-filter')).toHaveClass(/ant-btn-primary/);
    const otherRow = other.getByTestId(`deposit-row-${deposit.id}`);
    await expect(other.getByTestId(`deposit-second-approval-${deposit.id}`)).toContainText(root.user.email);
    await snap(other, info, 'dual-control-05-second-admin-sees');
    const approve = other.getByTestId(`deposit-approve-${deposit.id}`);
    await expect(approve).toBeEnabled();
    await approve.click();
    const confirmSecond = confirmDialog(other, '确认通过');
    const completed = other.waitForResponse(
      (r) => r.url().endsWith(`/api/admin/deposits/${deposit.id}/review`) && r.request().method() === 'PATCH',
    );
    await confirmSecond.getByRole('button', { name: '通过' }).click();
    expect((await completed).status()).toBe(200);
    await expect(toast(other, '充值审核通过成功')).toBeVisible();
    // It leaves the 待复核 list; without the filter it is 已通过.
    await other.getByTestId('deposits-awaiting-filter').click();
    await expect(otherRow.getByTestId('deposit-status')).toHaveText('已通过');
    await expect(other.getByTestId(`deposit-second-approval-${deposit.id}`)).toHaveCount(0);
    await snap(other, info, 'dual-control-06-completed');
    expect(normAmount((await walletOf(request, user)).balance)).toBe('12000');
  } finally {
    await otherContext.close();
  }

  // The super admin edits them: a bad value is refused in the form, a good one saved (then restored).
  await page.goto('/admin/wallet/approval-thresholds');
  const payout = page.getByTestId('approval-threshold-payout');
  await expect(payout).toHaveValue('5000');
  await payout.fill('0');
  await expect(page.getByText('发放阈值必须大于0')).toBeVisible();
  await payout.fill('1.123456789');
  await expect(page.getByText('发放阈值最多保留 8 位小数')).toBeVisible();
  await snap(page, info, 'dual-control-07-thresholds-invalid');
  await payout.fill('6000.5');
  const saved = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/admin/settings/approval-thresholds' &&
      r.request().method() === 'PUT',
  );
  await page.getByTestId('approval-thresholds-save').click();
  // Saving proposes the thresholds (issue 32): they change once another super admin approves.
  const reply = await saved;
  expect(reply.status()).toBe(202);
  const { change } = ((await reply.json()) as { data: { change: { id: number; status: string } } }).data;
  expect(change.status).toBe('pending');
  await expect(toast(page, '已提交，待另一位管理员批准后生效')).toBeVisible();
  await snap(page, info, 'dual-control-08-thresholds-proposed');
  const pending = await callApi<{ payout: string }>(
    request,
    'GET',
    '/api/admin/settings/approval-thresholds',
    {
      token: root.token,
    },
  );
  expect(normAmount(pending.payout)).toBe('5000');

  // The second super admin approves; after a reload the new value is in force, changed by them.
  expect((await approveChange(request, change.id)).status).toBe('applied');
  await page.reload();
  await expect(payout).toHaveValue('6000.5');
  await expect(page.getByText(`最近修改：${E2E_ADMIN2.email}`)).toBeVisible();
  await snap(page, info, 'dual-control-09-thresholds-approved');
  await proposeAndApprove(request, 'PUT', '/api/admin/settings/approval-thresholds', {
    token: root.token,
    data: { deposit: '10000', withdrawal: '10000', payout: '5000' },
  });
});
