import { REWARD_TIERS, type RewardTier, TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Card, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

const columns: TableColumnsType<RewardTier> = [
  {
    title: '等级',
    key: 'level',
    render: (_, tier) => (
      <Tag color="gold" style={{ marginInlineEnd: 0 }}>
        L{tier.level}
      </Tag>
    ),
  },
  {
    title: '直推人数',
    key: 'direct',
    align: 'right',
    render: (_, tier) => <span style={numeric}>≥ {formatCount(tier.direct)}</span>,
  },
  {
    title: '团队人数',
    key: 'team',
    align: 'right',
    render: (_, tier) => <span style={numeric}>≥ {formatCount(tier.team)}</span>,
  },
  {
    title: `奖励（${TEAM_REWARD_CURRENCY}）`,
    key: 'reward',
    align: 'right',
    render: (_, tier) => (
      <Typography.Text strong style={numeric}>
        {formatNumber(tier.reward, 2)}
      </Typography.Text>
    ),
  },
];

/** The ten reward tiers of spec 001 §9; counts are charged members (whose deposit was approved). */
export function RewardTiersCard() {
  return (
    <Card size="small" title="奖励等级配置" data-testid="reward-tiers">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        直推与团队人数均按已充值成员计算（充值经审核通过的成员）。每个等级达到后奖励一次，由管理员发放至用户可用余额。
      </Typography.Paragraph>
      <Table<RewardTier>
        rowKey="level"
        size="small"
        columns={columns}
        dataSource={[...REWARD_TIERS]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(tier) => ({ 'data-testid': `reward-tier-${tier.level}` }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
