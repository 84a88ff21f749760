import { expect as baseExpect, test } from '@playwright/test';
import { adminSession, openAs, snap } from './support.ts';

/**
 * Issue 30 in the browser: the server's default (no PRICE_SOURCES) is three simulated venues, so
 * users are told on every trade screen and the back office shows the venues, the index and the
 * simulator warning. Read only: nothing here changes what another spec sees.
 */
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SIMULATED_NOTICE = '模拟行情，仅供演示';
const PHONE = { width: 390, height: 844 };

test('价格源 lists the simulated venues of each pair with the index, and the dashboard warns', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await adminSession(request);
  await openAs(page, admin, '/admin');
  const warning = page.getByTestId('price-simulated-warning');
  await expect(warning).toContainText('当前价格源为模拟行情');
  await expect(warning).toHaveClass(/ant-alert-warning/);
  await snap(page, testInfo, 'price-sources-dashboard');

  // The sidebar's 交易管理 group has the screen after 行情数据.
  const sidebar = page.getByTestId('admin-sidebar');
  await sidebar.getByText('交易管理', { exact: true }).click();
  await sidebar.getByRole('link', { name: '价格源', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/trading\/price-sources$/);
  await expect(page.getByRole('heading', { name: '价格源' })).toBeVisible();

  await expect(page.getByTestId('price-rule-max-age')).toHaveText('3 秒');
  await expect(page.getByTestId('price-rule-max-deviation')).toHaveText('±2%');
  await expect(page.getByTestId('price-rule-min-sources')).toHaveText('2 个');
  await expect(page.getByTestId('price-simulated-warning')).toBeVisible();

  // BTCUSDT: an index price and its three venues, each with a status.
  await expect(page.getByTestId('price-index-BTCUSDT')).toHaveText(/^[\d,]+\.\d+/);
  const venues: [string, string][] = [
    ['sim-a', '模拟交易所 A'],
    ['sim-b', '模拟交易所 B'],
    ['sim-c', '模拟交易所 C'],
  ];
  for (const [source, label] of venues) {
    const row = page.getByTestId(`price-source-row-BTCUSDT-${source}`);
    await expect(row).toContainText(label);
    await expect(page.getByTestId(`price-source-status-BTCUSDT-${source}`)).toHaveText(/^(计入|剔除：.+)$/);
  }

  // It refreshes by itself (every 5 s): the time of the last update moves on.
  const updated = page.getByTestId('price-sources-updated-at');
  const before = await updated.textContent();
  await expect(updated).not.toHaveText(before ?? '', { timeout: 12_000 });
  await snap(page, testInfo, 'price-sources-desktop');

  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('price-index-BTCUSDT')).toBeVisible();
  await snap(page, testInfo, 'price-sources-phone');
});

test('every trade screen says the prices are simulated, above its controls on a phone', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  for (const product of ['spot', 'flash', 'perpetual', 'option']) {
    await page.goto(`/trade/${product}/BTCUSDT`);
    const notice = page.getByTestId('simulated-notice');
    await expect(notice).toHaveText(SIMULATED_NOTICE);
    await expect(notice.locator('.ant-alert-close-icon')).toHaveCount(0);
    // In the page's flow: it sits above the product switch and covers nothing.
    const box = await notice.boundingBox();
    const segmented = await page.locator('[data-testid="trade-header"] .ant-segmented').boundingBox();
    if (!box || !segmented) throw new Error('the notice or the product switch is not on screen');
    expect(box.y + box.height).toBeLessThanOrEqual(segmented.y);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await notice.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
    await snap(page, testInfo, `simulated-notice-${product}-phone`);
  }
});
