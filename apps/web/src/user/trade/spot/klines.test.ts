import type { Kline } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { mergeKline, toChartBar } from './klines.ts';

const candle = (minute: number, close: string, closed = true): Kline => ({
  open_time: new Date(Date.UTC(2026, 0, 2, 0, minute)).toISOString(),
  close_time: new Date(Date.UTC(2026, 0, 2, 0, minute, 59, 999)).toISOString(),
  open: '100',
  high: '110',
  low: '90',
  close,
  volume: '5',
  quote_volume: '500',
  is_closed: closed,
});

describe('mergeKline', () => {
  const series = [candle(0, '101'), candle(1, '102'), candle(2, '103', false)];

  it('moves the forming candle and appends a new one', () => {
    const moved = mergeKline(series, candle(2, '104', false));
    expect(moved.map((k) => k.close)).toEqual(['101', '102', '104']);
    expect(moved[0]).toBe(series[0]);
    const next = mergeKline(moved, candle(3, '105', false));
    expect(next.map((k) => k.close)).toEqual(['101', '102', '104', '105']);
  });

  it('replaces an earlier candle in place and ignores older or unchanged ones', () => {
    const fixed = mergeKline(series, candle(1, '99'));
    expect(fixed.map((k) => k.close)).toEqual(['101', '99', '103']);
    expect(mergeKline(series, candle(2, '103', false))).toBe(series);
    const before = { ...candle(0, '1'), open_time: new Date(Date.UTC(2026, 0, 1)).toISOString() };
    expect(mergeKline(series, before)).toBe(series);
    expect(mergeKline([], candle(0, '1'))).toHaveLength(1);
  });
});

describe('toChartBar', () => {
  it('labels candles in Beijing time and says which way they moved', () => {
    const bar = toChartBar(candle(0, '101'));
    // 00:00 UTC is 08:00 in Beijing: the chart's UTC axis shows 08:00.
    expect(new Date(bar.time * 1000).toISOString()).toBe('2026-01-02T08:00:00.000Z');
    expect(bar).toMatchObject({ open: 100, high: 110, low: 90, close: 101, volume: 5, rising: true });
    expect(toChartBar(candle(0, '99')).rising).toBe(false);
  });
});
