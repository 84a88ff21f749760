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
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FitStatistic } from '../../../components/FitStatistic.tsx';
import { HelpTip } from './HelpTip.tsx';

export const PENDING_COLOUR = '#d48806';

/** "L5" for the deepest level, "-" when there are no users (maxLevel 0). */
export const levelText = (level: number): string => (level > 0 ? `L${level}` : '-');

interface CardSpec {
  key: keyof AdminTeamStats;
  title: string;
  icon: ReactNode;
  /** The figure's definition (contracts/team-admin.ts), shown by the question mark. */
  help: string;
  value: (data: AdminTeamStats) => string;
  /** A second line under the figure (reward amounts). */
  extra?: (data: AdminTeamStats) => string;
  color?: (data: AdminTeamStats) => string | undefined;
}

const CARDS: CardSpec[] = [
  {
    key: 'totalMembers',
    title: '总用户数',
    icon: <TeamOutlined />,
    help: '平台全部账户数（与仪表盘的总用户数相同）',
    value: (d) => formatCount(d.totalMembers),
  },
  {
    key: 'directReferrals',
    title: '直推用户',
    icon: <UserAddOutlined />,
    help: '使用邀请码注册的用户数：每人都是某位用户的直推',
    value: (d) => formatCount(d.directReferrals),
  },
  {
    key: 'teamMembers',
    title: '团队用户',
    icon: <ApartmentOutlined />,
    help: '身处至少两人团队中的用户：被邀请的用户，加上邀请过他人但自己未被邀请的用户',
    value: (d) => formatCount(d.teamMembers),
  },
  {
    key: 'totalRewards',
    title: '总奖励',
    icon: <GiftOutlined />,
    help: '全部状态（待发放与已发放）的奖励记录条数，下方为其金额合计',
    value: (d) => formatCount(d.totalRewards),
    extra: (d) => `合计 ${formatUSDT(d.rewardAmounts.total)}`,
  },
  {
    key: 'pendingRewards',
    title: '待发放奖励',
    icon: <ClockCircleOutlined />,
    help: '等待发放的奖励记录条数，下方为其金额合计',
    value: (d) => formatCount(d.pendingRewards),
    extra: (d) => `待发放 ${formatUSDT(d.rewardAmounts.pending)}`,
    color: (d) => (d.pendingRewards > 0 ? PENDING_COLOUR : undefined),
  },
  {
    key: 'todayInvites',
    title: '今日邀请',
    icon: <RiseOutlined />,
    help: '今天（北京时间）使用邀请码注册的用户数',
    value: (d) => formatCount(d.todayInvites),
  },
  {
    key: 'activeInviters',
    title: '活跃邀请人',
    icon: <CrownOutlined />,
    help: '至少邀请过一名用户的用户数',
    value: (d) => formatCount(d.activeInviters),
  },
  {
    key: 'maxLevel',
    title: '最大层级',
    icon: <ClusterOutlined />,
    help: '所有团队中最深的层级：未使用邀请码注册的用户在 L1，他们的直推在 L2，依此类推',
    value: (d) => levelText(d.maxLevel),
  },
];

/** The eight cards (test ids team-card-<key>), each with its definition behind a question mark. */
export function StatCards({ data }: { data: AdminTeamStats }) {
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((card) => (
        <Col key={card.key} xs={12} xl={6}>
          <Card size="small" data-testid={`team-card-${card.key}`} style={{ height: '100%' }}>
            <FitStatistic
              title={
                <Flex align="center" gap={6}>
                  {card.title}
                  <HelpTip text={card.help} testId={`team-card-help-${card.key}`} />
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
                {card.extra(data)}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

interface LinkSpec {
  key: 'hierarchy' | 'rewards' | 'salary';
  title: string;
  path: string;
  icon: ReactNode;
  description: (data: AdminTeamStats) => string;
  badge?: (data: AdminTeamStats) => string | null;
}

const LINKS: LinkSpec[] = [
  {
    key: 'hierarchy',
    title: '团队层级',
    path: '/admin/team/hierarchy',
    icon: <ClusterOutlined style={{ fontSize: 24, color: '#1677ff' }} />,
    description: (d) => `最大层级 ${levelText(d.maxLevel)}，共 ${formatCount(d.totalMembers)} 名用户`,
  },
  {
    key: 'rewards',
    title: '团队奖励',
    path: '/admin/team/rewards',
    icon: <GiftOutlined style={{ fontSize: 24, color: '#d48806' }} />,
    description: (d) => `共 ${formatCount(d.totalRewards)} 条奖励，合计 ${formatUSDT(d.rewardAmounts.total)}`,
    badge: (d) => (d.pendingRewards > 0 ? `${formatCount(d.pendingRewards)} 待发放` : null),
  },
  {
    key: 'salary',
    title: '团队工资',
    path: '/admin/team/salary',
    icon: <DollarOutlined style={{ fontSize: 24, color: '#389e0d' }} />,
    description: (d) => `团队用户 ${formatCount(d.teamMembers)} 人`,
  },
];

/** Cards to the hierarchy (max level), the rewards (pending badge, total) and the salary screen (team users). */
export function LinkCards({ data }: { data: AdminTeamStats }) {
  const navigate = useNavigate();
  return (
    <Row gutter={[16, 16]}>
      {LINKS.map((link) => {
        const badge = link.badge?.(data);
        return (
          <Col key={link.key} xs={24} md={8}>
            <Card
              hoverable
              size="small"
              role="link"
              tabIndex={0}
              aria-label={link.title}
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
                    <Typography.Text strong>{link.title}</Typography.Text>
                    {badge && (
                      <Badge
                        count={badge}
                        color={PENDING_COLOUR}
                        data-testid={`team-link-badge-${link.key}`}
                      />
                    )}
                  </Flex>
                  <Typography.Text type="secondary" data-testid={`team-link-text-${link.key}`}>
                    {link.description(data)}
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
