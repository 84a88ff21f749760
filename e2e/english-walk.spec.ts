import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  expect as baseExpect,
  type Page,
  request,
  type TestInfo,
  test,
} from '@playwright/test';
import { freshDataDir, type IsolatedServer, startIsolatedServer } from './isolated-server.ts';
import {
  adminLogin,
  animationsSettled,
  approveDeposit,
  callApi,
  checkerboardPng,
  confirmTimedOrder,
  createDepositChannel,
  createWithdrawChannel,
  fundUser,
  openAs,
  randomTrc20Address,
  registerUser,
  type Session,
  sleep,
  snap,
  submitDeposit,
  submitKyc,
  toast,
  uniqueIdNumber,
} from './support.ts';

/**
 * Issue 38's walk: a user whose browser prefers English deposits and passes KYC through the user
 * app's own forms and reads the notices of both decisions, trades each product through its screen's
 * own form (a spot limit and market order, a flash contract, a perpetual position, an option) and
 * reads every screen of the user app that holds their money, trades and notices; an admin who
 * chooses English in the header walks every screen of the menu, at desktop and at phone size (the
 * header on one line); neither meets Chinese. Its own server, so that every row on
 * the screens is one this spec made with English names (the shared server holds other specs' data,
 * some of it named in Chinese, which is data and not ours to translate).
 */
test.describe.configure({ mode: 'serial', timeout: 600_000 });
test.use({ actionTimeout: 20_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PORT = Number(process.env.E2E_PORT ?? 3199) + 14;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

/** Every screen of the back office's menu (apps/web/src/admin/routes.tsx), with what shows it loaded. */
const SCREENS = [
  '/admin',
  '/admin/users',
  '/admin/admins',
  '/admin/kyc',
  '/admin/home',
  '/admin/wallet',
  '/admin/wallet/deposits',
  '/admin/wallet/withdrawals',
  '/admin/wallet/adjustments',
  '/admin/wallet/reconciliation',
  '/admin/wallet/por',
  '/admin/wallet/approval-thresholds',
  '/admin/wallet/channels',
  '/admin/wallet/withdraw-channels',
  '/admin/trading',
  '/admin/trading/orders',
  '/admin/trading/positions',
  '/admin/trading/funding',
  '/admin/trading/risk',
  '/admin/trading/perpetual-risk',
  '/admin/trading/pairs',
  '/admin/trading/market-data',
  '/admin/trading/price-sources',
  '/admin/trading/options',
  '/admin/team',
  '/admin/team/hierarchy',
  '/admin/team/rewards',
  '/admin/team/salary',
  '/admin/transactions',
  '/admin/changes',
  '/admin/audit',
];

/** The Chinese on the screen: visible text, and the placeholders, labels and titles of what is shown. */
async function chineseOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const element of Array.from(
      document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]'),
    )) {
      if (element.offsetParent === null && getComputedStyle(element).position !== 'fixed') continue;
      for (const name of ['placeholder', 'aria-label', 'title']) texts.push(element.getAttribute(name) ?? '');
    }
    return texts.join('\n').match(/[\u3400-\u9fff][\u3000-\u303f\uff00-\uffef\u3400-\u9fff]*/g) ?? [];
  });
}

/**
 * A screen has loaded: its shell is up (the back office's breadcrumbs, the user app's tab bar) and
 * nothing on the page still spins or shows a skeleton.
 */
