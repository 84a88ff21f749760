import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  createDepositChannel,
  fundUser,
  openAs,
  registerUser,
  type Session,
  snap,
  toast,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface PlacedOrder {
  id: number;
  product: string;
  status: string;
}

interface OrderStats {
  totalOrders: number;
  todayOrders: number;
  pendingOrders: number;
  filledOrders: number;
  totalVolume: string;
  todayVolume: string;
}

const place = async (request: APIRequestContext, user: Session, path: string, data: unknown) =>
  (await callApi<{ order: PlacedOrder }>(request, 'POST', path, { token: user.token, data })).order;

/**
 * A user funded through an approved deposit who then trades through the public API: a spot market
 * buy (filled at once), a spot limit buy far below the market (pending), a flash contract (pending
 * until it settles in 5 minutes) and a perpetual position (filled as it opens).
 */
async function seedOrders(request: APIRequestContext, admin: Session) {
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, 'orders');
  await fundUser(request, admin, user, channel.id, '5000');
  const market = await place(request, user, '/api/trading/spot/order', {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'market',
    amount: '0.001',
  });
  const limit = await place(request, user, '/api/trading/spot/order', {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'limit',
    amount: '0.001',
    price: '1000',
  });
  const flash = await place(request, user, '/api/trading/flash/order', {
    symbol: 'ETHUSDT',
    direction: 'up',
    amount: '20',
    duration: 300,
  });
  const perpetual = await place(request, user, '/api/trading/perpetual/order', {
    symbol: 'ETHUSDT',
    side: 'long',
    margin: '50',
    leverage: 5,
  });
  expect(market.status).toBe('filled');
  expect(limit.status).toBe('pending');
  expect(flash.status).toBe('pending');
  expect(perpetual.status).toBe('filled');
  return { user, market, limit, flash, perpetual };
}

/** Clicks a filter and waits for the list call it causes; returns that call's query. */
async function applyFilter(page: Page, testId: string): Promise<URLSearchParams> {
  const reply = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/orders' && r.request().method() === 'GET',
  );
  await page.getByTestId(testId).click();
  const response = await reply;
  expect(response.ok()).toBe(true);
  return new URL(response.url()).searchParams;
}

