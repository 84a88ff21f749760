import type { AdminNotificationEvent, KycAdminNotificationEvent } from '@platform/contracts';
import { type Message, type MessageKey, type NoticeParams, render } from '../../i18n/i18n.ts';
import type { zhCN } from '../../i18n/zh-CN.ts';
import { type PerLanguage, perLanguage } from './realtime.ts';

/** A kind of the catalogues' `adminNotices`: a title and a message. */
export type AdminNoticeKind = keyof typeof zhCN.adminNotices;

/**
 * An admin_notification in each admin's language (issue 38, docs/i18n.md): `event`'s fields as
 * they are, its title and message from the catalogues' `adminNotices[kind]` with `params` (amounts,
 * e-mails, names are data). Hand it to `realtime.toAdmins`.
 */
export function adminNotice(kind: AdminNoticeKind, params: NoticeParams, event: NoticeEvent): PerLanguage {
  return adminNoticeOf(
    { key: `adminNotices.${kind}.title` as MessageKey },
    { key: `adminNotices.${kind}.message` as MessageKey, params },
    event,
  );
}

type NoticeEvent =
  | Omit<AdminNotificationEvent, 'title' | 'message'>
  | Omit<KycAdminNotificationEvent, 'title' | 'message'>;

/**
 * An admin_notification whose title and message are any catalogue messages (a first approval's, a
 * reconciliation breach's: the back office's section), each rendered in each admin's language.
 */
export function adminNoticeOf(title: Message, message: Message, event: NoticeEvent): PerLanguage {
  return perLanguage((language) => ({
    ...event,
    title: render(language, title),
    message: render(language, message),
  }));
}
