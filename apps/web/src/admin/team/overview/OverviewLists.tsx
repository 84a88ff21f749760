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
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
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

const tierColumns = (t: TFunction<'admin'>): TableColumnsType<TierRow> => [
  {
    title: t('team.overview.tiers.level'),
    dataIndex: 'level',
    render: (level: number) => (
      <Tag color="gold" style={{ marginInlineEnd: 0 }}>
        L{level}
      </Tag>
    ),
  },
  {
    title: wrapTitle(t('team.overview.tiers.direct'), t('team.overview.tiers.required')),
    dataIndex: 'direct',
    align: 'right',
    render: (value: number) => formatCount(value),
  },
  {
    title: wrapTitle(t('team.overview.tiers.team'), t('team.overview.tiers.required')),
    dataIndex: 'team',
    align: 'right',
    render: (value: number) => formatCount(value),
  },
  {
    title: wrapTitle(
      t('team.overview.tiers.reward'),
      t('team.overview.tiers.currency', { currency: TEAM_REWARD_CURRENCY }),
    ),
    dataIndex: 'reward',
    align: 'right',
    // The currency is in the column's title: the cells stay narrow enough for a phone.
    render: (value: string) => <span style={numeric}>{formatNumber(value, 2)}</span>,
  },
  {
    title: wrapTitle(t('team.overview.tiers.achieved'), t('team.overview.tiers.users')),
    dataIndex: 'achieved',
    align: 'right',
    render: (value: number) => <span style={numeric}>{formatCount(value)}</span>,
  },
];

/** 奖励等级: the ten tiers of spec 001 §9 with how many users reached each (rewardLevels). */
export function RewardTierTable({ data }: { data: AdminTeamStats }) {
  const { t } = useTranslation('admin');
  const rows: TierRow[] = REWARD_TIERS.map((tier, index) => ({
    ...tier,
    achieved: data.rewardLevels[index] ?? 0,
  }));
  return (
    <Card
      title={t('team.overview.tiers.title')}
      size="small"
      style={{ height: '100%' }}
      data-testid="team-reward-tiers"
    >
      <Table<TierRow>
        rowKey="level"
        size="small"
        columns={tierColumns(t)}
        dataSource={rows}
        pagination={false}
        onRow={(row) => ({ 'data-testid': `team-tier-${row.level}` }) as HTMLAttributes<HTMLElement>}
      />
      <Typography.Paragraph
        type="secondary"
        style={{ fontSize: 12, margin: '8px 0 0' }}
        data-testid="team-tier-note"
      >
        {t('team.overview.tiers.note')}
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
  const { t } = useTranslation('admin');
  const levels = levelEntries(data.levelDistribution);
  return (
    <Card
      title={
        <Flex align="center" gap={6}>
          {t('team.overview.levels.title')}
          <HelpTip text={t('team.overview.levels.help')} />
        </Flex>
      }
      size="small"
      style={{ height: '100%' }}
      data-testid="team-level-distribution"
    >
      {levels.length === 0 ? (
        <EmptyList text={t('team.overview.levels.empty')} />
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
                  aria-label={t('team.overview.levels.bar', { level, percent })}
                >
                  <div
                    data-testid={`team-level-bar-${level}`}
                    style={{ width: `${percent}%`, height: '100%', background: '#1677ff', borderRadius: 4 }}
                  />
                </div>
                <Typography.Text style={{ ...numeric, minWidth: 56, textAlign: 'right' }}>
                  {t('team.overview.levels.users', { count, n: formatCount(count) })}
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
  const { t } = useTranslation('admin');
  const inviters = data.topInviters.slice(0, TOP_INVITERS_LIMIT);
  return (
    <Card
      title={
        <Flex align="center" gap={6}>
          {t('team.overview.top.title')}
          <HelpTip text={t('team.overview.top.help')} />
        </Flex>
      }
      size="small"
      style={{ height: '100%' }}
      data-testid="team-top-inviters"
    >
      {inviters.length === 0 ? (
        <EmptyList text={t('team.overview.top.empty')} />
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
                <Typography.Text style={numeric}>
                  {t('team.overview.top.invited', { n: formatCount(inviter.inviteCount) })}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ ...numeric, fontSize: 12 }}>
                  {t('team.overview.top.reward', { amount: formatUSDT(inviter.totalReward) })}
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
  const { t } = useTranslation('admin');
  const days = data.teamGrowth;
  return (
    <Card
      title={
        <Flex align="center" gap={6}>
          {t('team.overview.growth.title')}
          <HelpTip text={t('team.overview.growth.help')} />
        </Flex>
      }
      size="small"
      style={{ height: '100%' }}
      data-testid="team-growth"
    >
      {days.length === 0 ? (
        <EmptyList text={t('team.overview.growth.empty')} />
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
                <Typography.Text style={numeric}>
                  {t('team.overview.growth.newMembers', { n: formatCount(day.newMembers) })}
                </Typography.Text>
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
  const { t } = useTranslation('admin');
  const invites = data.recentInvites.slice(0, RECENT_INVITES_LIMIT);
  return (
    <Card title={t('team.overview.recent.title')} size="small" data-testid="team-recent-invites">
      {invites.length === 0 ? (
        <EmptyList text={t('team.overview.recent.empty')} />
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
                  <Typography.Text type="secondary">{t('team.overview.recent.inviter')}</Typography.Text>
                  {invite.inviter_email}
                </Typography.Text>
                <Typography.Text ellipsis={{ tooltip: true }}>
                  <Typography.Text type="secondary">{t('team.overview.recent.invitee')}</Typography.Text>
                  {invite.invitee_email}
                </Typography.Text>
              </Flex>
              <Flex align="center" gap={8}>
                <Tag
                  style={{ marginInlineEnd: 0, fontFamily: 'monospace' }}
                  title={t('team.overview.recent.code')}
                >
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
