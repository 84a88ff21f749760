import { MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET, type TradingPair } from '@platform/contracts';
import { formatCompact, formatNumber, formatTime, toDec } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, Space, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionError } from '../../../components/SectionError.tsx';
import { MARKETS_POLL_MS, type Ticker, useLiveTickers } from '../../../lib/market/useLiveTickers.ts';
import { errorMessage } from '../../../lib/request.ts';
import { ChangeText, FALL_COLOUR, RISE_COLOUR } from '../pairs/PairsTable.tsx';
import { fetchTradingPairs, TRADING_PAIRS_KEY } from '../pairs/pairsApi.ts';
import { sourceName } from '../price-sources/PriceSourceTable.tsx';

/** How long a moved price stays highlighted. */
export const PRICE_FLASH_MS = 800;

/** The ticker's source: the simulator, or a venue by its name. */
const sourceText = (source: string, t: TFunction<'admin'>) =>
  source === 'sim' ? t('marketData.tickers.sim') : sourceName(source, t);

type Flash = 'up' | 'down';
const FLASH_STYLES: Record<Flash, { color: string; background: string }> = {
  up: { color: RISE_COLOUR, background: 'rgba(56, 158, 13, 0.16)' },
  down: { color: FALL_COLOUR, background: 'rgba(207, 19, 34, 0.14)' },
};

interface Row {
  symbol: string;
  pair: TradingPair | undefined;
  ticker: Ticker | undefined;
}

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * A price with every place of the pair's tick size, so that a moving column does not change width;
 * for an unknown pair, the places it carries (2 to 8).
 */
function priceText(value: string | undefined, pair: TradingPair | undefined): string {
  if (value === undefined) return '-';
  if (!pair) return formatNumber(value, 8, { minDecimals: 2 });
  return formatNumber(value, pair.price_precision);
}

