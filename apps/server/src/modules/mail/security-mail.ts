import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { WrittenNotification } from '../notifications/notifications.service.ts';
import { users } from '../users/users.schema.ts';
import type { Mailer } from './mailer.ts';
import { noticeMail } from './templates.ts';

/**
 * Security notices (a password changed or reset, 2FA on or off, a login from a new device) reach
 * the owner's mailbox as well as the notification centre: whoever took over a session cannot
 * silence them by reading the notification first. Called after the commit with what was written;
 * other notifications are not mailed.
 */
export function createSecurityMail(db: Db, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>) {
  return (written: readonly WrittenNotification[]): void => {
    const security = written.filter((w) => w.notification.type === 'security');
    if (!mailer.configured || security.length === 0) return;
    const ids = [...new Set(security.map((w) => w.userId))];
    db.select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids))
      .then((rows) => {
        const emailOf = new Map(rows.map((r) => [r.id, r.email]));
        for (const { userId, notification } of security) {
          const to = emailOf.get(userId);
          if (to) mailer.post(noticeMail(to, notification, mailer.link(notification.link ?? '/me/security')));
        }
      })
      .catch((err: unknown) => log.error({ err }, 'security mail not sent'));
  };
}