async function settled(page: Page, shell: 'admin' | 'user') {
  await expect(page.getByTestId(shell === 'admin' ? 'breadcrumbs' : 'user-tab-bar')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/**
 * The back office's header keeps to its one line: the breadcrumbs (on a phone the current screen
 * only, cut with an ellipsis) neither wrap nor leave the header, whose height stays antd's 64 px.
 */
async function headerOnOneLine(page: Page) {
  const header = await page.locator('header.ant-layout-header').boundingBox();
  const crumbs = await page.getByTestId('breadcrumbs').boundingBox();
  if (!header || !crumbs) throw new Error('no header or breadcrumbs');
  expect(header.height).toBeLessThanOrEqual(65);
  expect(crumbs.height).toBeLessThan(32);
  expect(crumbs.y).toBeGreaterThanOrEqual(header.y);
  expect(crumbs.y + crumbs.height).toBeLessThanOrEqual(header.y + header.height);
  const logout = await page.getByTestId('logout').boundingBox();
  if (!logout) throw new Error('no logout button');
  expect(logout.x + logout.width).toBeLessThanOrEqual(header.x + header.width);
}

/** Opens each of `paths` and keeps a screenshot of it; answers the Chinese met, by screen. */
async function walk(
  page: Page,
  testInfo: TestInfo,
  shell: 'admin' | 'user',
  paths: readonly string[],
  prefix: string,
) {
  const found: Record<string, string[]> = {};
  for (const [i, path] of paths.entries()) {
    if (shell === 'admin' && i > 0) {
      // Inside the app, as the menu does: a full reload per screen cost a worker about ten minutes
      // of the CI's busiest stretch. The breadcrumbs name every screen, so their change says the
      // new one is up.
      const before = await page.getByTestId('breadcrumbs').innerText();
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByTestId('breadcrumbs')).not.toHaveText(before);
    } else {
      await page.goto(path);
    }
    await settled(page, shell);
    if (shell === 'admin') await headerOnOneLine(page);
    const chinese = await chineseOnScreen(page);
    if (chinese.length > 0) found[path] = [...new Set(chinese)];
    await snap(page, testInfo, `${prefix}${path === '/' ? '-home' : path.replaceAll('/', '-')}`);
  }
  return found;
}

let server: IsolatedServer;
let api: APIRequestContext;
let admin: Session;
let walker: Session;
let depositChannelId: number;
let withdrawChannelId: number;

/** Waits until the fresh server has an index price for `symbol` (until then no contract opens: a 503). */
async function indexFormed(symbol: string) {
  for (let attempt = 0; ; attempt += 1) {
    const index = await callApi<{ price: string | null }>(api, 'GET', `/api/market/index/${symbol}`).catch(
      () => null,
    );
    if (index?.price) return;
    if (attempt >= 60) throw new Error(`no index price for ${symbol} after two minutes`);
    await sleep(2000);
  }
}

test.beforeAll(async () => {
  // A fresh embedded database is migrated and seeded at start (up to two minutes on a busy machine).
  test.setTimeout(240_000);
  server = await startIsolatedServer(PORT, freshDataDir(`english-walk-${PORT}`));
  api = await request.newContext({ baseURL: server.url });
  admin = await adminLogin(api);
  // The walker (registered here; user-english.spec.ts registers through the form) deposits and
  // passes KYC through the screens in the first test. The back office's screens need rows under
  // review, named in English: a second, verified and funded user's deposit and withdrawal waiting,
  // and a third user's KYC application waiting.
  const channel = await createDepositChannel(api, admin, { name: 'USDT TRC20 main' });
  depositChannelId = channel.id;
  withdrawChannelId = (await createWithdrawChannel(api, admin, '0.01')).id;
  walker = await registerUser(api, 'english-walk');
  const reviewing = await registerUser(api, 'english-reviewing');
  const kyc = await submitKyc(api, reviewing, 'Carol Reed');
  await callApi(api, 'PATCH', `/api/admin/kyc/${kyc}`, { token: admin.token, data: { status: 'approved' } });
  await fundUser(api, admin, reviewing, channel.id, '500');
  await submitDeposit(api, reviewing, channel.id, '250');
  await withdraw(reviewing, '100');
  // The orders are placed through the screens; the fresh server's index must have formed first, or
  // the forms' calls answer 503.
  await indexFormed('BTCUSDT');
  await submitKyc(api, await registerUser(api, 'english-pending'), 'Bob Stone');
});

/** A USDT withdrawal of `amount` by `user` (KYC approved), left under review. */
async function withdraw(user: Session, amount: string) {
  await callApi(api, 'POST', '/api/wallet/withdrawals', {
    token: user.token,
    idempotencyKey: randomUUID(),
    data: { withdraw_type: 'usdt', channel_id: withdrawChannelId, amount, address: randomTrc20Address() },
  });
}

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

/** The user app's screens: the walker's money, trades, notices and account. */
const USER_SCREENS = [
  '/',
  '/markets',
  '/trade/spot/BTCUSDT',
  '/trade/flash/BTCUSDT',
  '/trade/perpetual/BTCUSDT',
  '/trade/option/BTCUSDT',
  '/wallet',
  '/wallet/deposit',
  '/wallet/withdraw',
  '/wallet/history',
  '/wallet/asset/USDT',
  '/kyc',
  '/team',
  '/me',
  '/me/profile',
  '/me/password',
  '/me/security',
  '/me/addresses',
  '/me/notifications',
  '/me/price-alerts',
  '/me/settings',
  '/me/por',
];

/** The Chinese on the screen now, kept under `where` when there is some. */
async function noteChinese(page: Page, found: Record<string, string[]>, where: string) {
  const chinese = await chineseOnScreen(page);
  if (chinese.length > 0) found[where] = [...new Set([...(found[where] ?? []), ...chinese])];
}

/** A phone whose browser prefers English: the walk's user. */
const ENGLISH_PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

/** What the page's next POST to `path`, made by `act`, answers (its `data`); fails unless it succeeded. */
async function replyTo<T>(page: Page, path: string, act: () => Promise<void>): Promise<T> {
  const reply = page.waitForResponse(
    (r) => new URL(r.url()).pathname === path && r.request().method() === 'POST',
  );
  await act();
  const body = (await (await reply).json()) as { success: boolean; message: string; data: T };
  expect(body.success, body.message).toBe(true);
  return body.data;
}

test('the user deposits and passes KYC through the forms in English and reads both notices', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext(ENGLISH_PHONE);
  const page = await context.newPage();
  const found: Record<string, string[]> = {};

  // Deposit: choose the channel, pay to its address, report the payment (the form's refusal first).
  await openAs(page, walker, '/wallet/deposit');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId(`deposit-channel-${depositChannelId}`).click();
  await expect(page.getByTestId('deposit-qr-generated')).toBeVisible();
  await noteChinese(page, found, 'deposit form');
  await page.getByTestId('deposit-amount').fill('0.5');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByText('The deposit amount cannot be below 1 USDT')).toBeVisible();
  await noteChinese(page, found, 'deposit amount refused');
  await page.getByTestId('deposit-amount').fill('5000');
  await page.getByTestId('deposit-tx-hash').fill('e3'.repeat(32));
  await page.getByTestId('deposit-remark').fill('First deposit');
  const { deposit } = await replyTo<{ deposit: { id: number } }>(page, '/api/wallet/deposits', () =>
    page.getByTestId('deposit-submit').click(),
  );
  await expect(toast(page, 'Deposit submitted')).toBeVisible();
  const submitted = page.getByTestId('deposit-submitted');
  await expect(submitted.getByTestId('deposit-status')).toHaveText('Pending review');
  await noteChinese(page, found, 'deposit submitted');
  await snap(page, testInfo, 'user-en-390-deposit-submitted');
  // The admin approves (a second admin too above the dual-control threshold); the page follows live.
  await approveDeposit(api, admin, deposit.id);
  await expect(submitted.getByTestId('deposit-status')).toHaveText('Approved');
  await noteChinese(page, found, 'deposit approved');

  // KYC: the form's refusals (a file that is no image, nothing filled in), then name, ID number and photos.
  await page.goto('/kyc');
  await expect(page.getByTestId('kyc-page-status')).toHaveText('Not verified');
  await noteChinese(page, found, 'KYC form');
  await page
    .getByTestId('kyc-front-input')
    .setInputFiles({ name: 'id.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByTestId('kyc-front-problem')).toHaveText('Please select an image file');
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByText('Upload a photo of the ID front')).toBeVisible();
  await expect(page.getByText('Enter your ID number')).toBeVisible();
  await noteChinese(page, found, 'KYC form refused');
  await snap(page, testInfo, 'user-en-390-kyc-refused');
  const photo = { mimeType: 'image/png', buffer: await checkerboardPng(48) };
  await page.getByTestId('kyc-real-name').fill('Alice Walker');
  await page.getByTestId('kyc-id-number').fill(uniqueIdNumber());
  await page.getByTestId('kyc-front-input').setInputFiles({ name: 'front.png', ...photo });
  await page.getByTestId('kyc-back-input').setInputFiles({ name: 'back.png', ...photo });
  await expect(page.getByTestId('kyc-front-preview')).toBeVisible();
  await expect(page.getByTestId('kyc-back-preview')).toBeVisible();
  await noteChinese(page, found, 'KYC form filled');
  const { application } = await replyTo<{ application: { id: number } }>(page, '/api/kyc/submit', () =>
    page.getByTestId('kyc-submit').click(),
  );
  await expect(toast(page, 'Identity verification submitted')).toBeVisible();
  await expect(page.getByTestId('kyc-in-review')).toBeVisible();
  await expect(page.getByTestId('kyc-page-status')).toHaveText('Pending review');
  await noteChinese(page, found, 'KYC in review');
  await snap(page, testInfo, 'user-en-390-kyc-in-review');
  await callApi(api, 'PATCH', `/api/admin/kyc/${application.id}`, {
    token: admin.token,
    data: { status: 'approved' },
  });
  await expect(page.getByTestId('kyc-approved')).toBeVisible();
  await expect(page.getByTestId('kyc-page-status')).toHaveText('Verified');
  await noteChinese(page, found, 'KYC approved');
  await snap(page, testInfo, 'user-en-390-kyc-approved');

  // The notices of both decisions, in English; the deposit's opens the deposit history.
  await page.goto('/me/notifications');
  const notices = page.getByTestId('notifications-list');
  const credited = notices.locator('[data-testid^="notification-"]').filter({ hasText: 'Deposit credited' });
  await expect(credited).toContainText(`Deposit #${deposit.id} was approved; 5,000`);
  await expect(
    notices.locator('[data-testid^="notification-"]').filter({ hasText: 'Identity verification passed' }),
  ).toContainText('Your identity verification has passed; you can now withdraw');
  await noteChinese(page, found, 'notifications');
  await snap(page, testInfo, 'user-en-390-notifications');
  await credited.first().click();
  await expect(page).toHaveURL(/\/wallet\/history\?tab=deposits/);
  await expect(page.getByTestId('history-deposits').getByTestId('deposit-status').first()).toHaveText(
    'Approved',
  );
  await noteChinese(page, found, 'deposit history');

  await context.close();
  expect(found).toEqual({});
  // Verified now: a withdrawal under review, for the walker's screens (history, asset page) below.
  await withdraw(walker, '100');
});

