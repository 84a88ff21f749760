import { KLINE_INTERVAL_LABELS, type KlineInterval } from '@platform/contracts';
import { Card, Flex, Segmented } from 'antd';
import { KlineChart } from './KlineChart.tsx';
import { panelStatus } from './panelStatus.tsx';
import { useKlines } from './useMarketFeed.ts';

/** The intervals offered on the screen (the contract has more; these are what traders switch between). */
export const CHART_INTERVALS = [
  '1m',
  '5m',
  '15m',
  '1h',
  '4h',
  '1d',
] as const satisfies readonly KlineInterval[];
export const DEFAULT_CHART_INTERVAL: KlineInterval = '15m';

export interface ChartPanelProps {
  symbol: string;
  pricePrecision: number;
  interval: KlineInterval;
  onIntervalChange: (interval: KlineInterval) => void;
  height: number;
}

/** The candlestick chart of the pair with its interval switch, loading and error states. */
export function ChartPanel({ symbol, pricePrecision, interval, onIntervalChange, height }: ChartPanelProps) {
  const { query } = useKlines(symbol, interval);
  const klines = query.data;

  const overlay = panelStatus({
    loaded: Boolean(klines),
    empty: klines?.length === 0,
    loading: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
    errorTitle: '获取K线失败',
    emptyText: '暂无K线数据',
    testId: 'spot-chart',
  });

  return (
    <Card size="small" styles={{ body: { padding: 8 } }} data-testid="spot-chart-panel">
      {/* Sized to its labels and scrollable: equal-width segments cut 15分钟 short on a phone. */}
      <div style={{ overflowX: 'auto', marginBottom: 8 }}>
        <Segmented
          size="small"
          value={interval}
          onChange={(value) => onIntervalChange(value as KlineInterval)}
          options={CHART_INTERVALS.map((i) => ({ value: i, label: KLINE_INTERVAL_LABELS[i] }))}
          data-testid="spot-interval"
        />
      </div>
      <div style={{ position: 'relative' }}>
        <KlineChart
          klines={klines ?? []}
          pricePrecision={pricePrecision}
          seriesKey={`${symbol}:${interval}`}
          height={height}
        />
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
