import {
  type AdminTeamStats,
  RECENT_INVITES_LIMIT,
  REWARD_TIERS,
  type RewardTier,
  TEAM_REWARD_CURRENCY,
  TOP_INVITERS_LIMIT,
} from '@platform/contracts';
import {
  formatCount,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatUSDT,
  percentage,
} from '@platform/domain';
import { Card, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { HelpTip } from './HelpTip.tsx';

export const RISE_COLOUR = '#389e0d';
export const FALL_COLOUR = '#cf1322';

const rowStyle = (index: number) => ({
  padding: '8px 0',
  borderTop: index ? '1px solid #f0f0f0' : undefined,
});

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

function EmptyList({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

type TierRow = RewardTier & { achieved: number };

/** A column title that may wrap between its two words only (a phone has no room for one line). */
function wrapTitle(first: string, second: string) {
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{first}</span>
      <wbr />
      <span style={{ whiteSpace: 'nowrap' }}>{second}</span>
    </>
  );
}

const TIER_COLUMNS: TableColumnsType<TierRow> = [
  {
    title: '等级',
    dataIndex: 'level',
    render: (level: number) => (
      <Tag color="gold" style={{ marginInlineEnd: 0 }}>
        L{level}
      </Tag>
    ),
  },
  {
    title: wrapTitle('直推', '要求'),
    dataIndex: 'direct',
    align: 'right',
    render: (value: number) => formatCount(value),
  },
  {
    title: wrapTitle('团队', '要求'),
    dataIndex: 'team',
    align: 'right',
    render: (value: number) => formatCount(value),
  },
  {
    title: wrapTitle('奖励', `（${TEAM_REWARD_CURRENCY}）`),
    dataIndex: 'reward',
    align: 'right',
    // The currency is in the column's title: the cells stay narrow enough for a phone.
    render: (value: string) => <span style={numeric}>{formatNumber(value, 2)}</span>,
  },
  {
    title: wrapTitle('达成', '人数'),
    dataIndex: 'achieved',
    align: 'right',
    render: (value: number) => <span style={numeric}>{formatCount(value)}</span>,
  },
];

/** 奖励等级: the ten tiers of spec 001 §9 with how many users reached each (rewardLevels). */
export function RewardTierTable({ data }: { data: AdminTeamStats }) {
  const rows: TierRow[] = REWARD_TIERS.map((tier, index) => ({
    ...tier,
    achieved: data.rewardLevels[index] ?? 0,
  }));
  return (
    <Card title="奖励等级" size="small" style={{ height: '100%' }} data-testid="team-reward-tiers">
      <Table<TierRow>
        rowKey="level"
        size="small"
        columns={TIER_COLUMNS}
        dataSource={rows}
        pagination={false}
        onRow={(row) => ({ 'data-testid': `team-tier-${row.level}` }) as HTMLAttributes<HTMLElement>}
      />
      <Typography.Paragraph
        type="secondary"
        style={{ fontSize: 12, margin: '8px 0 0' }}
        data-testid="team-tier-note"
      >
        直推与团队要求均按已充值成员计算（成员有一笔充值审核通过后才计入）；达成人数为已生成该等级奖励记录的用户数（含待发放与已发放）。
      </Typography.Paragraph>
    </Card>
  );
}

/** The levels of the distribution in order (keys are "1", "2", ...; anything else is left out). */
export function levelEntries(distribution: Record<string, number>): [number, number][] {
  return Object.entries(distribution)
    .map(([key, count]) => [Number.parseInt(key, 10), count] as [number, number])
    .filter(([level]) => Number.isSafeInteger(level) && level > 0)
    .sort((a, b) => a[0] - b[0]);
}

/** A count's share of all users in percent for a bar: 0 without users, never above 100. */
export function barPercent(count: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Number(percentage(count, total, 1)));
}

/** 层级分布: users per level with a bar of count / total members (at most 100%). */
export function LevelDistribution({ data }: { data: AdminTeamStats }) {
  const levels = levelEntries(data.levelDistribution);
  return (
    <Card
      title={
        <Flex align="center" gap={6}>
          层级分布
          <HelpTip text="每个层级的用户数；条形长度为该层用户占总用户数的比例。未使用邀请码注册的用户在 L1。" />
        </Flex>
      }
      size="small"
      style={{ height: '100%' }}
      data-testid="team-level-distribution"
    >
      {levels.length === 0 ? (
        <EmptyList text="暂无层级数据" />
      ) : (
        <Flex vertical gap={8} style={{ maxHeight: 420, overflowY: 'auto', paddingRight: 4 }}>
          {levels.map(([level, count]) => {
            const percent = barPercent(count, data.totalMembers);
            return (
              <Flex key={level} align="center" gap={12} data-testid={`team-level-${level}`}>
                <Tag color="blue" style={{ width: 48, textAlign: 'center', marginInlineEnd: 0 }}>
                  L{level}
                </Tag>
                <div
                  style={{ flex: 1, height: 8, background: '#f0f0f0', borderRadius: 4, overflow: 'hidden' }}
                  role="progressbar"
                  aria-valuenow={percent}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label={`L${level} 占总用户 ${percent}%`}
                >
                  <div
                    data-testid={`team-level-bar-${level}`}
                    style={{ width: `${percent}%`, height: '100%', background: '#1677ff', borderRadius: 4 }}
                  />
                </div>
                <Typography.Text style={{ ...numeric, minWidth: 56, textAlign: 'right' }}>
                  {formatCount(count)} 人
                </Typography.Text>
                <Typography.Text
                  type="secondary"
                  style={{ ...numeric, fontSize: 12, width: 44, textAlign: 'right' }}
                >
                  {percent}%
                </Typography.Text>
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}

/** 邀请排行: the five users with the most direct referrals, with their rewards (any status). */
export function TopInviters({ data }: { data: AdminTeamStats }) {
  const inviters = data.topInviters.slice(0, TOP_INVITERS_LIMIT);
  return (
    <Card
      title={
        <Flex align="center" gap={6}>
          邀请排行
          <HelpTip text="直推人数最多的用户（前 5 名）；奖励为其全部奖励记录（含待发放）的金额合计。" />
        </Flex>
      }
      size="small"
      style={{ height: '100%' }}
      data-testid="team-top-inviters"
    >
      {inviters.length === 0 ? (
        <EmptyList text="暂无邀请数据" />
      ) : (
        <Flex vertical>
          {inviters.map((inviter, index) => (
            <Flex
              key={inviter.user_id}
              align="center"
              gap={12}
              style={rowStyle(index)}
              data-testid="team-top-inviter"
            >
              <Typography.Text
                strong={index < 3}
                type={index < 3 ? undefined : 'secondary'}
                style={{ width: 20, textAlign: 'center', color: index < 3 ? '#d48806' : undefined }}
              >
                {index + 1}
              </Typography.Text>
              <Flex vertical flex={1} style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis={{ tooltip: inviter.email }}>
                  {inviter.email}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  ID: {inviter.user_id}
                </Typography.Text>
              </Flex>
              <Flex vertical align="flex-end">
                <Typography.Text style={numeric}>邀请 {formatCount(inviter.inviteCount)} 人</Typography.Text>
                <Typography.Text type="secondary" style={{ ...numeric, fontSize: 12 }}>
                  奖励 {formatUSDT(inviter.totalReward)}
                </Typography.Text>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** Growth in percent with one decimal: "+12.5%" green, "-3.0%" red, "-" when the day before had none. */
export function GrowthText({ value }: { value: number | null }) {
  if (value === null) {
    return (
      <Typography.Text type="secondary" data-testid="team-growth-value">
        -
      </Typography.Text>
    );
  }
  return (
    <Typography.Text
      style={{ ...numeric, color: value >= 0 ? RISE_COLOUR : FALL_COLOUR }}
      data-testid="team-growth-value"
    >
      {formatPercent(value, 1)}
    </Typography.Text>
  );
}

/** 团队增长: new members per Beijing day over the last 7 days, oldest first (as the server sends them), with the day-over-day change. */
export function TeamGrowth({ data }: { data: AdminTeamStats }) {
  const days = data.teamGrowth;
  return (
    <Card
      title={
        <Flex align="center" gap={6}>
          团队增长（近 7 天）
          <HelpTip text="每天（北京时间）新注册的用户数；增长率与前一天相比，前一天无新增时显示 -。" />
        </Flex>
      }
      size="small"
      style={{ height: '100%' }}
      data-testid="team-growth"
    >
      {days.length === 0 ? (
        <EmptyList text="暂无增长数据" />
      ) : (
        <Flex vertical>
          {days.map((day, index) => (
            <Flex
              key={day.date}
              align="center"
              justify="space-between"
              gap={12}
              style={rowStyle(index)}
              data-testid={`team-growth-${day.date}`}
            >
              <Typography.Text style={numeric}>{day.date}</Typography.Text>
              <Flex align="center" gap={16}>
                <Typography.Text style={numeric}>新增 {formatCount(day.newMembers)} 人</Typography.Text>
                <span style={{ minWidth: 64, textAlign: 'right' }}>
                  <GrowthText value={day.growth} />
                </span>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** 最近邀请: the eight newest invited registrations. */
export function RecentInvites({ data }: { data: AdminTeamStats }) {
  const invites = data.recentInvites.slice(0, RECENT_INVITES_LIMIT);
  return (
    <Card title="最近邀请" size="small" data-testid="team-recent-invites">
      {invites.length === 0 ? (
        <EmptyList text="暂无邀请记录" />
      ) : (
        <Flex vertical>
          {invites.map((invite, index) => (
            <Flex
              key={`${invite.invitee_email}-${invite.created_at}`}
              align="center"
              justify="space-between"
              wrap
              gap={8}
              style={rowStyle(index)}
              data-testid="team-recent-invite"
            >
              <Flex vertical style={{ minWidth: 0, flex: '1 1 260px' }}>
                <Typography.Text ellipsis={{ tooltip: true }}>
                  <Typography.Text type="secondary">邀请人 </Typography.Text>
                  {invite.inviter_email}
                </Typography.Text>
                <Typography.Text ellipsis={{ tooltip: true }}>
                  <Typography.Text type="secondary">被邀请 </Typography.Text>
                  {invite.invitee_email}
                </Typography.Text>
              </Flex>
              <Flex align="center" gap={8}>
                <Tag style={{ marginInlineEnd: 0, fontFamily: 'monospace' }} title="邀请码">
                  {invite.invite_code}
                </Tag>
                <Typography.Text type="secondary" style={{ ...numeric, fontSize: 12 }}>
                  {formatDateTime(invite.created_at)}
                </Typography.Text>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
