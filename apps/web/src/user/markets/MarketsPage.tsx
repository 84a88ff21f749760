import { CaretDownOutlined, CaretUpOutlined, SearchOutlined } from '@ant-design/icons';
import { Card, Empty, Grid, Input, Tabs, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { SectionError } from '../../components/SectionError.tsx';
import { useLiveTickers } from '../../lib/market/useLiveTickers.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { useTradingPairs } from '../trade/shared/tradePairs.ts';
import { useFavorites } from './favorites.ts';
import { LiveBadge } from './LiveBadge.tsx';
import { MarketListHeader, MarketRowView } from './MarketRowView.tsx';
import { buildRows, filterRows, type MarketSort, nextSort, type SortKey, sortRows } from './marketRows.ts';
import { TICKER_REFRESH_MS, useThrottledValue } from './useThrottledValue.ts';

type MarketTab = 'all' | 'favorites';

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  align = 'left',
}: {
  label: string;
  sortKey: SortKey;
  sort: MarketSort | null;
  onSort: (key: SortKey) => void;
  align?: 'left' | 'right';
}) {
  const order = sort?.key === sortKey ? sort.order : null;
  const on = (dir: 'asc' | 'desc') => (order === dir ? '#1677ff' : '#d9d9d9');
  return (
    <button
      type="button"
      onClick={() => onSort(sortKey)}
      data-testid={`sort-${sortKey}`}
      data-order={order ?? 'none'}
      style={{
        border: 0,
        background: 'transparent',
        padding: 0,
        cursor: 'pointer',
        color: 'inherit',
        font: 'inherit',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: align === 'right' ? 'flex-end' : 'flex-start',
        gap: 2,
      }}
    >
      {label}
      <span style={{ display: 'inline-flex', flexDirection: 'column', fontSize: 8, lineHeight: 1 }}>
        <CaretUpOutlined style={{ color: on('asc') }} />
        <CaretDownOutlined style={{ color: on('desc') }} />
      </span>
    </button>
  );
}

function EmptyList({ children }: { children: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={children} style={{ padding: '32px 0' }} />;
}

/**
 * 行情: every enabled pair with its live price, 24h change and turnover; search, favourites (自选,
 * the server's when signed in, this device's otherwise), sorting by change or turnover. A line opens the pair's spot screen.
 */
export default function MarketsPage() {
  const { t } = useTranslation('user');
  const wide = Boolean(Grid.useBreakpoint().md);
  const [params, setParams] = useSearchParams();
  const tab: MarketTab = params.get('tab') === 'favorites' ? 'favorites' : 'all';
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MarketSort | null>(null);
  const { favorites, toggle: toggleFavorite } = useFavorites();

  const pairs = useTradingPairs();
  const symbols = useMemo(() => pairs.data?.map((p) => p.symbol), [pairs.data]);
  const live = useLiveTickers(symbols);

  const tickers = useThrottledValue(live.tickers, TICKER_REFRESH_MS);
  const allRows = useMemo(() => buildRows(pairs.data ?? [], tickers), [pairs.data, tickers]);
  const shown = useMemo(
    () => sortRows(filterRows(allRows, search, tab === 'favorites' ? favorites : null), sort),
    [allRows, search, tab, favorites, sort],
  );

  if (pairs.isPending) return <PageLoading />;
  if (pairs.isError) {
    return (
      <UserPage title={t('markets.title')} testId="markets-page">
        <LoadErrorView
          title={t('markets.pairs.loadFailed')}
          reason={pairs.error.message}
          onRetry={() => void pairs.refetch()}
          retrying={pairs.isFetching}
        />
      </UserPage>
    );
  }

  const favoriteSet = new Set(favorites);
  let empty: ReactNode = null;
  if (allRows.length === 0) empty = t('markets.pairs.empty');
  else if (shown.length === 0 && search.trim()) empty = t('markets.pairs.noMatch');
  else if (shown.length === 0) empty = t('markets.noFavorites');

  return (
    <UserPage
      title={t('markets.title')}
      testId="markets-page"
      extra={<LiveBadge transport={live.transport} />}
    >
      <Input
        allowClear
        size="large"
        prefix={<SearchOutlined style={{ color: '#bfbfbf' }} />}
        placeholder={t('markets.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-testid="markets-search"
        aria-label={t('markets.searchLabel')}
        style={wide ? { maxWidth: 420 } : undefined}
      />
      {live.query.isError && !live.query.data && (
        <SectionError
          title={t('markets.tickersFailed')}
          reason={live.query.error.message}
          onRetry={() => void live.query.refetch()}
          retrying={live.query.isFetching}
          testId="tickers-error"
        />
      )}
      <Card styles={{ body: { padding: '0 12px 4px' } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'favorites' ? { tab: 'favorites' } : {}, { replace: true })}
          items={[
            { key: 'all', label: t('markets.all') },
            {
              key: 'favorites',
              label: favorites.length
                ? t('markets.favoritesCount', { n: favorites.length })
                : t('markets.favorites'),
            },
          ]}
          style={{ marginBottom: 0 }}
          data-testid="markets-tabs"
        />
        <MarketListHeader
          wide={wide}
          withFavorites
          pair={
            <SortHeader
              label={t('markets.pairVolume')}
              sortKey="volume"
              sort={sort}
              onSort={(k) => setSort(nextSort(sort, k))}
            />
          }
          change={
            <SortHeader
              label={t('markets.change')}
              sortKey="change"
              sort={sort}
              onSort={(k) => setSort(nextSort(sort, k))}
              align="right"
            />
          }
        />
        {empty ? (
          <EmptyList>{empty}</EmptyList>
        ) : (
          <div data-testid="markets-list">
            {shown.map((row) => (
              <MarketRowView
                key={row.symbol}
                row={row}
                wide={wide}
                favorite={favoriteSet.has(row.symbol)}
                onToggleFavorite={toggleFavorite}
              />
            ))}
          </div>
        )}
      </Card>
      {!empty && (
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('markets.count', { n: shown.length })}
        </Typography.Text>
      )}
    </UserPage>
  );
}
