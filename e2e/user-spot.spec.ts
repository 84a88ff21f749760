import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  callApi,
  fundedUser,
  normAmount,
  openAs,
  type Session,
  snap,
  sumAmounts,
  toast,
  walletOf,
} from './support.ts';

test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const SYMBOL = 'BTCUSDT';
const FUNDS = '5000';

interface Order {
  id: number;
  status: string;
  filled_amount: string;
  quote_amount: string;
  fee: string;
  avg_price: string | null;
}

/** The chart has drawn (its canvases exist) and the book shows levels on both sides. */
async function marketShown(page: Page) {
  await expect(page.getByTestId('spot-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('book-ask').first()).toBeVisible();
  await expect(page.getByTestId('book-bid').first()).toBeVisible();
  await expect(page.getByTestId('book-last-price')).not.toHaveText('--');
}

/** A funded user on the spot screen of SYMBOL, once the market has shown. */
async function openFundedSpot(page: Page, request: APIRequestContext): Promise<Session> {
  const user = await fundedUser(request, 'spot', FUNDS);
  await openAs(page, user, `/trade/spot/${SYMBOL}`);
  await marketShown(page);
  return user;
}

async function submitOrder(page: Page): Promise<Order> {
  const reply = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/trading/spot/order' && r.request().method() === 'POST',
  );
  await page.getByTestId('spot-submit').click();
  // Every spot order is confirmed first (user-offline-orders.spec.ts covers the sheet itself).
  await page.getByTestId('spot-confirm-ok').click();
  const body = (await (await reply).json()) as { success: boolean; message: string; data: { order: Order } };
  expect(body.success, body.message).toBe(true);
  return body.data.order;
}

test('a funded user buys at market, sees the fill in the history and the balances change', async ({
  page,
  request,
}, info) => {
  const user = await openFundedSpot(page, request);
  await expect(page.getByTestId('spot-available')).toHaveText('5,000.00 USDT');
  await snap(page, info, 'spot-phone-signed-in');

  await page.getByTestId('spot-type').getByText('市价').click();
  await page.getByTestId('spot-amount').fill('0.01');
  await expect(page.getByTestId('spot-total')).toContainText('≈');
  const order = await submitOrder(page);
  expect(order.status).toBe('filled');
  await expect(toast(page, '下单成功')).toBeVisible();

  // The ledger moved: the quote paid with its fee, the base received.
  const usdt = await walletOf(request, user, 'USDT');
  const btc = await walletOf(request, user, 'BTC');
  expect(normAmount(btc.balance)).toBe('0.01');
  expect(normAmount(usdt.balance)).toBe(sumAmounts(FUNDS, `-${order.quote_amount}`, `-${order.fee}`));
  await expect(page.getByTestId('spot-available')).not.toHaveText('5,000.00 USDT');

  await page.getByRole('tab', { name: '历史委托' }).click();
  const card = page.getByTestId(`spot-order-${order.id}`);
  await expect(card.getByTestId('order-status')).toHaveText('已成交');
  await expect(card.getByTestId('order-filled')).toHaveText('0.01000');
  await expect(card.getByTestId('order-avg-price')).not.toHaveText('--');

  // Selling spends the base just bought.
  await page.getByTestId('spot-side-sell').click();
  await expect(page.getByTestId('spot-available')).toHaveText('0.01 BTC');
  await page.getByTestId('spot-percent-100').click();
  await expect(page.getByTestId('spot-amount')).toHaveValue('0.01000');
  await snap(page, info, 'spot-phone-after-market-buy');
});

test('a limit order far from the price rests in open orders, is cancelled and shows as 已取消', async ({
  page,
  request,
}, info) => {
  const user = await fundedUser(request, 'spot', FUNDS);
  const { orderBook } = await callApi<{ orderBook: { bids: [string, string][] } }>(
    request,
    'GET',
    `/api/huobi/orderbook/${SYMBOL}?depth=5`,
  );
  const bestBid = orderBook.bids[0]?.[0];
  if (!bestBid) throw new Error('the reference book has no bids');
  const farPrice = String(Math.floor(Number(bestBid) / 2));

  await openAs(page, user, `/trade/spot/${SYMBOL}`);
  await marketShown(page);

  // The form starts at the last price, so 25 % sizes an order at once (issue 33).
  await expect(page.getByTestId('spot-price')).not.toHaveValue('');
  await page.getByTestId('spot-percent-25').click();
  await expect(page.getByTestId('spot-amount')).not.toHaveValue('');

  // Tapping a level of the book fills the limit price.
  await page.getByTestId('spot-price').fill('');
  await page.getByTestId('book-bid').first().click();
  await expect(page.getByTestId('spot-price')).not.toHaveValue('');

  // The form says what is wrong before anything is sent.
  await page.getByTestId('spot-price').fill(farPrice);
  await page.getByTestId('spot-amount').fill('0.000001');
  await page.getByTestId('spot-submit').click();
  await expect(page.getByText('数量最多 5 位小数')).toBeVisible();
  await page.getByTestId('spot-amount').fill('1');
  await expect(page.getByTestId('spot-balance-error')).toContainText('余额不足');

  await page.getByTestId('spot-amount').fill('0.01');
  await expect(page.getByTestId('spot-balance-error')).toHaveCount(0);
  const order = await submitOrder(page);
  expect(order.status).toBe('pending');
  await expect(toast(page, '下单成功')).toBeVisible();

  const open = page.getByTestId('spot-open-orders');
  const card = open.getByTestId(`spot-order-${order.id}`);
  await expect(card.getByTestId('order-status')).toHaveText('待成交');
  // The order froze its value and fee.
  await expect(page.getByTestId('spot-available')).not.toHaveText('5,000.00 USDT');
  const frozen = await walletOf(request, user, 'USDT');
  expect(Number(frozen.frozen_balance)).toBeGreaterThan(0);
  await snap(page, info, 'spot-phone-open-order');

  await card.getByTestId('order-cancel').click();
  await expect(toast(page, '订单已取消')).toBeVisible();
  await expect(open.getByTestId(`spot-order-${order.id}`)).toHaveCount(0);
  await expect(page.getByTestId('spot-available')).toHaveText('5,000.00 USDT');

  await page.getByRole('tab', { name: '历史委托' }).click();
  await expect(
    page.getByTestId('spot-history').getByTestId(`spot-order-${order.id}`).getByTestId('order-status'),
  ).toHaveText('已取消');
  const after = await walletOf(request, user, 'USDT');
  expect(normAmount(after.balance)).toBe(FUNDS);
  expect(normAmount(after.frozen_balance)).toBe('0');
  await snap(page, info, 'spot-phone-cancelled');
});

test('a guest sees the chart, the book and the trades, switches interval and is asked to log in', async ({
  page,
}, info) => {
  await page.goto(`/trade/spot/${SYMBOL}`);
  await marketShown(page);
  const form = page.getByTestId('spot-form');
  await expect(form.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(form.getByRole('button', { name: '注册' })).toBeVisible();
  await expect(page.getByTestId('spot-submit')).toHaveCount(0);

  const candles = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/trading/kline' && url.searchParams.get('interval') === '1h';
  });
  await page.getByTestId('spot-interval').getByText('1小时').click();
  const reply = (await (await candles).json()) as { success: boolean; data: { klines: unknown[] } };
  expect(reply.success).toBe(true);
  expect(reply.data.klines.length).toBeGreaterThan(0);
  await expect(page.getByTestId('spot-chart').locator('canvas').first()).toBeVisible();

  await page.getByRole('tab', { name: '最新成交' }).click();
  await expect(page.getByTestId('trade-row').first()).toBeVisible();
  await snap(page, info, 'spot-phone-guest');
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('chart and book sit side by side, with orders, trades and the form below', async ({
    page,
    request,
  }, info) => {
    await openFundedSpot(page, request);
    await expect(page.getByTestId('trade-row').first()).toBeVisible();
    const chart = await page.getByTestId('spot-chart-panel').boundingBox();
    const book = await page.getByTestId('spot-book').boundingBox();
    expect(chart && book && book.x > chart.x + chart.width - 1).toBe(true);
    expect(chart && book && Math.abs(book.y - chart.y) < 2).toBe(true);
    await snap(page, info, 'spot-desktop');
  });
});
