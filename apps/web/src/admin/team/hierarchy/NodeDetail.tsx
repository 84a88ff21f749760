import { KYC_STATUS_LABELS } from '@platform/contracts';
import { formatCount, formatDateTime, formatUSDT } from '@platform/domain';
import { Descriptions, Drawer, Flex, Tag } from 'antd';
import type { HierarchyNode, PathEntry } from './hierarchyApi.ts';

export const PHONE_NOT_SET = '未设置';

function PathList({ node, ancestors }: { node: HierarchyNode; ancestors: readonly PathEntry[] }) {
  if (node.depth === 0) return <>顶级用户（未使用邀请码注册）</>;
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
  return (
    <Drawer
      open={node !== null}
      onClose={onClose}
      title="用户详情"
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
            { key: 'email', label: '邮箱', children: <span data-testid="detail-email">{node.email}</span> },
            {
              key: 'phone',
              label: '手机号',
              children: <span data-testid="detail-phone">{node.phone || PHONE_NOT_SET}</span>,
            },
            {
              key: 'created',
              label: '注册时间',
              children: <span data-testid="detail-created">{formatDateTime(node.created_at)}</span>,
            },
            {
              key: 'direct',
              label: '直推人数',
              children: <span data-testid="detail-direct">{formatCount(node.direct_referrals)}</span>,
            },
            {
              key: 'team',
              label: '团队人数',
              children: <span data-testid="detail-team">{formatCount(node.team_size)}</span>,
            },
            {
              key: 'code',
              label: '邀请码',
              children: (
                <span data-testid="detail-code" style={{ fontFamily: 'monospace' }}>
                  {node.invite_code}
                </span>
              ),
            },
            { key: 'id', label: '用户ID', children: node.id },
            { key: 'level', label: '层级', children: `L${node.depth + 1}` },
            {
              key: 'inviter',
              label: '邀请人',
              children: (
                <span data-testid="detail-inviter">
                  {ancestors.at(-1)?.email ?? (node.depth === 0 ? '无' : '-')}
                </span>
              ),
            },
            {
              key: 'path',
              label: '上级路径',
              children: (
                <div data-testid="detail-path">
                  <PathList node={node} ancestors={ancestors} />
                </div>
              ),
            },
            {
              key: 'kyc',
              label: 'KYC状态',
              children: (
                <Tag color={node.kyc_status === 'approved' ? 'green' : undefined}>
                  {KYC_STATUS_LABELS[node.kyc_status]}
                </Tag>
              ),
            },
            {
              key: 'deposit',
              label: '累计充值',
              children: (
                <span>
                  {formatUSDT(node.total_deposit)}
                  {node.is_deposited && (
                    <Tag color="blue" style={{ marginInlineStart: 8 }}>
                      已充值
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
