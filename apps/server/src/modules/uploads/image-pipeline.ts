import { NOT_AN_IMAGE_MESSAGE } from '@platform/contracts';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { badRequest } from '../../core/errors.ts';
import { msg, t } from '../../i18n/i18n.ts';
import { detectImageType, type ImageType } from './image-type.ts';

// libvips' operation cache (by default up to 50 MB, 100 operations and 20 open files) keeps the
// results of recent operations to reuse them when asked again; every upload is a new image, read
// once from its buffer, so nothing would ever be reused and the cache would only hold memory.
sharp.cache(false);

const unreadable = msg('userFacing.uploads.unreadable');
/** The refusals' Chinese (tests compare them); each is said in the request's language. */
export const IMAGE_UNREADABLE_MESSAGE = t('zh-CN', 'userFacing.uploads.unreadable');

/**
 * The largest image accepted, in pixels (width × height, all frames of an animation together): a
 * 48-megapixel phone photo (8000 × 6000) passes; a small file declaring more, a decompression bomb,
 * is refused from its header before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
const tooManyPixels = msg('userFacing.uploads.tooManyPixels');
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = t('zh-CN', 'userFacing.uploads.tooManyPixels');
/**
 * Any upload that is not an image of an allowed type: the contracts' text, which the web's upload
 * fields say too, in the request's language through the contracts' catalogue.
 */
export const notAnImage = NOT_AN_IMAGE_MESSAGE;

declare const cleaned: unique symbol;

/**
 * An upload that went through {@link cleanImage}: decoded, upright, without metadata, re-encoded.
 * Only the pipeline makes one, and the image store saves nothing else.
 */
export interface CleanImage {
  bytes: Buffer;
  /** Judged from the bytes, never from the file's name or declared type. */
  type: ImageType;
  readonly [cleaned]: true;
}

/** sharp's error for an image over limitInputPixels (from its header, at metadata() already). */
const PIXEL_LIMIT_ERROR = /exceeds pixel limit/i;

/**
 * The one pipeline every uploaded image goes through before it is stored: its type judged from its
 * first bytes (and refused unless allowed), its header checked against the pixel cap, then decoded,
 * turned upright by its EXIF orientation, converted to sRGB and re-encoded in its own format
 * (JPEG, PNG, GIF, WebP) without any metadata: no EXIF (GPS, camera, time), XMP, IPTC, comments,
 * text chunks or ICC profile. An animated GIF or WebP keeps its frames; in the rare case that one
 * also asks to be turned, only its first frame is kept (sharp cannot turn several frames).
 */
export async function cleanImage(
  bytes: Uint8Array,
  allowed: readonly ImageType['ext'][],
): Promise<CleanImage> {
  const type = detectImageType(bytes);
  if (!type || !allowed.includes(type.ext)) throw badRequest(notAnImage);
  // Decoder warnings (stray bytes between JPEG markers, as some cameras write) keep an image;
  // errors and truncated data refuse it.
  const options: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' };
  try {
    const header = await sharp(bytes, { ...options, animated: true }).metadata();
    const turned = (header.orientation ?? 1) !== 1;
    const animated = (header.pages ?? 1) > 1 && !turned;
    const image = sharp(bytes, { ...options, animated }).rotate();
    const encoded = await encode(image, type).toBuffer();
    return { bytes: encoded, type } as CleanImage;
  } catch (err) {
    if (err instanceof Error && PIXEL_LIMIT_ERROR.test(err.message)) throw badRequest(tooManyPixels);
    // Anything else sharp refuses is a file that only looks like an image.
    throw badRequest(unreadable);
  }
}

/** Re-encoding in the upload's own format; sharp writes no metadata unless asked to. */
function encode(image: Sharp, type: ImageType): Sharp {
  switch (type.ext) {
    case 'jpg':
      // ID photos must stay legible: a higher quality than sharp's default 80.
      return image.jpeg({ quality: 90 });
    case 'png':
      return image.png();
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: 90 });
  }
}
