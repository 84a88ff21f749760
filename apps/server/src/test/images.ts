/**
 * Image fixtures for upload tests, made with sharp itself: photos as phones write them (sideways
 * with an EXIF orientation, GPS, XMP, comments), and the check that a stored image carries none of it.
 */
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { expect } from 'vitest';

/** Stored 40 wide and 20 high, left half red and right half blue; shown upright it is 20 × 40. */
export const SIDEWAYS = { width: 40, height: 20 } as const;

/** Texts planted in the fixtures' metadata; none may survive the upload pipeline. */
export const PLANTED = ['GPS', 'Exif', 'xmpmeta', 'Alice', 'PhoneCo', 'secret place'] as const;

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Alice</dc:creator>' +
  '</rdf:Description></rdf:RDF></x:xmpmeta>';

/** EXIF as a phone writes it: camera, time and a GPS block (GPSMapDatum puts the text GPS in the bytes). */
const PHONE_EXIF = {
  IFD0: { Make: 'PhoneCo', Model: 'P1', DateTime: '2026:01:02 03:04:05', ImageDescription: 'secret place' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '31/1 13/1 49/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '121/1 28/1 12/1',
    GPSMapDatum: 'GPS-WGS-84',
  },
};

/** Left half red, right half blue: after turning upright (orientation 6), red on top. */
function halves(): Sharp {
  const { width, height } = SIDEWAYS;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A JPEG COM segment right after SOI (sharp cannot write one). */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

/** A phone photo taken sideways: orientation 6 (turn 90° clockwise), EXIF with GPS, XMP, a comment. */
export async function sidewaysPhoneJpeg(): Promise<Buffer> {
  const jpeg = await halves()
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif(PHONE_EXIF)
    .withXmp(XMP)
    .toBuffer();
  return withJpegComment(jpeg, 'shot at the secret place, GPS 31.2N');
}

/** The same sideways photo as WebP (EXIF with GPS and XMP in RIFF chunks). */
export async function sidewaysPhoneWebp(): Promise<Buffer> {
  return halves().webp().withMetadata({ orientation: 6 }).withExif(PHONE_EXIF).withXmp(XMP).toBuffer();
}

const pngChunk = (type: string, data: Buffer) => {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([head, typeAndData, crc]);
};

/** PNG signature (8 bytes) and IHDR chunk (25 bytes): where chunks may be inserted or IHDR replaced. */
const PNG_HEAD = 33;

/** A PNG with EXIF (GPS) and a tEXt chunk naming the place, both before the image data. */
export async function pngWithText(): Promise<Buffer> {
  const png = await halves().png().withExif(PHONE_EXIF).toBuffer();
  const text = pngChunk('tEXt', Buffer.from('Comment\0GPS 31.2N, the secret place', 'latin1'));
  return Buffer.concat([png.subarray(0, PNG_HEAD), text, png.subarray(PNG_HEAD)]);
}

/**
 * A decompression bomb: a few hundred bytes whose header declares 30 000 × 30 000 pixels (900
 * million, 3.6 GB decoded as RGBA).
 */
export async function pixelBombPng(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#000' } })
    .png()
    .toBuffer();
  const ihdr = Buffer.from(png.subarray(16, 29));
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  return Buffer.concat([png.subarray(0, 8), pngChunk('IHDR', ihdr), png.subarray(PNG_HEAD)]);
}

/** Asserts the fixture still carries what the pipeline must remove (so a check cannot pass vacuously). */
export async function expectPlantedMetadata(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect(Boolean(meta.exif || meta.comments)).toBe(true);
  expect(bytes.includes('GPS')).toBe(true);
}

/**
 * Asserts a stored image is the sideways photo turned upright (20 × 40, red on top, no orientation)
 * and carries no metadata: no EXIF, XMP, IPTC, ICC profile or text, and none of the planted texts.
 */
export async function expectUprightAndClean(bytes: Buffer, format: 'jpeg' | 'png' | 'webp'): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe(format);
  expect({ width: meta.width, height: meta.height }).toEqual({
    width: SIDEWAYS.height,
    height: SIDEWAYS.width,
  });
  expect(meta.orientation ?? 1).toBe(1);
  const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const top = [...data.subarray(0, 3)];
  const bottom = [...data.subarray(data.length - 3)];
  expect(top[0]).toBeGreaterThan(150); // red on top
  expect(bottom[2]).toBeGreaterThan(150); // blue at the bottom
  await expectNoMetadata(bytes);
}

/** No EXIF, XMP, IPTC, ICC profile, comments or planted texts. */
export async function expectNoMetadata(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect({
    exif: meta.exif,
    xmp: meta.xmp,
    iptc: meta.iptc,
    icc: meta.icc,
    comments: meta.comments,
  }).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, icc: undefined, comments: undefined });
  for (const text of PLANTED) expect(bytes.includes(text), text).toBe(false);
}
