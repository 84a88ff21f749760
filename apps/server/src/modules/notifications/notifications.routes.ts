import {
  markNotificationsReadBody,
  markNotificationsReadReply,
  NOTIFICATION_TEXTS,
  notificationsQuery,
  notificationsReply,
} from '@platform/contracts';
import { ok, type Router, security } from '../../core/http.ts';
import { caller, type Guards } from '../auth/guard.ts';
import type { NotificationService } from './notifications.service.ts';

/** The caller's notification centre: the list (with the unread count) and marking read. */
export function registerNotificationRoutes(
  app: Router,
  deps: { notifications: NotificationService; guards: Guards },
) {
  const { notifications, guards } = deps;
  const tags = ['notifications'];

  app.get('/api/notifications', {
    schema: { tags, security, querystring: notificationsQuery, response: { 200: notificationsReply } },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(await notifications.list(caller(request).user.id, request.query), NOTIFICATION_TEXTS.listLoaded),
  });

  app.post('/api/notifications/read', {
    schema: {
      tags,
      security,
      body: markNotificationsReadBody,
      response: { 200: markNotificationsReadReply },
    },
    preHandler: guards.requireUser,
    handler: async (request) =>
      ok(
        await notifications.markRead(caller(request).user.id, request.body ?? {}),
        NOTIFICATION_TEXTS.marked,
      ),
  });
}
