import {
  ApartmentOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  CrownOutlined,
  DollarOutlined,
  GiftOutlined,
  RightOutlined,
  RiseOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { AdminTeamStats } from '@platform/contracts';
import { formatCount, formatUSDT } from '@platform/domain';
import { Badge, Card, Col, Flex, Row, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FitStatistic } from '../../../components/FitStatistic.tsx';
import { HelpTip } from './HelpTip.tsx';

export const PENDING_COLOUR = '#d48806';

/** "L5" for the deepest level, "-" when there are no users (maxLevel 0). */
export const levelText = (level: number): string => (level > 0 ? `L${level}` : '-');

type CardKey =
  | 'totalMembers'
  | 'directReferrals'
  | 'teamMembers'
  | 'totalRewards'
  | 'pendingRewards'
  | 'todayInvites'
  | 'activeInviters'
  | 'maxLevel';

/** Its title and its definition (contracts/team-admin.ts, shown by the question mark) are the catalogue's team.overview.cards/help.<key>. */
interface CardSpec {
  key: CardKey;
  icon: ReactNode;
  value: (data: AdminTeamStats) => string;
  /** A second line under the figure (reward amounts). */
  extra?: (data: AdminTeamStats, t: TFunction<'admin'>) => string;
  color?: (data: AdminTeamStats) => string | undefined;
}

const CARDS: CardSpec[] = [
  {
    key: 'totalMembers',
    icon: <TeamOutlined />,
    value: (d) => formatCount(d.totalMembers),
  },
  {
    key: 'directReferrals',
    icon: <UserAddOutlined />,
    value: (d) => formatCount(d.directReferrals),
  },
  {
    key: 'teamMembers',
    icon: <ApartmentOutlined />,
    value: (d) => formatCount(d.teamMembers),
  },
  {
    key: 'totalRewards',
    icon: <GiftOutlined />,
    value: (d) => formatCount(d.totalRewards),
    extra: (d, t) => t('team.overview.totalAmount', { amount: formatUSDT(d.rewardAmounts.total) }),
  },
  {
    key: 'pendingRewards',
    icon: <ClockCircleOutlined />,
    value: (d) => formatCount(d.pendingRewards),
    extra: (d, t) => t('team.overview.pendingAmount', { amount: formatUSDT(d.rewardAmounts.pending) }),
    color: (d) => (d.pendingRewards > 0 ? PENDING_COLOUR : undefined),
  },
  {
    key: 'todayInvites',
    icon: <RiseOutlined />,
    value: (d) => formatCount(d.todayInvites),
  },
  {
    key: 'activeInviters',
    icon: <CrownOutlined />,
    value: (d) => formatCount(d.activeInviters),
  },
  {
    key: 'maxLevel',
    icon: <ClusterOutlined />,
    value: (d) => levelText(d.maxLevel),
  },
];

/** The eight cards (test ids team-card-<key>), each with its definition behind a question mark. */
export function StatCards({ data }: { data: AdminTeamStats }) {
  const { t } = useTranslation('admin');
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={12} xl={6}>
          <Card size="small" data-testid={`team-card-${card.key}`} style={{ height: '100%' }}>
            <FitStatistic
              title={
                <Flex align="center" gap={6}>
                  {t(`team.overview.cards.${card.key}`)}
                  <HelpTip text={t(`team.overview.help.${card.key}`)} testId={`team-card-help-${card.key}`} />
                </Flex>
              }
              prefix={card.icon}
              value={card.value(data)}
              styles={{ content: { color: card.color?.(data), whiteSpace: 'nowrap' } }}
            />
            {card.extra && (
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}
                data-testid={`team-card-extra-${card.key}`}
              >
                {card.extra(data, t)}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Its title is the catalogue's team.overview.links.<key>. */
interface LinkSpec {
  key: 'hierarchy' | 'rewards' | 'salary';
  path: string;
  icon: ReactNode;
  description: (data: AdminTeamStats, t: TFunction<'admin'>) => string;
  badge?: (data: AdminTeamStats, t: TFunction<'admin'>) => string | null;
}

const LINKS: LinkSpec[] = [
  {
    key: 'hierarchy',
    path: '/admin/team/hierarchy',
    icon: <ClusterOutlined style={{ fontSize: 24, color: '#1677ff' }} />,
    description: (d, t) =>
      t('team.overview.links.hierarchyText', {
        level: levelText(d.maxLevel),
        count: d.totalMembers,
        n: formatCount(d.totalMembers),
      }),
  },
  {
    key: 'rewards',
    path: '/admin/team/rewards',
    icon: <GiftOutlined style={{ fontSize: 24, color: '#d48806' }} />,
    description: (d, t) =>
      t('team.overview.links.rewardsText', {
        count: d.totalRewards,
        n: formatCount(d.totalRewards),
        amount: formatUSDT(d.rewardAmounts.total),
      }),
    badge: (d, t) =>
      d.pendingRewards > 0
        ? t('team.overview.links.rewardsBadge', { n: formatCount(d.pendingRewards) })
        : null,
  },
  {
    key: 'salary',
    path: '/admin/team/salary',
    icon: <DollarOutlined style={{ fontSize: 24, color: '#389e0d' }} />,
    description: (d, t) =>
      t('team.overview.links.salaryText', { count: d.teamMembers, n: formatCount(d.teamMembers) }),
  },
];

/** Cards to the hierarchy (max level), the rewards (pending badge, total) and the salary screen (team users). */
export function LinkCards({ data }: { data: AdminTeamStats }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Row gutter={[16, 16]}>
      {LINKS.map((link) => {
        const badge = link.badge?.(data, t);
        const title = t(`team.overview.links.${link.key}`);
        return (
          <Col key={link.key} xs={24} md={8}>
            <Card
              hoverable
              size="small"
              role="link"
              tabIndex={0}
              aria-label={title}
              onClick={() => navigate(link.path)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') navigate(link.path);
              }}
              data-testid={`team-link-${link.key}`}
              style={{ height: '100%' }}
            >
              <Flex align="center" gap={16}>
                {link.icon}
                <Flex vertical flex={1} style={{ minWidth: 0 }}>
                  <Flex align="center" gap={8} wrap>
                    <Typography.Text strong>{title}</Typography.Text>
                    {badge && (
                      <Badge
                        count={badge}
                        color={PENDING_COLOUR}
                        data-testid={`team-link-badge-${link.key}`}
                      />
                    )}
                  </Flex>
                  <Typography.Text type="secondary" data-testid={`team-link-text-${link.key}`}>
                    {link.description(data, t)}
                  </Typography.Text>
                </Flex>
                <RightOutlined />
              </Flex>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
