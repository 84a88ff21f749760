import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  expect as baseExpect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { animationsSettled, callApi, fundedUser, openAs, type Session, snap } from './support.ts';

/**
 * The price chart of every trade screen on a phone (issue 20): candles drawn on flash, option,
 * perpetual and spot; the entry price of an open flash contract and of a perpetual position as
 * lines; spot's indicators, long intervals and depth view. Each screen is pictured with its chart.
 */
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const SYMBOL = 'BTCUSDT';

/**
 * Coloured pixels on the chart's canvases: the candles and the depth areas are green and red,
 * everything else the chart draws (grid, axes, text) is grey, so a blank or grey-only chart has none.
 */
function colouredPixels(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((container) => {
    let count = 0;
    for (const canvas of Array.from(container.querySelectorAll('canvas'))) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
        if (a > 0 && Math.max(r, g, b) - Math.min(r, g, b) > 80) count++;
      }
    }
    return count;
  });
}

async function expectChartDrawn(page: Page, testId: string) {
  await expect(page.getByTestId(testId).locator('canvas').first()).toBeVisible();
  await expect.poll(() => colouredPixels(page, testId), { timeout: 45_000 }).toBeGreaterThan(200);
}

/** The chart fits the phone's width and ends above `below` (the order form): nothing hidden under it. */
async function expectChartAbove(page: Page, panelTestId: string, below: string) {
  const panel = await page.getByTestId(panelTestId).boundingBox();
  const next = await page.getByTestId(below).boundingBox();
  if (!panel || !next) throw new Error(`${panelTestId} or ${below} not laid out`);
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(390);
  expect(next.y).toBeGreaterThanOrEqual(panel.y + panel.height);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
}

/** A full-page picture from the top (scrolled, the sticky header would sit mid-picture). */
async function snapTop(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, name);
}

/** Opens a perpetual position over the API (with its Idempotency-Key, as the app sends one). */
async function openPosition(request: APIRequestContext, user: Session): Promise<{ entry_price: string }> {
  const config = await callApi<{ leverages: number[] }>(request, 'GET', '/api/trading/perpetual/config', {
    token: user.token,
  });
  const response = await request.post('/api/trading/perpetual/order', {
    headers: { Authorization: `Bearer ${user.token}`, 'Idempotency-Key': randomUUID() },
    data: { symbol: SYMBOL, side: 'long', margin: '50', leverage: config.leverages[0] },
  });
  const body = (await response.json()) as {
    success: boolean;
    message: string;
    data: { position: { entry_price: string } };
  };
  if (!body.success) throw new Error(`open position: ${body.message}`);
  return body.data.position;
}

test('every trade screen draws its chart on a phone, with the open flash contract and position at their entry', async ({
  page,
  request,
}, testInfo) => {
  const user = await fundedUser(request, 'charts', '1000');

  await openAs(page, user, `/trade/flash/${SYMBOL}`);
  await expectChartDrawn(page, 'flash-chart');
  await expect(page.getByTestId('flash-interval')).toContainText('1分钟');
  await page.getByTestId('direction-up').click();
  await page.getByTestId('stake-input').fill('20');
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('confirm-order')).toBeVisible();
  await animationsSettled(page);
  await page.getByTestId('confirm-order').click();
  await expect(page.locator('[data-testid^="contract-detail-"]')).toBeVisible();
  const entry = (
    await callApi<{ contracts: { entry: { price: string } }[] }>(
      request,
      'GET',
      '/api/trading/flash/history',
      {
        token: user.token,
      },
    )
  ).contracts[0]?.entry.price;
  if (!entry) throw new Error('no flash contract');
  await page.getByTestId('contract-modal-close').click();
  // The entry price is a line on the chart, titled with its direction and time left.
  await expect(page.getByTestId('flash-chart')).toHaveAttribute('data-price-lines', entry);
  const chip = page.getByTestId('flash-chart-line');
  await expect(chip).toHaveText(/^看涨 \d\d:\d\d · [\d,]+\.\d{2}$/);
  const first = await chip.textContent();
  await expect.poll(() => chip.textContent(), { timeout: 10_000 }).not.toBe(first);
  await expectChartAbove(page, 'flash-chart-panel', 'flash-order-form');
  await snapTop(page, testInfo, 'chart-flash-390');

  await page.goto(`/trade/option/${SYMBOL}`);
  await expectChartDrawn(page, 'option-chart');
  await expectChartAbove(page, 'option-chart-panel', 'option-period-label');
  await snapTop(page, testInfo, 'chart-option-390');

  const position = await openPosition(request, user);
  await page.goto(`/trade/perpetual/${SYMBOL}`);
  await expectChartDrawn(page, 'perpetual-chart');
  await expect(page.getByTestId('perpetual-chart')).toHaveAttribute('data-price-lines', position.entry_price);
  await expect(page.getByTestId('perpetual-chart-line')).toContainText(/^做多 \d+x · /);
  await expectChartAbove(page, 'perpetual-chart-panel', 'perpetual-order-form');
  await snapTop(page, testInfo, 'chart-perpetual-390');

  await page.goto(`/trade/spot/${SYMBOL}`);
  await expectChartDrawn(page, 'spot-chart');
  await expect(page.getByTestId('spot-chart-legend')).toContainText('MA5');
  await page.getByTestId('spot-boll').click();
  await expect(page.getByTestId('spot-chart-legend')).toContainText('BOLL(20,2)');
  const weekly = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/trading/kline' && url.searchParams.get('interval') === '1w';
  });
  await page.getByTestId('spot-interval').getByText('周线').click();
  const reply = (await (await weekly).json()) as { success: boolean; data: { klines: unknown[] } };
  expect(reply.success).toBe(true);
  expect(reply.data.klines.length).toBeGreaterThan(0);
  await expectChartDrawn(page, 'spot-chart');
  await expectChartAbove(page, 'spot-chart-panel', 'spot-form');
  await snapTop(page, testInfo, 'chart-spot-weekly-boll-390');

  await page.getByTestId('spot-interval').getByText('深度').click();
  await expectChartDrawn(page, 'spot-depth');
  await expect(page.getByTestId('spot-depth')).not.toHaveAttribute('data-levels', '0 0');
  await snapTop(page, testInfo, 'chart-spot-depth-390');

  // Wide, the chart spans the screen above the form and the contracts.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/trade/flash/${SYMBOL}`);
  await expectChartDrawn(page, 'flash-chart');
  await snapTop(page, testInfo, 'chart-flash-1280');
});
