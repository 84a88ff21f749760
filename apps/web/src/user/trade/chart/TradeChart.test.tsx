import type { Kline, KlineInterval, OrderBook, TimedContract } from '@platform/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { setTrendConvention } from '../../../lib/appearance.ts';
import { type Call, mockApi, ok } from '../../../test/api.ts';
import { chineseIn } from '../../../test/chinese.ts';
import { makePosition } from '../../../test/perpetualFixtures.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { TimedChart } from '../timed/TimedChart.tsx';
import { makeContract } from '../timed/timedFixtures.ts';
import { positionLines } from './chartLines.ts';
import { SPOT_CHART_INTERVALS, TradeChart } from './TradeChart.tsx';

/**
 * lightweight-charts draws on a canvas, which jsdom lacks: a stand-in records what the chart asks
 * it to draw (series, their data, price lines).
 */
interface FakeLine {
  options: Record<string, unknown>;
  removed: boolean;
}
interface FakeSeries {
  type: string;
  options: Record<string, unknown>;
  data: unknown[];
  lines: FakeLine[];
}
interface FakeChart {
  kind: 'time' | 'price';
  series: FakeSeries[];
  removed: boolean;
  /** What the chart was created with (createChart's options). */
  options?: Record<string, unknown>;
}
const drawn = vi.hoisted(() => ({ charts: [] as FakeChart[] }));

vi.mock('lightweight-charts', () => {
  function fakeSeries(type: string, options: Record<string, unknown> = {}) {
    const series = {
      type,
      options: { ...options },
      data: [] as unknown[],
      lines: [] as FakeLine[],
      setData(data: unknown[]) {
        series.data = [...data];
      },
      update(point: { time: number }) {
        const at = series.data.findIndex((p) => (p as { time: number }).time === point.time);
        if (at >= 0) series.data[at] = point;
        else series.data.push(point);
      },
      applyOptions(options: Record<string, unknown>) {
        Object.assign(series.options, options);
      },
      priceScale: () => ({ applyOptions() {} }),
      createPriceLine(options: Record<string, unknown>) {
        const line = {
          options: { ...options },
          removed: false,
          applyOptions(next: Record<string, unknown>) {
            Object.assign(line.options, next);
          },
        };
        series.lines.push(line);
        return line;
      },
      removePriceLine(line: FakeLine) {
        line.removed = true;
      },
    };
    return series;
  }
  function fakeChart(kind: FakeChart['kind']) {
    const chart = {
      kind,
      series: [] as FakeSeries[],
      removed: false,
      addSeries(type: string, options?: Record<string, unknown>) {
        const series = fakeSeries(type, options);
        chart.series.push(series);
        return series;
      },
      removeSeries(series: FakeSeries) {
        chart.series = chart.series.filter((s) => s !== series);
      },
      timeScale: () => ({ scrollToRealTime() {}, fitContent() {} }),
      applyOptions() {},
      remove() {
        chart.removed = true;
      },
    };
    drawn.charts.push(chart);
    return chart;
  }
  return {
    createChart: (_element: unknown, options?: Record<string, unknown>) =>
      Object.assign(fakeChart('time'), { options }),
    createOptionsChart: () => fakeChart('price'),
    CandlestickSeries: 'Candlestick',
    HistogramSeries: 'Histogram',
    LineSeries: 'Line',
    AreaSeries: 'Area',
    ColorType: { Solid: 'solid' },
    LineStyle: { Dashed: 2 },
    LineType: { WithSteps: 1 },
  };
});

// The stand-in draws nothing, but the chart first asks whether this browser has a canvas.
HTMLCanvasElement.prototype.getContext = (() => ({})) as unknown as HTMLCanvasElement['getContext'];

const liveCharts = (kind: FakeChart['kind']) => drawn.charts.filter((c) => c.kind === kind && !c.removed);
const seriesOf = (type: string) => liveCharts('time')[0]?.series.filter((s) => s.type === type) ?? [];

/** `count` one-minute candles closing at 1, 2, 3, … */
function candles(count: number, start = Date.UTC(2026, 0, 5)): Kline[] {
  return Array.from({ length: count }, (_, i) => {
    const open = new Date(start + i * 60_000);
    const close = String(i + 1);
    return {
      open_time: open.toISOString(),
      close_time: new Date(open.getTime() + 59_999).toISOString(),
      open: close,
      high: close,
      low: close,
      close,
      volume: '1',
      quote_volume: close,
      is_closed: i < count - 1,
    };
  });
}

let calls: Call[];
let served: Partial<Record<KlineInterval, Kline[]>>;
const klineCalls = () =>
  calls
    .filter((c) => c.url.pathname === '/api/trading/kline')
    .map((c) => Object.fromEntries(c.url.searchParams));

beforeEach(() => {
  drawn.charts.length = 0;
  served = {};
  ({ calls } = mockApi({
    'GET /api/trading/kline': (call) => {
      const interval = call.url.searchParams.get('interval') as KlineInterval;
      const klines = served[interval] ?? candles(3);
      return ok({ symbol: 'BTCUSDT', interval, klines });
    },
    'GET /api/trading/pairs': () => ok({ pairs: [] }),
  }));
});

