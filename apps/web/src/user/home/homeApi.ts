import { listAnnouncements, listCarousel } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';

/** The home screen's public content: published carousel slides and announcements (guests too). */

export const HOME_CAROUSEL_KEY = ['home', 'carousel'] as const;
export const HOME_ANNOUNCEMENTS_KEY = ['home', 'announcements'] as const;
/** Content changes rarely: a visit within this long reuses what was loaded. */
const CONTENT_STALE_MS = 60_000;

export function useCarousel() {
  return useQuery({
    queryKey: HOME_CAROUSEL_KEY,
    queryFn: async ({ signal }) => (await call(listCarousel, { signal })).data.items,
    staleTime: CONTENT_STALE_MS,
  });
}

export function useAnnouncements() {
  return useQuery({
    queryKey: HOME_ANNOUNCEMENTS_KEY,
    queryFn: async ({ signal }) => (await call(listAnnouncements, { signal })).data.announcements,
    staleTime: CONTENT_STALE_MS,
  });
}
