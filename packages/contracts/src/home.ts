import { z } from 'zod';
import { type ImageExtension, imageAccept } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { emptyReply, envelope, isoDateTime } from './envelope.ts';

/** Home content: carousel slides and announcements (issue 4, "Home content"). */

export const TITLE_REQUIRED_MESSAGE = '标题不能为空';
export const CONTENT_REQUIRED_MESSAGE = '内容不能为空';
export const LINK_FORMAT_MESSAGE = '链接格式不正确';
export const IMAGE_URL_FORMAT_MESSAGE = '图片地址格式不正确';
export const IMAGE_REQUIRED_MESSAGE = '请上传图片或填写图片地址';
export const HOME_ID_MESSAGE = 'ID不正确';
export const CAROUSEL_NOT_FOUND_MESSAGE = '轮播图不存在';
export const ANNOUNCEMENT_NOT_FOUND_MESSAGE = '公告不存在';
export const REORDER_IDS_MESSAGE = '排序列表不正确';

/** Carousel image uploads (same limits as the QR image). */
export const CAROUSEL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The carousel image's types (CAROUSEL_IMAGE_NAME's extensions). */
export const CAROUSEL_IMAGE_TYPES: readonly ImageExtension[] = ['jpg', 'png', 'gif', 'webp'];
export const CAROUSEL_IMAGE_ACCEPT = imageAccept(CAROUSEL_IMAGE_TYPES);
/** The form field of POST /api/admin/home/carousel/upload-image. */
export const CAROUSEL_IMAGE_FIELD = 'image';
/** Where stored carousel images are served: `/api/home/images/<name>`. */
export const CAROUSEL_IMAGES_PATH = '/api/home/images/';
/** A server-generated stored name: 32 hex characters and the extension of the type read from the bytes. */
export const CAROUSEL_IMAGE_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/;
/** How long a carousel image URL handed out in a reply stays valid. */
export const CAROUSEL_IMAGE_URL_TTL_SECONDS = 3600;
export const IMAGE_FILE_MISSING_MESSAGE = '图片文件不存在，请重新上传';

/** The home content forms' texts (the contracts' catalogue, messages.ts, holds their English). */
export const HOME_TEXTS = {
  titleRequired: TITLE_REQUIRED_MESSAGE,
  contentRequired: CONTENT_REQUIRED_MESSAGE,
  linkFormat: LINK_FORMAT_MESSAGE,
  imageUrlFormat: IMAGE_URL_FORMAT_MESSAGE,
  imageRequired: IMAGE_REQUIRED_MESSAGE,
  idInvalid: HOME_ID_MESSAGE,
  carouselNotFound: CAROUSEL_NOT_FOUND_MESSAGE,
  announcementNotFound: ANNOUNCEMENT_NOT_FOUND_MESSAGE,
  reorderIds: REORDER_IDS_MESSAGE,
  imageFileMissing: IMAGE_FILE_MISSING_MESSAGE,
  imageFileInvalid: '图片文件不正确',
  fileNameInvalid: '文件名不正确',
  sortInvalid: '排序不正确',
  publishedInvalid: '发布状态不正确',
  nothingToUpdate: '没有要更新的内容',
} as const;

export const TITLE_MAX = 100;
export const CONTENT_MAX = 5000;
const URL_MAX = 1000;

/** http(s) or a site-relative path (`/trade`, not `//host`). */
export function isSafeLink(value: string): boolean {
  if (/[\s"'<>\\]/.test(value)) return false;
  if (/^https?:\/\/[^/]+/i.test(value)) return true;
  return value.startsWith('/') && !value.startsWith('//');
}

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `不能超过${max}个字符`);

/** '' and null clear the value; absent stays absent. */
const optionalLink = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(URL_MAX, message)
    .refine((v) => v === '' || isSafeLink(v), message)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const imageFile = z
  .string()
  .trim()
  .refine((v) => v === '' || CAROUSEL_IMAGE_NAME.test(v), HOME_TEXTS.imageFileInvalid)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

export const homeIdParams = z.object({
  id: z.coerce.number({ error: HOME_ID_MESSAGE }).int(HOME_ID_MESSAGE).positive(HOME_ID_MESSAGE),
});
export const homeImageParams = z.object({
  name: z.string().regex(CAROUSEL_IMAGE_NAME, HOME_TEXTS.fileNameInvalid),
});

const sortOrder = z.coerce
  .number({ error: HOME_TEXTS.sortInvalid })
  .int(HOME_TEXTS.sortInvalid)
  .min(-1_000_000, HOME_TEXTS.sortInvalid)
  .max(1_000_000, HOME_TEXTS.sortInvalid);

// ---- carousel ----

const carouselFields = {
  title: requiredText(TITLE_REQUIRED_MESSAGE, TITLE_MAX),
  image_file: imageFile,
  image_url: optionalLink(IMAGE_URL_FORMAT_MESSAGE),
  link_url: optionalLink(LINK_FORMAT_MESSAGE),
  is_published: z.boolean({ error: HOME_TEXTS.publishedInvalid }).optional(),
  sort_order: sortOrder.optional(),
};

export const carouselBody = z
  .object(carouselFields)
  .strict()
  .refine((b) => Boolean(b.image_file || b.image_url), {
    message: IMAGE_REQUIRED_MESSAGE,
    path: ['image_url'],
  });
export type CarouselBody = z.output<typeof carouselBody>;
export type CarouselInput = z.input<typeof carouselBody>;

/** Any subset of the form: `{is_published}` publishes/unpublishes, `{sort_order}` moves it. */
export const carouselPatchBody = z
  .object({ ...carouselFields, title: carouselFields.title.optional() })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: HOME_TEXTS.nothingToUpdate });
