import { expect as baseExpect, type Page, type TestInfo, test } from '@playwright/test';
import {
  adminSession,
  confirmDialog,
  createDepositChannel,
  createWithdrawChannel,
  fundUser,
  openAs,
  randomTrc20Address,
  snap,
  USER_PASSWORD,
  verifiedUserSession,
} from './support.ts';

/**
 * 地址簿 and 提现白名单 at a phone viewport (issue 33): an address added from 安全中心 with the login
 * password, whitelist mode on, then a withdrawal to an unlisted address refused after a confirmation
 * that shows the whole address and its network; the saved address is refused too until 24 h pass.
 */

test.describe.configure({ timeout: 300_000 });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use({ ...phone, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const shot = (page: Page, info: TestInfo, name: string) =>
  page.evaluate(() => window.scrollTo(0, 0)).then(() => snap(page, info, name));

test('an address added, whitelist on, a withdrawal to an unlisted address refused after a full confirmation', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const depositChannel = await createDepositChannel(request, admin, {});
  const withdrawChannel = await createWithdrawChannel(request, admin);
  const user = await verifiedUserSession(request, admin);
  await fundUser(request, admin, user, depositChannel.id, '500');
  const saved = randomTrc20Address();
  const unlisted = randomTrc20Address();

  // Straight to 地址簿 (安全中心 links to it as 地址簿与提现白名单).
  await openAs(page, user, '/me/addresses');
  await expect(page.getByTestId('address-book-page')).toBeVisible();
  await page.getByTestId('address-add').click();
  await page.getByTestId('address-add-address').fill(saved);
  await page.getByTestId('address-add-label').fill('我的冷钱包');
  await page.getByTestId('address-add-password').fill(USER_PASSWORD);
  await page.getByTestId('address-add-submit').click();
  const row = page.locator('[data-testid^="address-"]').filter({ hasText: '我的冷钱包' });
  await expect(row.getByTestId('address-value')).toHaveText(saved);
  await expect(row.getByTestId('address-pending')).toContainText('后可用于白名单提现');

  await page.getByTestId('whitelist-switch').click();
  await expect(page.getByTestId('whitelist-switch')).toHaveAttribute('aria-checked', 'true');
  await shot(page, info, 'address-book-whitelist-on-390');

  await page.goto('/wallet/withdraw');
  await expect(page.getByTestId('withdraw-form')).toBeVisible();
  const select = page.getByTestId('withdraw-channel');
  if (await select.isVisible()) {
    await select.click();
    await page.locator('.ant-select-item-option').filter({ hasText: withdrawChannel.name }).click();
  }
  await page.getByTestId('withdraw-address').fill(unlisted);
  await page.getByTestId('withdraw-amount').fill('10');
  await page.getByTestId('withdraw-submit').click();
  const confirm = confirmDialog(page, '确认提现');
  await expect(confirm.getByTestId('withdraw-confirm-address')).toHaveText(unlisted);
  await expect(confirm.getByTestId('withdraw-confirm-network')).toHaveText('TRC20');
  await snap(page, info, 'withdraw-confirm-full-address-390');
  await confirm.getByRole('button', { name: '确认提现' }).click();
  await expect(page.getByTestId('withdraw-error')).toContainText('只能提现到地址簿中的地址');
  await shot(page, info, 'withdraw-refused-unlisted-390');

  // The saved address, picked from the book, waits its 24 h.
  await page.getByTestId('withdraw-address-book').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '我的冷钱包' }).click();
  await expect(page.getByTestId('withdraw-address')).toHaveValue(saved);
  await page.getByTestId('withdraw-submit').click();
  const again = confirmDialog(page, '确认提现').last();
  await expect(again.getByTestId('withdraw-confirm-address')).toHaveText(saved);
  await again.getByRole('button', { name: '确认提现' }).click();
  await expect(page.getByTestId('withdraw-error')).toContainText('添加未满 24 小时');
});
