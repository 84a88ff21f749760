import { NOTIFICATION_EVENT, type NotificationEvent } from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSessionSnapshot } from '../../lib/session.tsx';
import { useSocketConnection, useSocketEvent } from '../../lib/socket.ts';
import { fetchNotifications, NOTIFICATIONS_QUERY_ROOT, notificationKeys } from './notificationsApi.ts';

/**
 * Keeps every notification query current: a push (written and committed on the server) refreshes
 * them, and so does every connection after the first answer (the first one too: a notification
 * written between the page's first fetch and its socket's connection was pushed to nobody).
 */
export function useNotificationsLive(onPush?: (event: NotificationEvent) => void) {
  const queryClient = useQueryClient();
  const signedIn = useSessionSnapshot().token !== null;
  useSocketEvent<NotificationEvent>(
    NOTIFICATION_EVENT,
    (event) => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT });
      if (event?.notifications) onPush?.(event);
    },
    signedIn,
  );
  const { generation } = useSocketConnection();
  const seen = useRef(generation);
  useEffect(() => {
    if (generation > 0 && generation !== seen.current)
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT });
    seen.current = generation;
  }, [generation, queryClient]);
}

/** The signed-in user's unread notifications (undefined for a guest or before the first answer). */
export function useUnreadCount(): number | undefined {
  const signedIn = useSessionSnapshot().token !== null;
  const query = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => fetchNotifications({ limit: 1 }, signal),
    enabled: signedIn,
    select: (data) => data.unread,
  });
  useNotificationsLive();
  return signedIn ? query.data : undefined;
}
