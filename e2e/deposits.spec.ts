import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminSession,
  confirmDialog,
  createDepositChannel,
  normAmount,
  openAs,
  registerUser,
  type Session,
  snap,
  submitDeposit,
  toast,
  walletOf,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
// The machine running the suite can be slow: a generous but bounded wait for each expectation.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The deposits page narrowed to one user's deposits (the shared server has everybody's). */
async function openDepositsOf(page: Page, admin: Session, email: string) {
  await openAs(page, admin, '/admin/wallet/deposits');
  await expect(page.getByTestId('deposits-page')).toBeVisible();
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

test('an operator approves one deposit and rejects another with a reason', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, 'deposit-review');
  const toApprove = await submitDeposit(request, user, channel.id, '150');
  const toReject = await submitDeposit(request, user, channel.id, '70.5');

  await openDepositsOf(page, admin, user.user.email);
  const approveRow = page.getByTestId(`deposit-row-${toApprove.id}`);
  const rejectRow = page.getByTestId(`deposit-row-${toReject.id}`);
  await expect(approveRow.getByTestId('deposit-status')).toHaveText('待审核');
  await expect(rejectRow.getByTestId('deposit-status')).toHaveText('待审核');
  await expect(approveRow).toContainText(channel.name);

  // Approve: the confirm names the user, OK sends the review.
  await page.getByTestId(`deposit-approve-${toApprove.id}`).click();
  const approveConfirm = confirmDialog(page, '确认通过');
  await expect(approveConfirm).toContainText(user.user.email);
  const approved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/deposits/${toApprove.id}/review`) && r.request().method() === 'PATCH',
  );
  await approveConfirm.getByRole('button', { name: '通过' }).click();
  expect((await approved).status()).toBe(200);
  await expect(toast(page, '充值审核通过成功')).toBeVisible();
  await expect(approveRow.getByTestId('deposit-status')).toHaveText('已通过');
  await expect(page.getByTestId(`deposit-approve-${toApprove.id}`)).toHaveCount(0);

  // Reject, first cancelled: nothing is sent and nothing changes.
  let reviewsSent = 0;
  page.on('request', (r) => {
    if (r.url().includes(`/api/admin/deposits/${toReject.id}/review`)) reviewsSent += 1;
  });
  await page.getByTestId(`deposit-reject-${toReject.id}`).click();
  await expect(page.getByText('请输入拒绝原因:')).toBeVisible();
  await page.getByTestId('reason-input').fill('this one is cancelled');
  await page.getByTestId('reason-cancel').click();
  await expect(page.getByTestId('reason-input')).toHaveCount(0);
  await expect(rejectRow.getByTestId('deposit-status')).toHaveText('待审核');
  await expect(page.getByTestId(`deposit-reject-${toReject.id}`)).toBeEnabled();
  expect(reviewsSent).toBe(0);

  // Reject with a reason.
  await page.getByTestId(`deposit-reject-${toReject.id}`).click();
  await expect(page.getByText('请输入拒绝原因:')).toBeVisible();
  await page.getByTestId('reason-input').fill('转账记录不符');
  await snap(page, info, 'deposits-01-reject-reason');
  const rejected = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/deposits/${toReject.id}/review`) && r.request().method() === 'PATCH',
  );
  await page.getByTestId('reason-ok').click();
  const rejectReply = await rejected;
  expect(rejectReply.status()).toBe(200);
  expect(rejectReply.request().postDataJSON()).toEqual({ status: 'rejected', adminNote: '转账记录不符' });
  await expect(toast(page, '审核拒绝成功')).toBeVisible();
  await expect(rejectRow.getByTestId('deposit-status')).toHaveText('已拒绝');
  expect(reviewsSent).toBe(1);

  // Only the approved amount reached the wallet.
  const wallet = await walletOf(request, user);
  expect(normAmount(wallet.balance)).toBe('150');
  expect(normAmount(wallet.frozen_balance)).toBe('0');
  await snap(page, info, 'deposits-02-reviewed');
});

test('an operator approves all pending deposits of a user at once', async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, 'deposit-batch');
  const amounts = ['10', '20.25', '30.5'];
  const deposits = [];
  for (const amount of amounts) deposits.push(await submitDeposit(request, user, channel.id, amount));

  await openDepositsOf(page, admin, user.user.email);
  for (const deposit of deposits) {
    await expect(page.getByTestId(`deposit-row-${deposit.id}`).getByTestId('deposit-status')).toHaveText(
      '待审核',
    );
  }
  await expect(page.locator('[data-testid^="deposit-row-"]')).toHaveCount(deposits.length);

  await page.getByTestId('deposits-batch-approve').click();
  const confirm = confirmDialog(page, '确认批量通过');
  await expect(confirm).toContainText(`全部 ${deposits.length} 条待审核充值记录`);
  await snap(page, info, 'deposits-03-batch-confirm');
  const batch = page.waitForResponse((r) => r.url().endsWith('/api/admin/deposits/batch-review'));
  await confirm.getByRole('button', { name: '批量通过' }).click();
  const reply = await batch;
  expect(reply.status()).toBe(200);
  expect(reply.request().postDataJSON()).toMatchObject({
    action: 'approve',
    depositIds: expect.arrayContaining(deposits.map((d) => d.id)),
  });
  await expect(toast(page, `批量通过成功，已处理 ${deposits.length} 条`)).toBeVisible();
  for (const deposit of deposits) {
    await expect(page.getByTestId(`deposit-row-${deposit.id}`).getByTestId('deposit-status')).toHaveText(
      '已通过',
    );
  }

  const wallet = await walletOf(request, user);
  expect(normAmount(wallet.balance)).toBe('60.75');
  await snap(page, info, 'deposits-04-batch-approved');
});
