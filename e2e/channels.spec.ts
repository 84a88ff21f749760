import zlib from 'node:zlib';
import { expect as baseExpect, type Locator, test } from '@playwright/test';
import { adminSession, openAs, snap, toast } from './support.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 15_000 });
// The machine running the suite can be slow: a generous but bounded wait for each expectation.
const expect = baseExpect.configure({ timeout: 15_000 });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 24x24 RGB PNG: a black and white checkerboard (something QR-like to look at). */
function checkerboardPng(size = 24): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then pixels
    for (let x = 0; x < size; x++) {
      const value = (Math.floor(x / 4) + Math.floor(y / 4)) % 2 === 0 ? 0 : 255;
      row.fill(value, 1 + x * 3, 4 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The <img> inside `container` has loaded real pixels. */
async function expectImageLoaded(container: Locator) {
  const image = container.locator('img').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(24);
}

test('an operator adds a deposit channel with a QR image', async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const name = `E2E-QR-${Date.now()}`;
  const address = `TQr${Date.now()}e2eAddress`;

  await openAs(page, admin, '/admin/wallet/channels');
  await page.getByTestId('channel-add').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '添加充值渠道' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('channel-form-name').fill(name);
  await dialog.getByTestId('channel-form-address').fill(address);
  await dialog.getByTestId('channel-form-min').fill('10');
  await dialog.getByTestId('channel-form-max').fill('50000');
  await dialog.getByTestId('channel-form-description').fill('E2E 测试通道');

  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/channels/upload-qrcode'));
  await dialog
    .getByTestId('channel-qr-input')
    .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: checkerboardPng() });
  expect((await uploaded).status()).toBe(200);
  await expect(toast(page, '二维码上传成功')).toBeVisible();
  const preview = dialog.getByTestId('channel-qr-preview');
  await expectImageLoaded(preview);
  await snap(page, info, 'channels-01-form-with-qr');

  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/channels' && r.request().method() === 'POST',
  );
  await dialog.getByTestId('channel-save').click();
  const reply = await saved;
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
