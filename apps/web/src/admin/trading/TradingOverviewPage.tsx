import { FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { ADMIN_TRADING_TEXTS, TRADING_OVERVIEW_REFRESH_MS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { errorMessage } from '../../lib/request.ts';
import { EntryCards, RealtimeBlock, StatCards } from './overview/OverviewCards.tsx';
import { OrderStatsBlock, RecentTrades, TopPairs } from './overview/OverviewLists.tsx';
import { fetchTradingStats, TRADING_STATS_KEY } from './overview/tradingOverviewApi.ts';

const LOAD_FAILED = ADMIN_TRADING_TEXTS.statsLoadFailed;

/**
 * 交易概览 (spec 001 §2): the trading figures of every product, refreshed every 60 s and on demand,
 * entry cards to the trading screens, today's figures, the top pairs, the newest orders and the
 * order statistics. Every figure is defined in packages/contracts/src/trading-admin.ts.
 */
export default function TradingOverviewPage() {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: TRADING_STATS_KEY,
    queryFn: ({ signal }) => fetchTradingStats(signal),
    refetchInterval: TRADING_OVERVIEW_REFRESH_MS,
  });
  const { data, error, isFetching, dataUpdatedAt } = query;
  const refresh = () => void query.refetch();

  if (query.isPending) return <PageLoading />;
  if (!data) {
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(error, LOAD_FAILED)}
        onRetry={refresh}
        retrying={isFetching}
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="trading-overview">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          交易概览
        </Typography.Title>
        <Flex align="center" gap={12} wrap>
          <Typography.Text type="secondary" data-testid="trading-updated-at">
            最后更新：{formatDateTime(dataUpdatedAt)}
          </Typography.Text>
          <Button
            icon={<FileTextOutlined />}
            onClick={() => navigate('/admin/trading/orders')}
            data-testid="trading-go-orders"
          >
            订单管理
          </Button>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={isFetching}
            onClick={refresh}
            data-testid="trading-refresh"
          >
            刷新
          </Button>
        </Flex>
      </Flex>

      {error && (
        <Alert type="warning" showIcon title={`${LOAD_FAILED}: ${errorMessage(error, LOAD_FAILED)}`} />
      )}

      <StatCards data={data} />
      <EntryCards data={data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <RealtimeBlock data={data} />
        </Col>
        <Col xs={24} lg={12}>
          <OrderStatsBlock data={data} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <TopPairs data={data} />
        </Col>
        <Col xs={24} lg={14}>
          <RecentTrades data={data} />
        </Col>
      </Row>
    </Flex>
  );
}
