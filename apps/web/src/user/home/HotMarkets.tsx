import { formatPercent } from '@platform/domain';
import { Card, Empty, Flex, Segmented, Skeleton } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionError } from '../../components/SectionError.tsx';
import { useLiveTickers } from '../../lib/market/useLiveTickers.ts';
import { LiveBadge } from '../markets/LiveBadge.tsx';
import { changeColor, LivePrice, MarketListHeader, MarketRowView } from '../markets/MarketRowView.tsx';
import { buildRows, type MarketRow, type MarketSort, sortRows } from '../markets/marketRows.ts';
import { TICKER_REFRESH_MS, useThrottledValue } from '../markets/useThrottledValue.ts';
import { tradePath, useTradingPairs } from '../trade/shared/tradePairs.ts';

const SPOTLIGHT = 3;
const LIST_SIZE = 6;

type Board = 'hot' | 'gainers' | 'losers';
const BOARDS: { value: Board; sort: MarketSort | null }[] = [
  { value: 'hot', sort: null },
  { value: 'gainers', sort: { key: 'change', order: 'desc' } },
  { value: 'losers', sort: { key: 'change', order: 'asc' } },
];

/** One of the first pairs as a tile: pair, live price in the colour of its change, the change. */
function Spotlight({ row }: { row: MarketRow }) {
  const color = changeColor(row.change);
  return (
    <Link
      to={tradePath('spot', row.symbol)}
      data-testid={`spotlight-${row.symbol}`}
      style={{
        flex: 1,
        minWidth: 0,
        padding: '10px 6px',
        borderRadius: 10,
        background: 'var(--app-subtle)',
        color: '#8c8c8c',
        textAlign: 'center',
        fontSize: 12,
      }}
    >
      {row.base}/{row.quote}
      <LivePrice
        row={row}
        style={{ display: 'block', fontSize: 16, fontWeight: 600, color, margin: '2px 0' }}
      />
      <span style={{ color }}>{row.change ? formatPercent(row.change, 2, { sign: true }) : '--'}</span>
    </Link>
  );
}

/** 热门行情: the first pairs as tiles and a short board (hot, gainers, losers), all moving live. */
export function HotMarkets({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation('user');
  const pairs = useTradingPairs();
  const symbols = useMemo(() => pairs.data?.map((p) => p.symbol), [pairs.data]);
  const live = useLiveTickers(symbols);
  const [board, setBoard] = useState<Board>('hot');
  const tickers = useThrottledValue(live.tickers, TICKER_REFRESH_MS);
  const rows = useMemo(() => buildRows(pairs.data ?? [], tickers), [pairs.data, tickers]);
  const sort = BOARDS.find((b) => b.value === board)?.sort ?? null;
  const listed = sortRows(rows, sort).slice(0, LIST_SIZE);

  let body: ReactNode;
  if (pairs.isPending) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (pairs.isError) {
    body = (
      <SectionError
        title={t('markets.pairs.loadFailed')}
        reason={pairs.error.message}
        onRetry={() => void pairs.refetch()}
        retrying={pairs.isFetching}
        testId="hot-markets-error"
      />
    );
  } else if (rows.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('markets.pairs.empty')} />;
  } else {
    body = (
      <Flex vertical gap={10}>
        <Flex gap={8}>
          {rows.slice(0, SPOTLIGHT).map((row) => (
            <Spotlight key={row.symbol} row={row} />
          ))}
        </Flex>
        <Segmented
          block
          size="small"
          value={board}
          onChange={(value) => setBoard(value as Board)}
          options={BOARDS.map(({ value }) => ({ value, label: t(`home.${value}`) }))}
        />
        <div data-testid="hot-markets-list">
          {wide && <MarketListHeader wide />}
          {listed.map((row) => (
            <MarketRowView key={row.symbol} row={row} wide={wide} />
          ))}
        </div>
      </Flex>
    );
  }

  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={8}>
          {t('home.hotMarkets')}
          <LiveBadge transport={live.transport} />
        </Flex>
      }
      extra={
        <Link to="/markets" data-testid="hot-markets-more">
          {t('home.more')}
        </Link>
      }
      data-testid="hot-markets"
    >
      {body}
    </Card>
  );
}
