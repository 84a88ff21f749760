import {
  AuditOutlined,
  ClockCircleOutlined,
  DownloadOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UploadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { type AdminDashboard, DASHBOARD_REFRESH_MS } from '@platform/contracts';
import { formatCount, formatTime, formatUSDT } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FitStatistic } from '../../components/FitStatistic.tsx';
import { unloadedView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';
import {
  DASHBOARD_QUERY_KEY,
  fetchDashboard,
  PENDING_PATHS,
  pendingTasks,
  pendingTaskTotal,
} from './dashboardApi.ts';
import { NearThresholdCard } from './NearThresholdCard.tsx';
import { PriceSourceBanner } from './PriceSourceBanner.tsx';
import { ReconciliationAlertBanner } from './ReconciliationAlertBanner.tsx';
import { RiskAlertBanner } from './RiskAlertBanner.tsx';
import { SecondApprovalsCard } from './SecondApprovalsCard.tsx';
import { SetupChecklistCard } from './SetupChecklistCard.tsx';

/** The cards, each titled by its key in the catalogue (dashboard.cards). */
type CardKey =
  | 'totalUsers'
  | 'newUsersToday'
  | 'kycApprovedUsers'
  | 'totalDeposits'
  | 'pendingDeposits'
  | 'totalWithdrawals'
  | 'pendingWithdrawals'
  | 'pendingTasks';

interface CardSpec {
  key: CardKey;
  icon: ReactNode;
  value: (data: AdminDashboard) => string;
  color?: string;
}

const CARDS: CardSpec[] = [
  {
    key: 'totalUsers',
    icon: <TeamOutlined />,
    value: (d) => formatCount(d.userStats.totalUsers),
  },
  {
    key: 'newUsersToday',
    icon: <UserAddOutlined />,
    value: (d) => formatCount(d.userStats.newUsersToday),
  },
  {
    key: 'kycApprovedUsers',
    icon: <SafetyCertificateOutlined />,
    value: (d) => formatCount(d.userStats.kycApprovedUsers),
    color: '#389e0d',
  },
  {
    key: 'totalDeposits',
    icon: <DownloadOutlined />,
    value: (d) => formatUSDT(d.financialStats.totalDeposits),
  },
  {
    key: 'pendingDeposits',
    icon: <ClockCircleOutlined />,
    value: (d) => formatCount(d.financialStats.pendingDeposits),
    color: '#d48806',
  },
  {
    key: 'totalWithdrawals',
    icon: <UploadOutlined />,
    value: (d) => formatUSDT(d.financialStats.totalWithdrawals),
  },
  {
    key: 'pendingWithdrawals',
    icon: <ClockCircleOutlined />,
    value: (d) => formatCount(d.financialStats.pendingWithdrawals),
    color: '#d48806',
  },
  {
    key: 'pendingTasks',
    icon: <AuditOutlined />,
    value: (d) => formatCount(pendingTaskTotal(d)),
    color: '#cf1322',
  },
];

/** The review links open their queue with the waiting filter selected. */
const QUICK_LINKS = [
  { key: 'users', path: '/admin/users' },
  { key: 'deposits', path: PENDING_PATHS.deposits },
  { key: 'withdrawals', path: PENDING_PATHS.withdrawals },
  { key: 'kyc', path: PENDING_PATHS.kyc },
] as const;

/** 仪表盘: platform counts, refreshed every 30 s, quick links and the list of waiting work. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => fetchDashboard(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const { data, error, isFetching, refetch, dataUpdatedAt } = query;

  const loadFailed = t('dashboard.loadFailed');
  if (!data) return unloadedView(query, loadFailed);

  const tasks = pendingTasks(data, t);
  return (
    <Flex vertical gap={16} data-testid="dashboard">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('dashboard.title')}
        </Typography.Title>
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">
            {t('dashboard.updatedAt', { time: formatTime(dataUpdatedAt) })}
          </Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            loading={isFetching}
            onClick={() => void refetch()}
            data-testid="dashboard-refresh"
          >
            {t('dashboard.refresh')}
          </Button>
        </Flex>
      </Flex>

      <ReconciliationAlertBanner />
      <PriceSourceBanner />
      <RiskAlertBanner />
      <SetupChecklistCard />

      {error && (
        <Alert
          type="warning"
          showIcon
          title={t('dashboard.failedWith', { title: loadFailed, reason: errorMessage(error, loadFailed) })}
        />
      )}

      <Row gutter={[16, 16]}>
        {CARDS.map((card) => (
          <Col key={card.key} xs={12} md={8} xl={6}>
            <Card size="small" data-testid={`dashboard-card-${card.key}`}>
              <FitStatistic
                title={t(`dashboard.cards.${card.key}`)}
                prefix={card.icon}
                value={card.value(data)}
                styles={card.color ? { content: { color: card.color } } : undefined}
              />
            </Card>
          </Col>
        ))}
      </Row>

      <SecondApprovalsCard data={data} />

      <NearThresholdCard data={data} />

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('dashboard.quickLinks')} size="small">
            <Row gutter={[12, 12]}>
              {QUICK_LINKS.map((link) => (
                <Col key={link.key} span={12}>
                  <Button
                    block
                    onClick={() => navigate(link.path)}
                    data-testid={`dashboard-link-${link.key}`}
                  >
                    {t(`dashboard.links.${link.key}`)}
                  </Button>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('dashboard.tasks')} size="small">
            {tasks.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noTasks')} />
            ) : (
              <Flex vertical>
                {tasks.map((task, index) => (
                  <Flex
                    key={task.key}
                    align="center"
                    justify="space-between"
                    gap={12}
                    data-testid={`dashboard-task-${task.key}`}
                    style={{ padding: '10px 0', borderTop: index ? '1px solid #f0f0f0' : undefined }}
                  >
                    <Flex vertical>
                      <Typography.Text strong>
                        {task.title} <Badge count={task.count} overflowCount={9999} />
                      </Typography.Text>
                      <Typography.Text type="secondary">{task.description}</Typography.Text>
                    </Flex>
                    <Button
                      type="primary"
                      size="small"
                      onClick={() => navigate(task.path)}
                      data-testid={`dashboard-task-${task.key}-go`}
                    >
                      {t('dashboard.handle')}
                    </Button>
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
