import { classifySupportContact, getSupportContact, type SupportContactView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/request.ts';

/** A message that asks the user to contact support (the server's words, in either language): the contact is shown beside it. */
export const SUPPORT_MENTION = /联系客服|contact support/i;

export const supportContactKey = ['support-contact'] as const;

/** The operator's support contact (GET /api/support/contact, public: the login page reads it too). */
export function useSupportContact() {
  return useQuery({
    queryKey: supportContactKey,
    queryFn: ({ signal }) => call(getSupportContact, { signal }).then((r) => r.data.contact),
    staleTime: 5 * 60_000,
  });
}

/**
 * The contact itself: a link (https:// or mailto:, checked again here before it becomes an href, so
 * a stored value can never run script) or a handle to copy.
 */
export function SupportContactValue({ contact }: { contact: SupportContactView }) {
  const classified = classifySupportContact(contact.value);
  if ('error' in classified || classified.href === null)
    return (
      <Typography.Text copyable={{ text: contact.value }} data-testid="support-contact-value">
        {contact.value}
      </Typography.Text>
    );
  return (
    <a href={classified.href} target="_blank" rel="noopener noreferrer" data-testid="support-contact-link">
      {contact.value.replace(/^mailto:/i, '')}
    </a>
  );
}

/** "联系客服：<label> <contact>" under a message that asks for it; nothing while none is configured. */
export function SupportContactHint() {
  const { t } = useTranslation('common');
  const contact = useSupportContact().data;
  if (!contact) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="support-contact-hint">
      {t('components.contactSupport', { label: contact.label })}
      <SupportContactValue contact={contact} />
    </Typography.Text>
  );
}

/** A message and, when it asks the user to contact support, the contact under it. */
export function WithSupportContact({ text }: { text: string }) {
  return (
    <>
      {text}
      {SUPPORT_MENTION.test(text) && (
        <div>
          <SupportContactHint />
        </div>
      )}
    </>
  );
}
