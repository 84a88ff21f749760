/**
 * Every upload kind through the HTTP API and the one image pipeline: what is stored and served back
 * is upright and carries no metadata; a non-image or a decompression bomb is a 400 storing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOT_AN_IMAGE_MESSAGE } from '@platform/contracts';
import { idCardCheckChar } from '@platform/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/database.ts';
import {
  expectNoMetadata,
  expectPlantedMetadata,
  expectUprightAndClean,
  pixelBombPng,
  pngWithText,
  sidewaysPhoneJpeg,
  sidewaysPhoneWebp,
} from '../../test/images.ts';
import { type FormPart, multipartForm } from '../../test/multipart.ts';
import { IMAGE_TOO_MANY_PIXELS_MESSAGE } from './image-pipeline.ts';

let t: TestApp;
let dataDir: string;
let adminToken: string;
let phoneJpeg: Buffer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-uploads-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  adminToken = (await createAdmin(t, 'admin')).token;
  phoneJpeg = await sidewaysPhoneJpeg();
  await expectPlantedMetadata(phoneJpeg);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let addressCounter = 0;
async function post(url: string, token: string, parts: FormPart[]) {
  const form = multipartForm(parts);
  const raw = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
    // Each call from its own address: the per-address upload limits do not interfere.
    remoteAddress: `10.21.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`,
  });
  return { status: raw.statusCode, body: raw.json() as { message: string; data?: Record<string, unknown> } };
}

async function getBytes(url: string, token?: string): Promise<Buffer> {
  const raw = await t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(raw.statusCode, url).toBe(200);
  return raw.rawPayload;
}

let idCounter = 0;
/** A valid ID number no other submission here uses. */
function freshIdNumber(): string {
  const birth = new Date(Date.UTC(1985, 0, 1) + ++idCounter * 86_400_000).toISOString().slice(0, 10);
  const first17 = `440305${birth.replaceAll('-', '')}567`;
  return `${first17}${idCardCheckChar(first17)}`;
}

const file = (name: string, bytes: Buffer, filename = 'photo.jpg'): FormPart => ({
  name,
  filename,
  type: 'image/jpeg',
  bytes,
});

/** The three upload kinds: how to upload one image, and how to read back what was stored. */
const kinds = {
  /** KYC: the ID photo goes in as the front, a clean PNG as the back. */
  kyc: {
    dir: 'kyc',
    async upload(bytes: Buffer, filename?: string) {
      const { token } = await registerUser(t.app);
      const res = await post('/api/kyc/submit', token, [
        { name: 'real_name', value: '张三' },
        { name: 'id_number', value: freshIdNumber() },
        file('id_front', bytes, filename),
        file('id_back', await pngWithText(), 'back.png'),
      ]);
      const application = res.body.data?.application as { id_front_url: string } | undefined;
      return { ...res, read: () => getBytes(application?.id_front_url as string) };
    },
  },
  qr: {
    dir: 'qrcodes',
    async upload(bytes: Buffer, filename?: string) {
      const res = await post('/api/admin/channels/upload-qrcode', adminToken, [
        file('qrcode', bytes, filename),
      ]);
      const { token } = await registerUser(t.app);
      return { ...res, read: () => getBytes(res.body.data?.url as string, token) };
    },
  },
  carousel: {
    dir: 'carousel',
    async upload(bytes: Buffer, filename?: string) {
      const res = await post('/api/admin/home/carousel/upload-image', adminToken, [
        file('image', bytes, filename),
      ]);
      return { ...res, read: () => getBytes(res.body.data?.image_src as string) };
    },
  },
};

const stored = (dir: string) => {
  const full = path.join(dataDir, 'uploads', dir);
  return fs.existsSync(full) ? fs.readdirSync(full).length : 0;
};

describe.each(Object.entries(kinds))(
  `%s uploads go through the image pipeline (${testEngine})`,
  (_, kind) => {
    it('a sideways phone JPEG with GPS is stored upright and without metadata', async () => {
      const res = await kind.upload(phoneJpeg);
      expect(res.status, res.body.message).toBe(200);
      await expectUprightAndClean(await res.read(), 'jpeg');
    });

    it('text named .jpg is a 400 in Chinese and stores nothing', async () => {
      const before = stored(kind.dir);
      const res = await kind.upload(Buffer.from('hello, this is text and not an image'), 'id.jpg');
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: NOT_AN_IMAGE_MESSAGE,
      });
      expect(stored(kind.dir)).toBe(before);
    });

    it('a decompression bomb is a 400 in Chinese and stores nothing', async () => {
      const before = stored(kind.dir);
      const res = await kind.upload(await pixelBombPng(), 'bomb.png');
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: IMAGE_TOO_MANY_PIXELS_MESSAGE,
      });
      expect(stored(kind.dir)).toBe(before);
    });
  },
);

describe(`WebP uploads (${testEngine})`, () => {
  it('a carousel WebP and a QR WebP keep their format, upright and without EXIF or XMP', async () => {
    const webp = await sidewaysPhoneWebp();
    await expectPlantedMetadata(webp);
    for (const kind of [kinds.carousel, kinds.qr]) {
      const res = await kind.upload(webp, 'banner.webp');
      expect(res.status, res.body.message).toBe(200);
      await expectUprightAndClean(await res.read(), 'webp');
    }
  });

  it("a KYC submission's PNG back loses its text chunk", async () => {
    const { token } = await registerUser(t.app);
    const res = await post('/api/kyc/submit', token, [
      { name: 'real_name', value: '李四' },
      { name: 'id_number', value: freshIdNumber() },
      file('id_front', phoneJpeg),
      file('id_back', await pngWithText(), 'back.png'),
    ]);
    expect(res.status, res.body.message).toBe(200);
    const application = res.body.data?.application as { id_back_url: string };
    await expectNoMetadata(await getBytes(application.id_back_url));
  });
});
