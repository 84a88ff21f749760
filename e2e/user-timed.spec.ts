import {
  type APIRequestContext,
  expect as baseExpect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import {
  callApi,
  confirmTimedOrder,
  fundedUser,
  normAmount,
  openAs,
  type Session,
  snap,
  snapView,
  sumAmounts,
  walletOf,
} from './support.ts';

/**
 * The user's timed products on a phone: a flash contract and an option placed through the screens,
 * watched through their countdowns to the settled result with the reference price, its source and
 * its time (ARCHITECTURE.md, "Fair settlement"), and the balance that moved. The server's simulated
 * market prices them.
 */
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, actionTimeout: 30_000 });
// Generous: the first screen of a lazy chunk takes a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 45_000 });

/** Settlement runs 1 s after expiry every 0.5 s; the push (or the fallback poll) then refreshes. */
const SETTLE_SLACK_MS = 30_000;

interface Contract {
  order_id: number;
  status: string;
  outcome: string | null;
  payout: string | null;
  settlement: { price: string; source: string; at: string } | null;
}

/** A full-page screenshot from the top (a scrolled page puts the sticky header mid-picture). */
async function snapTop(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, name);
}

/** "1,234.50 USDT" for a plain decimal string, as the screens write USDT (2 places). */
function usdt(value: string): string {
  const [int = '0', frac = ''] = normAmount(value).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0').slice(0, 2)} USDT`;
}

async function latestContract(request: APIRequestContext, user: Session, product: 'flash' | 'option') {
  const data = await callApi<{ contracts: Contract[] }>(request, 'GET', `/api/trading/${product}/history`, {
    token: user.token,
  });
  const [latest] = data.contracts;
  if (!latest) throw new Error(`no ${product} contract`);
  return latest;
}

/** The countdown goes down on screen (read twice, a couple of seconds apart). */
async function expectCountingDown(page: Page) {
  const countdown = page.locator('.ant-modal').getByTestId('countdown');
  const first = (await countdown.textContent()) ?? '';
  await expect.poll(async () => (await countdown.textContent()) ?? '', { timeout: 10_000 }).not.toBe(first);
  const second = (await countdown.textContent()) ?? '';
  expect(second < first).toBe(true);
}

/** The settlement's price, source and time as the detail shows them. */
async function expectSettlementShown(page: Page, contract: Contract) {
  if (!contract.settlement) throw new Error('contract settled without a reference price');
  await expect(page.getByTestId('settlement-price')).toHaveText(/\d/);
  await expect(page.getByTestId('settlement-source')).toContainText(contract.settlement.source);
  await expect(page.getByTestId('settlement-time')).toHaveText(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/,
  );
  await expect(page.getByTestId('contract-payout')).toHaveText(usdt(contract.payout ?? '0'));
}

test('guests see the timed products with a login prompt instead of the order button', async ({
  page,
}, testInfo) => {
  await page.goto('/trade/flash/BTCUSDT');
  await expect(page.getByTestId('flash-order-form')).toBeVisible();
  await expect(page.getByTestId('guest-prompt')).toBeVisible();
  await expect(page.getByTestId('place-order')).toHaveCount(0);
  await snapTop(page, testInfo, 'timed-flash-guest-390');

  await page.goto('/trade/option/BTCUSDT');
  await expect(page.getByTestId('guest-prompt')).toBeVisible();
  await expect(page.getByTestId('option-rules')).toBeVisible();
  await snapTop(page, testInfo, 'timed-option-guest-390');
});

