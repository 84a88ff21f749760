import { FileTextOutlined } from '@ant-design/icons';
import { TRADING_OVERVIEW_REFRESH_MS } from '@platform/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { OverviewFrame } from '../../components/OverviewFrame.tsx';
import { EntryCards, RealtimeBlock, StatCards } from './overview/OverviewCards.tsx';
import { OrderStatsBlock, RecentTrades, TopPairs } from './overview/OverviewLists.tsx';
import { fetchTradingStats, TRADING_STATS_KEY } from './overview/tradingOverviewApi.ts';

/**
 * 交易概览 (spec 001 §2): the trading figures of every product, refreshed every 60 s and on demand,
 * entry cards to the trading screens, today's figures, the top pairs, the newest orders and the
 * order statistics. Every figure is defined in packages/contracts/src/trading-admin.ts.
 */
export default function TradingOverviewPage() {
  const { t } = useTranslation('admin');
  return (
    <OverviewFrame
      title={t('marketData.overview.title')}
      testId="trading"
      queryKey={TRADING_STATS_KEY}
      fetch={fetchTradingStats}
      refreshMs={TRADING_OVERVIEW_REFRESH_MS}
      loadFailed={t('marketData.overview.loadFailed')}
      link={{
        to: '/admin/trading/orders',
        label: t('marketData.overview.orders'),
        icon: <FileTextOutlined />,
        testId: 'trading-go-orders',
      }}
    >
      {(data) => (
        <>
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
        </>
      )}
    </OverviewFrame>
  );
}
