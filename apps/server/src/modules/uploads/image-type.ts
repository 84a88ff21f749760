import { IMAGE_MIME, type ImageExtension } from '@platform/contracts';

export interface ImageType {
  ext: ImageExtension;
  mime: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type read from the file's first bytes (JPEG, PNG, GIF, WebP), never from its name or
 * declared type (ARCHITECTURE.md, "KYC and uploads"). Undefined for anything else.
 */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const of = (ext: ImageType['ext']): ImageType => ({ ext, mime: IMAGE_MIME[ext] });
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return of('jpg');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return of('png');
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return of('gif');
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return of('webp');
  return undefined;
}
