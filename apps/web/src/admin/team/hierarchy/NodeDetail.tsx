import { formatCount, formatDateTime, formatUSDT } from '@platform/domain';
import { Descriptions, Drawer, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { adminTeamZhCN } from '../../../i18n/admin/team/zh-CN.ts';
import type { HierarchyNode, PathEntry } from './hierarchyApi.ts';

type DetailKey = keyof typeof adminTeamZhCN.hierarchy.detail;

function PathList({ node, ancestors }: { node: HierarchyNode; ancestors: readonly PathEntry[] }) {
  const { t } = useTranslation('admin');
  if (node.depth === 0) return <>{t('team.hierarchy.detail.topLevel')}</>;
  if (ancestors.length === 0) return <>-</>;
  return (
    <Flex vertical gap={2}>
      {ancestors.map((entry) => (
        <span key={entry.id} style={{ overflowWrap: 'anywhere' }}>
          <Tag style={{ marginInlineEnd: 6 }}>L{entry.depth + 1}</Tag>
          {entry.email}
        </span>
      ))}
    </Flex>
  );
}

/**
 * The detail panel of a node: e-mail, phone (or 未设置), registration time, counts, invite code,
 * and where it sits: its level and its ancestors from the top-level user (the last one invited it).
 */
export function NodeDetail({
  node,
  ancestors,
  onClose,
}: {
  node: HierarchyNode | null;
  ancestors: readonly PathEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const d = (key: DetailKey) => t(`admin:team.hierarchy.detail.${key}`);
  return (
    <Drawer
      open={node !== null}
      onClose={onClose}
      title={d('title')}
      size="min(440px, 100vw)"
      destroyOnHidden
      data-testid="hierarchy-detail"
    >
      {node && (
        <Descriptions
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 112 } }}
          data-testid="hierarchy-detail-body"
          items={[
            {
              key: 'email',
              label: d('email'),
              children: <span data-testid="detail-email">{node.email}</span>,
            },
            {
              key: 'phone',
              label: d('phone'),
              children: <span data-testid="detail-phone">{node.phone || d('notSet')}</span>,
            },
            {
              key: 'created',
              label: d('created'),
              children: <span data-testid="detail-created">{formatDateTime(node.created_at)}</span>,
            },
            {
              key: 'direct',
              label: d('direct'),
              children: <span data-testid="detail-direct">{formatCount(node.direct_referrals)}</span>,
            },
            {
              key: 'team',
              label: d('team'),
              children: <span data-testid="detail-team">{formatCount(node.team_size)}</span>,
            },
            {
              key: 'code',
              label: d('code'),
              children: (
                <span data-testid="detail-code" style={{ fontFamily: 'monospace' }}>
                  {node.invite_code}
                </span>
              ),
            },
            { key: 'id', label: d('id'), children: node.id },
            { key: 'level', label: d('level'), children: `L${node.depth + 1}` },
            {
              key: 'inviter',
              label: d('inviter'),
              children: (
                <span data-testid="detail-inviter">
                  {ancestors.at(-1)?.email ?? (node.depth === 0 ? d('none') : '-')}
                </span>
              ),
            },
            {
              key: 'path',
              label: d('path'),
              children: (
                <div data-testid="detail-path">
                  <PathList node={node} ancestors={ancestors} />
                </div>
              ),
            },
            {
              key: 'kyc',
              label: d('kyc'),
              children: (
                <Tag color={node.kyc_status === 'approved' ? 'green' : undefined}>
                  {t(`common:kycStatus.${node.kyc_status}`)}
                </Tag>
              ),
            },
            {
              key: 'deposit',
              label: d('deposit'),
              children: (
                <span>
                  {formatUSDT(node.total_deposit)}
                  {node.is_deposited && (
                    <Tag color="blue" style={{ marginInlineStart: 8 }}>
                      {d('deposited')}
                    </Tag>
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
