import { DEFAULT_LANGUAGE, isLanguage } from '@platform/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { WrittenNotification } from '../notifications/notifications.service.ts';
import { userDirectory } from '../users/users.ts';
import type { Mailer } from './mailer.ts';
import { noticeMail } from './templates.ts';

const recipient = userDirectory('recipient');

/**
 * Security notices (a password changed or reset, 2FA on or off, a login from a new device) reach
 * the owner's mailbox as well as the notification centre: whoever took over a session cannot
 * silence them by reading the notification first. Called after the commit with what was written;
 * other notifications are not mailed. The mail speaks the owner's language (users.language, else
 * zh-CN), as the notification itself was written.
 */
export function createSecurityMail(db: Db, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>) {
  return (written: readonly WrittenNotification[]): void => {
    const security = written.filter((w) => w.notification.type === 'security');
    if (!mailer.configured || security.length === 0) return;
    const ids = [...new Set(security.map((w) => w.userId))];
    db.select({ id: recipient.id, email: recipient.email, language: recipient.language })
      .from(recipient)
      .where(inArray(recipient.id, ids))
      .then((rows) => {
        const owners = new Map(rows.map((r) => [r.id, r]));
        for (const { userId, notification } of security) {
          const owner = owners.get(userId);
          if (!owner) continue;
          const language = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
          const link = mailer.link(notification.link ?? '/me/security');
          mailer.post(noticeMail(owner.email, notification, link, language));
        }
      })
      .catch((err: unknown) => log.error({ err }, 'security mail not sent'));
  };
}
