import { useMemo } from 'react';
import { ContractChart } from '../chart/ContractChart.tsx';
import { positionLines } from '../chart/chartLines.ts';
import { usePositions } from './perpetualApi.ts';

/**
 * The perpetual chart with the entry price of each open position of the pair. It reads the open
 * positions through the positions panel's query (same key), so it adds no call of its own.
 */
export function PositionChart({ symbol, signedIn }: { symbol: string; signedIn: boolean }) {
  const open = usePositions('open', 1, signedIn);
  const positions = open.data?.positions;
  const lines = useMemo(() => positionLines(positions, symbol), [positions, symbol]);
  return <ContractChart symbol={symbol} lines={lines} defaultInterval="15m" testId="perpetual" />;
}