test('the user trades each product through its screen’s own form in English and reads the result', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext(ENGLISH_PHONE);
  const page = await context.newPage();
  const found: Record<string, string[]> = {};

  // Spot: a limit buy far under the price rests in Open orders; a market buy fills.
  await openAs(page, walker, '/trade/spot/BTCUSDT');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('book-last-price')).not.toHaveText('--');
  await page.getByTestId('spot-type').getByText('Limit', { exact: true }).click();
  await page.getByTestId('spot-price').fill('1000');
  await page.getByTestId('spot-amount').fill('0.01');
  const spotOrder = async () => {
    const reply = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/trading/spot/order' && r.request().method() === 'POST',
    );
    await page.getByTestId('spot-submit').click();
    const sheet = page.getByTestId('spot-confirm');
    await expect(sheet).toBeVisible();
    await noteChinese(page, found, 'spot confirmation');
    await page.getByTestId('spot-confirm-ok').click();
    const body = (await (await reply).json()) as {
      success: boolean;
      message: string;
      data: { order: { id: number } };
    };
    expect(body.success, body.message).toBe(true);
    await expect(toast(page, 'Order placed')).toBeVisible();
    return body.data.order.id;
  };
  const limitId = await spotOrder();
  const resting = page.getByTestId('spot-open-orders').getByTestId(`spot-order-${limitId}`);
  await expect(resting.getByTestId('order-status')).toHaveText('Open');
  await noteChinese(page, found, 'spot limit order');
  await snap(page, testInfo, 'trade-en-390-spot-limit');

  await page.getByTestId('spot-type').getByText('Market', { exact: true }).click();
  await page.getByTestId('spot-amount').fill('0.001');
  const marketId = await spotOrder();
  await page.getByRole('tab', { name: 'Order history' }).click();
  const filled = page.getByTestId('spot-history').getByTestId(`spot-order-${marketId}`);
  await expect(filled.getByTestId('order-status')).toHaveText('Filled');
  await expect(filled.getByTestId('order-avg-price')).not.toHaveText('--');
  await noteChinese(page, found, 'spot market order');
  await snap(page, testInfo, 'trade-en-390-spot-market');

  // Flash: the shortest duration, Up; the contract counts down with its entry price and source, then settles.
  const flash = await callApi<{ durations: { seconds: number }[] }>(api, 'GET', '/api/trading/flash/config');
  const shortest = Math.min(...flash.durations.map((d) => d.seconds));
  await page.goto('/trade/flash/BTCUSDT');
  await page.getByTestId(`flash-duration-${shortest}`).click();
  await page.getByTestId('direction-up').click();
  await page.getByTestId('stake-input').fill('20');
  await expect(page.getByTestId('win-preview')).toContainText('USDT');
  await noteChinese(page, found, 'flash form');
  const flashId = await confirmTimedOrder(page, expect);
  await expect(page.getByTestId('entry-price')).toHaveText(/\d/);
  await expect(page.getByTestId('entry-source')).toContainText('Index price');
  await expect(page.getByTestId('contract-modal')).toContainText('Contract in progress');
  await noteChinese(page, found, 'flash contract');
  await snap(page, testInfo, 'trade-en-390-flash-open');
  await expect(page.getByTestId('contract-outcome-label')).toHaveText(/^(Win|Loss|Draw|Void \(refunded\))$/, {
    timeout: shortest * 1000 + 60_000,
  });
  await expect(page.getByTestId('contract-modal')).toContainText('Settlement result');
  await noteChinese(page, found, 'flash result');
  await snap(page, testInfo, 'trade-en-390-flash-settled');
  await page.getByTestId('contract-modal-close').click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId(`contract-row-${flashId}`)).toBeVisible();
  await noteChinese(page, found, 'flash history');

  // Perpetual: a 10x long of 50 USDT, asked first in the confirmation sheet, then among the positions.
  await page.goto('/trade/perpetual/BTCUSDT');
  await expect(page.getByTestId('trade-last-price')).toHaveText(/\d/);
  await page.getByTestId('perpetual-side-long').click();
  await page.getByTestId('perpetual-leverage-10').click();
  await page.getByTestId('perpetual-margin').fill('50');
  await expect(page.getByTestId('perpetual-form-problem')).toHaveCount(0);
  await expect(page.getByTestId('perpetual-preview-notional')).toHaveText('500.00 USDT');
  await page.getByTestId('perpetual-submit').click();
  const sheet = page.getByTestId('perpetual-confirm');
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('tr', { hasText: /^Leverage/ })).toContainText('10x');
  await expect(sheet.locator('tr', { hasText: /^Margin/ })).toContainText('50.00 USDT');
  await animationsSettled(page);
  await noteChinese(page, found, 'perpetual confirmation');
  const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trading/perpetual/order');
  await page.getByTestId('perpetual-confirm-ok').click();
  const reply = (await (await opened).json()) as {
    success: boolean;
    message: string;
    data: { position: { id: number } };
  };
  expect(reply.success, reply.message).toBe(true);
  const position = page.getByTestId(`position-${reply.data.position.id}`);
  await expect(position).toContainText('Long');
  await expect(position).toContainText('10x');
  await expect(page.getByTestId(`position-mark-${reply.data.position.id}`)).toHaveText(/\d/);
  await noteChinese(page, found, 'perpetual position');
  await snap(page, testInfo, 'trade-en-390-perpetual');

  // Options: level 1, one minute, Down; the open contract counts down and stays under Open.
  await page.goto('/trade/option/BTCUSDT');
  await expect(page.getByTestId('option-level-1')).toBeEnabled();
  await expect(page.getByTestId('option-level-1')).toContainText('Level 1');
  await page.getByTestId('option-level-1').click();
  await page.getByTestId('option-duration-60').click();
  await page.getByTestId('direction-put').click();
  await page.getByTestId('stake-input').fill('20');
  await noteChinese(page, found, 'option form');
  const optionId = await confirmTimedOrder(page, expect);
  await expect(page.getByTestId('countdown').first()).toBeVisible();
  await noteChinese(page, found, 'option contract');
  await page.getByTestId('contract-modal-close').click();
  await expect(page.getByTestId(`contract-row-${optionId}`)).toBeVisible();
  await noteChinese(page, found, 'option open');
  await snap(page, testInfo, 'trade-en-390-option');

  await context.close();
  expect(found).toEqual({});
});

