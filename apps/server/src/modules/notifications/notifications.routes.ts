import { listNotifications, markNotificationsRead, NOTIFICATION_TEXTS } from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { requestLanguage } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import type { NotificationService } from './notifications.service.ts';

/** The caller's notification centre: the list (with the unread count) and marking read. */
export function registerNotificationRoutes(
  app: Router,
  deps: { notifications: NotificationService; guards: Guards },
) {
  const { notifications, guards } = deps;
  const tags = ['notifications'];

  route(app, listNotifications, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await notifications.list(caller(request).user.id, request.query, requestLanguage(request)),
        NOTIFICATION_TEXTS.listLoaded,
      ),
  });

  route(app, markNotificationsRead, {
    tags,
    security,
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await notifications.markRead(caller(request).user.id, request.body ?? {}),
        NOTIFICATION_TEXTS.marked,
      ),
  });
}
