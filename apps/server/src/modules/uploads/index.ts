export { createImageStore, type ImageStore, STORED_IMAGE_NAME } from './image-store.ts';
export { detectImageType, type ImageType, MIME_BY_EXT } from './image-type.ts';
export {
  DEFAULT_IMAGE_MAX_BYTES,
  imageTooLargeMessage,
  imageUploadLimits,
  NOT_AN_IMAGE_MESSAGE,
  readImageUploads,
  type UploadedImage,
} from './image-upload.ts';
export {
  createUrlSigner,
  DEFAULT_SIGNED_URL_TTL_SECONDS,
  loadUploadSigningSecret,
  type UrlSigner,
} from './signed-url.ts';
export { stripImageMetadata } from './strip-metadata.ts';
