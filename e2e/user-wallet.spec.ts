import { expect as baseExpect, type Page, type TestInfo, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  confirmDialog,
  createDepositChannel,
  createWithdrawChannel,
  fundUser,
  normAmount,
  openAs,
  registerUser,
  snap,
  verifiedUserSession,
  walletOf,
} from './support.ts';

test.describe.configure({ timeout: 300_000 });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use({ ...phone, actionTimeout: 30_000 });
// Generous: a busy shared machine can take many seconds to load a lazy screen and its data.
const expect = baseExpect.configure({ timeout: 45_000 });

/** Marks the page so that a later check can tell it was not reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

/** From the top: a focused field scrolls the page, and the sticky header would float in the image. */
const shot = (page: Page, info: TestInfo, name: string) =>
  page.evaluate(() => window.scrollTo(0, 0)).then(() => snap(page, info, name));

test('a deposit approved by an admin in another browser shows on the wallet without a reload', async ({
  page,
  browser,
  request,
}, info) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin, { description: 'TRC20 网络，最少 1 USDT' });
  const user = await registerUser(request, 'user-wallet-dep');

  // Without KYC the withdrawal screen says why and where to fix it, with no form.
  await openAs(page, user, '/wallet/withdraw');
  await expect(page.getByTestId('withdraw-blocked')).toBeVisible();
  await expect(page.getByTestId('withdraw-blocked-reason')).toContainText('实名认证');
  await expect(page.getByTestId('withdraw-form')).toHaveCount(0);
  await shot(page, info, 'user-wallet-01-withdraw-blocked');

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-total')).toHaveText('0.00');
  await expect(page.getByTestId('wallet-kyc-status')).toHaveText('未认证');
  await expect(page.getByText('暂无资金流水')).toBeVisible();
  await shot(page, info, 'user-wallet-02-empty');

  await page.getByTestId('wallet-deposit').click();
  await page.getByTestId(`deposit-channel-${channel.id}`).click();
  await expect(page.getByTestId('deposit-address')).toContainText(channel.address);
  await expect(page.getByTestId('deposit-qr-generated')).toBeVisible();
  await shot(page, info, 'user-wallet-03-deposit');

  await page.getByTestId('deposit-amount').fill('0.5');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByText('充值金额不能低于 1 USDT')).toBeVisible();
  await page.getByTestId('deposit-amount').fill('150.25');
  await page.getByTestId('deposit-tx-hash').fill('a'.repeat(64));
  await page.getByTestId('deposit-remark').fill('e2e 充值');
  await page.getByTestId('deposit-submit').click();
  const submitted = page.getByTestId('deposit-submitted');
  await expect(submitted.getByTestId('deposit-status')).toHaveText('待审核');
  await shot(page, info, 'user-wallet-04-deposit-submitted');

  // Back to the wallet inside the app (no page load from here on).
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.getByTestId('wallet-page')).toBeVisible();
  await expect(page.getByTestId('wallet-available')).toHaveText('0.00');
  await markPage(page);

  // The admin, in a browser of their own, approves on the deposits page.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await openAs(adminPage, admin, '/admin/wallet/deposits');
  // The back office is the largest bundle: on a loaded machine it can take long to come up.
  await expect(adminPage.getByTestId('deposits-page')).toBeVisible({ timeout: 120_000 });
  await adminPage.getByTestId('deposits-search').fill(user.user.email);
  await adminPage.getByTestId('deposits-search-submit').click();
  const row = adminPage.locator('[data-testid^="deposit-row-"]').filter({ hasText: user.user.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '通过' }).click();
  await confirmDialog(adminPage, '确认通过').getByRole('button', { name: '通过' }).click();
  await expect(row.getByTestId('deposit-status')).toHaveText('已通过');
  await adminContext.close();

  await expect(page.getByTestId('wallet-available')).toHaveText('150.25');
  await expect(page.getByTestId('wallet-total')).toHaveText('150.25');
  await expect(page.locator('[data-testid^="transaction-record-"]').first()).toContainText('+150.25 USDT');
  expect(await stillSamePage(page)).toBe(true);
  await shot(page, info, 'user-wallet-05-credited');

  await page.getByTestId('wallet-history').click();
  await expect(page.getByTestId('history-deposits').getByTestId('deposit-status').first()).toHaveText(
    '已通过',
  );
  await shot(page, info, 'user-wallet-06-history-deposits');
});

