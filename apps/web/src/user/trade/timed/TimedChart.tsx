import type { TimedContract } from '@platform/contracts';
import { useMemo } from 'react';
import { ContractChart } from '../chart/ContractChart.tsx';
import { timedContractLines } from '../chart/chartLines.ts';
import { useServerNow } from './serverClock.ts';
import type { TimedProduct } from './timedApi.ts';

export interface TimedChartProps {
  product: TimedProduct;
  symbol: string;
  /** The caller's open contracts (the screen's own query; none for a guest). */
  contracts: readonly TimedContract[] | undefined;
}

/** The flash or option chart: 1分钟 candles with each open contract's entry and time left. */
export function TimedChart({ product, symbol, contracts }: TimedChartProps) {
  const counting = contracts?.some((c) => c.status === 'open' && c.symbol === symbol) ?? false;
  // The countdowns tick only while there is one to show.
  const now = useServerNow(1000, counting);
  const lines = useMemo(() => timedContractLines(contracts, symbol, now), [contracts, symbol, now]);
  return <ContractChart symbol={symbol} lines={lines} defaultInterval="1m" testId={product} />;
}
