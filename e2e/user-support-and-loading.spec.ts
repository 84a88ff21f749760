import { expect as baseExpect, test } from '@playwright/test';
import { adminSession, openAs, proposeAndApprove, registerUser, snap, snapView } from './support.ts';

/**
 * Issue 33 on a phone: the operator's support contact in 我的 (set through a pending change a second
 * admin approves), and the header and tab bar staying while a tab's code downloads slowly.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('我的 shows the approved support contact; a slow tab keeps the frame with a skeleton', async ({
  page,
  request,
}, info) => {
  const admin = await adminSession(request);
  await proposeAndApprove(request, 'PUT', '/api/admin/support/contact', {
    token: admin.token,
    data: { label: '在线客服', value: 'https://support.example.com/chat' },
  });
  const user = await registerUser(request, 'support');
  await openAs(page, user, '/me');
  const link = page.getByTestId('me-support').getByTestId('support-contact-link');
  await expect(link).toHaveAttribute('href', 'https://support.example.com/chat');
  // Above the fixed tab bar, as the user scrolls to it.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await snapView(page, info, 'support-01-me-contact');

  // The markets tab's chunk takes 4 s: the content area shows the skeleton, the frame stays.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/MarketsPage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('user-tab-bar').getByText('行情').click();
  await expect(page.getByTestId('tab-loading')).toBeVisible();
  await expect(page.getByTestId('user-tab-bar')).toBeVisible();
  await expect(page.getByText('数字资产交易平台')).toBeVisible();
  await snap(page, info, 'support-02-tab-loading');
  release();
  await expect(page.getByTestId('tab-loading')).toBeHidden();
});
