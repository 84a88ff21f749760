import { Decimal } from '@platform/domain';
import { describe, expect, it } from 'vitest';
import { type BollingerPoint, bollinger, movingAverage } from './indicators.ts';

const dec = (...values: (string | number)[]) => values.map((v) => new Decimal(v));
const text = (values: (Decimal | null)[]) => values.map((v) => (v === null ? null : v.toFixed()));
const bands = (p: BollingerPoint | null) =>
  p && { middle: p.middle.toFixed(), upper: p.upper.toFixed(), lower: p.lower.toFixed() };

describe('movingAverage', () => {
  it('averages each window of the period, nothing before the first full one', () => {
    expect(text(movingAverage(dec(1, 2, 3, 4, 5, 6), 3))).toEqual([null, null, '2', '3', '4', '5']);
    expect(text(movingAverage(dec(7, 9), 1))).toEqual(['7', '9']);
    expect(text(movingAverage(dec(1, 2), 3))).toEqual([null, null]);
  });

  it('is exact on prices with decimals, where binary floats are not', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(text(movingAverage(dec('0.1', '0.2', '0.4'), 2))).toEqual([null, '0.15', '0.3']);
    expect(text(movingAverage(dec('95000.12', '95000.14', '95000.19'), 2))).toEqual([
      null,
      '95000.13',
      '95000.165',
    ]);
  });

  it('keeps 40 significant digits of a mean that does not terminate', () => {
    expect(movingAverage(dec(1, 1, 2), 3)[2]?.toFixed()).toBe(`1.${'3'.repeat(39)}`);
  });

  it('refuses a period that is not a positive integer', () => {
    expect(() => movingAverage(dec(1), 0)).toThrow(RangeError);
    expect(() => movingAverage(dec(1), 2.5)).toThrow(RangeError);
  });
});

describe('bollinger', () => {
  it('is the mean ± 2 population deviations (the textbook series: mean 5, deviation 2)', () => {
    const result = bollinger(dec(2, 4, 4, 4, 5, 5, 7, 9), 8);
    expect(result.slice(0, 7)).toEqual(Array(7).fill(null));
    expect(bands(result[7] ?? null)).toEqual({ middle: '5', upper: '9', lower: '1' });
  });

  it('slides its window: the value that leaves no longer counts', () => {
    const result = bollinger(dec(100, 2, 4, 4, 4, 5, 5, 7, 9), 8);
    expect(result[7]?.middle.toFixed()).toBe('16.375');
    expect(bands(result[8] ?? null)).toEqual({ middle: '5', upper: '9', lower: '1' });
  });

  it('takes the width in deviations and collapses on a flat window', () => {
    expect(bands(bollinger(dec(2, 4, 4, 4, 5, 5, 7, 9), 8, 1)[7] ?? null)).toEqual({
      middle: '5',
      upper: '7',
      lower: '3',
    });
    expect(bands(bollinger(dec('3.5', '3.5', '3.5'), 3)[2] ?? null)).toEqual({
      middle: '3.5',
      upper: '3.5',
      lower: '3.5',
    });
  });

  it('uses 20 periods and 2 deviations by default', () => {
    // 1..20: mean 10.5, population variance (20² − 1) / 12 = 33.25.
    const result = bollinger(dec(...Array.from({ length: 20 }, (_, i) => i + 1)));
    expect(result[18]).toBeNull();
    const deviation = new Decimal('33.25').sqrt();
    expect(result[19]?.middle.toFixed()).toBe('10.5');
    expect(result[19]?.upper.toFixed()).toBe(deviation.times(2).plus('10.5').toFixed());
    expect(result[19]?.lower.toFixed()).toBe(new Decimal('10.5').minus(deviation.times(2)).toFixed());
  });
});