/** The last price, lit green or red for a moment when it moves up or down. */
function LastPrice({ row }: { row: Row }) {
  const price = row.ticker?.last_price;
  const previous = useRef(price);
  const [flash, setFlash] = useState<Flash | null>(null);

  useEffect(() => {
    const before = toDec(previous.current ?? null);
    const now = toDec(price ?? null);
    previous.current = price;
    if (!before || !now || before.eq(now)) {
      setFlash(null);
      return;
    }
    setFlash(now.gt(before) ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), PRICE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);

  return (
    <span
      data-testid={`live-price-${row.symbol}`}
      data-flash={flash ?? undefined}
      style={{
        ...numeric,
        fontWeight: 600,
        padding: '1px 6px',
        borderRadius: 4,
        transition: 'background-color 0.3s, color 0.3s',
        ...(flash ? FLASH_STYLES[flash] : { background: 'transparent' }),
      }}
    >
      {priceText(price, row.pair)}
    </span>
  );
}

function Volume({ row }: { row: Row }) {
  const { t } = useTranslation('admin');
  const ticker = row.ticker;
  if (!ticker) return '-';
  const base = row.pair ? ` ${row.pair.base_currency}` : '';
  const quote = row.pair ? ` ${row.pair.quote_currency}` : '';
  const tip = t('marketData.tickers.volumeTip', {
    volume: formatNumber(ticker.volume_24h, 8, { minDecimals: 0 }),
    base,
    turnover: formatNumber(ticker.quote_volume_24h, 2),
    quote,
  });
  return (
    <Tooltip title={tip}>
      <span style={numeric}>
        {formatCompact(ticker.volume_24h)}
        {base}
      </span>
    </Tooltip>
  );
}

const columnsOf = (t: TFunction<'admin'>): TableColumnsType<Row> => [
  {
    title: t('marketData.tickers.symbol'),
    key: 'symbol',
    fixed: 'left',
    render: (_, row) => <Typography.Text strong>{row.symbol}</Typography.Text>,
  },
  {
    title: t('marketData.tickers.last'),
    key: 'last',
    align: 'right',
    render: (_, row) => <LastPrice row={row} />,
  },
  {
    title: t('marketData.tickers.change'),
    key: 'change',
    align: 'right',
    render: (_, row) => (
      <span data-testid={`live-change-${row.symbol}`}>
        <ChangeText value={row.ticker?.change_24h ?? null} />
      </span>
    ),
  },
  {
    title: t('marketData.tickers.high'),
    key: 'high',
    align: 'right',
    render: (_, row) => <span style={numeric}>{priceText(row.ticker?.high_24h, row.pair)}</span>,
  },
  {
    title: t('marketData.tickers.low'),
    key: 'low',
    align: 'right',
    render: (_, row) => <span style={numeric}>{priceText(row.ticker?.low_24h, row.pair)}</span>,
  },
  {
    title: t('marketData.tickers.volume'),
    key: 'volume',
    align: 'right',
    render: (_, row) => <Volume row={row} />,
  },
  {
    title: t('marketData.tickers.bid'),
    key: 'bid',
    align: 'right',
    render: (_, row) => (
      <span style={{ ...numeric, color: RISE_COLOUR }}>{priceText(row.ticker?.bid, row.pair)}</span>
    ),
  },
  {
    title: t('marketData.tickers.ask'),
    key: 'ask',
    align: 'right',
    render: (_, row) => (
      <span style={{ ...numeric, color: FALL_COLOUR }}>{priceText(row.ticker?.ask, row.pair)}</span>
    ),
  },
  {
    title: t('marketData.tickers.source'),
    key: 'source',
    render: (_, row) => (row.ticker ? sourceText(row.ticker.source, t) : '-'),
  },
  {
    title: t('marketData.tickers.updatedAt'),
    key: 'updated_at',
    render: (_, row) => (
      <span style={numeric} data-testid={`live-time-${row.symbol}`}>
        {row.ticker ? formatTime(row.ticker.updated_at) : '-'}
      </span>
    ),
  },
];

/**
 * 实时行情: every enabled pair's ticker, pushed over the socket (polled every 5 s while it is down),
 * so that an operator sees the markets move.
 */
export function LiveTickersCard() {
  const { t } = useTranslation('admin');
  const pairs = useQuery({ queryKey: TRADING_PAIRS_KEY, queryFn: ({ signal }) => fetchTradingPairs(signal) });
  const enabled = useMemo(() => pairs.data?.pairs.filter((pair) => pair.enabled), [pairs.data]);
  const enabledSymbols = useMemo(() => enabled?.map((pair) => pair.symbol), [enabled]);
  const live = useLiveTickers(enabledSymbols);
  const { query } = live;

  const rows = useMemo<Row[]>(() => {
    const bySymbol = new Map((pairs.data?.pairs ?? []).map((pair) => [pair.symbol, pair]));
    return live.symbols.map((symbol) => ({
      symbol,
      pair: bySymbol.get(symbol),
      ticker: live.tickers.get(symbol),
    }));
  }, [live.symbols, live.tickers, pairs.data]);

  const pushedAll = live.transport === 'live' && live.liveCount >= rows.length;
  const seconds = MARKETS_POLL_MS / 1000;
  const transportHint =
    live.transport !== 'live'
      ? t('marketData.tickers.polling', { seconds })
      : pushedAll
        ? t('marketData.tickers.pushed', { count: live.liveCount, n: live.liveCount })
        : t('marketData.tickers.pushedSome', {
            count: live.liveCount,
            n: live.liveCount,
            seconds,
            max: MAX_MARKET_SUBSCRIPTIONS_PER_SOCKET,
          });
  const columns = useMemo(() => columnsOf(t), [t]);
  const noData = live.tickers.size === 0;

  return (
    <Card
      title={t('marketData.tickers.title')}
      data-testid="live-tickers"
      extra={
        <Space size={12}>
          {query.isError && !noData && (
            <Typography.Text type="warning" data-testid="live-tickers-stale">
              {t('marketData.tickers.stale', {
                reason: errorMessage(query.error, t('marketData.unknownError')),
              })}
            </Typography.Text>
          )}
          {rows.length > 0 && (
            <Typography.Text type="secondary" data-testid="live-tickers-count">
              {t('marketData.tickers.count', { count: rows.length, n: rows.length })}
            </Typography.Text>
          )}
          <Tooltip title={transportHint}>
            <Badge
              status={live.transport === 'live' ? 'processing' : 'warning'}
              color={live.transport === 'live' ? RISE_COLOUR : undefined}
              text={t(live.transport === 'live' ? 'marketData.tickers.live' : 'marketData.tickers.poll')}
              data-testid="live-tickers-transport"
            />
          </Tooltip>
        </Space>
      }
    >
      {query.isError && noData ? (
        <SectionError
          title={t('marketData.tickers.loadFailed')}
          reason={errorMessage(query.error, '')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="live-tickers-error"
        />
      ) : (
        <Table<Row>
          rowKey="symbol"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={query.isPending && noData}
          pagination={false}
          scroll={{ x: 'max-content', y: 400 }}
          onRow={(row) => ({ 'data-testid': `live-ticker-${row.symbol}` }) as HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <span data-testid="live-tickers-empty">
                    {t(query.isPending ? 'marketData.loading' : 'marketData.tickers.empty')}
                  </span>
                }
              />
            ),
          }}
        />
      )}
    </Card>
  );
}
