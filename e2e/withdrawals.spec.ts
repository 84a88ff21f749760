import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminSession,
  confirmDialog,
  createDepositChannel,
  createWithdrawChannel,
  fundUser,
  normAmount,
  openAs,
  type Session,
  snap,
  submitWithdrawal,
  sumAmounts,
  toast,
  verifiedUserSession,
  walletOf,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
// The machine running the suite can be slow: a generous but bounded wait for each expectation.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A new KYC-approved user credited with `amount` USDT, its balance after that, and a withdrawal
 * channel charging 1%.
 */
async function userWithMoney(request: APIRequestContext, admin: Session, amount: string) {
  const user = await verifiedUserSession(request, admin);
  const depositChannel = await createDepositChannel(request, admin);
  await fundUser(request, admin, user, depositChannel.id, amount);
  const channel = await createWithdrawChannel(request, admin, '0.01');
  const funded = await walletOf(request, user);
  expect(normAmount(funded.frozen_balance)).toBe('0');
  return { user, channel, balance: funded.balance };
}

/** The withdrawals page narrowed to one user's rows (the shared server has everybody's). */
async function openWithdrawalsOf(page: Page, admin: Session, email: string) {
  await openAs(page, admin, '/admin/wallet/withdrawals');
  await expect(page.getByTestId('withdrawals-page')).toBeVisible();
  const listed = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/admin/withdrawals' &&
      new URL(r.url()).searchParams.get('search') === email &&
      r.ok(),
  );
  await page.getByTestId('withdrawals-search').fill(email);
  await page.getByTestId('withdrawals-search-submit').click();
  await listed;
}

const STEPS = [
  { status: 'reviewing', label: '审核中' },
  { status: 'approved', label: '已通过' },
  { status: 'processing', label: '出款中' },
  { status: 'completed', label: '已出款' },
] as const;

test('an operator walks a withdrawal from pending to paid out', async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const { user, channel, balance } = await userWithMoney(request, admin, '500');
  const withdrawal = await submitWithdrawal(request, user, channel.id, '100');
  expect(normAmount(withdrawal.fee)).toBe('1');
  const frozen = await walletOf(request, user);
  expect(normAmount(frozen.balance)).toBe(sumAmounts(balance, '-101'));
  expect(normAmount(frozen.frozen_balance)).toBe('101');

  await openWithdrawalsOf(page, admin, user.user.email);
  const row = page.getByTestId(`withdrawal-row-${withdrawal.id}`);
  await expect(row.getByTestId('withdrawal-status')).toHaveText('待审核');

  // 已出款 of a USDT withdrawal asks for the payout's transaction hash instead of a plain confirmation.
  const payout = 'ab'.repeat(32);
  for (const [index, step] of STEPS.entries()) {
    await page.getByTestId(`withdrawal-next-${withdrawal.id}`).click();
    await page.getByTestId(`withdrawal-next-${withdrawal.id}-${step.status}`).click();
    const sent = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/admin/withdrawals/${withdrawal.id}/status`) &&
        r.request().method() === 'PATCH',
    );
    if (step.status === 'completed') {
      await expect(page.getByTestId('payout-dialog')).toContainText(`#${withdrawal.id}`);
      await page.getByTestId('payout-tx-hash').fill(payout);
      await page.getByTestId('payout-ok').click();
    } else {
      const confirm = confirmDialog(page, `确认将状态更改为「${step.label}」吗？`);
      await expect(confirm).toContainText(`#${withdrawal.id}`);
      if (index === 0) await snap(page, info, 'withdrawals-01-confirm');
      await confirm.getByRole('button', { name: '确定' }).click();
    }
    const reply = await sent;
    expect(reply.status()).toBe(200);
    expect(reply.request().postDataJSON()).toMatchObject(
      step.status === 'completed' ? { status: step.status, tx_hash: payout } : { status: step.status },
    );
    await expect(row.getByTestId('withdrawal-status')).toHaveText(step.label);
  }
  await expect(toast(page, '状态更新成功').first()).toBeVisible();
  await expect(page.getByTestId(`withdrawal-done-${withdrawal.id}`)).toHaveText('已处理');
  await expect(page.getByTestId(`withdrawal-next-${withdrawal.id}`)).toHaveCount(0);
  await expect(page.getByTestId(`withdrawal-reject-${withdrawal.id}`)).toHaveCount(0);

  // Paid out: amount and fee left the frozen balance for good.
  const wallet = await walletOf(request, user);
  expect(normAmount(wallet.balance)).toBe(sumAmounts(balance, '-101'));
  expect(normAmount(wallet.frozen_balance)).toBe('0');
  await snap(page, info, 'withdrawals-02-completed');
});

