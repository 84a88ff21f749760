import {
  DEFAULT_PAGE_SIZE,
  listNotifications,
  markNotificationsRead as markReadEndpoint,
  type NotificationType,
} from '@platform/contracts';
import { call } from '../../lib/request.ts';

/** The user's notification centre (GET /api/notifications, POST /api/notifications/read). */

/** Every notification query lives under this root: a push or a mark refreshes all of them. */
export const NOTIFICATIONS_QUERY_ROOT = ['notifications'] as const;
export const notificationKeys = {
  page: (page: number) => [...NOTIFICATIONS_QUERY_ROOT, 'page', page] as const,
  /** The badge's count (one row asked for; the reply counts every unread one). */
  unread: [...NOTIFICATIONS_QUERY_ROOT, 'unread'] as const,
  unreadOfType: (type: NotificationType) => [...NOTIFICATIONS_QUERY_ROOT, 'unread', type] as const,
};

export const fetchNotifications = (
  query: { page?: number; limit?: number; type?: NotificationType; unread?: boolean },
  signal?: AbortSignal,
) =>
  call(listNotifications, {
    query: {
      page: query.page ?? 1,
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      type: query.type,
      unread: query.unread === undefined ? undefined : query.unread ? 'true' : 'false',
    },
    signal,
  }).then((r) => r.data);

/** Marks the given notifications read, or all of the caller's without ids. */
export const markNotificationsRead = (ids?: readonly number[]) =>
  call(markReadEndpoint, { body: ids ? { ids: [...ids] } : {} }).then((r) => r.data);

/** The contract a settlement notification links to (`?contract=<order id>`), or null. */
export function contractIdOf(link: string | null): number | null {
  if (!link) return null;
  const query = link.split('?')[1];
  const id = Number(new URLSearchParams(query ?? '').get('contract'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
