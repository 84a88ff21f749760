import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import {
  averageAmount,
  PROCESSING_TIME_UNDER_ONE_SECOND,
  processingTimeText,
  successRate,
} from './trading-stats.ts';

describe('successRate', () => {
  it('is completed / (completed + active) in percent, 2 decimals half up', () => {
    expect(successRate(20, 1)).toBe('95.24');
    expect(successRate(1, 2)).toBe('33.33');
    expect(successRate(2, 1)).toBe('66.67');
    expect(successRate(5, 0)).toBe('100.00');
    expect(successRate(0, 7)).toBe('0.00');
    expect(successRate(1, 7, 1)).toBe('12.5');
  });

  it('is 0.00 with no orders, and refuses negative or fractional counts', () => {
    expect(successRate(0, 0)).toBe('0.00');
    expect(() => successRate(-1, 2)).toThrow();
    expect(() => successRate(1.5, 2)).toThrow();
  });

  it('always lies between 0 and 100', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (completed, active) => {
        const rate = new Decimal(successRate(completed, active));
        return rate.gte(0) && rate.lte(100);
      }),
      { numRuns: 200 },
    );
  });
});

describe('averageAmount', () => {
  it('divides and rounds half up to 2 decimals', () => {
    expect(averageAmount('100', 3)).toBe('33.33');
    expect(averageAmount('200', 3)).toBe('66.67');
    expect(averageAmount('0.005', 1)).toBe('0.01');
    expect(averageAmount('12.5', 1)).toBe('12.50');
    expect(averageAmount('123456789012345678.123456789', 1)).toBe('123456789012345678.12');
  });

  it('is 0.00 for no orders or no total', () => {
    expect(averageAmount('100', 0)).toBe('0.00');
    expect(averageAmount(null, 3)).toBe('0.00');
    expect(() => averageAmount('1', -1)).toThrow();
  });

  it('times the count gives back the total within half a cent per order', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        fc.integer({ min: 1, max: 100_000 }),
        (cents, count) => {
          const total = new Decimal(cents.toString()).div(100);
          const average = new Decimal(averageAmount(total.toFixed(), count));
          return average.times(count).minus(total).abs().lte(new Decimal('0.005').times(count));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('processingTimeText', () => {
  it("is '< 1' without a value or under one second", () => {
    expect(PROCESSING_TIME_UNDER_ONE_SECOND).toBe('< 1');
    expect(processingTimeText(null)).toBe('< 1');
    expect(processingTimeText(undefined)).toBe('< 1');
    expect(processingTimeText('0')).toBe('< 1');
    expect(processingTimeText('0.999')).toBe('< 1');
  });

  it('shows seconds with one decimal, dropping .0', () => {
    expect(processingTimeText('1')).toBe('1');
    expect(processingTimeText('2.46')).toBe('2.5');
    expect(processingTimeText('59.96')).toBe('60');
    expect(processingTimeText('3600.04')).toBe('3600');
  });
});
