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
  sumAmounts,
  walletOf,
} from './support.ts';

/**
 * A perpetual position closed by its take-profit (issue 20), on a phone. The reference price comes
 * from a local fake exchange (the HTX provider pointed at testing/fake-exchange.ts), so the test
 * moves the market itself: its own server (PRICE_SOURCES=htx, one venue), the user opens a long, sets a
 * take-profit and a stop-loss, adds margin, then the fake's BTC price crosses the take-profit and
 * the server's job (the liquidation job's turn, on the recorded mark) closes the position: the screen
 * says so, and the wallet got exactly the payout.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const PORT = Number(process.env.E2E_PORT ?? 3199) + 7;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

interface Position {
  id: number;
  status: string;
  margin: string;
  margin_added: string;
  open_fee: string;
  take_profit_price: string | null;
  stop_loss_price: string | null;
  close_reason: string | null;
  close_price: string | null;
  payout: string | null;
  realised_pnl: string | null;
}

const venue = serverOnFakeVenue({
  port: PORT,
  name: 'perpetual-tpsl',
  prices: { BTCUSDT: '65000' },
});

const shot = (page: Page, name: string) => snapFromTop(page, test.info(), name);

async function positionsOf(user: Session, status: 'open' | 'closed') {
  return callApi<{ positions: Position[] }>(
    venue.api,
    'GET',
    `/api/trading/perpetual/positions?status=${status}`,
    {
      token: user.token,
    },
  );
}

test('a long closed by its take-profit when the reference price reaches it', async ({ page }) => {
  const admin = await callApi<Session>(venue.api, 'POST', '/api/auth/login', {
    data: { account: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const user = await registerUser(venue.api, 'tpsl');
  const channel = await createDepositChannel(venue.api, admin);
  await fundUser(venue.api, admin, user, channel.id, '1000');

  await openAs(page, user, '/trade/perpetual/BTCUSDT');
  // The mark (the server's recorded reference price) beside the last price, both the fake's.
  await expect(page.getByTestId('trade-last-price')).toHaveText(/^65,000(\.0+)?$/);
  await expect(page.getByTestId('perpetual-mark-price')).toHaveText('标记价格 65,000.00');
  await expect(page.getByTestId('perpetual-available')).toHaveText('可用 1,000.00 USDT');

  // Open 100 USDT at 10x: 0.015384… BTC, fee 0.5.
  await page.getByTestId('perpetual-leverage-10').click();
  await page.getByTestId('perpetual-margin').fill('100');
  const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trading/perpetual/order');
  await page.getByTestId('perpetual-submit').click();
  // Confirmed first, at the still 65,000: liquidated at 65,000 × (1 − 1/10) / (1 − 0.005).
  const sheet = page.getByTestId('perpetual-confirm');
  await expect(sheet.locator('tr', { hasText: '预估强平价' })).toContainText('≈ 58,793.97');
  await expect(sheet.locator('tr', { hasText: '仓位价值' })).toContainText('≈ 1,000.00 USDT');
  await page.getByTestId('perpetual-confirm-ok').click();
  expect((await placed).status()).toBe(200);
  const [opened] = (await positionsOf(user, 'open')).positions;
  if (!opened) throw new Error('no open position');
  const id = opened.id;
  const card = page.getByTestId(`position-${id}`);
  await expect(card).toBeVisible();
  await expect(page.getByTestId(`position-tp-${id}`)).toHaveText('未设置');

  // 止盈止损: a take-profit below the entry is refused on the screen, then 66,000 / 60,000 are set.
  await page.getByTestId(`position-tpsl-${id}`).click();
  const dialog = page.getByTestId('tpsl-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('tpsl-take-profit').fill('64000');
  await page.getByTestId('tpsl-save').click();
  await expect(page.getByTestId('tpsl-take-profit-problem')).toHaveText(
    '做多仓位的止盈价必须高于开仓价 65000',
  );
  await page.getByTestId('tpsl-take-profit').fill('66000');
  await page.getByTestId('tpsl-stop-loss').fill('60000');
  await expect(dialog).toContainText('预计盈亏 +15.38 USDT');
  await shot(page, 'perpetual-tpsl-dialog-390');
  await page.getByTestId('tpsl-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(`position-tp-${id}`)).toHaveText('66,000.00');
  await expect(page.getByTestId(`position-sl-${id}`)).toHaveText('60,000.00');
  await shot(page, 'perpetual-position-tpsl-390');

  // 追加保证金 50: the liquidation price moves down, the available balance pays it.
  const liquidationBefore = await page.getByTestId(`position-liquidation-${id}`).textContent();
  await page.getByTestId(`position-add-margin-${id}`).click();
  await expect(page.getByTestId('margin-dialog')).toBeVisible();
  await page.getByTestId('margin-amount').fill('50');
  await expect(page.getByTestId('margin-after')).toHaveText('150.00 USDT');
  await shot(page, 'perpetual-add-margin-390');
  await page.getByTestId('margin-save').click();
  await expect(page.getByTestId('margin-dialog')).toHaveCount(0);
  await expect(page.getByTestId(`position-margin-${id}`)).toHaveText('150.00');
  await expect(page.getByTestId(`position-liquidation-${id}`)).not.toHaveText(liquidationBefore ?? '');
  const afterMargin = sumAmounts('1000', '-100', '-0.5', '-50');
  expect(normAmount((await walletOf(venue.api, user)).balance)).toBe(afterMargin);

  // The market reaches the take-profit: the server's job closes the position at the mark.
  venue.fake.setPrice('BTCUSDT', '66100');
  await expect(page.getByText('止盈已触发')).toBeVisible();
  const result = page.getByTestId('close-result');
  await expect(result).toContainText('止盈平仓 BTCUSDT 做多 10x');
  await expect(result).toContainText('标记价格触及止盈价 66,000.00');
  await expect(card).toHaveCount(0);
  await shot(page, 'perpetual-tp-closed-390');

  const [closed] = (await positionsOf(user, 'closed')).positions;
  expect(closed).toMatchObject({
    id,
    status: 'closed',
    close_reason: 'take_profit',
    close_price: '66100',
    margin: '150',
    margin_added: '50',
  });
  // The whole margin (added part included) + P&L − close fee came back; nothing stays frozen.
  const wallet = await walletOf(venue.api, user);
  expect(normAmount(wallet.balance)).toBe(sumAmounts(afterMargin, closed?.payout ?? 'missing'));
  expect(normAmount(wallet.frozen_balance)).toBe('0');

  await page.getByRole('tab', { name: '历史记录' }).click();
  await expect(page.getByTestId(`position-${id}`)).toContainText('止盈平仓');
  await expect(page.getByTestId(`history-trigger-${id}`)).toContainText('止盈价 66,000.00 触发');
  await shot(page, 'perpetual-tp-history-390');
});
