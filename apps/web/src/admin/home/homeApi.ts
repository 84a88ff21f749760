import {
  type AdminAnnouncement,
  type AdminCarouselItem,
  type AnnouncementInput,
  type AnnouncementPatchInput,
  CAROUSEL_IMAGE_FIELD,
  type CarouselInput,
  type CarouselPatchInput,
} from '@platform/contracts';
import { api } from '../../lib/request.ts';

/** The calls of the home-content screen, typed by the contracts. */

export const CAROUSEL_KEY = ['admin', 'home', 'carousel'] as const;
export const ANNOUNCEMENTS_KEY = ['admin', 'home', 'announcements'] as const;

export async function fetchCarousel(signal?: AbortSignal): Promise<AdminCarouselItem[]> {
  return (await api.get<{ items: AdminCarouselItem[] }>('/admin/home/carousel', undefined, signal)).data
    .items;
}

export async function saveCarousel(id: number | null, body: CarouselInput | CarouselPatchInput) {
  const reply = id
    ? await api.patch<{ item: AdminCarouselItem }>(`/admin/home/carousel/${id}`, body)
    : await api.post<{ item: AdminCarouselItem }>('/admin/home/carousel', body);
  return reply.data.item;
}

export const deleteCarousel = (id: number) => api.delete<null>(`/admin/home/carousel/${id}`);

export const reorderCarousel = (ids: number[]) => api.post<unknown>('/admin/home/carousel/reorder', { ids });

/** Uploads a carousel image (multipart field `image`); resolves to its stored name and a loadable URL. */
export async function uploadCarouselImage(file: File) {
  const form = new FormData();
  form.append(CAROUSEL_IMAGE_FIELD, file);
  return (
    await api.post<{ image_file: string; image_src: string }>('/admin/home/carousel/upload-image', form)
  ).data;
}

export async function fetchAnnouncements(signal?: AbortSignal): Promise<AdminAnnouncement[]> {
  return (
    await api.get<{ announcements: AdminAnnouncement[] }>('/admin/home/announcements', undefined, signal)
  ).data.announcements;
}

export async function saveAnnouncement(id: number | null, body: AnnouncementInput | AnnouncementPatchInput) {
  const reply = id
    ? await api.patch<{ announcement: AdminAnnouncement }>(`/admin/home/announcements/${id}`, body)
    : await api.post<{ announcement: AdminAnnouncement }>('/admin/home/announcements', body);
  return reply.data.announcement;
}

export const deleteAnnouncement = (id: number) => api.delete<null>(`/admin/home/announcements/${id}`);

export const reorderAnnouncements = (ids: number[]) =>
  api.post<unknown>('/admin/home/announcements/reorder', { ids });

/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