test('a funded user places a flash contract, watches it count down and sees it settled', async ({
  page,
  request,
}, testInfo) => {
  const user = await fundedUser(request, 'timed', '1000');
  const config = await callApi<{ durations: { seconds: number }[] }>(
    request,
    'GET',
    '/api/trading/flash/config',
  );
  const shortest = Math.min(...config.durations.map((d) => d.seconds));

  await openAs(page, user, '/trade/flash/BTCUSDT');
  await expect(page.getByTestId('available-balance')).toHaveText('1,000.00 USDT');
  await page.getByTestId(`flash-duration-${shortest}`).click();
  await page.getByTestId('direction-up').click();
  await page.getByTestId('stake-input').fill('100');
  await expect(page.getByTestId('win-preview')).toContainText('USDT');
  await snapTop(page, testInfo, 'timed-flash-form-390');

  const id = await confirmTimedOrder(page, expect);
  await expect(page.getByTestId('entry-price')).toHaveText(/\d/);
  await expect(page.getByTestId('entry-source')).toContainText('指数价格');
  await expectCountingDown(page);
  await snapView(page, testInfo, 'timed-flash-countdown-390');
  // The stake is frozen at once.
  await expect(page.getByTestId('available-balance')).toHaveText('900.00 USDT');

  await expect(page.getByTestId('contract-outcome-label')).toBeVisible({
    timeout: shortest * 1000 + SETTLE_SLACK_MS,
  });
  const settled = await latestContract(request, user, 'flash');
  expect(settled.order_id).toBe(id);
  expect(settled.status).toBe('settled');
  await expectSettlementShown(page, settled);
  await snapView(page, testInfo, 'timed-flash-result-390');

  // The balance on screen is the wallet's after the payout (900 + what came back).
  const wallet = await walletOf(request, user);
  expect(normAmount(wallet.balance)).toBe(sumAmounts('900', settled.payout ?? '0'));
  await page.getByTestId('contract-modal-close').click();
  await expect(page.getByTestId('available-balance')).toHaveText(usdt(wallet.balance));

  await page.getByRole('tab', { name: '历史记录' }).click();
  const row = page.getByTestId(`contract-row-${id}`);
  await expect(row).toContainText(settled.settlement?.source ?? 'sim');
  await page.getByRole('tab', { name: '统计' }).click();
  await expect(page.getByTestId('timed-stats')).toContainText('总笔数');
  await page.getByRole('tab', { name: '历史记录' }).click();
  await snapTop(page, testInfo, 'timed-flash-history-390');
  await page.getByTestId('flash-tabs').scrollIntoViewIfNeeded();
  await snapView(page, testInfo, 'timed-flash-history-view-390');

  await page.setViewportSize({ width: 1280, height: 900 });
  await snapTop(page, testInfo, 'timed-flash-1280');
});

test('a funded user places an option on an open level, sees it active, then settled', async ({
  page,
  request,
}, testInfo) => {
  const user = await fundedUser(request, 'timed', '500');
  await openAs(page, user, '/trade/option/ETHUSDT');
  await expect(page.getByTestId('option-period-label')).toBeVisible();
  // The first level is open to everyone; the second needs valid orders this user does not have.
  await expect(page.getByTestId('option-level-1')).toBeEnabled();
  await expect(page.getByTestId('option-level-2')).toBeDisabled();
  await expect(page.getByTestId('option-level-2')).toContainText(
    /需 \d+ 笔有效订单，您已有 0 笔|不可用|已停用/,
  );
  await page.getByTestId('option-level-1').click();
  await page.getByTestId('option-duration-60').click();
  await page.getByTestId('direction-put').click();
  await page.getByTestId('stake-input').fill('50');
  await snapTop(page, testInfo, 'timed-option-form-390');

  const id = await confirmTimedOrder(page, expect);
  await expectCountingDown(page);
  await snapView(page, testInfo, 'timed-option-countdown-390');
  await page.getByTestId('contract-modal-close').click();

  const row = page.getByTestId(`contract-row-${id}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('countdown')).toBeVisible();
  await expect(page.getByTestId('available-balance')).toHaveText('450.00 USDT');
  await snapTop(page, testInfo, 'timed-option-active-390');
  await page.getByTestId('option-tabs').scrollIntoViewIfNeeded();
  await snapView(page, testInfo, 'timed-option-active-view-390');

  // Sixty seconds later the row leaves 进行中 and the history shows the settled result.
  await expect(row).toHaveCount(0, { timeout: 60_000 + SETTLE_SLACK_MS });
  await page.getByRole('tab', { name: '历史记录' }).click();
  await expect(row).toBeVisible();
  const settled = await latestContract(request, user, 'option');
  expect(settled.order_id).toBe(id);
  await expect(row).toContainText(settled.settlement?.source ?? 'sim');
  await row.click();
  await expect(page.getByTestId('contract-outcome-label')).toBeVisible();
  await expectSettlementShown(page, settled);
  await snapView(page, testInfo, 'timed-option-result-390');
  await page.getByTestId('contract-modal-close').click();

  const wallet = await walletOf(request, user);
  await expect(page.getByTestId('available-balance')).toHaveText(usdt(wallet.balance));
  await page.setViewportSize({ width: 1280, height: 900 });
  await snapTop(page, testInfo, 'timed-option-1280');
});
