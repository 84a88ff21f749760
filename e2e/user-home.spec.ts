import {
  type APIRequestContext,
  expect as baseExpect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import {
  adminSession,
  callApi,
  checkerboardPng,
  openAs,
  registerUser,
  type Session,
  snap,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
// The machines running these are busy: the first screen of a page can take over 15 s to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** A published slide with an uploaded image, linking inside the app. */
async function publishSlide(request: APIRequestContext, admin: Session, title: string, link: string) {
  const upload = await request.post('/api/admin/home/carousel/upload-image', {
    headers: { Authorization: `Bearer ${admin.token}` },
    multipart: { image: { name: 'slide.png', mimeType: 'image/png', buffer: await checkerboardPng(240) } },
  });
  const uploaded = (await upload.json()) as { data?: { image_file: string }; message: string };
  if (!upload.ok() || !uploaded.data) throw new Error(`upload -> ${upload.status()}: ${uploaded.message}`);
  const { item } = await callApi<{ item: { id: number } }>(request, 'POST', '/api/admin/home/carousel', {
    token: admin.token,
    data: { title, image_file: uploaded.data.image_file, link_url: link, is_published: true },
  });
  return item.id;
}

async function publishAnnouncement(
  request: APIRequestContext,
  admin: Session,
  title: string,
  content: string,
) {
  const { announcement } = await callApi<{ announcement: { id: number } }>(
    request,
    'POST',
    '/api/admin/home/announcements',
    { token: admin.token, data: { title, content, is_published: true } },
  );
  return announcement.id;
}

/** Waits until the text of `locator` differs from what it shows now: a price moving. */
async function expectToChange(locator: Locator, timeout = 30_000) {
  const before = (await locator.textContent()) ?? '';
  expect(before).toMatch(/\d/);
  await expect.poll(async () => locator.textContent(), { timeout, intervals: [500] }).not.toBe(before);
}

/** Waits until the carousel's images have loaded, so that a screenshot shows them. */
async function carouselImagesLoaded(page: Page) {
  const images = page.getByTestId('home-carousel').locator('img');
  await expect
    .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

async function openAnnouncement(page: Page, id: number) {
  const line = page.getByTestId(`announcement-${id}`);
  if (!(await line.isVisible())) await page.getByTestId('announcements-more').click();
  await line.click();
}

test.describe('phone (390 × 844)', () => {
  test.use(PHONE);

  test('home shows the published carousel and announcements to guests and users, with prices moving', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await adminSession(request);
    const stamp = Date.now();
    const slideTitle = `E2E 活动 ${stamp}`;
    await publishSlide(request, admin, slideTitle, '/markets');
    const noticeTitle = `E2E 公告 ${stamp}`;
    const noticeId = await publishAnnouncement(
      request,
      admin,
      noticeTitle,
      `系统维护通知\n时间：今晚 ${stamp}`,
    );

    // A guest: everything public loads; prices are polled.
    await page.goto('/');
    await expect(page.getByTestId('home-guest')).toBeVisible();
    await expect(page.getByTestId('home-carousel').getByText(slideTitle).first()).toBeAttached();
    await expect(page.getByTestId(`announcement-${noticeId}`)).toContainText(noticeTitle);
    const guestPrice = page.getByTestId('spotlight-BTCUSDT').getByTestId('price-BTCUSDT');
    await expect(guestPrice).toHaveText(/\d/);
    await expect(page.getByTestId('live-badge').first()).toHaveAttribute('data-transport', 'polling');
    await expectToChange(guestPrice);
    await snap(page, testInfo, 'home-guest-390');

    await openAnnouncement(page, noticeId);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(noticeTitle);
    await expect(dialog).toContainText(`时间：今晚 ${stamp}`);
    await snap(page, testInfo, 'home-announcement-390');
    await dialog.getByRole('button', { name: '知道了' }).click();

    // The slide's image loads for a guest (signed URL) and its link stays in the app.
    await expect(page.getByTestId('home-carousel').getByAltText(slideTitle).first()).toBeAttached();
    await carouselImagesLoaded(page);

    // A user: the account line, and prices pushed over the socket.
    const user = await registerUser(request, 'home');
    await openAs(page, user, '/');
    await expect(page.getByTestId('user-email')).toHaveText(user.user.email);
    await expect(page.getByTestId('live-badge').first()).toHaveAttribute('data-transport', 'live', {
      timeout: 30_000,
    });
    const livePrice = page.getByTestId('spotlight-ETHUSDT').getByTestId('price-ETHUSDT');
    await expectToChange(livePrice, 15_000);
    await carouselImagesLoaded(page);
    await snap(page, testInfo, 'home-user-390');

    await page.getByTestId('spotlight-ETHUSDT').click();
    await expect(page).toHaveURL(/\/trade\/spot\/ETHUSDT$/);
  });

  test('markets: search, sort, live prices, and a favourite kept on the server that survives a reload', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerUser(request, 'markets');
    await openAs(page, user, '/markets');
    const list = page.getByTestId('markets-list');
    await expect(list.getByTestId('market-row-BTCUSDT')).toBeVisible();
    await expect(page.getByTestId('live-badge')).toHaveAttribute('data-transport', 'live', {
      timeout: 30_000,
    });
    await expectToChange(list.getByTestId('price-BTCUSDT'), 15_000);
    await snap(page, testInfo, 'markets-390');

    await page.getByTestId('markets-search').fill('eth');
    const rows = list.locator('a[data-testid^="market-row-"]');
    await expect(rows.first()).toBeVisible();
    for (const id of await rows.evaluateAll((links) =>
      links.map((a) => a.getAttribute('data-testid') ?? ''),
    )) {
      expect(id).toContain('ETH');
    }
    await snap(page, testInfo, 'markets-search-390');
    await page.getByTestId('markets-search').fill('no-such-coin');
    await expect(page.getByText('没有找到匹配的交易对')).toBeVisible();
    await page.getByTestId('markets-search').fill('');

    // 24h change, highest first.
    await page.getByTestId('sort-change').click();
    await expect(page.getByTestId('sort-change')).toHaveAttribute('data-order', 'desc');
    const changes = await list
      .locator('[data-testid^="change-"]')
      .evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').replace(/[+%,]/g, '')));
    // Order and texts come from one render: the list must be sorted as it stands.
    expect(changes.length).toBeGreaterThan(3);
    const sorted = [...changes].sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    expect(changes).toEqual(sorted);

    await page.getByTestId('favorite-SOLUSDT').click();
    await expect(page.getByTestId('favorite-SOLUSDT')).toHaveAttribute('aria-pressed', 'true');
    // Signed in, 自选 is kept on the server (it follows the user to another device).
    await expect
      .poll(
        async () =>
          (await callApi<{ symbols: string[] }>(request, 'GET', '/api/user/favorites', { token: user.token }))
            .symbols,
      )
      .toEqual(['SOLUSDT']);

    await page.reload();
    await expect(page.getByTestId('favorite-SOLUSDT')).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('tab', { name: /自选/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(list.getByTestId('market-row-SOLUSDT')).toBeVisible();
    await snap(page, testInfo, 'markets-favorites-390');

    await list.getByTestId('market-row-SOLUSDT').click();
    await expect(page).toHaveURL(/\/trade\/spot\/SOLUSDT$/);
  });
});

test.describe('desktop (1280 × 900)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the same screens on a wide window', async ({ page, request }, testInfo) => {
    await page.goto('/');
    await expect(page.getByTestId('hot-markets-list')).toBeVisible();
    await carouselImagesLoaded(page);
    await snap(page, testInfo, 'home-guest-1280');
    await page.goto('/register?invite=ABCDEF');
    await expect(page.getByTestId('register-invite')).toHaveValue('ABCDEF');
    await snap(page, testInfo, 'register-invite-1280');
    await page.goto('/login');
    await snap(page, testInfo, 'login-1280');

    const user = await registerUser(request, 'desktop');
    await openAs(page, user, '/markets');
    await expect(page.getByTestId('market-row-BTCUSDT')).toBeVisible();
    await snap(page, testInfo, 'markets-1280');
    await page.goto('/me');
    await expect(page.getByTestId('me-email')).toHaveText(user.user.email);
    await snap(page, testInfo, 'me-1280');
    await page.goto('/me/profile');
    await expect(page.getByTestId('profile-nickname')).toBeVisible();
    await snap(page, testInfo, 'profile-1280');
    await page.goto('/me/password');
    await expect(page.getByTestId('old-password')).toBeVisible();
    await snap(page, testInfo, 'password-1280');
    await page.goto('/');
    await expect(page.getByTestId('user-email')).toBeVisible();
    await expect(page.getByTestId('hot-markets-list')).toBeVisible();
    await carouselImagesLoaded(page);
    await snap(page, testInfo, 'home-user-1280');
  });
});
