import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTradingPairs, TRADING_PAIRS_KEY } from '../pairs/pairsApi.ts';
import { FeedStatusCard } from './FeedStatusCard.tsx';
import { HistoricalInitCard } from './HistoricalInitCard.tsx';
import { IntegrityCard } from './IntegrityCard.tsx';
import { LiveTickersCard } from './LiveTickersCard.tsx';
import { LogsCard } from './LogsCard.tsx';
import { useMarketStatus } from './useMarketStatus.ts';

/**
 * 行情数据: the market-data service for operators. Its state and controls, the live tickers, the
 * historical backfill with live progress, the kline integrity check and the service's log. Each
 * section loads (and fails) on its own, so one broken call does not hide the others.
 */
export default function MarketDataPage() {
  const { t } = useTranslation('admin');
  const status = useMarketStatus();
  const pairs = useQuery({ queryKey: TRADING_PAIRS_KEY, queryFn: ({ signal }) => fetchTradingPairs(signal) });
  const symbols = useMemo(() => (pairs.data?.pairs ?? []).map((pair) => pair.symbol), [pairs.data]);

  return (
    <Flex vertical gap={16} data-testid="market-data-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('marketData.page.title')}
      </Typography.Title>
      <FeedStatusCard status={status} />
      <LiveTickersCard />
      <HistoricalInitCard job={status.data?.job ?? null} symbols={symbols} symbolsLoading={pairs.isPending} />
      <IntegrityCard symbols={symbols} />
      <LogsCard />
    </Flex>
  );
}
