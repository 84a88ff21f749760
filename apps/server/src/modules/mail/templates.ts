import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES, PLATFORM_NAME } from '@platform/contracts';
import type { Mail } from './mailer.ts';

/**
 * The platform's mails (docs/mail.md), each in Chinese as plain text and as simple HTML with the
 * same words: a greeting, the paragraphs, an optional button link, and the footer.
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

const FOOTER = `此邮件由${PLATFORM_NAME}自动发送，请勿回复。`;

export function composeMail(to: string, content: MailContent): Mail {
  const subject = `【${PLATFORM_NAME}】${content.subject}`;
  const { action } = content;
  const text = [
    '您好：',
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}：`, action.url, ''] : []),
    FOOTER,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#1f2329;line-height:1.6">',
    '<p>您好：</p>',
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:8px 20px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:12px;color:#86909c">如果按钮无法打开，请复制以下链接到浏览器：<br>${escapeHtml(action.url)}</p>`,
        ]
      : []),
    `<p style="font-size:12px;color:#86909c">${escapeHtml(FOOTER)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export const verificationMail = (to: string, url: string) =>
  composeMail(to, {
    subject: '请验证您的邮箱',
    paragraphs: [
      `感谢注册${PLATFORM_NAME}。请点击下面的链接验证您的邮箱，链接${EMAIL_VERIFICATION_TTL_HOURS}小时内有效，只能使用一次。`,
      '如果这不是您本人的操作，请忽略此邮件。',
    ],
    action: { label: '验证邮箱', url },
  });

export const passwordResetMail = (to: string, url: string) =>
  composeMail(to, {
    subject: '重置登录密码',
    paragraphs: [
      `我们收到了重置您登录密码的请求。请点击下面的链接设置新密码，链接${PASSWORD_RESET_TTL_MINUTES}分钟内有效，只能使用一次。重置后所有设备都将退出登录。`,
      '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
    ],
    action: { label: '重置密码', url },
  });

/** A notification of the notification centre (security notices), sent as a mail too. */
export const noticeMail = (to: string, notice: { title: string; body: string }, url: string) =>
  composeMail(to, {
    subject: notice.title,
    paragraphs: [notice.body],
    action: { label: '查看安全中心', url },
  });
