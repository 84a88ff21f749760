import type { OrderBook } from '@platform/contracts';
import { Decimal } from '@platform/domain';
import {
  AreaSeries,
  type AutoscaleInfo,
  createOptionsChart,
  type IChartApiBase,
  type ISeriesApi,
  LineType,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import { type TrendColors, useThemeMode, useTrendColors } from '../../../lib/appearance.ts';
import { canvasDraws, NoCanvas } from './canvas.tsx';
import { chartBaseOptions } from './chartTheme.ts';
import { type DepthPoint, depthCurves } from './depth.ts';

/**
 * The depth chart (lightweight-charts' price-axis chart, loaded on demand by TradeChart): the
 * cumulative bids in green left of the spread, the asks in red right of it. Redrawn whole with each
 * book; it does not pan or zoom, so a finger on it scrolls the page.
 */

export interface DepthChartProps {
  book: OrderBook | undefined;
  pricePrecision: number;
  /** Levels a side, as the book panel asks for them. */
  levels: number;
  height: number;
  testId: string;
}

/** Plotting only: the canvas takes numbers. */
const plot = (value: string) => new Decimal(value).toNumber();
const points = (side: DepthPoint[]) => side.map((p) => ({ time: plot(p.price), value: plot(p.total) }));

/** Quantities from zero: an area that starts at the smallest total would misstate the sides. */
const fromZero = (base: () => AutoscaleInfo | null): AutoscaleInfo | null => {
  const info = base();
  return info?.priceRange ? { ...info, priceRange: { ...info.priceRange, minValue: 0 } } : info;
};

const area = (color: string, fill: string) => ({
  lineColor: color,
  topColor: fill,
  bottomColor: fill,
  lineWidth: 2 as const,
  lineType: LineType.WithSteps,
  priceFormat: { type: 'volume' as const },
  priceLineVisible: false,
  lastValueVisible: false,
  autoscaleInfoProvider: fromZero,
});

/** In the user's up / down colours (bids are the up side) and theme; a change of either draws it anew. */
export default function DepthChart(props: DepthChartProps) {
  const colors = useTrendColors();
  const dark = useThemeMode() === 'dark';
  return <DepthChartCanvas key={`${colors.convention}-${dark}`} {...props} colors={colors} dark={dark} />;
}

function DepthChartCanvas({
  book,
  pricePrecision,
  levels,
  height,
  testId,
  colors,
  dark,
}: DepthChartProps & { colors: TrendColors; dark: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApiBase<number> | null>(null);
  const bids = useRef<ISeriesApi<'Area', number> | null>(null);
  const asks = useRef<ISeriesApi<'Area', number> | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element || !canvasDraws()) return;
    const created = createOptionsChart(element, {
      ...chartBaseOptions(dark),
      handleScroll: false,
      handleScale: false,
      // The areas fill down to the pane's bottom edge: that edge is zero.
      rightPriceScale: { ...chartBaseOptions(dark).rightPriceScale, scaleMargins: { top: 0.1, bottom: 0 } },
      localization: { precision: pricePrecision },
    });
    bids.current = created.addSeries(AreaSeries, area(colors.up, colors.upFill(0.18)));
    asks.current = created.addSeries(AreaSeries, area(colors.down, colors.downFill(0.18)));
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      bids.current = null;
      asks.current = null;
    };
    // The price axis takes its decimals at creation: a pair with another tick gets a new chart.
  }, [pricePrecision, colors, dark]);

  const curves = useMemo(() => depthCurves(book, pricePrecision, levels), [book, pricePrecision, levels]);

  useEffect(() => {
    bids.current?.setData(points(curves.bids));
    asks.current?.setData(points(curves.asks));
    chart.current?.timeScale().fitContent();
  }, [curves]);

  return (
    <div
      ref={container}
      style={{ height, width: '100%' }}
      data-testid={testId}
      data-levels={`${curves.bids.length} ${curves.asks.length}`}
    >
      {!canvasDraws() && <NoCanvas />}
    </div>
  );
}
