import type { ImageType } from './image-type.ts';

/**
 * Removes metadata that may identify a person or place (EXIF incl. GPS, XMP, comments, text
 * chunks, timestamps) while keeping the image data byte for byte. Malformed input is returned as
 * far as it could be parsed; WebP is returned unchanged (not accepted where metadata matters).
 */
export function stripImageMetadata(bytes: Uint8Array, type: ImageType): Buffer {
  const buf = Buffer.from(bytes);
  switch (type.ext) {
    case 'jpg':
      return stripJpeg(buf);
    case 'png':
      return stripPng(buf);
    case 'gif':
      return stripGif(buf);
    default:
      return buf;
  }
}

/** JPEG: drops APP1..APP15 and COM segments before the scan; keeps everything else. */
function stripJpeg(buf: Buffer): Buffer {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return buf;
  const out: Buffer[] = [buf.subarray(0, 2)];
  let i = 2;
  while (i < buf.length) {
    if (buf[i] !== 0xff) {
      // Not at a marker: keep the rest unchanged rather than guess.
      out.push(buf.subarray(i));
      return Buffer.concat(out);
    }
    // Fill bytes (0xFF 0xFF ...) before a marker.
    let m = i + 1;
    while (m < buf.length && buf[m] === 0xff) m++;
    if (m >= buf.length) break;
    const marker = buf[m] as number;
    const segStart = i;
    i = m + 1;
    // Stand-alone markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      out.push(buf.subarray(segStart, i));
      continue;
    }
    if (marker === 0xd9) {
      out.push(buf.subarray(segStart, i));
      return Buffer.concat(out);
    }
    if (i + 2 > buf.length) break;
    const len = buf.readUInt16BE(i);
    const end = i + len;
    if (len < 2 || end > buf.length) {
      out.push(buf.subarray(segStart));
      return Buffer.concat(out);
    }
    if (marker === 0xda) {
      // Start of scan: header and entropy-coded data until the end are kept as they are.
      out.push(buf.subarray(segStart));
      return Buffer.concat(out);
    }
    const isMetadata = (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;
    if (!isMetadata) out.push(buf.subarray(segStart, end));
    i = end;
  }
  return Buffer.concat(out);
}

const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

/** PNG: drops eXIf, tEXt, iTXt, zTXt and tIME chunks. */
function stripPng(buf: Buffer): Buffer {
  if (buf.length < 8) return buf;
  const out: Buffer[] = [buf.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= buf.length) {
    const len = buf.readUInt32BE(i);
    const end = i + 12 + len;
    if (end > buf.length) break;
    const kind = buf.toString('latin1', i + 4, i + 8);
    if (!PNG_DROPPED.has(kind)) out.push(buf.subarray(i, end));
    i = end;
    if (kind === 'IEND') return Buffer.concat(out);
  }
  if (i < buf.length) out.push(buf.subarray(i));
  return Buffer.concat(out);
}

/** GIF: drops comment extensions and application extensions other than NETSCAPE2.0 looping. */
function stripGif(buf: Buffer): Buffer {
  if (buf.length < 13) return buf;
  const packed = buf[10] as number;
  let i = 13;
  if (packed & 0x80) i += 3 * (1 << ((packed & 0x07) + 1));
  if (i > buf.length) return buf;
  const out: Buffer[] = [buf.subarray(0, i)];
  /** Index after a run of data sub-blocks starting at j, or -1 when truncated. */
  const skipSubBlocks = (j: number): number => {
    let k = j;
    while (k < buf.length) {
      const size = buf[k] as number;
      k += 1;
      if (size === 0) return k;
      k += size;
    }
    return -1;
  };
  while (i < buf.length) {
    const introducer = buf[i] as number;
    if (introducer === 0x3b) {
      out.push(buf.subarray(i, i + 1));
      return Buffer.concat(out);
    }
    if (introducer === 0x21) {
      const label = buf[i + 1];
      let end: number;
      let drop = false;
      if (label === 0xff) {
        const blockSize = buf[i + 2] ?? 0;
        const appId = buf.toString('latin1', i + 3, i + 3 + Math.min(blockSize, 11));
        end = skipSubBlocks(i + 3 + blockSize);
        drop = appId !== 'NETSCAPE2.0';
      } else {
        end = skipSubBlocks(i + 2);
        drop = label === 0xfe;
      }
      if (end < 0) break;
      if (!drop) out.push(buf.subarray(i, end));
      i = end;
      continue;
    }
    if (introducer === 0x2c) {
      // Image descriptor (10 bytes), optional local colour table, LZW minimum code size, data.
      if (i + 10 > buf.length) break;
      const p = buf[i + 9] as number;
      let j = i + 10;
      if (p & 0x80) j += 3 * (1 << ((p & 0x07) + 1));
      const end = skipSubBlocks(j + 1);
      if (end < 0) break;
      out.push(buf.subarray(i, end));
      i = end;
      continue;
    }
    break;
  }
  if (i < buf.length) out.push(buf.subarray(i));
  return Buffer.concat(out);
}
