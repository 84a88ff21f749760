export {
  type CleanImage,
  cleanImage,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  MAX_IMAGE_PIXELS,
} from './image-pipeline.ts';
export { createImageStore, type ImageStore, STORED_IMAGE_NAME } from './image-store.ts';
export { detectImageType, type ImageType, MIME_BY_EXT } from './image-type.ts';
export {
  DEFAULT_IMAGE_MAX_BYTES,
  imageTooLargeMessage,
  imageUploadLimits,
  readImageUploads,
  type UploadedImage,
} from './image-upload.ts';
export {
  createUrlSigner,
  DEFAULT_SIGNED_URL_TTL_SECONDS,
  loadUploadSigningSecret,
  type UrlSigner,
} from './signed-url.ts';
