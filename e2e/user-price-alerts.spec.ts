import { expect as baseExpect, type Page, type TestInfo, test } from '@playwright/test';
import { openAs, registerUser, snap } from './support.ts';

/**
 * 价格提醒 and the appearance settings at a phone viewport (issue 33): an alert set from the spot
 * screen's bell on a price the index has already passed fires on the job's next turn, arrives live as
 * a notification (the 我的 tab's count) and in 消息通知, and 我的 → 价格提醒 shows it 已触发; then
 * 设置 → 红涨绿跌 and 深色模式, with the markets list and the spot screen looked at in each.
 */

test.describe.configure({ timeout: 240_000 });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use({ ...phone, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const shot = (page: Page, info: TestInfo, name: string) =>
  page.evaluate(() => window.scrollTo(0, 0)).then(() => snap(page, info, name));

test('an alert set on the spot screen fires once on the index price and arrives as a notification', async ({
  page,
  request,
}, info) => {
  const user = await registerUser(request, 'alert');
  await openAs(page, user, '/trade/spot/BTCUSDT');
  const last = page.getByTestId('trade-last-price');
  await expect(last).not.toHaveText('--');
  const current = Number((await last.textContent())?.replace(/,/g, ''));

  await page.getByTestId('price-alert-open').click();
  // Far above the index: 跌到 that price is already true, so the next turn fires it.
  const target = String(Math.ceil(current * 2));
  await page.getByTestId('price-alert-price').fill(target);
  await page.getByTestId('price-alert-direction').getByText('价格跌到').click();
  await shot(page, info, 'price-alert-sheet-390');
  await page.getByTestId('price-alert-submit').click();
  await expect(page.getByText('价格提醒已设置')).toBeVisible();

  // Pushed live: the 我的 tab's unread count, without a reload.
  const tabBar = page.getByTestId('user-tab-bar');
  await expect(tabBar.locator('.ant-badge-count')).toBeVisible();
  await page.goto('/me/notifications');
  const notice = page.getByText(/价格提醒：BTCUSDT 已跌到/);
  await expect(notice).toHaveCount(1);
  await shot(page, info, 'price-alert-notification-390');

  await page.goto('/me/price-alerts');
  await expect(page.getByTestId('price-alerts-page')).toContainText('已触发');
  await expect(page.getByTestId('price-alerts-page')).toContainText('已提醒 1 次');
  await shot(page, info, 'price-alerts-list-390');
  // Once: still one notification after further turns.
  await page.waitForTimeout(3000);
  await page.goto('/me/notifications');
  await expect(page.getByText(/价格提醒：BTCUSDT 已跌到/)).toHaveCount(1);
});

/** Opens 行情 or the BTCUSDT spot screen, lets prices and the chart arrive, and keeps a screenshot. */
async function look(page: Page, info: TestInfo, screen: 'markets' | 'spot', name: string) {
  if (screen === 'markets') {
    await page.goto('/markets');
    await expect(page.getByTestId('markets-list')).toBeVisible();
    await expect(page.getByTestId('coin-icon-BTC')).toBeVisible();
  } else {
    await page.goto('/trade/spot/BTCUSDT');
    await expect(page.getByTestId('trade-last-price')).not.toHaveText('--');
  }
  await page.waitForTimeout(2000);
  await shot(page, info, name);
}

test('红涨绿跌 and 深色模式 from 设置: markets and spot in each look', async ({ page, request }, info) => {
  const user = await registerUser(request, 'looks');
  await openAs(page, user, '/markets');
  await look(page, info, 'markets', 'markets-light-green-up-390');

  await page.goto('/me/settings');
  await page.getByText('红涨绿跌').click();
  await expect(page.locator('html')).toHaveAttribute('data-trend', 'red-up');
  await shot(page, info, 'settings-red-up-390');
  await look(page, info, 'markets', 'markets-light-red-up-390');

  await page.goto('/me/settings');
  await page.getByTestId('settings-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, info, 'settings-dark-390');
  await look(page, info, 'markets', 'markets-dark-red-up-390');
  await look(page, info, 'spot', 'spot-dark-red-up-390');

  await page.goto('/me/settings');
  await page.getByText('绿涨红跌').click();
  await look(page, info, 'spot', 'spot-dark-green-up-390');
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-available')).toBeVisible();
  await shot(page, info, 'wallet-dark-390');
  // Kept on the device across a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-trend', 'green-up');
});
