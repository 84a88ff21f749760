import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../core/errors.ts';
import { detectImageType, type ImageType } from './image-type.ts';
import { stripImageMetadata } from './strip-metadata.ts';

export const NOT_AN_IMAGE_MESSAGE = '请选择图片文件';
export const DEFAULT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** 图片大小不能超过5MB for the default limit. */
export const imageTooLargeMessage = (maxBytes: number) => {
  const mb = maxBytes / (1024 * 1024);
  return `图片大小不能超过${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
};

export interface ImageUploadOptions {
  /** File fields that must be present. */
  fields: string[];
  /** Field → label for the missing-file message 请上传<label> (the field name otherwise). */
  labels?: Record<string, string>;
  maxBytes: number;
  allowed: ImageType['ext'][];
}

export interface UploadedImage {
  /** Metadata already stripped. */
  bytes: Buffer;
  type: ImageType;
}

const errorCode = (err: unknown) => (err as { code?: unknown } | null)?.code;

/**
 * Multipart limits for a scope that registers @fastify/multipart for image uploads:
 * `await scope.register(multipart, { limits: imageUploadLimits(opts) })`.
 */
export const imageUploadLimits = (opts: { fields: string[]; maxBytes: number; textFields?: number }) => ({
  fileSize: opts.maxBytes,
  files: opts.fields.length,
  fields: opts.textFields ?? 10,
  parts: opts.fields.length + (opts.textFields ?? 10),
  fieldSize: 4096,
});

/**
 * Reads a multipart request (the scope must have registered @fastify/multipart): the text fields
 * and, for each expected file field, its bytes with metadata stripped and its type judged from
 * the bytes. 400 for a non-image or disallowed type, an oversized file or a missing file.
 */
export async function readImageUploads(
  request: FastifyRequest,
  opts: ImageUploadOptions,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedImage> }> {
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedImage> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!opts.fields.includes(part.fieldname) || files[part.fieldname]) continue;
        const type = detectImageType(bytes);
        if (!type || !opts.allowed.includes(type.ext)) throw badRequest(NOT_AN_IMAGE_MESSAGE);
        files[part.fieldname] = { bytes: stripImageMetadata(bytes, type), type };
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = errorCode(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(imageTooLargeMessage(opts.maxBytes));
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(NOT_AN_IMAGE_MESSAGE);
    throw err;
  }
  for (const field of opts.fields) {
    if (!files[field]) throw badRequest(`请上传${opts.labels?.[field] ?? field}`);
  }
  return { fields, files };
}
