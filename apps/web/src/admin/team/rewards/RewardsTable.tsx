import type { TeamRewardStatus } from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Button, Empty, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<TeamReward> = [
    {
      title: t('team.rewards.table.email'),
      key: 'email',
      render: (_, reward) => <UserCell email={reward.email} userId={reward.user_id} />,
    },
    {
      title: t('team.rewards.table.tier'),
      key: 'tier',
      render: (_, reward) => (
        <Tag color="gold" style={{ marginInlineEnd: 0 }} data-testid={`reward-tier-tag-${reward.id}`}>
          L{reward.tier}
        </Tag>
      ),
    },
    {
      title: t('team.rewards.table.amount'),
      key: 'amount',
      align: 'right',
      render: (_, reward) => (
        <Typography.Text strong style={numeric} data-testid={`reward-amount-${reward.id}`}>
          {formatNumber(reward.amount, 2)} {reward.currency}
        </Typography.Text>
      ),
    },
    {
      title: t('team.rewards.table.counts'),
      key: 'counts',
      render: (_, reward) => (
        <Flex vertical style={numeric}>
          <span>{t('team.rewards.table.direct', { n: formatCount(reward.direct_count) })}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('team.rewards.table.team', { n: formatCount(reward.team_size) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('team.rewards.table.status'),
      key: 'status',
      render: (_, reward) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag
            color={REWARD_STATUS_COLOURS[reward.status]}
            style={{ marginInlineEnd: 0 }}
            data-testid={`reward-status-${reward.id}`}
          >
            {t(`team.rewards.status.${reward.status}`)}
          </Tag>
          <SecondApprovalTag first={reward.first_approval} testId={`reward-second-approval-${reward.id}`} />
        </Flex>
      ),
    },
    {
      title: t('team.rewards.table.created'),
      key: 'created_at',
      render: (_, reward) => <StackedDateTime value={reward.created_at} />,
    },
    {
      title: t('team.rewards.table.distributed'),
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
      title: t('team.rewards.table.actions'),
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
            {t('team.rewards.table.distribute')}
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
        allLabel: t('team.rewards.table.selectAll'),
        checkbox: (reward) => ({
          disabled: reward.status !== 'pending',
          'aria-label': t('team.rewards.table.select', { email: reward.email, tier: reward.tier }),
        }),
      }}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
    />
  );
}
