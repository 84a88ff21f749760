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
 * Perpetual funding on a phone (issue 34). Its own server funds every minute
 * (FUNDING_INTERVAL_MINUTES=1) on one venue, the local fake exchange, whose BTC perpetual's funding
 * rate the test sets to 0.05 %: the user sees the predicted rate and the countdown, opens a long, and
 * at the next instant the long pays quantity × mark × rate, which the 资金费用 tab, the position card
 * (its net funding, already in its margin) and the wallet statement all show, equal to the server's
 * own record of the payment.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

const PORT = Number(process.env.E2E_PORT ?? 3199) + 13;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

interface Payment {
  position_id: number;
  symbol: string;
  side: string;
  funding_at: string;
  rate: string;
  mark_price: string;
  quantity: string;
  amount: string;
}
interface Position {
  id: number;
  margin: string;
  funding: string;
  quantity: string;
}

const venue = serverOnFakeVenue({
  port: PORT,
  name: 'perpetual-funding',
  prices: { BTCUSDT: '65000' },
  fundingRates: { BTCUSDT: '0.0005' },
  env: { FUNDING_INTERVAL_MINUTES: '1' },
});

const openPositions = (user: Session) =>
  callApi<{ positions: Position[] }>(venue.api, 'GET', '/api/trading/perpetual/positions?status=open', {
    token: user.token,
  });

const shot = (page: Page, name: string) => snapFromTop(page, test.info(), name);

test('a long pays funding at the next instant, shown on the screen, the position and the statement', async ({
  page,
}) => {
  const admin = await callApi<Session>(venue.api, 'POST', '/api/auth/login', {
    data: { account: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  const user = await registerUser(venue.api, 'funding');
  const channel = await createDepositChannel(venue.api, admin);
  await fundUser(venue.api, admin, user, channel.id, '1000');

  await openAs(page, user, '/trade/perpetual/BTCUSDT');
  await expect(page.getByTestId('perpetual-mark-price')).toHaveText('标记价格 65,000.00');
  // The predicted rate is the venue's; the next instant is within the minute.
  await expect(page.getByTestId('perpetual-funding-rate')).toHaveText('+0.0500%');
  await expect(page.getByTestId('perpetual-funding-countdown')).toHaveText(/^00:00:[0-5]\d$/);

  // A long of 100 USDT at 10x: 1,000 USDT of BTC at 65,000.
  await page.getByTestId('perpetual-leverage-10').click();
  await page.getByTestId('perpetual-margin').fill('100');
  const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trading/perpetual/order');
  await page.getByTestId('perpetual-submit').click();
  await page.getByTestId('perpetual-confirm-ok').click();
  expect((await placed).status()).toBe(200);
  const [opened] = (await openPositions(user)).positions;
  if (!opened) throw new Error('no open position');
  const id = opened.id;
  await expect(page.getByTestId(`position-${id}`)).toBeVisible();
  await shot(page, 'perpetual-funding-rate-390');

  // The next instant (at most a minute and a few seconds away): the long pays.
  let payment: Payment | undefined;
  await expect
    .poll(
      async () => {
        const { payments } = await callApi<{ payments: Payment[] }>(
          venue.api,
          'GET',
          '/api/trading/perpetual/funding-history',
          { token: user.token },
        );
        payment = payments.find((p) => p.position_id === id);
        return payment !== undefined;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(true);
  if (!payment) throw new Error('no funding payment');
  expect(payment).toMatchObject({ symbol: 'BTCUSDT', side: 'long', rate: '0.0005', mark_price: '65000' });
  // quantity × mark × rate, paid: about 1,000 × 0.0005 = 0.5 USDT.
  const paid = Number(payment.amount);
  expect(paid).toBeLessThan(0);
  expect(Math.abs(paid + 0.5)).toBeLessThan(1e-6);

  // The position: its net funding, already taken from its margin.
  const { positions } = await openPositions(user);
  const after = positions.find((p) => p.id === id);
  expect(normAmount(after?.funding ?? 'missing')).toBe(normAmount(payment.amount));
  expect(normAmount(after?.margin ?? 'missing')).toBe(sumAmounts(opened.margin, payment.amount));
  await page.reload();
  await expect(page.getByTestId(`position-funding-${id}`)).toHaveText('-0.50');
  await shot(page, 'perpetual-position-funding-390');

  // 资金费用: the payment with its rate and mark.
  await page.getByRole('tab', { name: '资金费用' }).click();
  const row = page.getByTestId(`funding-payment-${id}-${payment.funding_at}`);
  await expect(row).toContainText('+0.0500%');
  await expect(row).toContainText('65,000.00');
  await expect(page.getByTestId(`funding-amount-${id}-${payment.funding_at}`)).toHaveText('-0.50 USDT');
  await shot(page, 'perpetual-funding-history-390');

  // The wallet statement: a 资金费用 row taking it from the frozen margin.
  const wallet = await walletOf(venue.api, user);
  expect(normAmount(wallet.frozen_balance)).toBe(normAmount(after?.margin ?? 'missing'));
  await page.goto('/wallet/asset/USDT');
  const statementRow = page.locator('[data-testid^="transaction-record-"]', { hasText: '资金费用' }).first();
  await expect(statementRow).toBeVisible();
  await expect(statementRow.getByTestId('statement-amount')).toHaveText('-0.50 USDT');
  await shot(page, 'perpetual-funding-statement-390');
});
