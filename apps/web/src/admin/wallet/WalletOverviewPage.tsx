import { ReloadOutlined } from '@ant-design/icons';
import { WALLET_OVERVIEW_REFRESH_MS } from '@platform/contracts';
import { formatTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Spin, Typography } from 'antd';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';
import { AssetDistribution } from './overview/AssetDistribution.tsx';
import { EntryCards } from './overview/EntryCards.tsx';
import { SummaryCards, TodayStats, UserStats } from './overview/OverviewStats.tsx';
import { RecentActivities } from './overview/RecentActivities.tsx';
import { RiskMonitor } from './overview/RiskMonitor.tsx';
import { fetchWalletOverview, WALLET_OVERVIEW_QUERY_KEY } from './overview/walletOverviewApi.ts';

export const WALLET_OVERVIEW_ERROR = '获取钱包概览数据失败';

/** 钱包概览: the platform's money at a glance, refreshed every 5 minutes and on demand. */
export default function WalletOverviewPage() {
  const query = useQuery({
    queryKey: WALLET_OVERVIEW_QUERY_KEY,
    queryFn: ({ signal }) => fetchWalletOverview(signal),
    refetchInterval: WALLET_OVERVIEW_REFRESH_MS,
  });
  const { data, error, isFetching, dataUpdatedAt } = query;
  const refresh = () => void query.refetch();

  if (query.isPending) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={12}
        style={{ minHeight: 240 }}
        data-testid="wallet-overview-loading"
      >
        <Spin size="large" />
        <Typography.Text type="secondary">加载钱包概览数据中...</Typography.Text>
      </Flex>
    );
  }
  if (!data) {
    return (
      <LoadErrorView
        title={WALLET_OVERVIEW_ERROR}
        reason={errorMessage(error, WALLET_OVERVIEW_ERROR)}
        onRetry={refresh}
        retrying={isFetching}
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="wallet-overview">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          钱包概览
        </Typography.Title>
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">更新于 {formatTime(dataUpdatedAt)}</Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            loading={isFetching}
            onClick={refresh}
            data-testid="wallet-overview-refresh"
          >
            刷新
          </Button>
        </Flex>
      </Flex>

      {error && (
        <Alert
          type="warning"
          showIcon
          title={`${WALLET_OVERVIEW_ERROR}: ${errorMessage(error, WALLET_OVERVIEW_ERROR)}`}
        />
      )}

      <UserStats data={data} />
      <SummaryCards data={data} />
      <EntryCards data={data} />
      <RiskMonitor data={data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <AssetDistribution data={data} />
        </Col>
        <Col xs={24} lg={14}>
          <TodayStats data={data} />
        </Col>
      </Row>
      <RecentActivities data={data} onRefresh={refresh} refreshing={isFetching} />
    </Flex>
  );
}
