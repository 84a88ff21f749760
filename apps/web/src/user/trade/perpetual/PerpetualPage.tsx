import { PERPETUAL_MARGIN_CURRENCY, type PerpetualConfigData, type Ticker } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Result, Row, Tabs } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { useLiveTickers } from '../../../lib/market/useLiveTickers.ts';
import { loginUrl } from '../../../lib/navigation.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { UserPage } from '../../shell/UserPage.tsx';
import { TradeHeader } from '../shared/TradeHeader.tsx';
import { useTradeSymbol, useTradingPairs } from '../shared/tradePairs.ts';
import { FundingHistory } from './FundingHistory.tsx';
import { FundingRate } from './FundingRate.tsx';
import { LimitOrders } from './LimitOrders.tsx';
import { MarkPrice } from './MarkPrice.tsx';
import { OpenPositions } from './OpenPositions.tsx';
import { OrderForm } from './OrderForm.tsx';
import { PositionChart } from './PositionChart.tsx';
import { PositionHistory } from './PositionHistory.tsx';
import { fetchPerpetualConfig, perpetualKeys, useLimitOrders, usePositions } from './perpetualApi.ts';

const NO_SYMBOLS: readonly string[] = [];

function GuestPrompt() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Card size="small" data-testid="perpetual-login-prompt">
      <Result
        status="info"
        title={t('perpetual.page.guestTitle')}
        subTitle={t('perpetual.page.guestSubtitle')}
        extra={
          <Flex gap={8} justify="center">
            <Button type="primary" onClick={() => navigate(loginUrl(pathname))}>
              {t('perpetual.page.login')}
            </Button>
            <Button onClick={() => navigate('/register')}>{t('perpetual.page.register')}</Button>
          </Flex>
        }
      />
    </Card>
  );
}

function Trading({
  config,
  symbol,
  tickers,
}: {
  config: PerpetualConfigData;
  symbol: string;
  tickers: ReadonlyMap<string, Ticker>;
}) {
  const { t } = useTranslation('user');
  const open = usePositions('open', 1);
  const waiting = useLimitOrders(1);
  const waitingCount = waiting.data?.pagination.total;
  const openCount = open.data?.pagination.total;
  const pair = config.pairs.find((p) => p.symbol === symbol);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <OrderForm
          config={config}
          symbol={symbol}
          base={pair?.base_currency ?? ''}
          ticker={tickers.get(symbol)}
          openCount={openCount === undefined ? undefined : openCount + (waitingCount ?? 0)}
        />
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small" styles={{ body: { paddingTop: 0 } }}>
          <Tabs
            items={[
              {
                key: 'open',
                label: openCount
                  ? t('perpetual.page.positionsCount', { n: openCount })
                  : t('perpetual.page.positions'),
                children: <OpenPositions config={config} tickers={tickers} />,
              },
              {
                key: 'orders',
                label: waitingCount
                  ? t('perpetual.page.ordersCount', { n: waitingCount })
                  : t('perpetual.page.orders'),
                children: <LimitOrders />,
              },
              { key: 'history', label: t('perpetual.page.history'), children: <PositionHistory /> },
              { key: 'funding', label: t('perpetual.page.funding'), children: <FundingHistory /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/**
 * 永续合约: isolated-margin positions against the reference price (ARCHITECTURE.md, "Trading engines").
 * Guests see the pairs and prices and are asked to log in; the config (and so the form) needs a
 * session.
 */
export default function PerpetualPage() {
  const { t } = useTranslation('user');
  const { token, user } = useSessionSnapshot();
  const signedIn = Boolean(token && user);
  const config = useQuery({
    queryKey: perpetualKeys.config,
    queryFn: ({ signal }) => fetchPerpetualConfig(signal),
    enabled: signedIn,
    staleTime: 30_000,
  });
  const publicPairs = useTradingPairs();
  // The config lists the perpetual pairs; a guest cannot read it, and gets the USDT pairs it is made of.
  const symbols = useMemo(
    () =>
      signedIn
        ? config.data?.pairs.map((p) => p.symbol)
        : publicPairs.data
            ?.filter((p) => p.quote_currency === PERPETUAL_MARGIN_CURRENCY)
            .map((p) => p.symbol),
    [signedIn, config.data, publicPairs.data],
  );
  const symbol = useTradeSymbol('perpetual', symbols);
  // The same pairs as the header's: both hooks then join and leave the same ticker rooms together.
  const { tickers } = useLiveTickers(symbols ?? NO_SYMBOLS);

  const configError = t('perpetual.page.configError');
  let body: ReactNode;
  if (!signedIn) body = <GuestPrompt />;
  else if (config.isPending) body = <PageLoading />;
  else if (config.isError) {
    body = (
      <LoadErrorView
        title={configError}
        reason={errorMessage(config.error, configError)}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  } else if (config.data.pairs.length === 0) {
    body = <Empty description={t('perpetual.page.noPairs')} data-testid="perpetual-no-pairs" />;
  } else if (!symbol) body = <PageLoading />;
  else body = <Trading config={config.data} symbol={symbol} tickers={tickers} />;

  return (
    <UserPage title={t('perpetual.page.title')} testId="perpetual-page">
      <TradeHeader
        product="perpetual"
        symbols={symbols ?? NO_SYMBOLS}
        symbol={symbol}
        extra={
          <Flex gap={12} wrap>
            <MarkPrice
              symbol={symbol}
              pricePrecision={config.data?.pairs.find((p) => p.symbol === symbol)?.price_precision}
              enabled={signedIn && config.isSuccess}
            />
            <FundingRate symbol={symbol} enabled={signedIn && config.isSuccess} />
          </Flex>
        }
      />
      {symbol && <PositionChart symbol={symbol} signedIn={signedIn} />}
      {body}
    </UserPage>
  );
}
