import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { QR_FILE_NAME } from '@platform/contracts';

export interface ImageType {
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  mime: string;
}

const MIME_BY_EXT: Record<ImageType['ext'], string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type read from the file's first bytes (JPEG, PNG, GIF, WebP), never from its name or
 * declared type (DESIGN.md section 7). Undefined for anything else.
 */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const of = (ext: ImageType['ext']): ImageType => ({ ext, mime: MIME_BY_EXT[ext] });
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return of('jpg');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return of('png');
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return of('gif');
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return of('webp');
  return undefined;
}

/**
 * QR images on local disk in a private directory (nothing serves it statically). Names are
 * generated here: 32 random hex characters and the extension of the detected type.
 */
export function createQrCodeStore(dir: string) {
  return {
    /** Stores an image whose type is already known; returns the generated name. */
    async save(bytes: Uint8Array, type: ImageType): Promise<string> {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
      return name;
    },

    /** The stored image and its content type, or undefined for an unknown or malformed name. */
    async read(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
      const match = QR_FILE_NAME.exec(name);
      if (!match) return undefined;
      const ext = match[1] as ImageType['ext'];
      try {
        const bytes = await fs.readFile(path.join(dir, name));
        return { bytes, contentType: MIME_BY_EXT[ext] };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
  };
}

export type QrCodeStore = ReturnType<typeof createQrCodeStore>;
