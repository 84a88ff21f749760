import type { Kline } from '@platform/contracts';
import { Decimal, formatNumber } from '@platform/domain';
import {
  type AutoscaleInfo,
  CandlestickSeries,
  createChart,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { currentLanguage } from '../../../i18n/index.ts';
import { canvasColor, type TrendColors, useThemeMode, useTrendColors } from '../../../lib/appearance.ts';
import { type ChartBar, toChartBar } from '../spot/klines.ts';
import { canvasDraws, NoCanvas } from './canvas.tsx';
import type { ChartLine } from './chartLines.ts';
import { chartBaseOptions, INDICATOR_COLORS, priceFormat } from './chartTheme.ts';
import { BOLL_PERIOD, BOLL_WIDTH, bollinger, MA_PERIODS, movingAverage } from './indicators.ts';

/**
 * The candlestick canvas (lightweight-charts), loaded on demand by TradeChart: candles and volume,
 * the indicators switched on, and price lines. Nothing here is computed with the numbers the
 * canvas takes; the legend shows the exact decimals.
 */

/** Volume bars are drawn faintly under the candles, in the bottom fifth of the pane. */
/** lightweight-charts' own top margin of the price scale. */
const DEFAULT_TOP_MARGIN = 0.2;

export interface IndicatorToggles {
  ma: boolean;
  boll: boolean;
}

export interface PriceChartProps {
  klines: readonly Kline[];
  pricePrecision: number;
  /** Symbol and interval: a new series is drawn afresh and scrolled to the latest candle. */
  seriesKey: string;
  height: number;
  indicators: IndicatorToggles;
  lines: readonly ChartLine[];
  testId: string;
}

interface Drawn {
  key: string;
  klines: readonly Kline[];
  bars: ChartBar[];
}

interface Overlay {
  key: string;
  label: string;
  color: string;
  values: (Decimal | null)[];
}

/** Index of the first candle that is not the same object as before (mergeKline keeps the others). */
function firstChange(before: readonly Kline[], now: readonly Kline[]): number {
  const shared = Math.min(before.length, now.length);
  for (let i = 0; i < shared; i++) if (before[i] !== now[i]) return i;
  return shared;
}

/** Plotting only: the canvas takes numbers. */
const plot = (value: Decimal | string) => new Decimal(value).toNumber();

const candle = (b: ChartBar) => ({
  time: b.time as UTCTimestamp,
  open: b.open,
  high: b.high,
  low: b.low,
  close: b.close,
});
const volume = (b: ChartBar, colors: TrendColors) => ({
  time: b.time as UTCTimestamp,
  value: b.volume,
  color: b.rising ? colors.upFill(0.35) : colors.downFill(0.35),
});

function overlaysOf(klines: readonly Kline[], indicators: IndicatorToggles): Overlay[] {
  if (!indicators.ma && !indicators.boll) return [];
  const closes = klines.map((k) => new Decimal(k.close));
  const overlays: Overlay[] = [];
  if (indicators.ma) {
    for (const period of MA_PERIODS) {
      overlays.push({
        key: `ma${period}`,
        label: `MA${period}`,
        color: INDICATOR_COLORS[`ma${period}`],
        values: movingAverage(closes, period),
      });
    }
  }
  if (indicators.boll) {
    const bands = bollinger(closes);
    overlays.push(
      {
        key: 'boll-up',
        label: 'UP',
        color: INDICATOR_COLORS.bollUpper,
        values: bands.map((b) => b?.upper ?? null),
      },
      {
        key: 'boll-mb',
        label: 'MB',
        color: INDICATOR_COLORS.bollMiddle,
        values: bands.map((b) => b?.middle ?? null),
      },
      {
        key: 'boll-dn',
        label: 'DN',
        color: INDICATOR_COLORS.bollLower,
        values: bands.map((b) => b?.lower ?? null),
      },
    );
  }
  return overlays;
}

/** Takes out of `shown` (and off the chart, through `remove`) whatever `listed` no longer names. */
function dropUnlisted<T>(shown: Map<string, T>, listed: readonly string[], remove: (item: T) => void) {
  const keep = new Set(listed);
  for (const [key, item] of shown) {
    if (keep.has(key)) continue;
    remove(item);
    shown.delete(key);
  }
}

/** The series' own range widened to the price lines, so that an entry price is never off the chart. */
const withLines =
  (prices: readonly number[]) =>
  (base: () => AutoscaleInfo | null): AutoscaleInfo | null => {
    const info = base();
    if (!info?.priceRange || prices.length === 0) return info;
    return {
      ...info,
      priceRange: {
        minValue: Math.min(info.priceRange.minValue, ...prices),
        maxValue: Math.max(info.priceRange.maxValue, ...prices),
      },
    };
  };

/**
 * Candles, volume, indicators and price lines. The chart is created once; a changed series is
 * drawn with setData, while a moving forming candle (or one new candle) goes through update, which
 * keeps the user's zoom and scroll.
 */
/**
 * The canvas in the user's up / down colours and theme: a change of either draws it anew (a new key), since
 * its series and bars carry colours of their own.
 */
export default function PriceChart(props: PriceChartProps) {
  const colors = useTrendColors();
  const dark = useThemeMode() === 'dark';
  return <PriceChartCanvas key={`${colors.convention}-${dark}`} {...props} colors={colors} dark={dark} />;
}

function PriceChartCanvas({
  colors,
  dark,
  klines,
  pricePrecision,
  seriesKey,
  height,
  indicators,
  lines,
  testId,
}: PriceChartProps & { colors: TrendColors; dark: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumes = useRef<ISeriesApi<'Histogram'> | null>(null);
  const overlaySeries = useRef(new Map<string, ISeriesApi<'Line'>>());
  const priceLines = useRef(new Map<string, IPriceLine>());
  const linePrices = useRef('');
  const drawn = useRef<Drawn | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element || !canvasDraws()) return;
    const created = createChart(element, {
      ...chartBaseOptions(dark),
      timeScale: { ...chartBaseOptions(dark).timeScale, timeVisible: true, secondsVisible: false },
      // The axis' own words (month names) in the language shown; dates stay yyyy-MM-dd in both.
      localization: { locale: currentLanguage(), dateFormat: 'yyyy-MM-dd' },
    });
    candles.current = created.addSeries(CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
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
    const overlayMap = overlaySeries.current;
    const lineMap = priceLines.current;
    return () => {
      created.remove();
      chart.current = null;
      candles.current = null;
      volumes.current = null;
      overlayMap.clear();
      lineMap.clear();
      linePrices.current = '';
      drawn.current = null;
    };
    // colors and dark: one set per mount (the chart is keyed by them).
  }, [colors, dark]);

  useEffect(() => {
    candles.current?.applyOptions({ priceFormat: priceFormat(pricePrecision) });
    for (const series of overlaySeries.current.values()) {
      series.applyOptions({ priceFormat: priceFormat(pricePrecision) });
    }
  }, [pricePrecision]);

  const bars = useMemo(() => klines.map(toChartBar), [klines]);
  const overlays = useMemo(
    () => overlaysOf(klines, { ma: indicators.ma, boll: indicators.boll }),
    [klines, indicators.ma, indicators.boll],
  );

  useEffect(() => {
    const created = chart.current;
    const c = candles.current;
    const v = volumes.current;
    if (!created || !c || !v) return;
    const before = drawn.current;
    drawn.current = { key: seriesKey, klines, bars };
    const from = before && before.key === seriesKey ? firstChange(before.klines, klines) : 0;
    // Only the last drawn candle changed and/or one was appended: merge them in.
    const merge =
      before !== null && from >= before.klines.length - 1 && klines.length - before.klines.length <= 1;

    const shown = overlaySeries.current;
    dropUnlisted(
      shown,
      overlays.map((o) => o.key),
      (series) => created.removeSeries(series),
    );
    for (const overlay of overlays) {
      let series = shown.get(overlay.key);
      const fresh = !series;
      if (!series) {
        series = created.addSeries(LineSeries, {
          color: overlay.color,
          lineWidth: 1,
          priceFormat: priceFormat(pricePrecision),
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
        });
        shown.set(overlay.key, series);
      }
      const points = overlay.values.map((value, i) => {
        const bar = bars[i];
        return value && bar ? { time: bar.time as UTCTimestamp, value: plot(value) } : null;
      });
      if (merge && !fresh) {
        for (const point of points.slice(from)) if (point) series.update(point);
      } else {
        series.setData(points.filter((p) => p !== null));
      }
    }

    if (merge) {
      for (const bar of bars.slice(from)) {
        c.update(candle(bar));
        v.update(volume(bar, colors));
      }
      return;
    }
    c.setData(bars.map(candle));
    v.setData(bars.map((bar) => volume(bar, colors)));
    if (before?.key !== seriesKey) created.timeScale().scrollToRealTime();
    // pricePrecision styles only the overlay series created here; its own effect restyles the others.
  }, [klines, bars, seriesKey, overlays, pricePrecision, colors]);

  useEffect(() => {
    const c = candles.current;
    if (!c) return;
    const shown = priceLines.current;
    dropUnlisted(
      shown,
      lines.map((l) => l.id),
      (line) => c.removePriceLine(line),
    );
    for (const line of lines) {
      const options = {
        price: plot(line.price),
        color: canvasColor(line.color, colors),
        title: line.title,
        lineWidth: 1 as const,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
      };
      const existing = shown.get(line.id);
      if (existing) existing.applyOptions(options);
      else shown.set(line.id, c.createPriceLine(options));
    }
    const prices = lines.map((l) => plot(l.price));
    const signature = prices.join(' ');
    // A countdown changes a title every second; the range is recomputed only when a price changes.
    if (signature !== linePrices.current) {
      linePrices.current = signature;
      c.applyOptions({ autoscaleInfoProvider: withLines(prices) });
    }
  }, [lines, colors]);

  const legend = overlays.flatMap((o) => {
    const last = o.values.at(-1);
    return last
      ? [{ key: o.key, label: o.label, color: o.color, value: formatNumber(last, pricePrecision) }]
      : [];
  });
  const legendBox = useRef<HTMLDivElement>(null);
  const legendShown = legend.length > 0;

  // The candles start below the legend (up to three rows on a phone), not under it.
  useLayoutEffect(() => {
    const rows = legendBox.current?.offsetHeight ?? 0;
    const top = legendShown
      ? Math.min(0.45, Math.max(DEFAULT_TOP_MARGIN, (rows + 8) / height))
      : DEFAULT_TOP_MARGIN;
    candles.current?.priceScale().applyOptions({ scaleMargins: { top, bottom: 0.1 } });
  });

  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      <div
        ref={container}
        style={{ height, width: '100%' }}
        data-testid={testId}
        data-price-lines={lines.map((l) => l.price).join(' ')}
      >
        {!canvasDraws() && <NoCanvas />}
      </div>
      {legend.length > 0 && (
        <div
          ref={legendBox}
          data-testid={`${testId}-legend`}
          style={{
            position: 'absolute',
            top: 2,
            left: 4,
            right: 64,
            zIndex: 2,
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0 8px',
            fontSize: 11,
            lineHeight: '16px',
            pointerEvents: 'none',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {indicators.boll && (
            <span style={{ color: '#8c8c8c' }}>
              BOLL({BOLL_PERIOD},{BOLL_WIDTH})
            </span>
          )}
          {legend.map((item) => (
            <span key={item.key} style={{ color: item.color }}>
              {item.label} {item.value}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
