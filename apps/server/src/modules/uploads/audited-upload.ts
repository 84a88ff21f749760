import { createHash } from 'node:crypto';
import type { AuditAction } from '@platform/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import type { CleanImage } from './image-pipeline.ts';
import type { ImageStore } from './image-store.ts';

export interface AuditedUpload {
  image: CleanImage;
  /** The audit action, e.g. `carousel.image_upload`. */
  action: AuditAction;
  /** Where the stored file is found, by name: the first fields of the audit record's `after`. */
  location: (name: string) => Record<string, string>;
}

/**
 * Saves an uploaded image under a generated name and audits the upload (where it is, its type, size
 * and SHA-256, so the file can later be matched to who uploaded it). Returns the stored name.
 */
export async function saveAuditedUpload(
  db: Db,
  store: ImageStore,
  actor: AuditActor,
  upload: AuditedUpload,
): Promise<string> {
  const { bytes, type } = upload.image;
  const name = await store.save(upload.image);
  await db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: upload.action,
      targetType: 'upload',
      targetId: name,
      after: {
        ...upload.location(name),
        type: type.ext,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    }),
  );
  return name;
}
