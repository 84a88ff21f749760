import { TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { formatBalance, formatCount } from '@platform/domain';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamStats } from './teamApi.ts';

function Tile({
  label,
  value,
  sub,
  testId,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  testId: string;
}) {
  return (
    <div style={{ background: 'var(--app-subtle)', borderRadius: 8, padding: '10px 12px', height: '100%' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div
        style={{ fontSize: 20, fontWeight: 600, lineHeight: '28px', fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </div>
      {sub && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {sub}
        </Typography.Text>
      )}
    </div>
  );
}

/** 团队数据: members (all and charged), the inviter, and the rewards and salary earned so far. */
export function TeamStatsCard({ stats }: { stats: TeamStats }) {
  const { t } = useTranslation('user');
  const money = (value: string) => formatBalance(value, TEAM_REWARD_CURRENCY);
  const tiles = [
    {
      label: t('team.stats.direct'),
      value: formatCount(stats.directReferrals),
      sub: t('team.stats.charged', { n: formatCount(stats.chargedDirectReferrals) }),
      testId: 'stat-direct',
    },
    {
      label: t('team.stats.team'),
      value: formatCount(stats.teamMembers),
      sub: t('team.stats.charged', { n: formatCount(stats.chargedTeamMembers) }),
      testId: 'stat-team',
    },
    {
      label: t('team.stats.rewards'),
      value: money(stats.rewards.distributedAmount),
      sub: t('team.stats.pending', { amount: money(stats.rewards.pendingAmount) }),
      testId: 'stat-rewards',
    },
    {
      label: t('team.stats.salary'),
      value: money(stats.salary.totalPaid),
      sub:
        stats.salaryLevel > 0
          ? t('team.stats.salaryLevel', { level: stats.salaryLevel, amount: money(stats.salaryAmount) })
          : t('team.stats.noSalary'),
      testId: 'stat-salary',
    },
  ];
  return (
    <Card size="small" title={t('team.stats.title')} data-testid="team-stats">
      <Row gutter={[8, 8]}>
        {tiles.map((tile) => (
          <Col key={tile.testId} xs={12} sm={6} lg={12}>
            <Tile {...tile} />
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '10px 0 0' }}>
        {t('team.stats.inviter')}
        <span data-testid="stat-inviter">{stats.inviter ?? t('team.stats.noInviter')}</span>
      </Typography.Paragraph>
      <Typography.Paragraph
        type="secondary"
        style={{ fontSize: 12, margin: '4px 0 0' }}
        data-testid="charged-note"
      >
        {t('team.stats.chargedNote')}
      </Typography.Paragraph>
    </Card>
  );
}