test('an operator rejects a withdrawal with a reason and the funds return', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const { user, channel, balance } = await userWithMoney(request, admin, '300');
  const withdrawal = await submitWithdrawal(request, user, channel.id, '200');
  const frozen = await walletOf(request, user);
  expect(normAmount(frozen.balance)).toBe(sumAmounts(balance, '-202'));
  expect(normAmount(frozen.frozen_balance)).toBe('202');

  await openWithdrawalsOf(page, admin, user.user.email);
  const row = page.getByTestId(`withdrawal-row-${withdrawal.id}`);
  await expect(row.getByTestId('withdrawal-status')).toHaveText('待审核');

  // Cancelling the reason changes nothing.
  await page.getByTestId(`withdrawal-reject-${withdrawal.id}`).click();
  await expect(page.getByText('请输入拒绝原因:')).toBeVisible();
  await page.getByTestId('reason-cancel').click();
  await expect(page.getByTestId('reason-input')).toHaveCount(0);
  await expect(row.getByTestId('withdrawal-status')).toHaveText('待审核');

  await page.getByTestId(`withdrawal-reject-${withdrawal.id}`).click();
  await expect(page.getByRole('dialog').filter({ hasText: '确认将状态更改为「已拒绝」吗？' })).toBeVisible();
  await page.getByTestId('reason-input').fill('收款地址有误');
  await snap(page, info, 'withdrawals-03-reject-reason');
  const sent = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/admin/withdrawals/${withdrawal.id}/status`) && r.request().method() === 'PATCH',
  );
  await page.getByTestId('reason-ok').click();
  const reply = await sent;
  expect(reply.status()).toBe(200);
  expect(reply.request().postDataJSON()).toEqual({ status: 'rejected', adminNote: '收款地址有误' });
  await expect(toast(page, '状态更新成功')).toBeVisible();
  await expect(row.getByTestId('withdrawal-status')).toHaveText('已拒绝');
  await expect(page.getByTestId(`withdrawal-done-${withdrawal.id}`)).toHaveText('已处理');

  // Amount and fee are back in the available balance.
  const wallet = await walletOf(request, user);
  expect(normAmount(wallet.balance)).toBe(normAmount(balance));
  expect(normAmount(wallet.frozen_balance)).toBe('0');
  await snap(page, info, 'withdrawals-04-rejected');
});

test('a new withdrawal reaches the open page in real time with a notification', async ({
  page,
  context,
  request,
}, info) => {
  const admin = await adminSession(request);
  const { user, channel } = await userWithMoney(request, admin, '80');

  // Headless Chromium may not show notifications: record what the page asks for instead.
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const calls: Array<{ title: string; body?: string }> = [];
    class RecordingNotification {
      static permission: NotificationPermission = 'granted';
      static requestPermission = async (): Promise<NotificationPermission> => 'granted';
      constructor(title: string, options?: NotificationOptions) {
        calls.push({ title, body: options?.body });
      }
      close() {}
    }
    Object.assign(window, { __notifications: calls, Notification: RecordingNotification });
  });
  // The server answers `authenticated` once the socket is in the admins' room.
  const socketReady = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"authenticated"')) resolve();
      });
    });
  });

  await openWithdrawalsOf(page, admin, user.user.email);
  // Permission already granted: no button asking for it.
  await expect(page.getByTestId('withdrawals-notify-permission')).toHaveCount(0);
  await socketReady;

  const reloaded = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/admin/withdrawals' &&
      new URL(r.url()).searchParams.get('search') === user.user.email &&
      r.ok(),
  );
  const withdrawal = await submitWithdrawal(request, user, channel.id, '50');
  await reloaded;
  const row = page.getByTestId(`withdrawal-row-${withdrawal.id}`);
  await expect(row.getByTestId('withdrawal-status')).toHaveText('待审核');
  await expect(row).toContainText(user.user.email);

  const notifications = await page.evaluate(
    () => (window as unknown as { __notifications: Array<{ title: string; body?: string }> }).__notifications,
  );
  expect(notifications).toContainEqual({
    title: '新的提现申请',
    body: expect.stringContaining(user.user.email),
  });
  await snap(page, info, 'withdrawals-05-realtime-row');
});
