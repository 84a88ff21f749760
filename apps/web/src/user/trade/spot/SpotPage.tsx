import type { KlineInterval, TradingPair } from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { Badge, Card, Empty, Grid, Tabs } from 'antd';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { loginUrl } from '../../../lib/navigation.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { signColor } from '../../shared/priceColors.ts';
import { UserPage } from '../../shell/UserPage.tsx';
import { DEFAULT_CHART_INTERVAL, SPOT_CHART_INTERVALS, TradeChart } from '../chart/TradeChart.tsx';
import { TradeHeader } from '../shared/TradeHeader.tsx';
import { useTradeSymbol, useTradingPairs } from '../shared/tradePairs.ts';
import { MarketStats } from './MarketStats.tsx';
import { OrderBookPanel } from './OrderBookPanel.tsx';
import { OrderForm } from './OrderForm.tsx';
import { OrderList, OrdersSignIn } from './OrdersPanel.tsx';
import { EMPTY_DRAFT, type OrderDraft, startingPrice } from './orderForm.ts';
import { BOOK_DEPTH } from './spotApi.ts';
import { TradesPanel } from './TradesPanel.tsx';
import { useOrderBook, useRecentTrades, useSymbolTicker } from './useMarketFeed.ts';
import { useSpotAccount } from './useSpotAccount.ts';

/**
 * Phone: chart, then the form beside the book (as on a trading app), then orders and trades in
 * tabs. From lg up: chart and book side by side, orders, trades and the form under them.
 */
const LAYOUT = {
  phone: {
    gridTemplateColumns: 'minmax(0, 11fr) minmax(0, 9fr)',
    gridTemplateAreas: '"stats stats" "chart chart" "form book" "tabs tabs"',
  },
  desktop: {
    gridTemplateColumns: 'minmax(0, 1fr) 280px 300px',
    gridTemplateAreas: '"stats stats stats" "chart chart book" "orders trades form"',
  },
} satisfies Record<string, CSSProperties>;
const SIZES = {
  phone: { chartHeight: 260, bookRows: 8 },
  desktop: { chartHeight: 400, bookRows: 10 },
};

const area = (name: string, children: ReactNode, style?: CSSProperties) => (
  <div style={{ gridArea: name, minWidth: 0, ...style }}>{children}</div>
);

/** A price from the book or the ticker, cut to the pair's tick, as the price field takes it. */
const toTick = (price: string, places: number) =>
  new Decimal(price).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed();

