import { imageTooLargeMessage } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../core/errors.ts';
import { nullByteRefusal } from '../../core/request-hygiene.ts';
import { type Message, msg, requestLanguage, t } from '../../i18n/i18n.ts';
import { type CleanImage, cleanImage, notAnImage } from './image-pipeline.ts';
import type { ImageType } from './image-type.ts';

export { notAnImage };

export const DEFAULT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface ImageUploadOptions<F extends string = string> {
  /** File fields that must be present. */
  fields: readonly F[];
  /** Field → label for the missing-file message 请上传<label> (the field name otherwise). */
  labels?: Partial<Record<F, Message>>;
  /** The message for a missing file instead of 请上传<label>. */
  missingMessage?: Message | string;
  maxBytes: number;
  allowed: readonly ImageType['ext'][];
}

/** An uploaded image as the pipeline left it: upright, without metadata, re-encoded. */
export type UploadedImage = CleanImage;

const errorCode = (err: unknown) => (err as { code?: unknown } | null)?.code;

const malformed = msg('userFacing.uploads.malformed');
/** The refusal's Chinese (tests compare it); it is said in the request's language. */
export const MALFORMED_UPLOAD_MESSAGE = t('zh-CN', 'userFacing.uploads.malformed');

/**
 * The refusal of an image over `maxBytes`: the contracts' imageTooLargeMessage (图片大小不能超过5MB),
 * which the web's upload fields say too, in the request's language by its shape.
 */
export const imageTooLarge = imageTooLargeMessage;

/**
 * The 400 for an error met while reading a multipart body: too large, not multipart, or a body the
 * parser could not read (cut short, broken boundaries: busboy's plain errors). An AppError passes.
 */
export function multipartRefusal(
  err: unknown,
  messages: { tooLarge: Message | string; notAnImage: Message | string },
): Error {
  if (err instanceof AppError) return err;
  if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') return badRequest(messages.tooLarge);
  if (errorCode(err) === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(messages.notAnImage);
  return badRequest(malformed);
}

/**
 * Multipart limits for a scope that registers @fastify/multipart for image uploads:
 * `await scope.register(multipart, { limits: imageUploadLimits(opts) })`.
 */
export const imageUploadLimits = (opts: {
  fields: readonly string[];
  maxBytes: number;
  textFields?: number;
}) => ({
  fileSize: opts.maxBytes,
  files: opts.fields.length,
  fields: opts.textFields ?? 10,
  parts: opts.fields.length + (opts.textFields ?? 10),
  fieldSize: 4096,
});

/**
 * Reads a multipart request (the scope must have registered @fastify/multipart): the text fields
 * and, for each expected file field, the image as the pipeline (cleanImage) left it. 400 for a
 * non-image or disallowed type, a damaged image, too many pixels, an oversized or a missing file.
 */
export async function readImageUploads<F extends string>(
  request: FastifyRequest,
  opts: ImageUploadOptions<F>,
): Promise<{ fields: Record<string, string>; files: Record<F, UploadedImage> }> {
  const fields: Record<string, string> = {};
  const raw: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      if (part.fieldname.includes('\u0000')) throw nullByteRefusal('fieldname', requestLanguage(request));
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if ((opts.fields as readonly string[]).includes(part.fieldname) && !raw[part.fieldname])
          raw[part.fieldname] = bytes;
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        if (part.value.includes('\u0000')) throw nullByteRefusal(part.fieldname, requestLanguage(request));
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartRefusal(err, { tooLarge: imageTooLarge(opts.maxBytes), notAnImage });
  }
  const files = {} as Record<F, UploadedImage>;
  for (const field of opts.fields) {
    const bytes = raw[field];
    if (!bytes)
      throw badRequest(
        opts.missingMessage ?? msg('userFacing.uploads.missing', { label: opts.labels?.[field] ?? field }),
      );
    files[field] = await cleanImage(bytes, opts.allowed);
  }
  return { fields, files };
}
