import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminSession,
  approveDeposit,
  callApi,
  createDepositChannel,
  fundUser,
  openAs,
  registerUser,
  type Session,
  snap,
  submitDeposit,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 16, deposits and withdrawals: one transfer however its hash is written, amounts never shown
 * with fewer digits than they have, the wallet overview valuing assets at reference prices and
 * listing each activity's status.
 */

async function postDeposit(page: Page, user: Session, body: Record<string, unknown>) {
  const res = await page.request.post('/api/wallet/deposits', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: body,
  });
  return {
    status: res.status(),
    body: (await res.json()) as { message: string; data?: { deposit: { id: number } } },
  };
}

test('a hash written another way is the same claim, found by the admin search', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const a = await registerUser(request, 'hash-a');
  const b = await registerUser(request, 'hash-b');
  const hash = `${Date.now().toString(16)}c0ffee${'ab'.repeat(26)}`.slice(0, 64);

  const first = await postDeposit(page, a, {
    channel_id: channel.id,
    amount: '88.8',
    tx_hash: `0x${hash.toUpperCase()}`,
  });
  expect(first.status).toBe(200);
  for (const form of [` ${hash}\u200b`, hash.toUpperCase()]) {
    const again = await postDeposit(page, b, { channel_id: channel.id, amount: '88.8', tx_hash: form });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该交易哈希已提交过充值申请');
  }
  // More decimals than USDT has: refused before anything is stored.
  const precise = await postDeposit(page, b, { channel_id: channel.id, amount: '12.1234567' });
  expect(precise.status).toBe(400);
  expect(precise.body.message).toBe('充值金额最多保留 2 位小数');

  await openAs(page, admin, '/admin/wallet/deposits');
  await expect(page.getByTestId('deposits-page')).toBeVisible();
  const listed = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/admin/deposits' &&
      new URL(r.url()).searchParams.get('search') === hash,
  );
  await page.getByTestId('deposits-search').fill(hash);
  await page.getByTestId('deposits-search-submit').click();
  await listed;
  const row = page.getByTestId(`deposit-row-${first.body.data?.deposit.id}`);
  await expect(row).toBeVisible();
  await expect(page.locator('[data-testid^="deposit-row-"]')).toHaveCount(1);
  await expect(row).toContainText('88.80 USDT');
  await snap(page, info, 'wallet-issue16-01-deposit-found-by-normalised-hash');

  // 本周 is the calendar week: the button still reads 本周 and lists this week's deposits.
  await page.getByTestId('deposits-range-week').click();
  await expect(row).toBeVisible();
});

test('the wallet overview values assets at reference prices and shows each activity status', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, 'overview');
  await fundUser(request, admin, user, channel.id, '3000');
  // Some BTC, bought at market: the overview values it at the BTCUSDT reference price.
  await callApi(request, 'POST', '/api/trading/spot/order', {
    token: user.token,
    data: { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' },
  });
  const rejected = await submitDeposit(request, user, channel.id, '77');
  await callApi(request, 'PATCH', `/api/admin/deposits/${rejected.id}/review`, {
    token: admin.token,
    data: { status: 'rejected', adminNote: '未到账' },
  });
  const approved = await submitDeposit(request, user, channel.id, '12.12');
  await approveDeposit(request, admin, approved.id);
  await submitDeposit(request, user, channel.id, '40');

  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAs(page, admin, '/admin/wallet');
  await expect(page.getByTestId('wallet-overview')).toBeVisible();
  await expect(page.getByTestId('wallet-asset-BTC-value')).toContainText('USDT');
  await expect(page.getByTestId('wallet-asset-BTC-amount')).toContainText('BTC');
  await expect(page.getByTestId('wallet-asset-USDT-amount')).toContainText('USDT');
  await expect(page.getByTestId('wallet-asset-USDT-percentage')).toContainText('%');

  const rejectedRow = page.getByTestId('wallet-activity').filter({ hasText: '77.00 USDT' }).first();
  await expect(rejectedRow.getByTestId('wallet-activity-status')).toHaveText('已拒绝');
  await expect(rejectedRow.getByTestId('wallet-activity-amount')).toHaveText('77.00 USDT');
  const approvedRow = page.getByTestId('wallet-activity').filter({ hasText: '12.12 USDT' }).first();
  await expect(approvedRow.getByTestId('wallet-activity-status')).toHaveText('已通过');
  await expect(approvedRow.getByTestId('wallet-activity-amount')).toHaveText('+12.12 USDT');
  await snap(page, info, 'wallet-issue16-02-overview');
});
