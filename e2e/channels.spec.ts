import { expect as baseExpect, type Locator, test } from '@playwright/test';
import { qrPng } from './addresses.ts';
import {
  adminSession,
  approveChange,
  callApi,
  checkerboardPng,
  openAs,
  randomTrc20Address,
  snap,
  toast,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });
// The machine running the suite can be slow: a generous but bounded wait for each expectation.
const expect = baseExpect.configure({ timeout: 30_000 });

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
  await uploadQr(await checkerboardPng());
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

  // Saving proposes the channel (issue 32): it exists once another admin approves it.
  const reply = await save();
  expect(reply.status()).toBe(202);
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
  const { change } = ((await reply.json()) as { data: { change: { id: number; status: string } } }).data;
  expect(change.status).toBe('pending');
  await expect(toast(page, '已提交，待另一位管理员批准后生效')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Not a channel yet: no row of the list shows it.
  await expect(page.locator('[data-testid^="channel-row-"]').filter({ hasText: name })).toHaveCount(0);
  await snap(page, info, 'channels-02-proposed');

  // The second super admin approves it; after a reload the channel is listed.
  expect((await approveChange(request, change.id)).status).toBe('applied');
  const { channels } = await callApi<{ channels: { id: number; name: string; address: string }[] }>(
    request,
    'GET',
    '/api/admin/channels',
    { token: admin.token },
  );
  const channel = channels.find((c) => c.name === name);
  expect(channel?.address).toBe(address);
  if (!channel) return;
  await page.reload();

  const row = page.getByTestId(`channel-row-${channel.id}`);
  await expect(row).toContainText(name);
  // The address column is narrow: antd cuts a TRC20 address short with an ellipsis (copy gives it whole).
  await expect(row).toContainText(address.slice(0, 7));
  await expect(row).toContainText('USDT');
  await expect(row).toContainText('10 - 50,000 USDT');
  await expect(page.getByTestId(`channel-toggle-${channel.id}`)).toBeChecked();
  // The list's thumbnail comes from the private file route with the token, and loads.
  await expectImageLoaded(row);
  await row.scrollIntoViewIfNeeded();
  await snap(page, info, 'channels-03-approved');
});
