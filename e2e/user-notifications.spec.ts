import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
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
  snapView,
  submitDeposit,
} from './support.ts';

/**
 * The notification centre on a phone: a notification written while the user looks elsewhere counts
 * on the 我的 tab at once (pushed) and after a reload, the list under 我的 shows it and opens its
 * link, an announcement reaches the list live, and a flash contract that settled while the user was
 * away opens its result window on the next visit to the flash screen.
 */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 }, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const unreadOnTab = (page: Page) => page.getByTestId('user-tab-bar').getByTestId('nav-unread');

async function unreadOf(request: APIRequestContext, user: Session): Promise<number> {
  const data = await callApi<{ unread: number }>(request, 'GET', '/api/notifications?limit=1', {
    token: user.token,
  });
  return data.unread;
}

test('a notification is counted on 我的 live and after a reload, listed, opened and read', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, 'notify');
  const deposit = await submitDeposit(request, user, channel.id, '100');
  const second = await submitDeposit(request, user, channel.id, '12.5');

  await openAs(page, user, '/');
  await expect(unreadOnTab(page)).toHaveAttribute('data-unread', '0');
  // Reviewed while the user is on the home screen: the push counts it without a reload.
  await approveDeposit(request, admin, deposit.id);
  await expect(unreadOnTab(page)).toHaveAttribute('data-unread', '1');
  // And a reload still shows it: it is stored, not only pushed.
  await page.reload();
  await expect(unreadOnTab(page)).toHaveAttribute('data-unread', '1');
  await expect(page.getByTestId('user-tab-bar').locator('.ant-badge-count')).toHaveText('1');
  await snapView(page, testInfo, 'notifications-badge-390');

  await page.getByTestId('user-tab-bar').getByRole('button', { name: /我的/ }).click();
  await expect(page.getByTestId('me-notifications-unread')).toContainText('1');
  await snapView(page, testInfo, 'notifications-me-390');
  await page.getByTestId('me-link-/me/notifications').click();
  const row = page.locator('[data-testid^="notification-"][data-read]').first();
  await expect(row).toContainText('充值已到账');
  await expect(row).toContainText(`充值 #${deposit.id} 审核通过，100.00 USDT 已存入可用余额`);
  await expect(row).toHaveAttribute('data-read', 'false');

  // An announcement published now reaches the open list (one broadcast for every user).
  const announced = await callApi<{ announcement: { id: number } }>(
    request,
    'POST',
    '/api/admin/home/announcements',
    {
      token: admin.token,
      data: {
        title: `通知中心测试 ${Date.now()}`,
        content: '周末系统维护两小时，届时暂停充值提现。',
        is_published: true,
      },
    },
  );
  const rows = page.locator('[data-testid^="notification-"][data-read]');
  const announcement = rows.filter({ hasText: '通知中心测试' });
  await expect(announcement).toBeVisible();
  await expect(announcement).toContainText('公告');
  // So does the second deposit's review.
  await approveDeposit(request, admin, second.id);
  await expect(rows.filter({ hasText: `充值 #${second.id}` })).toBeVisible();
  await expect(unreadOnTab(page)).toHaveAttribute('data-unread', '3');
  await snap(page, testInfo, 'notifications-list-390');

  // The announcement opens its text; the deposit opens the deposit records.
  await announcement.click();
  await expect(page.getByTestId('notification-detail')).toContainText('周末系统维护两小时');
  await snapView(page, testInfo, 'notifications-announcement-390');
  await page.getByRole('button', { name: '知道了' }).click();
  const first = rows.filter({ hasText: `充值 #${deposit.id} ` });
  await first.click();
  await expect(page).toHaveURL(/\/wallet\/history\?tab=deposits$/);
  await page.goBack();
  await expect(first).toHaveAttribute('data-read', 'true');
  await expect(announcement).toHaveAttribute('data-read', 'true');
  await expect(unreadOnTab(page)).toHaveAttribute('data-unread', '1');

  await page.getByTestId('notifications-read-all').click();
  await expect(rows.filter({ hasText: `充值 #${second.id}` })).toHaveAttribute('data-read', 'true');
  await expect(unreadOnTab(page)).toHaveAttribute('data-unread', '0');
  expect(await unreadOf(request, user)).toBe(0);
  await snap(page, testInfo, 'notifications-all-read-390');
  await callApi(request, 'DELETE', `/api/admin/home/announcements/${announced.announcement.id}`, {
    token: admin.token,
  });
});

test('a flash contract that settled while the user was away opens its result on the next visit', async ({
  page,
  request,
}, testInfo) => {
  const admin = await adminSession(request);
  const channel = await createDepositChannel(request, admin);
  const user = await registerUser(request, 'away');
  await fundUser(request, admin, user, channel.id, '500');
  const config = await callApi<{ durations: { seconds: number }[] }>(
    request,
    'GET',
    '/api/trading/flash/config',
  );
  const shortest = Math.min(...config.durations.map((d) => d.seconds));
  const placed = await callApi<{ contract: { order_id: number } }>(
    request,
    'POST',
    '/api/trading/flash/order',
    {
      token: user.token,
      data: { symbol: 'BTCUSDT', direction: 'up', amount: '20', duration: shortest },
    },
  );
  const id = placed.contract.order_id;

  // Away: on the home screen while it runs out; the settlement is pushed to the badge.
  await openAs(page, user, '/');
  await expect
    .poll(
      async () => {
        const data = await callApi<{ notifications: { link: string | null }[] }>(
          request,
          'GET',
          '/api/notifications?type=flash_settlement',
          { token: user.token },
        );
        return data.notifications.some((n) => n.link?.endsWith(`contract=${id}`));
      },
      { timeout: shortest * 1000 + 45_000, intervals: [1000] },
    )
    .toBe(true);

  // Back on the flash screen: the result window opens by itself.
  await page.goto('/trade/flash/BTCUSDT');
  await expect(page.getByTestId(`contract-detail-${id}`)).toBeVisible();
  await expect(page.getByTestId('contract-outcome-label')).toBeVisible();
  await expect(page.getByTestId('settlement-price')).toHaveText(/\d/);
  await snapView(page, testInfo, 'notifications-result-on-return-390');
  await page.getByTestId('contract-modal-close').click();

  // Seen: the next visit does not show it again.
  await page.reload();
  await expect(page.getByTestId('flash-tabs')).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(page.getByTestId(`contract-detail-${id}`)).toHaveCount(0);
});
