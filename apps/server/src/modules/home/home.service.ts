import {
  type AdminAnnouncement,
  type AdminCarouselItem,
  ANNOUNCEMENT_NOT_FOUND_MESSAGE,
  type AnnouncementBody,
  type AnnouncementItem,
  type AnnouncementPatchBody,
  CAROUSEL_IMAGE_URL_TTL_SECONDS,
  CAROUSEL_IMAGES_PATH,
  CAROUSEL_NOT_FOUND_MESSAGE,
  type CarouselBody,
  type CarouselItem,
  type CarouselPatchBody,
  IMAGE_FILE_MISSING_MESSAGE,
  IMAGE_REQUIRED_MESSAGE,
  REORDER_IDS_MESSAGE,
} from '@platform/contracts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { pushBroadcast, syncAnnouncementBroadcast } from '../notifications/notifications.service.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { saveAuditedUpload } from '../uploads/audited-upload.ts';
import type { ImageStore } from '../uploads/image-store.ts';
import type { UploadedImage } from '../uploads/image-upload.ts';
import type { UrlSigner } from '../uploads/signed-url.ts';
import * as repo from './home.repository.ts';

export interface HomeServiceDeps {
  db: Db;
  /** The private store of uploaded carousel images (`<DATA_DIR>/uploads/carousel`). */
  images: ImageStore;
  /** Signs the image URLs handed out in replies, so that an <img> can load them. */
  signer: UrlSigner;
  /** Pushes a published announcement's notification to every connected user. */
  realtime?: Pick<Realtime, 'toRoom'>;
}

const definedOnly = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The audit verb of a patch: publish/unpublish and reorder are named as such. */
function patchAction(body: Record<string, unknown>): 'publish' | 'unpublish' | 'reorder' | 'update' {
  const keys = Object.keys(definedOnly(body));
  if (keys.length === 1 && keys[0] === 'is_published') return body.is_published ? 'publish' : 'unpublish';
  if (keys.length === 1 && keys[0] === 'sort_order') return 'reorder';
  return 'update';
}