test('a user whose browser prefers English reads their money, trades and notices without Chinese', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext(ENGLISH_PHONE);
  const page = await context.newPage();
  await openAs(page, walker, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const found = await walk(page, testInfo, 'user', USER_SCREENS, 'user-en-390');
  await context.close();
  expect(found).toEqual({});
});

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`an admin who chose English walks every back-office screen at ${size.name} size without Chinese`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(size.viewport);
    if (size.name === 'desktop') {
      await openAs(page, admin, '/admin');
      await settled(page, 'admin');
      // The choice is made in the header's switch (and saved to the admin's profile).
      await page.getByTestId('language-switch').click();
      await page.getByTitle('English').click();
    } else {
      // This device chose English before (the device's choice, kept in local storage).
      await page.addInitScript(() => localStorage.setItem('language', 'en'));
      await openAs(page, admin, '/admin');
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    expect(await walk(page, testInfo, 'admin', SCREENS, `admin-en-${size.name}`)).toEqual({});

    // Back in Chinese, the header keeps to its line as well (last: the choice is saved to the
    // admin's profile).
    if (size.name !== 'phone') return;
    await page.getByTestId('language-switch').click();
    await page.getByTitle('简体中文').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await headerOnOneLine(page);
    await snap(page, testInfo, `admin-zh-${size.name}-header`);
  });
}
