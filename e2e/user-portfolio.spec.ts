import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminSession,
  callApi,
  createDepositChannel,
  createWithdrawChannel,
  fundUser,
  openAs,
  snap,
  submitWithdrawal,
  verifiedUserSession,
} from './support.ts';

/**
 * Money that looks right (issue 20), on a phone: 总资产 values every coin at its reference price, so
 * buying BTC moves value from USDT to BTC and the total stays; the statement shows a stake frozen as
 * 冻结 and opens its contract; a paid-out USDT withdrawal shows the payout's hash, which the admin
 * entered when completing it, linked to the block explorer.
 */

test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

/** The wallet's headline total as a number of cents (a display value, compared in whole cents). */
async function totalCents(page: Page): Promise<number> {
  const text = (await page.getByTestId('wallet-total').textContent()) ?? '';
  const match = /^([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`unexpected total: ${text}`);
  return Number(`${(match[1] ?? '').replaceAll(',', '')}${match[2]}`);
}

const fromTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

test('buying a coin keeps the total; the statement, the asset, the contract and the paid-out withdrawal read right', async ({
  page,
  browser,
  request,
}, info) => {
  const admin = await adminSession(request);
  const depositChannel = await createDepositChannel(request, admin);
  const withdrawChannel = await createWithdrawChannel(request, admin, '0.01');
  const user = await verifiedUserSession(request, admin);
  await fundUser(request, admin, user, depositChannel.id, '1000');

  await openAs(page, user, '/wallet');
  await expect(page.getByTestId('wallet-total')).toHaveText('1,000.00');
  await expect(page.getByTestId('asset-row-USDT')).toContainText('占比 100.0%');
  const before = await totalCents(page);

  // Buy BTC at market on the spot screen, as a user does.
  await page.goto('/trade/spot/BTCUSDT');
  await expect(page.getByTestId('book-ask').first()).toBeVisible();
  await page.getByTestId('spot-type').getByText('市价').click();
  await page.getByTestId('spot-amount').fill('0.003');
  await expect(page.getByTestId('spot-total')).toContainText('≈');
  const placed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/trading/spot/order' && r.request().method() === 'POST',
  );
  await page.getByTestId('spot-submit').click();
  await page.getByTestId('spot-confirm-ok').click();
  const order = ((await (await placed).json()) as { data: { order: { quote_amount: string; fee: string } } })
    .data.order;
  const costCents = Math.round(Number(order.quote_amount) * 100);
  expect(costCents).toBeGreaterThan(5_000);

  // 总资产 is about what it was: the coin is valued at its reference price, not counted as 0.
  await page.goto('/wallet');
  await expect(page.getByTestId('asset-row-BTC')).toBeVisible();
  await expect(page.getByTestId('asset-amount-BTC')).toHaveText('0.003 BTC');
  await expect(page.getByTestId('asset-value-BTC')).toContainText('≈');
  const after = await totalCents(page);
  // Only the fee and the spread between the fill and the reference price may differ (well under 2%).
  expect(Math.abs(before - after)).toBeLessThan(Math.max(200, Math.round(costCents * 0.02)));
  expect(after).toBeGreaterThan(before - costCents / 2);
  await expect(page.getByTestId('wallet-total-note')).toHaveText('各币种按参考价折合');
  // Its cost is the fill price, its P&L at the reference price (issue 33): bought, so never 成本未知.
  await expect(page.getByTestId('holding-BTC')).toContainText(
    /^成本 [\d,.]+ · 盈亏 [+-]?[\d,.]+ USDT \([+-]?[\d.]+%\)$/,
  );
  await fromTop(page);
  await snap(page, info, 'portfolio-01-wallet-after-buying-btc');

  // The asset page: what is held, its value and share, and BTC's own statement.
  await page.getByTestId('asset-row-BTC').click();
  await expect(page.getByTestId('asset-held')).toHaveText('0.003');
  await expect(page.getByTestId('asset-value')).toContainText('占总资产');
  const btcRow = page.getByTestId('asset-history').locator('[data-testid^="transaction-record-"]').first();
  await expect(btcRow).toContainText('现货成交');
  await expect(btcRow.getByTestId('statement-amount')).toHaveText('+0.003 BTC');
  await snap(page, info, 'portfolio-02-asset-btc');

  // A flash stake: frozen, shown as 冻结 in the statement, opening its contract.
  const flash = await callApi<{ order: { id: number } }>(request, 'POST', '/api/trading/flash/order', {
    token: user.token,
    data: { symbol: 'BTCUSDT', direction: 'up', amount: '10', duration: 60 },
  }).catch(async () =>
    // 行情更新中 (no tick in the last second on a loaded machine): once more.
    callApi<{ order: { id: number } }>(request, 'POST', '/api/trading/flash/order', {
      token: user.token,
      data: { symbol: 'BTCUSDT', direction: 'up', amount: '10', duration: 60 },
    }),
  );
  await page.goto('/wallet/history?tab=transactions');
  const statement = page.getByTestId('history-transactions');
  const stake = statement.locator('[data-testid^="transaction-record-"]').filter({ hasText: '秒合约下单' });
  await expect(stake.getByTestId('statement-amount')).toHaveText('冻结10.00 USDT');
  await expect(statement).not.toContainText('闪电合约');
  await expect(statement).toContainText('现货成交');
  await snap(page, info, 'portfolio-03-statement');
  await stake.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${flash.order.id}$`));
  await expect(page.getByTestId('order-detail-product')).toHaveText('秒合约');
  await expect(page.getByTestId(`contract-detail-${flash.order.id}`)).toBeVisible();
  await snap(page, info, 'portfolio-04-order-contract');

  // A USDT withdrawal, approved and paid out by the admin, who enters the payout's hash.
  const withdrawal = await submitWithdrawal(request, user, withdrawChannel.id, '100');
  for (const status of ['approved', 'processing']) {
    await callApi(request, 'PATCH', `/api/admin/withdrawals/${withdrawal.id}/status`, {
      token: admin.token,
      data: { status },
    });
  }
  const payout = `${'5f'.repeat(31)}a1`;
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await openAs(adminPage, admin, '/admin/wallet/withdrawals');
  await expect(adminPage.getByTestId('withdrawals-page')).toBeVisible({ timeout: 120_000 });
  await adminPage.getByTestId('withdrawals-search').fill(user.user.email);
  await adminPage.getByTestId('withdrawals-search-submit').click();
  await adminPage.getByTestId(`withdrawal-next-${withdrawal.id}`).click();
  await adminPage.getByTestId(`withdrawal-next-${withdrawal.id}-completed`).click();
  const dialog = adminPage.getByTestId('payout-dialog');
  await expect(dialog).toContainText('TRC20');
  await adminPage.getByTestId('payout-ok').click();
  await expect(dialog).toContainText('请输入出款交易哈希');
  await adminPage.getByTestId('payout-tx-hash').fill(`0x${payout}`);
  await expect(dialog).toContainText('TRC20 交易哈希为 64 位十六进制字符');
  await adminPage.getByTestId('payout-tx-hash').fill(payout);
  await expect(adminPage.getByTestId('payout-preview').getByRole('link')).toHaveAttribute(
    'href',
    `https://tronscan.org/#/transaction/${payout}`,
  );
  await snap(adminPage, info, 'portfolio-05-admin-payout-dialog');
  await adminPage.getByTestId('payout-ok').click();
  const row = adminPage.getByTestId(`withdrawal-row-${withdrawal.id}`);
  await expect(row.getByTestId('withdrawal-status')).toHaveText('已出款');
  await expect(adminPage.getByTestId(`withdrawal-tx-hash-${withdrawal.id}`)).toBeVisible();
  await adminContext.close();

  // The user sees it in the withdrawal record, linked to the explorer.
  await page.goto('/wallet/history?tab=withdrawals');
  const record = page.getByTestId(`withdrawal-record-${withdrawal.id}`);
  await expect(record.getByTestId('withdrawal-status')).toHaveText('已出款');
  await expect(record).toContainText(`出款哈希：${payout.slice(0, 8)}`);
  await record.click();
  await expect(page).toHaveURL(new RegExp(`/wallet/withdrawals/${withdrawal.id}$`));
  const hash = page.getByTestId(`withdrawal-tx-hash-${withdrawal.id}`).getByRole('link');
  await expect(hash).toHaveAttribute('href', `https://tronscan.org/#/transaction/${payout}`);
  await expect(hash).toHaveText(payout);
  await expect(page.getByTestId('withdrawal-detail')).toContainText('手续费1.00 USDT');
  await snap(page, info, 'portfolio-06-withdrawal-record');
});
