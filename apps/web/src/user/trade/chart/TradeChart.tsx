import type { KlineInterval, OrderBook } from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { Card, Flex, Segmented, Spin, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { panelStatus } from '../spot/panelStatus.tsx';
import { useKlines } from '../spot/useMarketFeed.ts';
import type { ChartLine } from './chartLines.ts';
import type { IndicatorToggles } from './PriceChart.tsx';

/**
 * The one price chart of the trade screens (spot, flash, option, perpetual): interval switch,
 * candles fed by the kline API and the socket's forming candle (useKlines), the caller's price
 * lines, and on spot the MA/BOLL toggles and the depth view. The canvases and lightweight-charts
 * are their own chunk, downloaded when a chart is first shown.
 */

/** The intervals traders switch between on the contract screens (the contract has more). */
export const CHART_INTERVALS = [
  '1m',
  '5m',
  '15m',
  '30m',
  '1h',
  '4h',
  '1d',
] as const satisfies readonly KlineInterval[];
/** Spot adds the long views. */
export const SPOT_CHART_INTERVALS = [
  ...CHART_INTERVALS,
  '1w',
  '1M',
] as const satisfies readonly KlineInterval[];
export const DEFAULT_CHART_INTERVAL: KlineInterval = '15m';
/** Chips above the chart; every line is still drawn on it. */
const LINE_CHIPS = 3;

const loadPriceChart = () => import('./PriceChart.tsx');
const loadDepthChart = () => import('./DepthChart.tsx');
let PriceChart = lazy(loadPriceChart);
let DepthChart = lazy(loadDepthChart);
/** React.lazy remembers a failed download for ever: 重试 starts a new one. */
function retryChartDownload() {
  PriceChart = lazy(loadPriceChart);
  DepthChart = lazy(loadDepthChart);
}

const DEPTH = 'depth';

export interface TradeChartProps {
  symbol: string;
  pricePrecision: number;
  height: number;
  intervals?: readonly KlineInterval[];
  /** A controlled interval (spot keeps it across pairs); without it the chart keeps its own. */
  interval?: KlineInterval;
  onIntervalChange?: (interval: KlineInterval) => void;
  defaultInterval?: KlineInterval;
  /** Entry prices of the caller's open contracts or positions. */
  lines?: readonly ChartLine[];
  /** Offers the MA and BOLL toggles. */
  indicators?: boolean;
  /** Offers the depth view, drawn from this book. */
  depth?: { book: OrderBook | undefined; levels: number };
  /** Prefix of the test ids: <prefix>-chart, <prefix>-chart-panel, <prefix>-interval. */
  testId?: string;
}

function Centered({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Flex align="center" justify="center" style={{ height }}>
      {children}
    </Flex>
  );
}

function LineChips({
  lines,
  pricePrecision,
  testId,
}: {
  lines: readonly ChartLine[];
  pricePrecision: number;
  testId: string;
}) {
  if (lines.length === 0) return null;
  const hidden = lines.length - LINE_CHIPS;
  return (
    <Flex gap={4} wrap style={{ fontSize: 12 }}>
      {lines.slice(0, LINE_CHIPS).map((line) => (
        <Tag
          key={line.id}
          color={line.color}
          variant="outlined"
          style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}
          data-testid={`${testId}-chart-line`}
        >
          {line.title} · {formatNumber(line.price, pricePrecision)}
        </Tag>
      ))}
      {hidden > 0 && <Tag style={{ marginInlineEnd: 0 }}>+{hidden}</Tag>}
    </Flex>
  );
}

export function TradeChart({
  symbol,
  pricePrecision,
  height,
  intervals = CHART_INTERVALS,
  interval: controlled,
  onIntervalChange,
  defaultInterval = DEFAULT_CHART_INTERVAL,
  lines = [],
  indicators: offerIndicators = false,
  depth,
  testId = 'price',
}: TradeChartProps) {
  const { t } = useTranslation('user');
  const [own, setOwn] = useState<KlineInterval>(defaultInterval);
  const interval = controlled ?? own;
  const [view, setView] = useState<'kline' | typeof DEPTH>('kline');
  const [indicators, setIndicators] = useState<IndicatorToggles>({ ma: true, boll: false });
  const shown: IndicatorToggles = offerIndicators ? indicators : { ma: false, boll: false };
  const { query } = useKlines(symbol, interval);
  const klines = query.data;

  const choose = (value: string) => {
    if (value === DEPTH) {
      setView(DEPTH);
      return;
    }
    setView('kline');
    setOwn(value as KlineInterval);
    onIntervalChange?.(value as KlineInterval);
  };

  const overlay =
    view === 'kline'
      ? panelStatus({
          loaded: Boolean(klines),
          empty: klines?.length === 0,
          loading: query.isPending,
          error: query.error,
          onRetry: () => void query.refetch(),
          errorTitle: t('perpetual.chart.klineError'),
          emptyText: t('perpetual.chart.klineEmpty'),
          testId: `${testId}-chart`,
        })
      : !depth?.book && <Spin />;

  const toggle = (key: keyof IndicatorToggles, label: string) => (
    <Tag.CheckableTag
      checked={indicators[key]}
      onChange={(checked) => setIndicators((current) => ({ ...current, [key]: checked }))}
      style={{ marginInlineEnd: 0, fontSize: 12 }}
      data-testid={`${testId}-${key}`}
    >
      {label}
    </Tag.CheckableTag>
  );
  const options = [
    ...intervals.map((i) => ({ value: i as string, label: t(`perpetual.chart.interval.${i}`) })),
    ...(depth ? [{ value: DEPTH, label: t('perpetual.chart.depth') }] : []),
  ];
  const toolsShown = (offerIndicators && view === 'kline') || lines.length > 0;

  return (
    <Card size="small" styles={{ body: { padding: 8 } }} data-testid={`${testId}-chart-panel`}>
      {/* Sized to its labels and scrollable: equal-width segments cut 15分钟 short on a phone. */}
      <div style={{ overflowX: 'auto', marginBottom: 6 }}>
        <Segmented
          size="small"
          value={view === DEPTH ? DEPTH : interval}
          onChange={(value) => choose(String(value))}
          options={options}
          data-testid={`${testId}-interval`}
        />
      </div>
      {toolsShown && (
        <Flex gap={6} wrap align="center" style={{ marginBottom: 6 }}>
          {offerIndicators && view === 'kline' && (
            <>
              {toggle('ma', 'MA')}
              {toggle('boll', 'BOLL')}
            </>
          )}
          <LineChips lines={lines} pricePrecision={pricePrecision} testId={testId} />
        </Flex>
      )}
      <div style={{ position: 'relative' }}>
        <ErrorBoundary description={t('perpetual.chart.loadFailed')} onReset={retryChartDownload}>
          <Suspense
            fallback={
              <Centered height={height}>
                <Spin />
              </Centered>
            }
          >
            {view === DEPTH && depth ? (
              <DepthChart
                book={depth.book}
                levels={depth.levels}
                pricePrecision={pricePrecision}
                height={height}
                testId={`${testId}-depth`}
              />
            ) : (
              <PriceChart
                klines={klines ?? []}
                pricePrecision={pricePrecision}
                seriesKey={`${symbol}:${interval}`}
                height={height}
                indicators={shown}
                lines={lines}
                testId={`${testId}-chart`}
              />
            )}
          </Suspense>
        </ErrorBoundary>
        {overlay && (
          <Flex
            align="center"
            justify="center"
            style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,0.85)', zIndex: 3 }}
          >
            {overlay}
          </Flex>
        )}
      </div>
    </Card>
  );
}
