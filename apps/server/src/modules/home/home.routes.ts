import multipart from '@fastify/multipart';
import {
  CAROUSEL_IMAGE_FIELD,
  CAROUSEL_IMAGE_MAX_BYTES,
  CAROUSEL_IMAGE_TYPES,
  CAROUSEL_IMAGES_PATH,
  createAnnouncement,
  createCarouselItem,
  deleteAnnouncement,
  deleteCarouselItem,
  getHomeImage,
  listAdminAnnouncements,
  listAdminCarousel,
  listAnnouncements,
  listCarousel,
  reorderAnnouncements,
  reorderCarousel,
  updateAnnouncement,
  updateCarouselItem,
  uploadCarouselImage,
} from '@platform/contracts';
import { forbidden, notFound } from '../../core/errors.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { msg, tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import { type ImageUploadOptions, imageUploadLimits, readImageUploads } from '../uploads/image-upload.ts';
import type { UrlSigner } from '../uploads/signed-url.ts';
import type { HomeService } from './home.service.ts';

/** Carousel image uploads per client address and minute. */
export const CAROUSEL_UPLOAD_RATE_LIMIT_PER_MINUTE = 30;
/** Public carousel and announcement reads per client address and minute. */
export const HOME_READ_RATE_LIMIT_PER_MINUTE = 600;

const uploadRules: ImageUploadOptions<typeof CAROUSEL_IMAGE_FIELD> = {
  fields: [CAROUSEL_IMAGE_FIELD],
  labels: { [CAROUSEL_IMAGE_FIELD]: msg('userFacing.uploads.image') },
  maxBytes: CAROUSEL_IMAGE_MAX_BYTES,
  allowed: CAROUSEL_IMAGE_TYPES,
};

export async function registerHomeRoutes(
  app: Router,
  deps: { home: HomeService; guards: Guards; signer: UrlSigner },
) {
  const { home, guards, signer } = deps;
  const user = { tags: ['home'] };
  const admin = { tags: ['home-admin'], security };

  // ---- what users see ----
  // Public, like the market reads: the home page shows them to guests too (a guest's call must not
  // meet a 401, which the web app treats as an ended session). Published rows only.
  const publicRead = { rateLimit: { max: HOME_READ_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  route(app, listCarousel, {
    config: publicRead,
    ...user,
    handler: async (request) =>
      ok({ items: await home.listPublishedCarousel() }, tr(request, 'home.bannersLoaded')),
  });

  route(app, listAnnouncements, {
    config: publicRead,
    ...user,
    handler: async (request) =>
      ok({ announcements: await home.listPublishedAnnouncements() }, tr(request, 'home.announcementsLoaded')),
  });

  // ---- carousel (admin) ----
  route(app, listAdminCarousel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => ok({ items: await home.listCarousel() }, tr(request, 'home.bannersLoaded')),
  });

  route(app, createCarouselItem, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { item: await home.createCarousel(auditActor(request), request.body) },
        tr(request, 'content.added'),
      ),
  });

  route(app, reorderCarousel, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { items: await home.reorderCarousel(auditActor(request), request.body.ids) },
        tr(request, 'content.reordered'),
      ),
  });

  route(app, updateCarouselItem, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { item: await home.updateCarousel(auditActor(request), request.params.id, request.body) },
        tr(request, 'content.updated'),
      ),
  });

  route(app, deleteCarouselItem, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      await home.deleteCarousel(auditActor(request), request.params.id);
      return ok(null, tr(request, 'content.deleted'));
    },
  });

  // ---- announcements (admin) ----
  route(app, listAdminAnnouncements, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok({ announcements: await home.listAnnouncements() }, tr(request, 'home.announcementsLoaded')),
  });

  route(app, createAnnouncement, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { announcement: await home.createAnnouncement(auditActor(request), request.body) },
        tr(request, 'content.added'),
      ),
  });

  route(app, reorderAnnouncements, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { announcements: await home.reorderAnnouncements(auditActor(request), request.body.ids) },
        tr(request, 'content.reordered'),
      ),
  });

  route(app, updateAnnouncement, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { announcement: await home.updateAnnouncement(auditActor(request), request.params.id, request.body) },
        tr(request, 'content.updated'),
      ),
  });

  route(app, deleteAnnouncement, {
    ...admin,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      await home.deleteAnnouncement(auditActor(request), request.params.id);
      return ok(null, tr(request, 'content.deleted'));
    },
  });

  // ---- carousel images ----
  // The multipart parser lives only in this scope: no other route accepts multipart bodies.
  await app.register(async (scope: Router) => {
    await scope.register(multipart, {
      limits: imageUploadLimits(uploadRules),
    });
    route(scope, uploadCarouselImage, {
      ...admin,
      consumes: ['multipart/form-data'],
      config: { rateLimit: { max: CAROUSEL_UPLOAD_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      preHandler: guards.requireAdmin,
      handler: async (request) => {
        const { files } = await readImageUploads(request, uploadRules);
        return ok(
          await home.storeImage(auditActor(request), files[CAROUSEL_IMAGE_FIELD]),
          tr(request, 'content.uploaded'),
        );
      },
    });
  });

  /**
   * A stored carousel image: with a valid signed URL (what the replies hand out, so an <img> can
   * load it) or with a signed-in user's bearer token. An altered or expired signature is a 403.
   */
  route(app, getHomeImage, {
    tags: ['home'],
    preHandler: async (request, reply) => {
      const query = request.query as { expires?: unknown; signature?: unknown } | undefined;
      if (query?.signature === undefined && query?.expires === undefined)
        return guards.requireUser(request, reply);
      const { name } = request.params as { name: string };
      if (!signer.verify(`${CAROUSEL_IMAGES_PATH}${name}`, query))
        throw forbidden(msg('userFacing.home.linkInvalid'));
    },
    handler: async (request, reply) => {
      const file = await home.readImage(request.params.name);
      if (!file) throw notFound(tr(request, 'content.fileNotFound'));
      return reply
        .header('Content-Type', file.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'private, max-age=3600')
        .send(file.bytes);
    },
  });
}
