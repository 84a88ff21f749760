import jsQR from 'jsqr';
import sharp, { type OutputInfo } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../uploads/image-pipeline.ts';

/**
 * The longest side a QR image is scanned at: a phone photo is scaled down first (a QR code that
 * fills part of a 4000-pixel photo is still dozens of pixels per module at this size) so that one
 * scan stays in the tens of milliseconds.
 */
const SCAN_SIZE = 1200;

/**
 * The text of the QR code in an image (any type the upload pipeline stores), or null when none is
 * found. sharp decodes the image to RGBA pixels (transparency flattened onto white, as the image
 * is shown); jsQR (Apache-2.0) locates and decodes the code, dark-on-light or inverted.
 */
export async function decodeQrCode(bytes: Uint8Array): Promise<string | null> {
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .flatten({ background: '#ffffff' })
      .resize({ width: SCAN_SIZE, height: SCAN_SIZE, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { data, info } = pixels;
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  const code = jsQR(rgba, info.width, info.height, { inversionAttempts: 'attemptBoth' });
  return code ? code.data : null;
}

/** USDT's token contracts, which an ERC-681 / TRON payment URI names beside the payee. */
const USDT_CONTRACTS = new Set([
  '0xdac17f958d2ee523a2206206994597c13d831ec7', // Ethereum
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // TRON
]);

/** Address-shaped words: TRON base58 (T and 33 more) and hex (0x and 40 digits). */
const ADDRESS_LIKE = /\bT[1-9A-HJ-NP-Za-km-z]{33}\b|\b0x[0-9a-fA-F]{40}\b/g;

/** Hex (0x) addresses compare without case (wallets write them in lower case); base58 exactly. */
const sameAddress = (a: string, b: string) =>
  a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;

/**
 * True when a QR code's text pays the address: it carries the address, as it is or inside a
 * payment URI (`tron:T…?amount=`, `ethereum:0x…`), and no other address except USDT's token
 * contract, so that `tron:<someone else>?memo=<the address>` is not taken for it.
 */
export function qrCarriesAddress(qrText: string, address: string): boolean {
  const wanted = address.trim();
  if (!wanted) return false;
  const found = qrText.match(ADDRESS_LIKE) ?? [];
  const isHex = /^0x[0-9a-f]+$/i.test(wanted);
  const carries = isHex ? qrText.toLowerCase().includes(wanted.toLowerCase()) : qrText.includes(wanted);
  return (
    carries &&
    found.every(
      (word) =>
        sameAddress(word, wanted) || USDT_CONTRACTS.has(word.startsWith('0x') ? word.toLowerCase() : word),
    )
  );
}
