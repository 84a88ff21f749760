import type { KlineInterval } from '@platform/contracts';
import { Grid } from 'antd';
import { useTradingPairs } from '../shared/tradePairs.ts';
import type { ChartLine } from './chartLines.ts';
import { TradeChart } from './TradeChart.tsx';

/** Short on a phone, so that the order form starts in the first screenful. */
export const CONTRACT_CHART_HEIGHT = { phone: 200, desktop: 360 };
/** Until the pair list has loaded: the common tick of the USDT pairs. */
const FALLBACK_PRECISION = 2;

export interface ContractChartProps {
  symbol: string;
  lines: readonly ChartLine[];
  defaultInterval: KlineInterval;
  testId: string;
}

/** The chart of the flash, option and perpetual screens: the pair's candles with the caller's entries. */
export function ContractChart({ symbol, lines, defaultInterval, testId }: ContractChartProps) {
  const desktop = Boolean(Grid.useBreakpoint().lg);
  const pairs = useTradingPairs();
  const precision = pairs.data?.find((p) => p.symbol === symbol)?.price_precision ?? FALLBACK_PRECISION;
  return (
    <TradeChart
      symbol={symbol}
      pricePrecision={precision}
      height={desktop ? CONTRACT_CHART_HEIGHT.desktop : CONTRACT_CHART_HEIGHT.phone}
      defaultInterval={defaultInterval}
      lines={lines}
      testId={testId}
    />
  );
}
