import { createImageStore, type ImageStore } from '../uploads/image-store.ts';

/** QR images of deposit channels: the shared private image store in their own directory. */
export const createQrCodeStore = (dir: string): ImageStore => createImageStore(dir);
export type QrCodeStore = ImageStore;
