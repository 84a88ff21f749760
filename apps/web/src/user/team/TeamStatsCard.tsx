import { TEAM_REWARD_CURRENCY } from '@platform/contracts';
import { formatBalance, formatCount } from '@platform/domain';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
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
  const money = (value: string) => formatBalance(value, TEAM_REWARD_CURRENCY);
  const tiles = [
    {
      label: '直推人数',
      value: formatCount(stats.directReferrals),
      sub: `已充值 ${formatCount(stats.chargedDirectReferrals)} 人`,
      testId: 'stat-direct',
    },
    {
      label: '团队人数',
      value: formatCount(stats.teamMembers),
      sub: `已充值 ${formatCount(stats.chargedTeamMembers)} 人`,
      testId: 'stat-team',
    },
    {
      label: '已发放奖励',
      value: money(stats.rewards.distributedAmount),
      sub: `待发放 ${money(stats.rewards.pendingAmount)}`,
      testId: 'stat-rewards',
    },
    {
      label: '累计工资',
      value: money(stats.salary.totalPaid),
      sub:
        stats.salaryLevel > 0
          ? `L${stats.salaryLevel} · 每期 ${money(stats.salaryAmount)}`
          : '未达到工资等级',
      testId: 'stat-salary',
    },
  ];
  return (
    <Card size="small" title="团队数据" data-testid="team-stats">
      <Row gutter={[8, 8]}>
        {tiles.map((tile) => (
          <Col key={tile.testId} xs={12} sm={6} lg={12}>
            <Tile {...tile} />
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '10px 0 0' }}>
        我的邀请人：
        <span data-testid="stat-inviter">{stats.inviter ?? '无（未使用邀请码注册）'}</span>
      </Typography.Paragraph>
      <Typography.Paragraph
        type="secondary"
        style={{ fontSize: 12, margin: '4px 0 0' }}
        data-testid="charged-note"
      >
        已充值成员：有一笔充值经审核通过的成员。奖励等级和工资等级只按已充值成员计算，仅注册未充值的成员计入人数，但不计入等级。
      </Typography.Paragraph>
    </Card>
  );
}
