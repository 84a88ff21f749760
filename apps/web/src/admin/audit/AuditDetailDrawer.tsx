import type { AuditLog } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Col, Descriptions, Drawer, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditActionTag } from './AuditActionTag.tsx';
import { changedKeys, type JsonBlock, jsonDiff } from './jsonDiff.ts';

const HIGHLIGHT = { before: '#fff1f0', after: '#f6ffed' } as const;

function JsonSide({ title, blocks, side }: { title: string; blocks: JsonBlock[]; side: 'before' | 'after' }) {
  return (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      <pre
        data-testid={`audit-${side}`}
        style={{
          margin: 0,
          padding: 12,
          background: '#fafafa',
          border: '1px solid #f0f0f0',
          borderRadius: 6,
          fontSize: 12,
          lineHeight: 1.6,
          overflow: 'auto',
          maxHeight: '60vh',
        }}
      >
        {blocks.map((block) => (
          <div
            key={block.id}
            data-changed={block.changed ? 'true' : undefined}
            style={block.changed ? { background: HIGHLIGHT[side], fontWeight: 600 } : undefined}
          >
            {block.text}
          </div>
        ))}
      </pre>
    </div>
  );
}

/** One audit row: who, what, where from, and the record before and after side by side. */
export function AuditDetailDrawer({ log, onClose }: { log: AuditLog | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const diff = log ? jsonDiff(log.before, log.after) : null;
  const changed = log ? changedKeys(log.before, log.after) : [];
  return (
    <Drawer open={log !== null} onClose={onClose} title={t('audit.drawer')} size={960} destroyOnHidden>
      {log && diff && (
        <div data-testid="audit-detail">
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('audit.time')}>{formatDateTime(log.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('audit.admin')}>
              {log.admin.email} <Typography.Text type="secondary">ID {log.admin.id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.action')}>
              <AuditActionTag action={log.action} />
              <Typography.Text type="secondary">{log.action}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.target')}>
              {log.target_type}
              {log.target_id ? ` #${log.target_id}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="IP">{log.ip ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.changedFields')}>
              {changed.length > 0 ? changed.map((key) => <Tag key={key}>{key}</Tag>) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="User-Agent" span={{ xs: 1, md: 2 }}>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                {log.user_agent ?? '-'}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <JsonSide title={t('audit.before')} blocks={diff.before} side="before" />
            </Col>
            <Col xs={24} md={12}>
              <JsonSide title={t('audit.after')} blocks={diff.after} side="after" />
            </Col>
          </Row>
        </div>
      )}
    </Drawer>
  );
}