/** Carousel slides and announcements: admin maintenance (audited) and the published lists users see. */
export function createHomeService({ db, images, signer, realtime }: HomeServiceDeps) {
  /** What an <img> can load for a stored upload: a signed URL, made at reply time. */
  const imageSrc = (name: string) =>
    signer.sign(`${CAROUSEL_IMAGES_PATH}${name}`, CAROUSEL_IMAGE_URL_TTL_SECONDS);
  /** An item may only point at an image that was really uploaded. */
  const checkImageFile = async (name: string | null | undefined) => {
    if (name && !(await images.read(name))) throw badRequest(IMAGE_FILE_MISSING_MESSAGE);
  };

  const toAdminCarousel = (row: repo.CarouselRow): AdminCarouselItem => ({
    id: row.id,
    title: row.title,
    image_file: row.imageFile,
    image_url: row.imageUrl,
    image_src: row.imageFile ? imageSrc(row.imageFile) : row.imageUrl,
    link_url: row.linkUrl,
    sort_order: row.sortOrder,
    is_published: row.isPublished,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });
  /** The audit snapshot: the stored columns, no signed URL. */
  const carouselSnapshot = (row: repo.CarouselRow) => {
    const { image_src: _src, ...rest } = toAdminCarousel(row);
    return rest;
  };
  const toUserCarousel = (row: repo.CarouselRow): CarouselItem => ({
    id: row.id,
    title: row.title,
    image_url: row.imageFile ? imageSrc(row.imageFile) : row.imageUrl,
    link_url: row.linkUrl,
  });
  const toUserAnnouncement = (row: repo.AnnouncementRow): AnnouncementItem => ({
    id: row.id,
    title: row.title,
    content: row.content,
    published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
  });
  const toAdminAnnouncement = (row: repo.AnnouncementRow): AdminAnnouncement => ({
    ...toUserAnnouncement(row),
    sort_order: row.sortOrder,
    is_published: row.isPublished,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  async function reorder<Row extends { id: number; sortOrder: number }>(
    tx: Executor,
    ids: number[],
    lockAll: (exec: Executor) => Promise<Row[]>,
    update: (exec: Executor, id: number, values: { sortOrder: number }) => Promise<Row | undefined>,
  ) {
    const rows = await lockAll(tx);
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || ids.some((id) => !known.has(id))) throw badRequest(REORDER_IDS_MESSAGE);
    const before = [...rows].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((r) => r.id);
    for (const [index, id] of ids.entries()) {
      const row = rows.find((r) => r.id === id);
      if (row && row.sortOrder !== index) await update(tx, id, { sortOrder: index });
    }
    return { before, after: ids };
  }

  return {
    // ---- carousel ----
    async listPublishedCarousel() {
      return (await repo.listCarousel(db, true)).map(toUserCarousel);
    },

    async listCarousel() {
      return (await repo.listCarousel(db)).map(toAdminCarousel);
    },

    /** Stores an uploaded carousel image and audits the upload (file name, type, size, SHA-256). */
    async storeImage(actor: AuditActor, image: UploadedImage) {
      const name = await saveAuditedUpload(db, images, actor, {
        image,
        action: 'carousel.image_upload',
        location: (stored) => ({ image_file: stored }),
      });
      return { image_file: name, image_src: imageSrc(name) };
    },

    readImage: (name: string) => images.read(name),

    async createCarousel(actor: AuditActor, body: CarouselBody) {
      await checkImageFile(body.image_file);
      return db.transaction(async (tx) => {
        const row = await repo.insertCarousel(tx, {
          title: body.title,
          imageFile: body.image_file ?? null,
          imageUrl: body.image_file ? null : (body.image_url ?? null),
          linkUrl: body.link_url ?? null,
          isPublished: body.is_published ?? false,
          sortOrder: body.sort_order ?? (await repo.nextCarouselOrder(tx)),
        });
        await recordAudit(tx, actor, {
          action: 'carousel.create',
          targetType: 'carousel_item',
          targetId: row.id,
          after: carouselSnapshot(row),
        });
        return toAdminCarousel(row);
      });
    },

    async updateCarousel(actor: AuditActor, id: number, body: CarouselPatchBody) {
      await checkImageFile(body.image_file);
      return db.transaction(async (tx) => {
        const current = await repo.findCarousel(tx, id, true);
        if (!current) throw notFound(CAROUSEL_NOT_FOUND_MESSAGE);
        const values = definedOnly({
          title: body.title,
          imageFile: body.image_file,
          imageUrl: body.image_url,
          linkUrl: body.link_url,
          isPublished: body.is_published,
          sortOrder: body.sort_order,
        });
        // An upload replaces an external URL; the item must keep one of the two.
        if (values.imageFile) values.imageUrl = null;
        const imageFile = values.imageFile !== undefined ? values.imageFile : current.imageFile;
        const imageUrl = values.imageUrl !== undefined ? values.imageUrl : current.imageUrl;
        if (!imageFile && !imageUrl) throw badRequest(IMAGE_REQUIRED_MESSAGE);
        const row = await repo.updateCarousel(tx, id, values);
        if (!row) throw notFound(CAROUSEL_NOT_FOUND_MESSAGE);
        await recordAudit(tx, actor, {
          action: `carousel.${patchAction(body)}`,
          targetType: 'carousel_item',
          targetId: id,
          before: carouselSnapshot(current),
          after: carouselSnapshot(row),
        });
        return toAdminCarousel(row);
      });
    },

    async deleteCarousel(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const row = await repo.deleteCarousel(tx, id);
        if (!row) throw notFound(CAROUSEL_NOT_FOUND_MESSAGE);
        await recordAudit(tx, actor, {
          action: 'carousel.delete',
          targetType: 'carousel_item',
          targetId: id,
          before: carouselSnapshot(row),
        });
      });
    },

    async reorderCarousel(actor: AuditActor, ids: number[]) {
      await db.transaction(async (tx) => {
        const change = await reorder(tx, ids, repo.lockAllCarousel, repo.updateCarousel);
        await recordAudit(tx, actor, {
          action: 'carousel.reorder',
          targetType: 'carousel_item',
          before: { ids: change.before },
          after: { ids: change.after },
        });
      });
      return (await repo.listCarousel(db)).map(toAdminCarousel);
    },

    // ---- announcements ----
    async listPublishedAnnouncements() {
      return (await repo.listAnnouncements(db, true)).map(toUserAnnouncement);
    },

    async listAnnouncements() {
      return (await repo.listAnnouncements(db)).map(toAdminAnnouncement);
    },

    async createAnnouncement(actor: AuditActor, body: AnnouncementBody) {
      const { after, broadcast } = await db.transaction(async (tx) => {
        const published = body.is_published ?? false;
        const row = await repo.insertAnnouncement(tx, {
          title: body.title,
          content: body.content,
          isPublished: published,
          publishedAt: published ? new Date() : null,
          sortOrder: body.sort_order ?? (await repo.firstAnnouncementOrder(tx)),
        });
        const after = toAdminAnnouncement(row);
        const broadcast = await syncAnnouncementBroadcast(tx, row);
        await recordAudit(tx, actor, {
          action: 'announcement.create',
          targetType: 'announcement',
          targetId: row.id,
          after,
        });
        return { after, broadcast };
      });
      if (realtime) pushBroadcast(realtime, broadcast);
      return after;
    },

    async updateAnnouncement(actor: AuditActor, id: number, body: AnnouncementPatchBody) {
      const { after, broadcast } = await db.transaction(async (tx) => {
        const current = await repo.findAnnouncement(tx, id, true);
        if (!current) throw notFound(ANNOUNCEMENT_NOT_FOUND_MESSAGE);
        const values: Partial<repo.AnnouncementValues> = definedOnly({
          title: body.title,
          content: body.content,
          isPublished: body.is_published,
          sortOrder: body.sort_order,
        });
        // published_at is the moment it (last) went public.
        if (body.is_published === true && !current.isPublished) values.publishedAt = new Date();
        const row = await repo.updateAnnouncement(tx, id, values);
        if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND_MESSAGE);
        const after = toAdminAnnouncement(row);
        // Published: its notification (edited text follows it); unpublished: taken back.
        const broadcast = await syncAnnouncementBroadcast(tx, row);
        await recordAudit(tx, actor, {
          action: `announcement.${patchAction(body)}`,
          targetType: 'announcement',
          targetId: id,
          before: toAdminAnnouncement(current),
          after,
        });
        return { after, broadcast };
      });
      if (realtime) pushBroadcast(realtime, broadcast);
      return after;
    },

    async deleteAnnouncement(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const row = await repo.deleteAnnouncement(tx, id);
        if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND_MESSAGE);
        await syncAnnouncementBroadcast(tx, { id, deleted: true });
        await recordAudit(tx, actor, {
          action: 'announcement.delete',
          targetType: 'announcement',
          targetId: id,
          before: toAdminAnnouncement(row),
        });
      });
    },

    async reorderAnnouncements(actor: AuditActor, ids: number[]) {
      await db.transaction(async (tx) => {
        const change = await reorder(tx, ids, repo.lockAllAnnouncements, repo.updateAnnouncement);
        await recordAudit(tx, actor, {
          action: 'announcement.reorder',
          targetType: 'announcement',
          before: { ids: change.before },
          after: { ids: change.after },
        });
      });
      return (await repo.listAnnouncements(db)).map(toAdminAnnouncement);
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
