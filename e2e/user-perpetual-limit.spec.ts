import { expect as baseExpect, type Page, test } from '@playwright/test';
import { serverOnFakeVenue } from './fake-venue.ts';
import {
  callApi,
  createDepositChannel,
  E2E_ADMIN,
  fundUser,
  normAmount,
  openAs,
  registerUser,
  type Session,
  snapFromTop,
  walletOf,
} from './support.ts';

/**
 * A perpetual limit order (issue 33) on a phone, against a local fake exchange whose price the test
 * moves: the user places a limit long below the market, sees it under 当前委托 with its frozen
 * margin + fee, the market falls through the price and the server's job opens the position at that
 * index; half of it is closed with 平仓 50 %. The operator then finds it in 持仓列表 at 1366 px.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const PORT = Number(process.env.E2E_PORT ?? 3199) + 11;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

const venue = serverOnFakeVenue({
  port: PORT,
  name: 'perpetual-limit',
  prices: { BTCUSDT: '65000' },
});

const shot = (page: Page, name: string) => snapFromTop(page, test.info(), name);

test('a limit long waits under 当前委托, opens when the index reaches it, and half of it is closed', async ({
  page,
  browser,
}) => {
  const admin = await callApi<Session>(venue.api, 'POST', '/api/auth/login', {
    data: { account: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const user = await registerUser(venue.api, 'perp-limit');
  const channel = await createDepositChannel(venue.api, admin);
  await fundUser(venue.api, admin, user, channel.id, '1000');

  await openAs(page, user, '/trade/perpetual/BTCUSDT');
  await expect(page.getByTestId('perpetual-available')).toHaveText('可用 1,000.00 USDT');
  await page.getByText('限价', { exact: true }).click();
  await page.getByTestId('perpetual-limit-price').fill('64000');
  await page.getByTestId('perpetual-leverage-10').click();
  await page.getByTestId('perpetual-margin').fill('100');
  await page.getByTestId('perpetual-submit').click();
  const sheet = page.getByTestId('perpetual-confirm');
  await expect(sheet.locator('tr', { hasText: '委托价格' })).toContainText('64,000.00');
  await shot(page, 'perpetual-limit-confirm-390');
  const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trading/perpetual/order');
  await page.getByTestId('perpetual-confirm-ok').click();
  expect((await placed).status()).toBe(200);

  // 当前委托: the order waits with 100 + 0.5 frozen.
  await page.getByRole('tab', { name: /当前委托/ }).click();
  const [limit] = (
    await callApi<{ limit_orders: { id: number }[] }>(
      venue.api,
      'GET',
      '/api/trading/perpetual/limit-orders',
      {
        token: user.token,
      },
    )
  ).limit_orders;
  if (!limit) throw new Error('no waiting limit order');
  const waiting = page.getByTestId(`limit-order-${limit.id}`);
  await expect(waiting).toContainText('64,000.00');
  await expect(waiting).toContainText('100.50');
  const wallet = await walletOf(venue.api, user);
  expect(normAmount(wallet.frozen_balance)).toBe('100.5');
  await shot(page, 'perpetual-limit-waiting-390');

  // The market falls through 64,000: the job opens the position at that index.
  venue.fake.setPrice('BTCUSDT', '63900');
  await expect(page.getByTestId('limit-orders-empty')).toBeVisible();
  await page.getByRole('tab', { name: /当前持仓/ }).click();
  const positions = await callApi<{ positions: { id: number; entry_price: string; quantity: string }[] }>(
    venue.api,
    'GET',
    '/api/trading/perpetual/positions',
    { token: user.token },
  );
  const opened = positions.positions[0];
  if (!opened) throw new Error('no open position');
  expect(opened.id).toBe(limit.id);
  await expect(page.getByTestId(`position-${opened.id}`)).toBeVisible();
  expect(opened.entry_price).toBe('63900');

  // 平仓 50 %: the rest stays open with half the margin.
  await page.getByTestId(`position-close-${opened.id}`).click();
  await page.getByTestId('close-percent').getByText('50%', { exact: true }).click();
  await shot(page, 'perpetual-partial-close-390');
  await page.getByRole('button', { name: '确认平仓' }).click();
  await expect(page.getByText('部分平仓成功')).toBeVisible();
  await expect(page.getByTestId(`position-margin-${opened.id}`)).toHaveText('50.00');
  await shot(page, 'perpetual-partial-closed-390');

  // The operator's 持仓列表 at 1366 px.
  const office = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  await openAs(office, admin, `/admin/trading/positions?user=${user.user.id}`);
  const row = office.getByTestId(`admin-position-row-${opened.id}`);
  await expect(row).toContainText('BTCUSDT');
  await expect(row).toContainText('做多 10x');
  await shot(office, 'admin-perpetual-positions-1366');
  await office.close();
});
