import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import {
  addSearchedOption,
  adminSession,
  callApi,
  confirmDialog,
  openAs,
  type Session,
  snap,
  toast,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface AdminStatus {
  feed: { state: string };
  job: { id: number; status: string; done: number; total: number; written: number } | null;
  klines: { series: number; rows: number };
}

const adminStatus = (request: APIRequestContext, admin: Session) =>
  callApi<AdminStatus>(request, 'GET', '/api/huobi/admin/status', { token: admin.token });

test('an operator initialises the history of one pair and watches it reach 100%', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const { pairs } = await callApi<{ pairs: { symbol: string; enabled: boolean }[] }>(
    request,
    'GET',
    '/api/admin/trading/pairs',
    { token: admin.token },
  );
  const symbol = (pairs.find((p) => p.enabled) ?? pairs[0])?.symbol;
  if (!symbol) throw new Error('the server has no trading pairs');

  await openAs(page, admin, '/admin/trading/market-data');
  await expect(page.getByTestId('market-feed-status')).toBeVisible();
  await expect(page.getByTestId('market-feed-state')).toHaveText(/已停止|启动中|运行中|异常/);

  // One pair, every interval (the default), 50 candles each.
  // The pair must be chosen before the job starts: with none chosen the job takes every pair.
  await addSearchedOption(page, page.getByTestId('market-init-symbols'), symbol);
  await page.getByTestId('market-init-limit').fill('50');

  const started = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/huobi/init-historical-data',
  );
  await page.getByTestId('market-init-submit').click();
  const response = await started;
  expect(response.request().postDataJSON()).toMatchObject({ symbols: [symbol], limit: 50 });
  const reply = (await response.json()) as {
    success: boolean;
    message: string;
    data: { job: { id: number } };
  };
  expect(reply.success, reply.message).toBe(true);
  await expect(toast(page, '历史数据初始化已开始')).toBeVisible();

  const job = page.getByTestId('market-job');
  await expect(job).toContainText(`#${reply.data.job.id}`);
  await expect(job).toContainText(`交易对：${symbol}`);
  await expect(page.getByTestId('market-job-status')).toHaveText('已完成', { timeout: 90_000 });
  await expect(page.getByTestId('market-job-progress')).toContainText('100%');
  await expect(page.getByTestId('market-job-counts')).toContainText('已完成 9 / 9 个序列');
  await snap(page, testInfo, 'market-data-job-done');

  const status = await adminStatus(request, admin);
  expect(status.job).toMatchObject({ id: reply.data.job.id, status: 'completed', done: 9, total: 9 });
  expect(status.job?.written).toBeGreaterThan(0);
  expect(status.klines.rows).toBeGreaterThan(0);

  // The integrity check of that pair over the last day, and the job in the log.
  await page.getByTestId('integrity-symbol').click();
  await page.keyboard.type(symbol);
  await page.locator('.ant-select-dropdown:visible').getByTitle(symbol, { exact: true }).click();
  await page.getByTestId('integrity-check').click();
  await expect(page.getByTestId('integrity-summary')).toBeVisible();
  await expect(page.getByTestId(`integrity-row-${symbol}-1h`)).toBeVisible();

  // 50 one-minute candles leave most of the day missing: 补齐 fetches back to the gap, then the day is whole.
  await page.getByTestId(`integrity-fill-${symbol}-1m`).click();
  await expect(toast(page, '补齐任务已开始')).toBeVisible();
  await expect(page.getByTestId('market-job-counts')).toContainText('已完成 1 / 1 个序列', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('market-job-status')).toHaveText('已完成', { timeout: 60_000 });
  await page.getByTestId('integrity-check').click();
  await expect(page.getByTestId(`integrity-fill-${symbol}-1m`)).toHaveCount(0, { timeout: 15_000 });

  await page.getByTestId('market-logs-refresh').click();
  await expect(page.getByText('job.completed').first()).toBeVisible();
  await snap(page, testInfo, 'market-data-integrity');
});

test('an operator tests the connection, stops the feed and starts it again', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  await openAs(page, admin, '/admin/trading/market-data');
  await expect(page.getByTestId('market-feed-status')).toBeVisible();

  await page.getByTestId('market-test-connection').click();
  await expect(page.getByTestId('market-connection-result')).toContainText(/连接正常|连接失败/);

  const state = page.getByTestId('market-feed-state');
  if ((await adminStatus(request, admin)).feed.state === 'stopped') {
    await page.getByTestId('market-feed-start').click();
    await expect(state).toHaveText('运行中');
  }
  await page.getByTestId('market-feed-stop').click();
  await confirmDialog(page, '确认停止').getByRole('button', { name: '停止' }).click();
  await expect(toast(page, '行情服务已停止')).toBeVisible();
  await expect(state).toHaveText('已停止');
  await expect(page.getByTestId('market-feed-stop')).toBeDisabled();
  expect((await adminStatus(request, admin)).feed.state).toBe('stopped');
  // The log section reloads after the action and shows the service's own entry.
  await expect(page.getByText('feed.stopped').first()).toBeVisible();
  await snap(page, testInfo, 'market-data-stopped');

  await page.getByTestId('market-feed-start').click();
  await expect(toast(page, '行情服务已启动')).toBeVisible();
  await expect(state).toHaveText('运行中');
  await expect.poll(async () => (await adminStatus(request, admin)).feed.state).toBe('running');

  // The live card follows the running feed over the socket: some price moves within a few seconds.
  const live = page.getByTestId('live-tickers');
  await expect(live.getByTestId('live-tickers-transport')).toHaveText('实时');
  const prices = live.locator('[data-testid^="live-price-"]');
  await expect(prices.first()).toHaveText(/\d/);
  const before = await prices.allTextContents();
  expect(before.length).toBeGreaterThan(0);
  await expect
    .poll(async () => (await prices.allTextContents()).some((text, i) => text !== before[i]), {
      timeout: 8_000,
    })
    .toBe(true);
  await snap(page, testInfo, 'market-data-live-tickers');
});
