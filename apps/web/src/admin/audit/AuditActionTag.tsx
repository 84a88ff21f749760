import { auditActionLabel } from '@platform/contracts';
import { Tag } from 'antd';

/** An audit action by its label (AUDIT_ACTION_LABELS), the code as the tag's title. */
export function AuditActionTag({ action }: { action: string }) {
  return (
    <Tag color="blue" title={action}>
      {auditActionLabel(action)}
    </Tag>
  );
}
