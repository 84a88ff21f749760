import { imageTooLargeMessage, NOT_AN_IMAGE_MESSAGE } from '@platform/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../core/errors.ts';
import { render } from '../../i18n/i18n.ts';
import {
  expectNoMetadata,
  expectPlantedMetadata,
  expectUprightAndClean,
  pixelBombPng,
  pngWithText,
  sidewaysPhoneJpeg,
  sidewaysPhoneWebp,
} from '../../test/images.ts';
import {
  cleanImage,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  MAX_IMAGE_PIXELS,
  notAnImage,
} from './image-pipeline.ts';
import { imageTooLarge } from './image-upload.ts';

const ALL = ['jpg', 'png', 'gif', 'webp'] as const;

async function refusal(bytes: Buffer, allowed: readonly ('jpg' | 'png' | 'gif' | 'webp')[] = ALL) {
  const err = await cleanImage(bytes, allowed).then(
    () => undefined,
    (e: unknown) => e as { statusCode?: number; message?: string },
  );
  return { status: err?.statusCode, message: err?.message };
}

describe('cleanImage (the one upload pipeline)', () => {
  it("turns sharp's operation cache off: one-off uploads are never reused", () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });

  it('turns a sideways phone JPEG upright and drops its EXIF, GPS, XMP and comment', async () => {
    const input = await sidewaysPhoneJpeg();
    await expectPlantedMetadata(input);
    const image = await cleanImage(input, ALL);
    expect(image.type).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    await expectUprightAndClean(image.bytes, 'jpeg');
  });

  it('keeps WebP as WebP, upright and without its EXIF and XMP chunks', async () => {
    const input = await sidewaysPhoneWebp();
    await expectPlantedMetadata(input);
    const image = await cleanImage(input, ALL);
    expect(image.type.ext).toBe('webp');
    await expectUprightAndClean(image.bytes, 'webp');
  });

  it('keeps PNG as PNG without its text and EXIF chunks', async () => {
    const input = await pngWithText();
    expect((await sharp(input).metadata()).comments).toHaveLength(1);
    const image = await cleanImage(input, ALL);
    expect(image.type.ext).toBe('png');
    expect((await sharp(image.bytes).metadata()).format).toBe('png');
    await expectNoMetadata(image.bytes);
  });

  it('converts an embedded colour profile to sRGB and drops the profile', async () => {
    const p3 = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withIccProfile('p3')
      .toBuffer();
    expect((await sharp(p3).metadata()).hasProfile).toBe(true);
    const image = await cleanImage(p3, ALL);
    const meta = await sharp(image.bytes).metadata();
    expect({ hasProfile: meta.hasProfile, space: meta.space }).toEqual({ hasProfile: false, space: 'srgb' });
  });

  it('keeps an animated GIF animated (frames and delays), re-encoded', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 6, height: 6, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
      .gif({ delay: [300, 500], loop: 0 })
      .toBuffer();
    const image = await cleanImage(gif, ALL);
    const meta = await sharp(image.bytes, { animated: true }).metadata();
    expect({ format: meta.format, pages: meta.pages, delay: meta.delay }).toEqual({
      format: 'gif',
      pages: 2,
      delay: [300, 500],
    });
  });

  it('refuses text named as an image, a disallowed type and a damaged image with Chinese 400s', async () => {
    expect(await refusal(Buffer.from('hello, not an image'))).toEqual({
      status: 400,
      message: NOT_AN_IMAGE_MESSAGE,
    });
    expect(await refusal(await sidewaysPhoneWebp(), ['jpg', 'png'])).toEqual({
      status: 400,
      message: NOT_AN_IMAGE_MESSAGE,
    });
    const jpeg = await sidewaysPhoneJpeg();
    expect(await refusal(jpeg.subarray(0, 200))).toEqual({ status: 400, message: IMAGE_UNREADABLE_MESSAGE });
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 1, 2, 3]))).toEqual({
      status: 400,
      message: IMAGE_UNREADABLE_MESSAGE,
    });
    expect(NOT_AN_IMAGE_MESSAGE).toMatch(/[\u4e00-\u9fff]/);
    expect(IMAGE_UNREADABLE_MESSAGE).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = await pixelBombPng();
    expect(bomb.length).toBeLessThan(1000);
    expect(await refusal(bomb)).toEqual({ status: 400, message: IMAGE_TOO_MANY_PIXELS_MESSAGE });
    expect(IMAGE_TOO_MANY_PIXELS_MESSAGE).toMatch(/[\u4e00-\u9fff]/);
    // A 48-megapixel phone photo (8000 × 6000) stays under the cap.
    expect(MAX_IMAGE_PIXELS).toBeGreaterThanOrEqual(8000 * 6000);
  });
});

describe('cleanImage in English', () => {
  const englishRefusal = async (bytes: Buffer) =>
    cleanImage(bytes, ALL).then(
      () => undefined,
      (e: unknown) => (e as AppError).messageIn('en'),
    );

  it('refuses a damaged image and a decompression bomb in English', async () => {
    const jpeg = await sidewaysPhoneJpeg();
    expect(await englishRefusal(jpeg.subarray(0, 200))).toBe(
      'The image is damaged or cannot be read; choose another image',
    );
    expect(await englishRefusal(await pixelBombPng())).toBe(
      'The image is too large: at most 50 million pixels',
    );
    expect(await englishRefusal(Buffer.from('<html></html>'))).toBe('Please select an image file');
  });

  it('says the contracts’ refusals (the web shows them too), in English through their catalogue', () => {
    expect(render('zh-CN', notAnImage)).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(render('en', notAnImage)).toBe('Please select an image file');
    for (const bytes of [5 * 1024 * 1024, 2 * 1024 * 1024, 1.5 * 1024 * 1024]) {
      expect(render('zh-CN', imageTooLarge(bytes))).toBe(imageTooLargeMessage(bytes));
    }
    expect(render('en', imageTooLarge(1.5 * 1024 * 1024))).toBe('The image cannot be larger than 1.5 MB');
  });

  it('keeps the Chinese wording, the cap in 万 as MAX_IMAGE_PIXELS says', () => {
    expect(IMAGE_UNREADABLE_MESSAGE).toBe('图片已损坏或无法读取，请重新选择图片');
    expect(IMAGE_TOO_MANY_PIXELS_MESSAGE).toBe(
      `图片尺寸过大，像素总数不能超过${MAX_IMAGE_PIXELS / 10_000}万`,
    );
    expect(MAX_IMAGE_PIXELS / 1_000_000).toBe(50);
  });
});
