import { ReloadOutlined } from '@ant-design/icons';
import { WALLET_OVERVIEW_REFRESH_MS } from '@platform/contracts';
import { formatTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';
import { AssetDistribution } from './overview/AssetDistribution.tsx';
import { EntryCards } from './overview/EntryCards.tsx';
import { SummaryCards, TodayStats, UserStats } from './overview/OverviewStats.tsx';
import { RecentActivities } from './overview/RecentActivities.tsx';
import { RiskMonitor } from './overview/RiskMonitor.tsx';
import { fetchWalletOverview, WALLET_OVERVIEW_QUERY_KEY } from './overview/walletOverviewApi.ts';

/** 钱包概览: the platform's money at a glance, refreshed every 5 minutes and on demand. */
export default function WalletOverviewPage() {
  const { t } = useTranslation('admin');
  const failed = t('walletOverview.loadFailed');
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
        <Typography.Text type="secondary">{t('walletOverview.loading')}</Typography.Text>
      </Flex>
    );
  }
  if (!data) {
    return (
      <LoadErrorView
        title={failed}
        reason={errorMessage(error, failed)}
        onRetry={refresh}
        retrying={isFetching}
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="wallet-overview">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.walletOverview')}
        </Typography.Title>
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">
            {t('walletOverview.updatedAt', { time: formatTime(dataUpdatedAt) })}
          </Typography.Text>
          <Button
            icon={<ReloadOutlined />}
            loading={isFetching}
            onClick={refresh}
            data-testid="wallet-overview-refresh"
          >
            {t('walletOverview.refresh')}
          </Button>
        </Flex>
      </Flex>

      {error && (
        <Alert
          type="warning"
          showIcon
          title={t('walletOverview.failedWith', { title: failed, reason: errorMessage(error, failed) })}
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