test('an operator filters the orders of every product by type and status and cancels an open spot order', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const { user, market, limit, flash, perpetual } = await seedOrders(request, admin);
  const row = (id: number) => page.getByTestId(`order-row-${id}`);
  const all = [market, limit, flash, perpetual];

  await openAs(page, admin, '/admin/trading/orders');
  await expect(page.getByTestId('orders-page')).toBeVisible();
  for (const order of all) await expect(row(order.id)).toBeVisible();

  // The cards are the server's figures over all orders.
  const first = await callApi<{ stats: OrderStats }>(request, 'GET', '/api/admin/orders', {
    token: admin.token,
  });
  await expect(page.getByTestId('order-stat-totalOrders')).toContainText(
    first.stats.totalOrders.toLocaleString('en-US'),
  );
  await expect(page.getByTestId('order-stat-pendingOrders')).toContainText(String(first.stats.pendingOrders));

  // Each row: the user's e-mail, the product, the side in its colour, 4-decimal amounts, 市价.
  await expect(row(market.id)).toContainText(user.user.email);
  await expect(row(market.id)).toContainText('现货');
  await expect(row(market.id)).toContainText('0.0010 BTC');
  await expect(page.getByTestId(`order-price-${market.id}`)).toHaveText('市价');
  await expect(page.getByTestId(`order-price-${limit.id}`)).toHaveText('1,000.0000 USDT');
  await expect(page.getByTestId(`order-side-${limit.id}`)).toHaveText('买入');
  await expect(page.getByTestId(`order-side-${limit.id}`)).toHaveCSS('color', 'rgb(56, 158, 13)');
  await expect(row(flash.id)).toContainText('秒合约');
  await expect(row(flash.id)).toContainText('20.0000 USDT');
  await expect(row(perpetual.id)).toContainText('永续合约');
  await expect(page.getByTestId(`order-side-${perpetual.id}`)).toHaveText('做多');
  await expect(page.getByTestId('orders-page-text')).toContainText(/显示第 1 到 \d+ 条，共 [\d,]+ 条订单/);
  await snap(page, testInfo, 'orders-all');

  // Type 现货: the call and the address carry it; only the spot rows stay.
  let query = await applyFilter(page, 'orders-type-spot');
  expect(query.get('type')).toBe('spot');
  expect(query.get('limit')).toBe('20');
  await expect(page).toHaveURL(/\/admin\/trading\/orders\?type=spot$/);
  await expect(row(market.id)).toBeVisible();
  await expect(row(limit.id)).toBeVisible();
  await expect(row(flash.id)).toBeHidden();
  await expect(row(perpetual.id)).toBeHidden();

  // Status 待成交 on top: the filled market order goes too.
  query = await applyFilter(page, 'orders-status-pending');
  expect(query.get('type')).toBe('spot');
  expect(query.get('status')).toBe('pending');
  await expect(page).toHaveURL(/\?type=spot&status=pending$/);
  await expect(row(limit.id)).toBeVisible();
  await expect(row(market.id)).toBeHidden();
  // The cards do not follow the filter.
  await expect(page.getByTestId('order-stat-totalOrders')).toContainText(
    first.stats.totalOrders.toLocaleString('en-US'),
  );
  await snap(page, testInfo, 'orders-spot-pending');

  // Type 全部 with 待成交: the pending flash contract appears, the filled perpetual does not.
  query = await applyFilter(page, 'orders-type-all');
  expect(query.get('type')).toBeNull();
  expect(query.get('status')).toBe('pending');
  await expect(page).toHaveURL(/\?status=pending$/);
  await expect(row(flash.id)).toBeVisible();
  await expect(row(limit.id)).toBeVisible();
  await expect(row(perpetual.id)).toBeHidden();

  // 已成交: the market order and the perpetual position.
  await applyFilter(page, 'orders-status-filled');
  await expect(row(market.id)).toBeVisible();
  await expect(row(perpetual.id)).toBeVisible();
  await expect(row(limit.id)).toBeHidden();
  await expect(page.getByTestId(`order-cancel-${market.id}`)).toHaveCount(0);

  // The filtered address survives a reload.
  await page.goto('/admin/trading/orders?type=perpetual');
  await expect(row(perpetual.id)).toBeVisible();
  await expect(row(market.id)).toBeHidden();
  await expect(page.getByTestId('orders-type-perpetual')).toHaveAttribute('aria-pressed', 'true');

  // 撤单 on the open spot order: confirmed with a reason, the order is cancelled and its money freed.
  await page.goto('/admin/trading/orders?type=spot&status=pending');
  await expect(row(limit.id)).toBeVisible();
  await expect(page.getByTestId(`order-cancel-${flash.id}`)).toHaveCount(0);
  await page.getByTestId(`order-cancel-${limit.id}`).click();
  await expect(page.getByRole('dialog')).toContainText('确认撤销该订单吗？');
  await page.getByTestId('order-cancel-reason').fill('e2e 用户申请撤单');
  await snap(page, testInfo, 'orders-cancel-dialog');
  await page.getByTestId('order-cancel-ok').click();
  await expect(toast(page, '订单已撤销')).toBeVisible();
  await expect(row(limit.id)).toBeHidden();
  const own = await callApi<{ orders: PlacedOrder[] }>(request, 'GET', '/api/trading/orders?product=spot', {
    token: user.token,
  });
  expect(own.orders.find((o) => o.id === limit.id)?.status).toBe('cancelled');
  await applyFilter(page, 'orders-status-cancelled');
  await expect(row(limit.id)).toBeVisible();
  await expect(row(limit.id)).toContainText('已取消');
});
