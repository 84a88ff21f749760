import { z } from 'zod';
import { adminChange, changeReply } from './changes.ts';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';

/**
 * The support contact the operator configures (issue 33): shown in 我的 (联系客服) and on every
 * "contact support" message of the user app. Whoever points it at their own account could scam
 * users, so it changes only as a pending change a second admin approves (kind `support.contact`,
 * docs/pending-changes.md).
 */
export const SUPPORT_CONTACT_SETTING_KEY = 'support.contact';
export const SUPPORT_LABEL_MAX = 30;
export const SUPPORT_VALUE_MAX = 200;

export const SUPPORT_TEXTS = {
  labelRequired: '请填写客服名称',
  labelTooLong: `客服名称不能超过${SUPPORT_LABEL_MAX}个字符`,
  valueRequired: '请填写客服链接或账号',
  valueTooLong: `客服链接或账号不能超过${SUPPORT_VALUE_MAX}个字符`,
  badScheme: '客服链接只能是 https:// 链接、mailto: 邮箱或一个账号',
  badLink: '客服链接格式不正确',
  badEmail: '客服邮箱格式不正确',
  badHandle: '客服账号不能包含空白以外的控制字符或尖括号',
  notConfigured: '客服联系方式尚未配置',
} as const;

export type SupportContactKind = 'link' | 'email' | 'handle';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What a contact value is and where it leads: an https:// link, a mailto: address, or a plain
 * handle (no link: shown as text to copy). Anything else (javascript:, http:, data:, tel:…) is
 * refused with the message; used by the contract and by the web before it renders an href.
 */
export function classifySupportContact(
  value: string,
): { kind: SupportContactKind; href: string | null } | { error: string } {
  if (/^https:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.protocol !== 'https:' || !url.hostname || url.username || url.password)
        return { error: SUPPORT_TEXTS.badLink };
      return { kind: 'link', href: url.href };
    } catch {
      return { error: SUPPORT_TEXTS.badLink };
    }
  }
  if (/^mailto:/i.test(value)) {
    const address = value.slice('mailto:'.length);
    return EMAIL.test(address)
      ? { kind: 'email', href: `mailto:${address}` }
      : { error: SUPPORT_TEXTS.badEmail };
  }
  if (SCHEME.test(value)) return { error: SUPPORT_TEXTS.badScheme };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f<>]/.test(value)) return { error: SUPPORT_TEXTS.badHandle };
  return { kind: 'handle', href: null };
}

export const supportContact = z
  .object({
    label: z
      .string({ error: SUPPORT_TEXTS.labelRequired })
      .trim()
      .min(1, SUPPORT_TEXTS.labelRequired)
      .max(SUPPORT_LABEL_MAX, SUPPORT_TEXTS.labelTooLong),
    value: z
      .string({ error: SUPPORT_TEXTS.valueRequired })
      .trim()
      .min(1, SUPPORT_TEXTS.valueRequired)
      .max(SUPPORT_VALUE_MAX, SUPPORT_TEXTS.valueTooLong),
  })
  .strict()
  .superRefine((contact, ctx) => {
    const classified = classifySupportContact(contact.value);
    if ('error' in classified) ctx.addIssue({ code: 'custom', path: ['value'], message: classified.error });
  });
export type SupportContact = z.infer<typeof supportContact>;

/** A configured contact as the user app reads it (null: none configured yet). */
export const supportContactView = z.object({
  label: z.string(),
  value: z.string(),
  kind: z.enum(['link', 'email', 'handle']),
  /** https:// or mailto: only; null for a handle. */
  href: z.string().nullable(),
});
export type SupportContactView = z.infer<typeof supportContactView>;

export const getSupportContact = endpoint({
  method: 'GET',
  path: '/api/support/contact',
  operationId: 'getSupportContact',
  summary: '客服联系方式',
  description: 'The customer support contacts.',
  reply: envelope(z.object({ contact: supportContactView.nullable() })),
});

export const getAdminSupportContact = endpoint({
  method: 'GET',
  path: '/api/admin/support/contact',
  operationId: 'getAdminSupportContact',
  summary: '客服联系方式（后台，含待批准的变更）',
  description: 'The customer support contacts, with any pending change (admin).',
  reply: envelope(z.object({ contact: supportContactView.nullable(), pending: z.array(adminChange) })),
});

export const proposeSupportContact = endpoint({
  method: 'PUT',
  path: '/api/admin/support/contact',
  operationId: 'proposeSupportContact',
  summary: '提交客服联系方式变更（需另一位管理员批准）',
  description: 'Proposes a change of the customer support contacts (another admin must approve).',
  body: supportContact,
  status: 202,
  reply: changeReply,
});
