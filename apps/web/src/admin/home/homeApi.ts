import {
  type AdminAnnouncement,
  type AdminCarouselItem,
  type AnnouncementInput,
  type AnnouncementPatchInput,
  CAROUSEL_IMAGE_FIELD,
  type CarouselInput,
  type CarouselPatchInput,
  createAnnouncement,
  createCarouselItem,
  deleteAnnouncement as deleteAnnouncementEndpoint,
  deleteCarouselItem,
  listAdminAnnouncements,
  listAdminCarousel,
  reorderAnnouncements as reorderAnnouncementsEndpoint,
  reorderCarousel as reorderCarouselEndpoint,
  updateAnnouncement,
  updateCarouselItem,
  uploadCarouselImage as uploadCarouselImageEndpoint,
} from '@platform/contracts';
import { call } from '../../lib/request.ts';

/** The calls of the home-content screen, typed by the contracts. */

export const CAROUSEL_KEY = ['admin', 'home', 'carousel'] as const;
export const ANNOUNCEMENTS_KEY = ['admin', 'home', 'announcements'] as const;

export async function fetchCarousel(signal?: AbortSignal): Promise<AdminCarouselItem[]> {
  return (await call(listAdminCarousel, { signal })).data.items;
}

export async function saveCarousel(id: number | null, body: CarouselInput | CarouselPatchInput) {
  const reply = id
    ? await call(updateCarouselItem, { params: { id }, body })
    : await call(createCarouselItem, { body: body as CarouselInput });
  return reply.data.item;
}

export const deleteCarousel = (id: number) => call(deleteCarouselItem, { params: { id } });

export const reorderCarousel = (ids: number[]) => call(reorderCarouselEndpoint, { body: { ids } });

/** Uploads a carousel image (multipart field `image`); resolves to its stored name and a loadable URL. */
export async function uploadCarouselImage(file: File) {
  const form = new FormData();
  form.append(CAROUSEL_IMAGE_FIELD, file);
  return (await call(uploadCarouselImageEndpoint, { body: form })).data;
}

export async function fetchAnnouncements(signal?: AbortSignal): Promise<AdminAnnouncement[]> {
  return (await call(listAdminAnnouncements, { signal })).data.announcements;
}

export async function saveAnnouncement(id: number | null, body: AnnouncementInput | AnnouncementPatchInput) {
  const reply = id
    ? await call(updateAnnouncement, { params: { id }, body })
    : await call(createAnnouncement, { body: body as AnnouncementInput });
  return reply.data.announcement;
}

export const deleteAnnouncement = (id: number) => call(deleteAnnouncementEndpoint, { params: { id } });

export const reorderAnnouncements = (ids: number[]) => call(reorderAnnouncementsEndpoint, { body: { ids } });

/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
