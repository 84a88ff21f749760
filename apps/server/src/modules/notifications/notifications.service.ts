import {
  type Language,
  type MarkNotificationsReadBody,
  type MarkNotificationsReadData,
  NOTIFICATION_EVENT,
  NOTIFICATION_TEXTS,
  type NotificationEvent,
  type NotificationsData,
  type NotificationsQuery,
  type UserNotification,
} from '@platform/contracts';
import { currencyPrecision } from '@platform/domain';
import type { SQL } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { pageOf, paginationOf } from '../../core/paging.ts';
import type { Db, Executor } from '../../db/client.ts';
import { perLanguage, type Realtime, rooms } from '../realtime/realtime.ts';
import { announcementBroadcast, type PerpetualCloseNotice, perpetualClosed } from './notices.ts';
import * as repo from './notifications.repository.ts';

export type { PerpetualCloseNotice } from './notices.ts';
export type { NotificationInput, WrittenNotification } from './notifications.repository.ts';

/**
 * The notification centre (issue 20). Writers call the functions below with their own transaction,
 * beside the change that causes the notification, so that a rollback writes none and a retry that
 * finds the change made writes none again; they push what was written after the commit
 * (`pushNotifications`). Announcements are one broadcast row that every user registered before it
 * sees, each with their own read state (notifications.repository.ts).
 */

/** Writes notifications (the texts of notices.ts) in the caller's transaction, one statement. */
export const notify = (tx: Executor, inputs: readonly repo.NotificationInput[]) =>
  repo.insertNotifications(tx, inputs);

/**
 * The notifications of perpetual positions closed by the platform (liquidation, take-profit,
 * stop-loss), in the caller's transaction, one statement for any number; push the result after the
 * commit with `pushNotifications`.
 */
export const notifyPerpetualCloses = (tx: Executor, closes: readonly PerpetualCloseNotice[]) =>
  repo.insertNotifications(tx, closes.map(perpetualClosed));

/**
 * The settlement notifications of a batch of timed contracts settled in this transaction: one
 * INSERT ... SELECT from `settled`, trading's relation of those contracts, whatever the batch's size.
 */
export function notifyTimedSettlements(
  tx: Executor,
  contracts: ReadonlyArray<{ orderId: number; currency: string }>,
  settled: SQL,
  at: Date,
) {
  const currencies = [...new Set(contracts.map((c) => c.currency))].map((currency) => ({
    currency,
    places: currencyPrecision(currency),
  }));
  return repo.insertTimedSettlementNotifications(tx, {
    contracts: settled,
    currencies,
    at,
  });
}

/** After the commit: each user's new notifications in one event on their socket. */
export function pushNotifications(
  realtime: Pick<Realtime, 'toUser'>,
  written: readonly repo.WrittenNotification[],
): void {
  const byUser = new Map<number, repo.WrittenNotification[]>();
  for (const one of written) {
    const list = byUser.get(one.userId);
    if (list) list.push(one);
    else byUser.set(one.userId, [one]);
  }
  // Each socket hears its own language: the account's choice, else what its device said.
  for (const [userId, list] of byUser)
    realtime.toUser(
      userId,
      NOTIFICATION_EVENT,
      perLanguage((language): NotificationEvent => ({ notifications: list.map((one) => one.in(language)) })),
    );
}

/**
 * An announcement as it now stands: published, its broadcast (written once; edited text follows);
 * not published or gone, no broadcast. Returns the broadcast to push when this call wrote it.
 */
export async function syncAnnouncementBroadcast(
  tx: Executor,
  announcement:
    | { id: number; title: string; content: string; isPublished: boolean }
    | { id: number; deleted: true },
): Promise<UserNotification | null> {
  const source = announcementBroadcast({ id: announcement.id, title: '', content: '' }).source;
  if ('deleted' in announcement || !announcement.isPublished) {
    await repo.deleteBroadcast(tx, source);
    return null;
  }
  const { notification, created } = await repo.upsertBroadcast(tx, announcementBroadcast(announcement));
  return created ? notification : null;
}

/** After the commit: a new broadcast to every connected user. */
export function pushBroadcast(realtime: Pick<Realtime, 'toRoom'>, notification: UserNotification | null) {
  if (!notification) return;
  const event: NotificationEvent = { notifications: [notification] };
  realtime.toRoom(rooms.everyone, NOTIFICATION_EVENT, event);
}

/** The caller's side: their list and their read marks. */
export function createNotificationService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The caller's page, each notification in `language` (the request's; docs/i18n.md). */
    async list(userId: number, query: NotificationsQuery, language: Language): Promise<NotificationsData> {
      const filter = { type: query.type, unread: query.unread };
      const [notifications, total, unread] = await Promise.all([
        repo.listForUser(db, userId, filter, pageOf(query), language),
        repo.countForUser(db, userId, filter),
        repo.countUnread(db, userId),
      ]);
      return { notifications, pagination: paginationOf(query, total), unread };
    },

    /**
     * Marks the given notifications read, or all of the caller's without ids. An id that is not the
     * caller's to read (another user's, unknown) is a 400 naming it, and nothing is marked.
     */
    async markRead(userId: number, body: MarkNotificationsReadBody): Promise<MarkNotificationsReadData> {
      return db.transaction(async (tx) => {
        if (body.ids === undefined) {
          const before = await repo.countUnread(tx, userId);
          await repo.markAllRead(tx, userId);
          const unread = await repo.countUnread(tx, userId);
          return { marked: Math.max(0, before - unread), unread };
        }
        const ids = [...new Set(body.ids)];
        const visible = await repo.visibleIds(tx, userId, ids);
        const missing = ids.filter((id) => !visible.has(id));
        if (missing.length > 0) throw badRequest(NOTIFICATION_TEXTS.notFound(missing), { ids: missing });
        const marked = await repo.insertReads(tx, userId, ids);
        return { marked, unread: await repo.countUnread(tx, userId) };
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