test('a verified user withdraws through the form and watches each status change in the history', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const depositChannel = await createDepositChannel(request, admin);
  const withdrawChannel = await createWithdrawChannel(request, admin, '0.01');
  const user = await verifiedUserSession(request, admin);
  await fundUser(request, admin, user, depositChannel.id, '500');

  await openAs(page, user, '/wallet');
  await expect(page.getByTestId('wallet-available')).toHaveText('500.00');
  await expect(page.getByTestId('wallet-kyc-status')).toHaveText('已认证');
  await page.getByTestId('wallet-withdraw').click();
  await expect(page.getByTestId('withdraw-form')).toBeVisible();
  const select = page.getByTestId('withdraw-channel');
  if (await select.isVisible()) {
    await select.click();
    await page.locator('.ant-select-item-option').filter({ hasText: withdrawChannel.name }).click();
  }
  await expect(page.getByTestId('withdraw-available')).toHaveText('可用余额 500.00 USDT');

  // The fee preview follows the amount; a total above the balance is refused on the page.
  await page.getByTestId('withdraw-address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await page.getByTestId('withdraw-amount').fill('499');
  await expect(page.getByTestId('withdraw-total')).toHaveText('503.99 USDT');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText(/^可用余额不足/)).toBeVisible();
  await page.getByTestId('withdraw-amount').fill('100');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('1.00 USDT');
  await expect(page.getByTestId('withdraw-total')).toHaveText('101.00 USDT');
  await shot(page, info, 'user-wallet-07-withdraw-form');

  await page.getByTestId('withdraw-submit').click();
  const confirm = confirmDialog(page, '确认提现');
  await expect(confirm).toContainText('将冻结 101 USDT');
  await shot(page, info, 'user-wallet-08-withdraw-confirm');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/wallet/withdrawals') && r.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: '确认提现' }).click();
  const reply = (await (await created).json()) as { data: { withdrawal: { id: number } } };
  const id = reply.data.withdrawal.id;
  await expect(page.getByTestId('withdraw-submitted').getByTestId('withdrawal-status')).toHaveText('待审核');
  await shot(page, info, 'user-wallet-09-withdraw-submitted');

  await page.getByRole('button', { name: '查看记录' }).click();
  const record = page.getByTestId(`withdrawal-record-${id}`);
  await expect(record.getByTestId('withdrawal-status')).toHaveText('待审核');
  await expect(record).toContainText('合计冻结 101.00 USDT');
  await markPage(page);

  const steps = [
    ['reviewing', '审核中'],
    ['approved', '已通过'],
    ['processing', '出款中'],
    ['completed', '已出款'],
  ] as const;
  // 已出款 of a USDT withdrawal names the payout's transaction hash.
  const payout = 'e2'.repeat(32);
  for (const [status, label] of steps) {
    await callApi(request, 'PATCH', `/api/admin/withdrawals/${id}/status`, {
      token: admin.token,
      data:
        status === 'completed'
          ? { status, adminNote: '已打款', tx_hash: payout }
          : { status, adminNote: undefined },
    });
    await expect(record.getByTestId('withdrawal-status')).toHaveText(label);
    if (status === 'processing') await shot(page, info, 'user-wallet-10-history-processing');
  }
  expect(await stillSamePage(page)).toBe(true);
  await expect(record).toContainText('备注：已打款');
  await expect(record).toContainText(`出款哈希：${payout.slice(0, 8)}`);
  await shot(page, info, 'user-wallet-11-history-completed');

  await page.getByRole('tab', { name: '全部流水' }).click();
  const ledger = page.getByTestId('history-transactions');
  await expect(ledger).toContainText('提现出款');
  await expect(ledger).toContainText('提现冻结');
  await shot(page, info, 'user-wallet-12-history-ledger');

  const wallet = await walletOf(request, user);
  expect(normAmount(wallet.balance)).toBe('399');
  expect(normAmount(wallet.frozen_balance)).toBe('0');
});
