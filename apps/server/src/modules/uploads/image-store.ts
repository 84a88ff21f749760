import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MIME } from '@platform/contracts';
import type { CleanImage } from './image-pipeline.ts';
import type { ImageType } from './image-type.ts';

/** Generated names only: 32 lowercase hex characters and a known image extension. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

/**
 * Images on local disk in a private directory (mode 700, files 600; nothing serves it
 * statically). Names are generated here, so a name read back can never leave the directory.
 */
export function createImageStore(dir: string) {
  return {
    /** Stores an image that went through the upload pipeline; returns the name. */
    async save(image: CleanImage): Promise<string> {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${randomBytes(16).toString('hex')}.${image.type.ext}`;
      await fs.writeFile(path.join(dir, name), image.bytes, { flag: 'wx', mode: 0o600 });
      return name;
    },

    /** The stored image and its content type, or undefined for an unknown or malformed name. */
    async read(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
      const match = STORED_IMAGE_NAME.exec(name);
      if (!match) return undefined;
      const ext = match[1] as ImageType['ext'];
      try {
        const bytes = await fs.readFile(path.join(dir, name));
        return { bytes, contentType: IMAGE_MIME[ext] };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },

    /** Removes a stored image (ignored when it is already gone or the name is malformed). */
    async remove(name: string): Promise<void> {
      if (!STORED_IMAGE_NAME.test(name)) return;
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