export type CarouselPatchBody = z.output<typeof carouselPatchBody>;
export type CarouselPatchInput = z.input<typeof carouselPatchBody>;

/** What users see; `image_url` is what an <img> can load (a signed URL for a stored image). */
export const carouselItem = z.object({
  id: z.number(),
  title: z.string(),
  image_url: z.string().nullable(),
  link_url: z.string().nullable(),
});
export type CarouselItem = z.infer<typeof carouselItem>;

export const adminCarouselItem = z.object({
  id: z.number(),
  title: z.string(),
  /** The stored upload's name, or null. */
  image_file: z.string().nullable(),
  /** The external image URL as entered, or null. */
  image_url: z.string().nullable(),
  /** What an <img> can load: a signed URL of the stored upload or the external URL. */
  image_src: z.string().nullable(),
  link_url: z.string().nullable(),
  sort_order: z.number(),
  is_published: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AdminCarouselItem = z.infer<typeof adminCarouselItem>;

export const carouselReply = envelope(z.object({ items: z.array(carouselItem) }));
export type CarouselReply = z.infer<typeof carouselReply>;
export const adminCarouselListReply = envelope(z.object({ items: z.array(adminCarouselItem) }));
export type AdminCarouselListReply = z.infer<typeof adminCarouselListReply>;
export const adminCarouselItemReply = envelope(z.object({ item: adminCarouselItem }));
export type AdminCarouselItemReply = z.infer<typeof adminCarouselItemReply>;

export const carouselImageUploadReply = envelope(z.object({ image_file: z.string(), image_src: z.string() }));
export type CarouselImageUploadReply = z.infer<typeof carouselImageUploadReply>;

// ---- announcements ----

const announcementFields = {
  title: requiredText(TITLE_REQUIRED_MESSAGE, TITLE_MAX),
  content: requiredText(CONTENT_REQUIRED_MESSAGE, CONTENT_MAX),
  is_published: z.boolean({ error: HOME_TEXTS.publishedInvalid }).optional(),
  sort_order: sortOrder.optional(),
};

export const announcementBody = z.object(announcementFields).strict();
export type AnnouncementBody = z.output<typeof announcementBody>;
export type AnnouncementInput = z.input<typeof announcementBody>;

export const announcementPatchBody = z
  .object({
    ...announcementFields,
    title: announcementFields.title.optional(),
    content: announcementFields.content.optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: HOME_TEXTS.nothingToUpdate });
export type AnnouncementPatchBody = z.output<typeof announcementPatchBody>;
export type AnnouncementPatchInput = z.input<typeof announcementPatchBody>;

export const announcementItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  published_at: isoDateTime.nullable(),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

export const adminAnnouncement = announcementItem.extend({
  sort_order: z.number(),
  is_published: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

export const announcementsReply = envelope(z.object({ announcements: z.array(announcementItem) }));
export type AnnouncementsReply = z.infer<typeof announcementsReply>;
export const adminAnnouncementsReply = envelope(z.object({ announcements: z.array(adminAnnouncement) }));
export type AdminAnnouncementsReply = z.infer<typeof adminAnnouncementsReply>;
export const adminAnnouncementReply = envelope(z.object({ announcement: adminAnnouncement }));
export type AdminAnnouncementReply = z.infer<typeof adminAnnouncementReply>;

// ---- reorder (both lists) ----

/** The complete new order: every id of the list once, first shown first. */
export const homeReorderBody = z
  .object({
    ids: z
      .array(z.number({ error: REORDER_IDS_MESSAGE }).int().positive(), { error: REORDER_IDS_MESSAGE })
      .min(1, REORDER_IDS_MESSAGE)
      .max(500, REORDER_IDS_MESSAGE)
      .refine((ids) => new Set(ids).size === ids.length, REORDER_IDS_MESSAGE),
  })
  .strict();
export type HomeReorderBody = z.infer<typeof homeReorderBody>;

export const listCarousel = endpoint({
  method: 'GET',
  path: '/api/home/carousel',
  operationId: 'listCarousel',
  summary: '首页轮播图',
  description: "The home page's banners.",
  reply: carouselReply,
});
export const listAnnouncements = endpoint({
  method: 'GET',
  path: '/api/home/announcements',
  operationId: 'listAnnouncements',
  summary: '首页公告',
  description: "The home page's announcements.",
  reply: announcementsReply,
});
export const listAdminCarousel = endpoint({
  method: 'GET',
  path: '/api/admin/home/carousel',
  operationId: 'listAdminCarousel',
  summary: '轮播图列表（管理）',
  description: 'Home page banners (admin).',
  reply: adminCarouselListReply,
});
export const createCarouselItem = endpoint({
  method: 'POST',
  path: '/api/admin/home/carousel',
  operationId: 'createCarouselItem',
  summary: '添加轮播图',
  description: 'Adds a home page banner.',
  body: carouselBody,
  reply: adminCarouselItemReply,
});
export const reorderCarousel = endpoint({
  method: 'POST',
  path: '/api/admin/home/carousel/reorder',
  operationId: 'reorderCarousel',
  summary: '轮播图排序',
  description: 'Sets the order of the home page banners.',
  body: homeReorderBody,
  reply: adminCarouselListReply,
});
export const updateCarouselItem = endpoint({
  method: 'PATCH',
  path: '/api/admin/home/carousel/:id',
  operationId: 'updateCarouselItem',
  summary: '修改轮播图',
  description: 'Changes a home page banner.',
  params: homeIdParams,
  body: carouselPatchBody,
  reply: adminCarouselItemReply,
});
export const deleteCarouselItem = endpoint({
  method: 'DELETE',
  path: '/api/admin/home/carousel/:id',
  operationId: 'deleteCarouselItem',
  summary: '删除轮播图',
  description: 'Deletes a home page banner.',
  params: homeIdParams,
  reply: emptyReply,
});
export const listAdminAnnouncements = endpoint({
  method: 'GET',
  path: '/api/admin/home/announcements',
  operationId: 'listAdminAnnouncements',
  summary: '公告列表（管理）',
  description: 'Announcements (admin).',
  reply: adminAnnouncementsReply,
});
export const createAnnouncement = endpoint({
  method: 'POST',
  path: '/api/admin/home/announcements',
  operationId: 'createAnnouncement',
  summary: '添加公告',
  description: 'Adds an announcement.',
  body: announcementBody,
  reply: adminAnnouncementReply,
});
export const reorderAnnouncements = endpoint({
  method: 'POST',
  path: '/api/admin/home/announcements/reorder',
  operationId: 'reorderAnnouncements',
  summary: '公告排序',
  description: 'Sets the order of the announcements.',
  body: homeReorderBody,
  reply: adminAnnouncementsReply,
});
export const updateAnnouncement = endpoint({
  method: 'PATCH',
  path: '/api/admin/home/announcements/:id',
  operationId: 'updateAnnouncement',
  summary: '修改公告',
  description: 'Changes an announcement.',
  params: homeIdParams,
  body: announcementPatchBody,
  reply: adminAnnouncementReply,
});
export const deleteAnnouncement = endpoint({
  method: 'DELETE',
  path: '/api/admin/home/announcements/:id',
  operationId: 'deleteAnnouncement',
  summary: '删除公告',
  description: 'Deletes an announcement.',
  params: homeIdParams,
  reply: emptyReply,
});
export const uploadCarouselImage = endpoint({
  method: 'POST',
  path: '/api/admin/home/carousel/upload-image',
  operationId: 'uploadCarouselImage',
  summary: '上传轮播图图片',
  description: 'Uploads a banner image.',
  reply: carouselImageUploadReply,
});
export const getHomeImage = endpoint({
  method: 'GET',
  path: '/api/home/images/:name',
  operationId: 'getHomeImage',
  summary: '首页图片',
  description: 'A home page image.',
  params: homeImageParams,
});
