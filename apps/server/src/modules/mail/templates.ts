import {
  DEFAULT_LANGUAGE,
  EMAIL_VERIFICATION_TTL_HOURS,
  type Language,
  PASSWORD_RESET_TTL_MINUTES,
} from '@platform/contracts';
import { t } from '../../i18n/i18n.ts';
import type { Mail } from './mailer.ts';

/**
 * The platform's mails (docs/mail.md), each in the recipient's language (users.language, else
 * zh-CN; issue 38, docs/i18n.md) as plain text and as simple HTML with the same words: a greeting,
 * the paragraphs, an optional button link, and the footer.
 */
interface MailContent {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function composeMail(to: string, content: MailContent, language: Language = DEFAULT_LANGUAGE): Mail {
  const platform = t(language, 'mail.platform');
  const subject = t(language, 'mail.subject', { platform, subject: content.subject });
  const greeting = t(language, 'mail.greeting');
  const footer = t(language, 'mail.footer', { platform });
  const { action } = content;
  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [t(language, 'mail.actionLine', { label: action.label }), action.url, ''] : []),
    footer,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#1f2329;line-height:1.6">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:8px 20px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:12px;color:#86909c">${escapeHtml(t(language, 'mail.copyLink'))}<br>${escapeHtml(action.url)}</p>`,
        ]
      : []),
    `<p style="font-size:12px;color:#86909c">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export const verificationMail = (to: string, url: string, language: Language = DEFAULT_LANGUAGE) =>
  composeMail(
    to,
    {
      subject: t(language, 'mail.verification.subject'),
      paragraphs: [
        t(language, 'mail.verification.body', {
          platform: t(language, 'mail.platform'),
          hours: EMAIL_VERIFICATION_TTL_HOURS,
        }),
        t(language, 'mail.verification.ignore'),
      ],
      action: { label: t(language, 'mail.verification.action'), url },
    },
    language,
  );

export const passwordResetMail = (to: string, url: string, language: Language = DEFAULT_LANGUAGE) =>
  composeMail(
    to,
    {
      subject: t(language, 'mail.reset.subject'),
      paragraphs: [
        t(language, 'mail.reset.body', { minutes: PASSWORD_RESET_TTL_MINUTES }),
        t(language, 'mail.reset.ignore'),
      ],
      action: { label: t(language, 'mail.reset.action'), url },
    },
    language,
  );

/**
 * A notification of the notification centre (security notices), sent as a mail too: its title
 * and body as written for the owner (in their language), the rest in `language` as well.
 */
export const noticeMail = (
  to: string,
  notice: { title: string; body: string },
  url: string,
  language: Language = DEFAULT_LANGUAGE,
) =>
  composeMail(
    to,
    {
      subject: notice.title,
      paragraphs: [notice.body],
      action: { label: t(language, 'mail.securityCentre'), url },
    },
    language,
  );
