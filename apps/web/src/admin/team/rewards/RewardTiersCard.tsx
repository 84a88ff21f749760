import { REWARD_TIERS, type RewardTier, TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Card, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

const columnsIn = (t: TFunction<'admin'>): TableColumnsType<RewardTier> => [
  {
    title: t('team.rewards.tiers.level'),
    key: 'level',
    render: (_, tier) => (
      <Tag color="gold" style={{ marginInlineEnd: 0 }}>
        L{tier.level}
      </Tag>
    ),
  },
  {
    title: t('team.rewards.tiers.direct'),
    key: 'direct',
    align: 'right',
    render: (_, tier) => <span style={numeric}>≥ {formatCount(tier.direct)}</span>,
  },
  {
    title: t('team.rewards.tiers.team'),
    key: 'team',
    align: 'right',
    render: (_, tier) => <span style={numeric}>≥ {formatCount(tier.team)}</span>,
  },
  {
    title: t('team.rewards.tiers.reward', { currency: TEAM_REWARD_CURRENCY }),
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
  const { t } = useTranslation('admin');
  return (
    <Card size="small" title={t('team.rewards.tiers.title')} data-testid="reward-tiers">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('team.rewards.tiers.note')}
      </Typography.Paragraph>
      <Table<RewardTier>
        rowKey="level"
        size="small"
        columns={columnsIn(t)}
        dataSource={[...REWARD_TIERS]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(tier) => ({ 'data-testid': `reward-tier-${tier.level}` }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
