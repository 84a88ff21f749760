import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';
import { stripImageMetadata } from './strip-metadata.ts';

const ascii = (t: string) => [...t].map((c) => c.charCodeAt(0));
const seg = (marker: number, payload: number[]) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...payload,
];
const contains = (hay: Buffer, needle: string) => hay.includes(Buffer.from(needle, 'latin1'));

describe('stripImageMetadata', () => {
  it('JPEG: drops EXIF (with GPS), XMP and comments, keeps JFIF, tables, scan data and EOI', () => {
    const jfif = seg(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
    // APP1 Exif with a GPS IFD tag (0x8825) and coordinates text.
    const exif = seg(0xe1, [
      ...ascii('Exif'),
      0,
      0,
      ...ascii('MM'),
      0,
      42,
      0,
      0,
      0,
      8,
      0,
      1,
      0x88,
      0x25,
      ...ascii('GPS31.2304N121.4737E'),
    ]);
    const xmp = seg(0xe1, ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>secret</x:xmpmeta>'));
    const app13 = seg(0xed, ascii('Photoshop 3.0\0IPTC'));
    const com = seg(0xfe, ascii('taken at home'));
    const dqt = seg(0xdb, [0, ...new Array(64).fill(1)]);
    const sof = seg(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
    const dht = seg(0xc4, [0, ...new Array(16).fill(0)]);
    const sos = seg(0xda, [1, 1, 0, 0, 63, 0]);
    const entropy = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56];
    const input = Buffer.from([
      0xff,
      0xd8,
      ...jfif,
      ...exif,
      ...xmp,
      ...app13,
      ...com,
      ...dqt,
      ...sof,
      ...dht,
      ...sos,
      ...entropy,
      0xff,
      0xd9,
    ]);
    const type = detectImageType(input);
    expect(type?.ext).toBe('jpg');
    const out = stripImageMetadata(input, type!);
    expect(out).toEqual(
      Buffer.from([0xff, 0xd8, ...jfif, ...dqt, ...sof, ...dht, ...sos, ...entropy, 0xff, 0xd9]),
    );
    expect(contains(out, 'Exif')).toBe(false);
    expect(contains(out, 'GPS')).toBe(false);
    expect(contains(out, 'xmpmeta')).toBe(false);
    expect(contains(out, 'taken at home')).toBe(false);
    expect(contains(out, 'JFIF')).toBe(true);
  });

  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: number[]) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (kind: string, data: number[]) => {
    const body = [...ascii(kind), ...data];
    const crc = crc32(body);
    const len = data.length;
    return [
      len >>> 24,
      (len >> 16) & 0xff,
      (len >> 8) & 0xff,
      len & 0xff,
      ...body,
      crc >>> 24,
      (crc >> 16) & 0xff,
      (crc >> 8) & 0xff,
      crc & 0xff,
    ];
  };

  it('PNG: drops tEXt, iTXt, zTXt, eXIf and tIME chunks, keeps IHDR, IDAT and IEND', () => {
    const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const ihdr = chunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
    const text = chunk('tEXt', ascii('Comment\0GPS 31.23N'));
    const itxt = chunk('iTXt', ascii('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>'));
    const ztxt = chunk('zTXt', ascii('Author\0\0xx'));
    const exif = chunk('eXIf', [...ascii('MM'), 0, 42, 0, 0, 0, 8]);
    const time = chunk('tIME', [7, 234, 1, 1, 0, 0, 0]);
    const idat = chunk('IDAT', [0x78, 0x9c, 0x63, 0, 0, 0, 2, 0, 1]);
    const iend = chunk('IEND', []);
    const input = Buffer.from([
      ...sig,
      ...ihdr,
      ...text,
      ...itxt,
      ...exif,
      ...time,
      ...idat,
      ...ztxt,
      ...iend,
    ]);
    const out = stripImageMetadata(input, detectImageType(input)!);
    expect(out).toEqual(Buffer.from([...sig, ...ihdr, ...idat, ...iend]));
    expect(contains(out, 'GPS')).toBe(false);
  });

  it('GIF: drops comments and foreign application extensions, keeps NETSCAPE2.0 looping and the image', () => {
    const header = [...ascii('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
    const loop = [0x21, 0xff, 11, ...ascii('NETSCAPE2.0'), 3, 1, 0, 0, 0];
    const xmp = [0x21, 0xff, 11, ...ascii('XMP DataXMP'), 5, ...ascii('<x:x>'), 0];
    const comment = [0x21, 0xfe, 9, ...ascii('GPS 31.2N'), 0];
    const gce = [0x21, 0xf9, 4, 0, 0, 0, 0, 0];
    const image = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0];
    const input = Buffer.from([...header, ...loop, ...xmp, ...comment, ...gce, ...image, 0x3b]);
    const out = stripImageMetadata(input, detectImageType(input)!);
    expect(out).toEqual(Buffer.from([...header, ...loop, ...gce, ...image, 0x3b]));
  });

  it('returns truncated or odd input without throwing', () => {
    const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00]);
    expect(() => stripImageMetadata(jpg, detectImageType(jpg)!)).not.toThrow();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 99]);
    expect(stripImageMetadata(png, detectImageType(png)!)).toEqual(png);
  });
});