/** An open 60-second flash contract (order 7) on BTCUSDT, changed by `overrides`. */
function timedContract(overrides: Partial<TimedContract>): TimedContract {
  const contract = makeContract({ order_id: 7, duration: 60 });
  const expiresAt = new Date(Date.parse(contract.opened_at) + 60_000).toISOString();
  return { ...contract, expires_at: expiresAt, ...overrides };
}

describe('TradeChart', () => {
  it('draws candles and volumes in the 涨跌颜色 setting, anew when it changes (红涨绿跌)', async () => {
    renderWithAnt(
      <TradeChart
        symbol="BTCUSDT"
        pricePrecision={2}
        height={200}
        intervals={SPOT_CHART_INTERVALS}
        testId="spot"
      />,
    );
    await waitFor(() => expect(seriesOf('Candlestick')[0]?.data).toHaveLength(3));
    expect(seriesOf('Candlestick')[0]?.options).toMatchObject({ upColor: '#16a34a', downColor: '#dc2626' });
    try {
      act(() => setTrendConvention('red-up'));
      expect(document.documentElement.dataset.trend).toBe('red-up');
      expect(window.localStorage.getItem('color_convention')).toBe('red-up');
      await waitFor(() =>
        expect(seriesOf('Candlestick')[0]?.options).toMatchObject({
          upColor: '#dc2626',
          downColor: '#16a34a',
        }),
      );
      await waitFor(() => expect(seriesOf('Candlestick')[0]?.data).toHaveLength(3));
      // Closes rise 1, 2, 3: rising bars' volumes in the up colour, now red.
      expect(seriesOf('Histogram')[0]?.data.at(-1)).toMatchObject({ color: 'rgba(220, 38, 38, 0.35)' });
    } finally {
      act(() => setTrendConvention('green-up'));
    }
    expect(document.documentElement.dataset.trend).toBe('green-up');
  });

  it('asks for the interval chosen, 周线 and 月线 included, and draws what comes back', async () => {
    served = { '1w': candles(12), '1M': candles(5) };
    const chosen: KlineInterval[] = [];
    renderWithAnt(
      <TradeChart
        symbol="BTCUSDT"
        pricePrecision={2}
        height={200}
        intervals={SPOT_CHART_INTERVALS}
        onIntervalChange={(i) => chosen.push(i)}
        testId="spot"
      />,
    );
    await waitFor(() =>
      expect(klineCalls()).toContainEqual({ symbol: 'BTCUSDT', interval: '15m', limit: '300' }),
    );
    await waitFor(() => expect(seriesOf('Candlestick')[0]?.data).toHaveLength(3));

    fireEvent.click(screen.getByText('周线'));
    await waitFor(() =>
      expect(klineCalls()).toContainEqual({ symbol: 'BTCUSDT', interval: '1w', limit: '300' }),
    );
    await waitFor(() => expect(seriesOf('Candlestick')[0]?.data).toHaveLength(12));

    fireEvent.click(screen.getByText('月线'));
    await waitFor(() =>
      expect(klineCalls()).toContainEqual({ symbol: 'BTCUSDT', interval: '1M', limit: '300' }),
    );
    await waitFor(() => expect(seriesOf('Candlestick')[0]?.data).toHaveLength(5));
    expect(chosen).toEqual(['1w', '1M']);
  });

  it('offers a 30-minute chart on every trade screen (issue 33)', async () => {
    served = { '30m': candles(7) };
    renderWithAnt(<TradeChart symbol="BTCUSDT" pricePrecision={2} height={200} testId="flash" />);
    fireEvent.click(await screen.findByText('30分钟'));
    await waitFor(() =>
      expect(klineCalls()).toContainEqual({ symbol: 'BTCUSDT', interval: '30m', limit: '300' }),
    );
    await waitFor(() => expect(seriesOf('Candlestick')[0]?.data).toHaveLength(7));
  });

  it('draws MA5/10/30 by default and BOLL when switched on, with the exact last values', async () => {
    served = { '15m': candles(30) };
    renderWithAnt(<TradeChart symbol="BTCUSDT" pricePrecision={2} height={200} indicators testId="spot" />);
    // Closes 1..30: MA5 = 28, MA10 = 25.5, MA30 = 15.5 on the last candle.
    const legend = await screen.findByTestId('spot-chart-legend');
    expect(legend.textContent).toBe('MA5 28.00MA10 25.50MA30 15.50');
    const lines = seriesOf('Line');
    expect(lines.map((s) => s.data.length)).toEqual([26, 21, 1]);
    expect(lines[0]?.data.at(-1)).toEqual({ time: expect.any(Number), value: 28 });

    fireEvent.click(screen.getByTestId('spot-boll'));
    // 11..30: mean 20.5, population deviation √33.25 = 5.766…: bands 32.03 and 8.97.
    await waitFor(() => expect(screen.getByTestId('spot-chart-legend').textContent).toContain('UP 32.03'));
    expect(screen.getByTestId('spot-chart-legend').textContent).toContain('MB 20.50');
    expect(screen.getByTestId('spot-chart-legend').textContent).toContain('DN 8.97');
    expect(seriesOf('Line')).toHaveLength(6);

    fireEvent.click(screen.getByTestId('spot-ma'));
    await waitFor(() => expect(seriesOf('Line')).toHaveLength(3));
    expect(screen.getByTestId('spot-chart-legend').textContent).not.toContain('MA5');
  });

  it('shows the depth view from the order book', async () => {
    const book: OrderBook = {
      symbol: 'BTCUSDT',
      asks: [
        ['101', '1'],
        ['102', '2'],
      ],
      bids: [['100', '1.5']],
      updated_at: new Date().toISOString(),
    } as OrderBook;
    renderWithAnt(
      <TradeChart
        symbol="BTCUSDT"
        pricePrecision={2}
        height={200}
        depth={{ book, levels: 20 }}
        testId="spot"
      />,
    );
    fireEvent.click(await screen.findByText('深度'));
    await waitFor(() => expect(liveCharts('price')).toHaveLength(1));
    const [bids, asks] = liveCharts('price')[0]?.series ?? [];
    await waitFor(() =>
      expect(asks?.data).toEqual([
        { time: 101, value: 1 },
        { time: 102, value: 3 },
      ]),
    );
    expect(bids?.data).toEqual([{ time: 100, value: 1.5 }]);
    expect(screen.getByTestId('spot-depth').getAttribute('data-levels')).toBe('1 2');
  });
});

