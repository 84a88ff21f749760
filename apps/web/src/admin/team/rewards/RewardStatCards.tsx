import { CheckCircleOutlined, ClockCircleOutlined, GiftOutlined, TeamOutlined } from '@ant-design/icons';
import { TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { formatCount, formatNumber } from '@platform/domain';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FitStatistic } from '../../../components/FitStatistic.tsx';
import type { AdminRewardStats } from './rewardsApi.ts';

/** Its title is the catalogue's team.rewards.stats.<key>. */
interface CardSpec {
  key: 'total' | 'pending' | 'distributed' | 'eligible';
  icon: ReactNode;
  count: (stats: AdminRewardStats) => number;
  /** The USDT amount of the records counted, shown under the count. */
  amount?: (stats: AdminRewardStats) => string;
  /** A note under the count instead of an amount (team.rewards.stats.eligibleNote). */
  note?: boolean;
  color?: string;
}

const CARDS: CardSpec[] = [
  {
    key: 'total',
    icon: <GiftOutlined />,
    count: (s) => s.totalRewards,
    amount: (s) => s.amounts.total,
  },
  {
    key: 'pending',
    icon: <ClockCircleOutlined />,
    count: (s) => s.pendingRewards,
    amount: (s) => s.amounts.pending,
    color: '#d48806',
  },
  {
    key: 'distributed',
    icon: <CheckCircleOutlined />,
    count: (s) => s.distributedRewards,
    amount: (s) => s.amounts.distributed,
    color: '#389e0d',
  },
  {
    key: 'eligible',
    icon: <TeamOutlined />,
    count: (s) => s.eligibleUsers,
    note: true,
    color: '#1677ff',
  },
];

/** The four cards over every reward record whatever the filter (test ids reward-stat-<key>). */
export function RewardStatCards({
  stats,
  loading,
}: {
  stats: AdminRewardStats | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={12} lg={6}>
          <Card size="small" data-testid={`reward-stat-${card.key}`} style={{ height: '100%' }}>
            <FitStatistic
              title={
                <span>
                  {card.icon} {t(`team.rewards.stats.${card.key}`)}
                </span>
              }
              loading={loading && !stats}
              value={stats ? formatCount(card.count(stats)) : '-'}
              suffix={
                <span style={{ fontSize: 13 }}>
                  {card.amount ? t('team.rewards.stats.records') : t('team.rewards.stats.users')}
                </span>
              }
              styles={{ content: { color: card.color, fontSize: 22, whiteSpace: 'nowrap' } }}
            />
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, whiteSpace: 'nowrap' }}
              data-testid={`reward-stat-${card.key}-amount`}
            >
              {card.amount
                ? `${stats ? formatNumber(card.amount(stats), 2) : '-'} ${TEAM_REWARD_CURRENCY}`
                : card.note && t('team.rewards.stats.eligibleNote')}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