function SpotScreen({
  pair,
  interval,
  onIntervalChange,
}: {
  pair: TradingPair;
  interval: KlineInterval;
  onIntervalChange: (interval: KlineInterval) => void;
}) {
  const { t } = useTranslation('user');
  const { symbol } = pair;
  const desktop = Boolean(Grid.useBreakpoint().lg);
  const size = desktop ? SIZES.desktop : SIZES.phone;
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(useSessionSnapshot().user);
  const toLogin = () => navigate(loginUrl(location.pathname + location.search));

  const ticker = useSymbolTicker(symbol);
  const book = useOrderBook(symbol);
  const trades = useRecentTrades(symbol);
  const account = useSpotAccount(symbol, signedIn);

  const [draft, setDraft] = useState<OrderDraft>(EMPTY_DRAFT);
  const changeDraft = useCallback(
    (change: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...change })),
    [],
  );
  // The form starts at the last price once the ticker has one: once only, so a price the user
  // cleared to type another is not filled again by the next tick.
  const lastPrice = ticker?.last_price;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || lastPrice === undefined) return;
    started.current = true;
    setDraft((d) => {
      const start = startingPrice(d, lastPrice, pair);
      return start === null ? d : { ...d, price: start };
    });
  }, [lastPrice, pair]);
  const pickPrice = useCallback(
    (price: string) => changeDraft({ type: 'limit', price: toTick(price, pair.price_precision) }),
    [changeDraft, pair.price_precision],
  );

  const place = async (d: OrderDraft) => {
    const body = {
      symbol,
      side: d.side,
      type: d.type,
      amount: d.amount.trim(),
      ...(d.type === 'limit' ? { price: d.price.trim() } : {}),
    };
    return account.place.mutateAsync(body);
  };

  const openOrders = account.openOrders.data?.orders;
  const openList = signedIn ? (
    <OrderList
      orders={openOrders}
      loading={account.openOrders.isPending}
      error={account.openOrders.error}
      onRetry={() => void account.openOrders.refetch()}
      errorTitle={t('trade.spot.openFailed')}
      empty={t('trade.spot.noOpen')}
      pair={pair}
      onCancel={(order) => account.cancel.mutate(order.id)}
      cancellingId={account.cancel.isPending ? account.cancel.variables : undefined}
      testId="spot-open-orders"
    />
  ) : (
    <OrdersSignIn onLogin={toLogin} />
  );
  const historyList = signedIn ? (
    <>
      <OrderList
        orders={account.history.data?.orders}
        loading={account.history.isPending}
        error={account.history.error}
        onRetry={() => void account.history.refetch()}
        errorTitle={t('trade.spot.historyFailed')}
        empty={t('trade.spot.noHistory')}
        pair={pair}
        testId="spot-history"
      />
      <ListFooter
        pagination={account.history.data?.pagination}
        page={account.historyPage}
        noun={t('trade.spot.ordersNoun')}
        onChange={account.setHistoryPage}
        testId="spot-history"
      />
    </>
  ) : (
    <OrdersSignIn onLogin={toLogin} />
  );
  const tradesList = (
    <TradesPanel
      trades={trades.query.data}
      loading={trades.query.isPending}
      error={trades.query.error}
      onRetry={() => void trades.query.refetch()}
      pricePrecision={pair.price_precision}
      amountPrecision={pair.amount_precision}
      maxHeight={desktop ? 420 : undefined}
    />
  );
  const openLabel = (
    <span>
      {t('trade.spot.openOrders')}{' '}
      {openOrders && openOrders.length > 0 && (
        <Badge count={openOrders.length} size="small" color="#1677ff" />
      )}
    </span>
  );
  const orderTabs = [
    { key: 'open', label: openLabel, children: openList },
    { key: 'history', label: t('trade.spot.orderHistory'), children: historyList },
  ];

  return (
    <div style={{ display: 'grid', gap: 8, ...(desktop ? LAYOUT.desktop : LAYOUT.phone) }}>
      {area('stats', <MarketStats ticker={ticker} pair={pair} />, { padding: '0 4px' })}
      {area(
        'chart',
        <TradeChart
          symbol={symbol}
          pricePrecision={pair.price_precision}
          interval={interval}
          onIntervalChange={onIntervalChange}
          intervals={SPOT_CHART_INTERVALS}
          height={size.chartHeight}
          indicators
          depth={{ book: book.query.data, levels: BOOK_DEPTH }}
          testId="spot"
        />,
      )}
      {area(
        'book',
        <OrderBookPanel
          book={book.query.data}
          loading={book.query.isPending}
          error={book.query.error}
          onRetry={() => void book.query.refetch()}
          pricePrecision={pair.price_precision}
          amountPrecision={pair.amount_precision}
          rows={size.bookRows}
          lastPrice={ticker?.last_price}
          lastPriceColor={signColor(ticker?.change_24h)}
          onPickPrice={pickPrice}
        />,
      )}
      {area(
        'form',
        <Card size="small" styles={{ body: { padding: 8 } }}>
          <OrderForm
            pair={pair}
            draft={draft}
            onDraftChange={changeDraft}
            book={book.query.data}
            balances={account.balances}
            signedIn={signedIn}
            place={place}
            placing={account.place.isPending}
          />
        </Card>,
      )}
      {desktop ? (
        <>
          {area(
            'orders',
            <Card size="small" data-testid="spot-orders">
              <Tabs size="small" items={orderTabs} />
            </Card>,
          )}
          {area(
            'trades',
            <Card size="small" title={t('trade.spot.recentTrades')}>
              {tradesList}
            </Card>,
          )}
        </>
      ) : (
        area(
          'tabs',
          <Card size="small" styles={{ body: { paddingTop: 0 } }} data-testid="spot-orders">
            <Tabs
              size="small"
              items={[
                ...orderTabs,
                { key: 'trades', label: t('trade.spot.recentTrades'), children: tradesList },
              ]}
            />
          </Card>,
        )
      )}
    </div>
  );
}

/** /trade/spot/:symbol: the spot trading screen (guests see prices; the form asks them to log in). */
export default function SpotPage() {
  const { t } = useTranslation('user');
  const pairs = useTradingPairs();
  const symbols = useMemo(() => pairs.data?.map((p) => p.symbol), [pairs.data]);
  const symbol = useTradeSymbol('spot', symbols);
  const pair = pairs.data?.find((p) => p.symbol === symbol);
  const [interval, setChartInterval] = useState<KlineInterval>(DEFAULT_CHART_INTERVAL);

  let content: ReactNode;
  if (pairs.isPending) content = <PageLoading />;
  else if (pairs.isError)
    content = (
      <LoadErrorView
        title={t('trade.spot.pairsFailed')}
        reason={errorMessage(pairs.error, '')}
        onRetry={() => void pairs.refetch()}
        retrying={pairs.isFetching}
      />
    );
  else if (!pair) content = <Empty description={t('trade.spot.noPairs')} data-testid="spot-no-pairs" />;
  else
    content = (
      // A new pair starts with an empty form.
      <SpotScreen key={pair.symbol} pair={pair} interval={interval} onIntervalChange={setChartInterval} />
    );

  return (
    <UserPage title={t('trade.spot.title')} testId="spot-page">
      <TradeHeader product="spot" symbols={symbols ?? []} symbol={symbol} />
      {content}
    </UserPage>
  );
}