describe('TimedChart', () => {
  it('mounts with a price line at each open contract of the pair, counting down, and drops it once settled', async () => {
    const open = timedContract({ order_id: 7 });
    const contracts = [
      open,
      timedContract({
        order_id: 8,
        symbol: 'ETHUSDT',
        entry: { price: '3000', source: 'sim', at: open.opened_at, components: null },
      }),
      timedContract({ order_id: 9, status: 'settled', outcome: 'win' }),
    ];
    let setShown: (next: TimedContract[]) => void = () => {};
    function Screen() {
      const [shown, set] = useState(contracts);
      setShown = set;
      return <TimedChart product="flash" symbol="BTCUSDT" contracts={shown} />;
    }
    renderWithAnt(<Screen />);
    // Flash contracts last seconds: the chart opens on 1分钟 candles.
    await waitFor(() =>
      expect(klineCalls()).toContainEqual({ symbol: 'BTCUSDT', interval: '1m', limit: '300' }),
    );
    await waitFor(() => expect(seriesOf('Candlestick')[0]?.lines).toHaveLength(1));
    const line = seriesOf('Candlestick')[0]?.lines[0];
    // The canvas gets the convention's colour, not the CSS variable (绿涨红跌 by default).
    expect(line?.options).toMatchObject({ price: 95000.5, color: '#16a34a' });
    expect(String(line?.options.title)).toMatch(/^看涨 0[01]:\d\d$/);
    expect(screen.getByTestId('flash-chart').getAttribute('data-price-lines')).toBe('95000.5');
    expect(screen.getByTestId('flash-chart-line').textContent).toMatch(/^看涨 \d\d:\d\d · 95,000.50$/);

    const first = String(line?.options.title);
    await waitFor(() => expect(String(line?.options.title)).not.toBe(first), { timeout: 3000 });
    expect(String(line?.options.title)).toMatch(/^看涨 00:5\d$/);

    await act(async () => setShown([{ ...open, status: 'settled', outcome: 'win' }]));
    await waitFor(() => expect(line?.removed).toBe(true));
    expect(screen.queryByTestId('flash-chart-line')).toBeNull();
  });
});

describe('TradeChart in English', () => {
  it('names the intervals, the depth view and the empty chart in English', async () => {
    applyLanguage('en');
    served = { '15m': [] };
    const book = {
      symbol: 'BTCUSDT',
      asks: [],
      bids: [],
      updated_at: new Date().toISOString(),
    } as unknown as OrderBook;
    renderWithAnt(
      <TradeChart
        symbol="BTCUSDT"
        pricePrecision={2}
        height={200}
        intervals={SPOT_CHART_INTERVALS}
        depth={{ book, levels: 20 }}
        lines={[{ id: 'p', price: '50000', color: '#16a34a', title: 'Long 10x' }]}
        testId="spot"
      />,
    );
    expect(await screen.findByText('No candlestick data')).toBeTruthy();
    // The axis' own words (month names) in English as well.
    await waitFor(() => expect(liveCharts('time')[0]?.options?.localization).toMatchObject({ locale: 'en' }));
    for (const label of ['1m', '15m', '1h', '1D', '1W', '1M', 'Depth'])
      expect(screen.getByText(label)).toBeTruthy();
    const panel = screen.getByTestId('spot-chart-panel');
    expect(chineseIn(panel)).toEqual([]);
  });

  it('titles a position line with its side and leverage', () => {
    applyLanguage('en');
    const lines = positionLines([makePosition({ side: 'short', leverage: 20 })], 'BTCUSDT');
    expect(lines.map((l) => l.title)).toEqual(['Short 20x']);
  });
});
