import { type AdminChange, changeKindLabel } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Empty, Flex, List, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An open proposal: what it sets, who proposed it, and where a second admin approves it. */
function OpenProposal({
  change,
  testId,
  summary,
}: {
  change: AdminChange;
  testId: string;
  summary: ReactNode;
}) {
  return (
    <List.Item data-testid={`${testId}-${change.id}`}>
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <span>
          <Tag color={change.status === 'delayed' ? 'orange' : 'blue'}>
            {change.status === 'delayed' ? '24 小时后生效' : '待批准'}
          </Tag>
          {summary}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {change.proposer.email ?? `#${change.proposer.id}`} 于 {formatDateTime(change.proposed_at)} 提交
          {change.can_approve ? '，您可以批准' : '，需另一位管理员批准'}
        </Typography.Text>
      </Flex>
      <Link to="/admin/changes">去待生效变更处理</Link>
    </List.Item>
  );
}

/**
 * 待批准的变更 of one setting's editor (a save there is a proposal, docs/pending-changes.md): each
 * open proposal with `summary` (default: the kind's name) and a link to 待生效变更, where it is decided.
 */
export function OpenProposals({
  pending,
  testId,
  summary = (c) => changeKindLabel(c.kind),
}: {
  pending: readonly AdminChange[];
  /** Each row is `${testId}-${change id}`. */
  testId: string;
  summary?: (change: AdminChange) => ReactNode;
}) {
  return (
    <>
      <Typography.Text strong>待批准的变更</Typography.Text>
      {pending.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待批准的变更" />
      ) : (
        <List
          size="small"
          bordered
          dataSource={[...pending]}
          renderItem={(c) => <OpenProposal change={c} testId={testId} summary={summary(c)} />}
        />
      )}
    </>
  );
}
