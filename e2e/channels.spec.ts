import { expect as baseExpect, type Locator, test } from '@playwright/test';
import { qrPng } from './addresses.ts';
import { adminSession, checkerboardPng, openAs, randomTrc20Address, snap, toast } from './support.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 15_000 });
// The machine running the suite can be slow: a generous but bounded wait for each expectation.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The <img> inside `container` has loaded real pixels. */
async function expectImageLoaded(container: Locator) {
  const image = container.locator('img').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

test('an operator adds a deposit channel with a QR image', async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const name = `E2E-QR-${Date.now()}`;
  const address = randomTrc20Address();

  await openAs(page, admin, '/admin/wallet/channels');
  await page.getByTestId('channel-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '添加充值渠道' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('channel-form-name').fill(name);
  await dialog.getByTestId('channel-form-address').fill(address);
  await dialog.getByTestId('channel-form-min').fill('10');
  await dialog.getByTestId('channel-form-max').fill('50000');
  await dialog.getByTestId('channel-form-description').fill('E2E 测试通道');

  const uploadQr = async (buffer: Buffer) => {
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/channels/upload-qrcode'));
    await dialog
      .getByTestId('channel-qr-input')
      .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer });
    expect((await uploaded).status()).toBe(200);
    await expect(toast(page, '二维码上传成功').last()).toBeVisible();
  };
  const save = async () => {
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/admin/channels' && r.request().method() === 'POST',
    );
    await dialog.getByTestId('channel-save').click();
    return saved;
  };

  // The server decodes the QR image: a picture that is no QR code, or a QR code of another address,
  // is refused with its reason and the dialog stays open.
  await uploadQr(checkerboardPng());
  expect((await save()).status()).toBe(400);
  await expect(toast(page, '未能从图片中识别出二维码')).toBeVisible();
  await uploadQr(await qrPng(randomTrc20Address()));
  expect((await save()).status()).toBe(400);
  await expect(toast(page, '二维码内容与收款地址不一致')).toBeVisible();
  await expect(dialog).toBeVisible();

  await uploadQr(await qrPng(address));
  const preview = dialog.getByTestId('channel-qr-preview');
  await expectImageLoaded(preview);
  await snap(page, info, 'channels-01-form-with-qr');

  const reply = await save();
  expect(reply.status()).toBe(200);
  const body = reply.request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    name,
    type: 'crypto',
    currency: 'USDT',
    address,
    min_amount: '10',
    max_amount: '50000',
    status: 'active',
  });
  expect(body.qr_code_url).toMatch(/^\/api\/files\/qrcodes\/[a-f0-9]{32}\.png$/);
  const channel = ((await reply.json()) as { data: { channel: { id: number } } }).data.channel;
  await expect(toast(page, '添加成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId(`channel-row-${channel.id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText(address);
  await expect(row).toContainText('USDT');
  await expect(row).toContainText('10 - 50,000 USDT');
  await expect(page.getByTestId(`channel-toggle-${channel.id}`)).toBeChecked();
  // The list's thumbnail comes from the private file route with the token, and loads.
  await expectImageLoaded(row);
  await row.scrollIntoViewIfNeeded();
  await snap(page, info, 'channels-02-saved');
});
