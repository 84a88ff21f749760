import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dottedLabelIn } from '../../i18n/dotted.ts';

/** An action's label in `language` (the catalogue's audit.actions). */
export const auditActionLabelIn = (language: string, action: string) =>
  dottedLabelIn(language, (admin) => admin.audit.actions, action);

/** An audit action by its label in the language shown, the code as the tag's title. */
export function AuditActionTag({ action }: { action: string }) {
  const { i18n } = useTranslation();
  return (
    <Tag color="blue" title={action}>
      {auditActionLabelIn(i18n.language, action)}
    </Tag>
  );
}
