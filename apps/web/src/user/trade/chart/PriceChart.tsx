import type { Kline } from '@platform/contracts';
import {
  CandlestickSeries,
  type CandlestickSeriesOptions,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { type ChartBar, toChartBar } from './klines.ts';

/** Volume bars are drawn faintly under the candles, in the bottom fifth of the pane. */
const VOLUME_UP = 'rgba(22, 163, 74, 0.35)';
const VOLUME_DOWN = 'rgba(220, 38, 38, 0.35)';

export interface KlineChartProps {
  klines: readonly Kline[];
  pricePrecision: number;
  /** Symbol and interval: a new series is drawn afresh and scrolled to the latest candle. */
  seriesKey: string;
  height: number;
}

interface Drawn {
  key: string;
  klines: readonly Kline[];
  bars: ChartBar[];
}

/** Index of the first candle that is not the same object as before (mergeKline keeps the others). */
function firstChange(before: readonly Kline[], now: readonly Kline[]): number {
  const shared = Math.min(before.length, now.length);
  for (let i = 0; i < shared; i++) if (before[i] !== now[i]) return i;
  return shared;
}

const candle = (b: ChartBar) => ({
  time: b.time as UTCTimestamp,
  open: b.open,
  high: b.high,
  low: b.low,
  close: b.close,
});
const volume = (b: ChartBar) => ({
  time: b.time as UTCTimestamp,
  value: b.volume,
  color: b.rising ? VOLUME_UP : VOLUME_DOWN,
});

/**
 * Candles and volume with lightweight-charts. The chart is created once; a changed series is drawn
 * with setData, while a moving forming candle (or one new candle) goes through update, which keeps
 * the user's zoom and scroll.
 */
export function KlineChart({ klines, pricePrecision, seriesKey, height }: KlineChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const drawn = useRef<Drawn | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#595959',
        fontSize: 11,
      },
      grid: { vertLines: { color: '#f5f5f5' }, horzLines: { color: '#f5f5f5' } },
      rightPriceScale: { borderColor: '#f0f0f0' },
      timeScale: { borderColor: '#f0f0f0', timeVisible: true, secondsVisible: false },
      localization: { locale: 'zh-CN', dateFormat: 'yyyy-MM-dd' },
    });
    candles.current = created.addSeries(CandlestickSeries, {
      upColor: UP_COLOR,
      downColor: DOWN_COLOR,
      wickUpColor: UP_COLOR,
      wickDownColor: DOWN_COLOR,
      borderVisible: false,
    });
    volumes.current = created.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volumes.current.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      candles.current = null;
      volumes.current = null;
      drawn.current = null;
    };
  }, []);

  useEffect(() => {
    const options: Partial<CandlestickSeriesOptions> = {
      priceFormat: { type: 'price', precision: pricePrecision, minMove: 10 ** -pricePrecision },
    };
    candles.current?.applyOptions(options);
  }, [pricePrecision]);

  const bars = useMemo(() => klines.map(toChartBar), [klines]);

  useEffect(() => {
    const c = candles.current;
    const v = volumes.current;
    if (!c || !v) return;
    const before = drawn.current;
    drawn.current = { key: seriesKey, klines, bars };
    const from = before && before.key === seriesKey ? firstChange(before.klines, klines) : 0;
    // Only the last drawn candle changed and/or one was appended: merge them in.
    if (before && from >= before.klines.length - 1 && klines.length - before.klines.length <= 1) {
      for (const bar of bars.slice(from)) {
        c.update(candle(bar));
        v.update(volume(bar));
      }
      return;
    }
    c.setData(bars.map(candle));
    v.setData(bars.map(volume));
    if (before?.key !== seriesKey) chart.current?.timeScale().scrollToRealTime();
  }, [klines, bars, seriesKey]);

  return <div ref={container} style={{ height, width: '100%' }} data-testid="spot-chart" />;
}
