import { TEAM_REWARD_STATUS_LABELS, type TeamRewardStatus } from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Button, Empty, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { SecondApprovalTag } from '../../dualControl.tsx';
import { ListTable } from '../../shell/AdminListPage.tsx';
import { UserCell } from '../shared/UserCell.tsx';
import type { TeamReward } from './rewardsApi.ts';

export const REWARD_STATUS_COLOURS: Record<TeamRewardStatus, string> = {
  pending: 'warning',
  distributed: 'success',
};

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export interface RewardsTableProps {
  rows: TeamReward[];
  loading: boolean;
  /** Ids of the selected pending records. */
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** Records whose distribution is waiting for the server. */
  distributing: ReadonlySet<number>;
  onDistribute: (reward: TeamReward) => void;
  emptyText: string;
}

/** The reward records: one per user and tier reached; pending ones can be selected and distributed. */
export function RewardsTable({
  rows,
  loading,
  selected,
  onSelect,
  distributing,
  onDistribute,
  emptyText,
}: RewardsTableProps) {
  const columns: TableColumnsType<TeamReward> = [
    {
      title: '用户邮箱',
      key: 'email',
      render: (_, reward) => <UserCell email={reward.email} userId={reward.user_id} />,
    },
    {
      title: '奖励等级',
      key: 'tier',
      render: (_, reward) => (
        <Tag color="gold" style={{ marginInlineEnd: 0 }} data-testid={`reward-tier-tag-${reward.id}`}>
          L{reward.tier}
        </Tag>
      ),
    },
    {
      title: '奖励金额',
      key: 'amount',
      align: 'right',
      render: (_, reward) => (
        <Typography.Text strong style={numeric} data-testid={`reward-amount-${reward.id}`}>
          {formatNumber(reward.amount, 2)} {reward.currency}
        </Typography.Text>
      ),
    },
    {
      title: '达标时人数',
      key: 'counts',
      render: (_, reward) => (
        <Flex vertical style={numeric}>
          <span>直推 {formatCount(reward.direct_count)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            团队 {formatCount(reward.team_size)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_, reward) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag
            color={REWARD_STATUS_COLOURS[reward.status]}
            style={{ marginInlineEnd: 0 }}
            data-testid={`reward-status-${reward.id}`}
          >
            {TEAM_REWARD_STATUS_LABELS[reward.status]}
          </Tag>
          <SecondApprovalTag first={reward.first_approval} testId={`reward-second-approval-${reward.id}`} />
        </Flex>
      ),
    },
    {
      title: '创建时间',
      key: 'created_at',
      render: (_, reward) => <StackedDateTime value={reward.created_at} />,
    },
    {
      title: '发放时间 / 发放人',
      key: 'distributed',
      render: (_, reward) =>
        reward.distributed_at ? (
          <Flex vertical>
            <StackedDateTime value={reward.distributed_at} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {reward.distributed_by ?? '-'}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, reward) =>
        reward.status === 'pending' ? (
          <Button
            size="small"
            type="primary"
            loading={distributing.has(reward.id)}
            onClick={() => onDistribute(reward)}
            data-testid={`reward-distribute-${reward.id}`}
          >
            发放
          </Button>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
  ];

  return (
    <ListTable<TeamReward>
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="reward-row"
      selection={{
        selected,
        onSelect,
        allLabel: '全选本页待发放奖励',
        checkbox: (reward) => ({
          disabled: reward.status !== 'pending',
          'aria-label': `选择 ${reward.email} 的 L${reward.tier} 奖励`,
        }),
      }}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
    />
  );
}
