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
import { useNavigate } from 'react-router';
import { FitStatistic } from '../../components/FitStatistic.tsx';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
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

export const DASHBOARD_ERROR = '获取统计数据失败';

interface CardSpec {
  key: string;
  title: string;
  icon: ReactNode;
  value: (data: AdminDashboard) => string;
  color?: string;
}

const CARDS: CardSpec[] = [
  {
    key: 'totalUsers',
    title: '总用户数',
    icon: <TeamOutlined />,
    value: (d) => formatCount(d.userStats.totalUsers),
  },
  {
    key: 'newUsersToday',
    title: '今日新增',
    icon: <UserAddOutlined />,
    value: (d) => formatCount(d.userStats.newUsersToday),
  },
  {
    key: 'kycApprovedUsers',
    title: 'KYC已认证',
    icon: <SafetyCertificateOutlined />,
    value: (d) => formatCount(d.userStats.kycApprovedUsers),
    color: '#389e0d',
  },
  {
    key: 'totalDeposits',
    title: '充值总额',
    icon: <DownloadOutlined />,
    value: (d) => formatUSDT(d.financialStats.totalDeposits),
  },
  {
    key: 'pendingDeposits',
    title: '待审核充值',
    icon: <ClockCircleOutlined />,
    value: (d) => formatCount(d.financialStats.pendingDeposits),
    color: '#d48806',
  },
  {
    key: 'totalWithdrawals',
    title: '提现总额',
    icon: <UploadOutlined />,
    value: (d) => formatUSDT(d.financialStats.totalWithdrawals),
  },
  {
    key: 'pendingWithdrawals',
    title: '待处理提现',
    icon: <ClockCircleOutlined />,
    value: (d) => formatCount(d.financialStats.pendingWithdrawals),
    color: '#d48806',
  },
  {
    key: 'pendingTasks',
    title: '待处理事项',
    icon: <AuditOutlined />,
    value: (d) => formatCount(pendingTaskTotal(d)),
    color: '#cf1322',
  },
];

/** The review links open their queue with the waiting filter selected. */
const QUICK_LINKS = [
  { key: 'users', title: '用户管理', path: '/admin/users' },
  { key: 'deposits', title: '充值审核', path: PENDING_PATHS.deposits },
  { key: 'withdrawals', title: '提现审核', path: PENDING_PATHS.withdrawals },
  { key: 'kyc', title: 'KYC审核', path: PENDING_PATHS.kyc },
] as const;

/** 仪表盘: platform counts, refreshed every 30 s, quick links and the list of waiting work. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => fetchDashboard(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const { data, error, isFetching, refetch, dataUpdatedAt } = query;

  if (query.isPending) return <PageLoading />;
  if (!data) {
    return (
      <LoadErrorView
        title={DASHBOARD_ERROR}
        reason={errorMessage(error, DASHBOARD_ERROR)}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  const tasks = pendingTasks(data);
  return (
    <Flex vertical gap={16} data-testid="dashboard">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          仪表盘
        </Typography.Title>
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">更新于 {formatTime(dataUpdatedAt)}</Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            loading={isFetching}
            onClick={() => void refetch()}
            data-testid="dashboard-refresh"
          >
            刷新
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
          title={`${DASHBOARD_ERROR}: ${errorMessage(error, DASHBOARD_ERROR)}`}
        />
      )}

      <Row gutter={[16, 16]}>
        {CARDS.map((card) => (
          <Col key={card.key} xs={12} md={8} xl={6}>
            <Card size="small" data-testid={`dashboard-card-${card.key}`}>
              <FitStatistic
                title={card.title}
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
          <Card title="快捷入口" size="small">
            <Row gutter={[12, 12]}>
              {QUICK_LINKS.map((link) => (
                <Col key={link.key} span={12}>
                  <Button
                    block
                    onClick={() => navigate(link.path)}
                    data-testid={`dashboard-link-${link.key}`}
                  >
                    {link.title}
                  </Button>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="待处理事项" size="small">
            {tasks.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待处理事项" />
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
                      立即处理
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
