import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  createDepositChannel,
  fundUser,
  openAs,
  registerUser,
  type Session,
  snap,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface PlacedOrder {
  id: number;
  product: string;
  symbol: string;
  status: string;
}

interface TradingStats {
  totalVolume: string;
  todayVolume: string;
  activeOrders: number;
  completedOrders: number;
  activeUsers: number;
  tradingPairs: number;
  optionContracts: number;
  perpetualPositions: number;
  todayOrders: number;
  avgOrderAmount: string;
  recentTrades: { id: number; symbol: string; side: string; type: string }[];
  topTradingPairs: { symbol: string; volume: number; amount: string; change: string | null }[];
  orderStats: Record<string, number>;
  profitLoss: string;
  totalFees: string;
  avgProcessingTime: string;
}

const place = async (request: APIRequestContext, user: Session, path: string, data: unknown) =>
  (await callApi<{ order: PlacedOrder }>(request, 'POST', path, { token: user.token, data })).order;

/** "1,234.50" as the page writes a USDT amount (2 decimals, half up, thousands separators). */
function usdt(value: string): string {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace('-', '').split('.');
  let cents = BigInt(int) * 100n + BigInt(frac.padEnd(3, '0').slice(0, 2));
  if (Number(frac.padEnd(3, '0')[2]) >= 5) cents += 1n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
  return negative && cents > 0n ? `-${text}` : text;
}

/** A user funded through an approved deposit who trades spot, flash and perpetual through the public API. */
async function seedOrders(request: APIRequestContext, admin: Session) {
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, 'overview');
  await fundUser(request, admin, user, channel.id, '5000');
  const orders = [
    await place(request, user, '/api/trading/spot/order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      amount: '0.002',
    }),
    await place(request, user, '/api/trading/spot/order', {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      amount: '0.001',
    }),
    await place(request, user, '/api/trading/spot/order', {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '100',
    }),
    await place(request, user, '/api/trading/flash/order', {
      symbol: 'BTCUSDT',
      direction: 'down',
      amount: '30',
      duration: 300,
    }),
    await place(request, user, '/api/trading/perpetual/order', {
      symbol: 'BTCUSDT',
      side: 'short',
      margin: '40',
      leverage: 10,
    }),
  ];
  return { user, orders };
}

test('the trading overview shows the platform figures, the top pairs, the newest orders and the order stats', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const { orders } = await seedOrders(request, admin);

  const loaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/trading/stats' && r.request().method() === 'GET',
  );
  await openAs(page, admin, '/admin/trading');
  const stats = ((await (await loaded).json()) as { data: TradingStats }).data;
  await expect(page.getByTestId('trading-overview')).toBeVisible();
  await expect(page.getByTestId('trading-updated-at')).toHaveText(
    /^最后更新：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );

  // What was just traded is in the figures.
  expect(stats.todayOrders).toBeGreaterThanOrEqual(orders.length);
  expect(stats.activeUsers).toBeGreaterThanOrEqual(1);
  expect(stats.activeOrders).toBeGreaterThanOrEqual(2); // the limit order and the flash contract
  expect(stats.perpetualPositions).toBeGreaterThanOrEqual(1);
  expect(stats.orderStats.spot).toBeGreaterThanOrEqual(3);
  expect(stats.recentTrades.slice(0, orders.length).map((t) => t.id)).toEqual(
    orders.map((o) => o.id).reverse(),
  );
  expect(stats.topTradingPairs.some((p) => p.symbol === 'BTCUSDT')).toBe(true);

  // The eight cards show the server's figures.
  await expect(page.getByTestId('trading-card-totalVolume')).toContainText(usdt(stats.totalVolume));
  await expect(page.getByTestId('trading-card-todayVolume')).toContainText(usdt(stats.todayVolume));
  await expect(page.getByTestId('trading-card-activeOrders')).toContainText(String(stats.activeOrders));
  await expect(page.getByTestId('trading-card-completedOrders')).toContainText(String(stats.completedOrders));
  await expect(page.getByTestId('trading-card-activeUsers')).toContainText(String(stats.activeUsers));
  await expect(page.getByTestId('trading-card-tradingPairs')).toContainText(String(stats.tradingPairs));
  await expect(page.getByTestId('trading-card-totalFees')).toContainText(usdt(stats.totalFees));
  const pnl = page.getByTestId('trading-card-profitLoss');
  await expect(pnl).toContainText(usdt(stats.profitLoss).replace(/^(?!-)(?!0\.00$)/, '+'));
  await expect(pnl).toContainText('USDT');

  // Entry cards, the real-time block with a 2-decimal average, the order stats.
  await expect(page.getByTestId('trading-entry-badge-pairs')).toHaveText('OKX同步');
  await expect(page.getByTestId('trading-entry-text-options')).toContainText(String(stats.optionContracts));
  await expect(page.getByTestId('trading-realtime-todayOrders')).toContainText(String(stats.todayOrders));
  await expect(page.getByTestId('trading-realtime-avgOrderAmount')).toContainText(usdt(stats.avgOrderAmount));
  await expect(page.getByTestId('trading-order-stat-spot')).toContainText(String(stats.orderStats.spot));
  await expect(page.getByTestId('trading-success-rate')).toHaveText(/^\d+\.\d{2}%$/);
  await expect(page.getByTestId('trading-processing-time')).toHaveText(`${stats.avgProcessingTime} 秒`);

  // Top pairs: trade count and a signed 2-decimal change.
  const btc = page.getByTestId('trading-top-pair-BTCUSDT');
  await expect(btc).toBeVisible();
  const btcStats = stats.topTradingPairs.find((p) => p.symbol === 'BTCUSDT');
  await expect(btc).toContainText(`${btcStats?.volume.toLocaleString('en-US')} 笔交易`);
  await expect(btc).toContainText(/[+-]?\d+\.\d{2}%|-/);

  // The newest orders, with the product's label and a dot coloured by side.
  const trades = page.getByTestId('trading-recent-trade');
  await expect(trades).toHaveCount(Math.min(8, stats.recentTrades.length));
  const perpetual = trades.nth(0);
  await expect(perpetual).toContainText('永续合约');
  await expect(perpetual).toContainText('做空');
  await expect(perpetual.getByTestId('trading-recent-trade-dot')).toHaveCSS(
    'background-color',
    'rgb(207, 19, 34)',
  );
  await expect(trades.nth(2)).toContainText('ETHUSDT');
  await expect(trades.nth(2)).toContainText('@ 100.00 USDT');
  await expect(trades.nth(2).getByTestId('trading-recent-trade-dot')).toHaveCSS(
    'background-color',
    'rgb(56, 158, 13)',
  );
  await snap(page, testInfo, 'trading-overview');

  // 刷新 calls the server again; the button to 订单管理 opens the order list.
  const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/trading/stats');
  await page.getByTestId('trading-refresh').click();
  expect((await again).ok()).toBe(true);
  await page.getByTestId('trading-go-orders').click();
  await expect(page).toHaveURL(/\/admin\/trading\/orders$/);
  await expect(page.getByTestId('orders-page')).toBeVisible();
});
