import { describe, expect, it } from 'vitest';
import { computeFundingRate, type FundingComponent } from './funding-rate.ts';

const ok = (source: string, rate: string): FundingComponent => ({ source, rate, status: 'ok' });
const rules = { cap: '0.0075', minSources: 2 };

describe('funding rate of a pair (issue 34)', () => {
  it('is the median of the venues that answered', () => {
    expect(computeFundingRate([ok('a', '0.0001'), ok('b', '0.0003'), ok('c', '-0.0002')], rules)).toBe(
      '0.0001',
    );
    // Two: the mean of the middle ones.
    expect(computeFundingRate([ok('a', '0.0001'), ok('b', '0.00025')], rules)).toBe('0.000175');
    expect(computeFundingRate([ok('a', '-0.0001'), ok('b', '0.0001')], rules)).toBe('0');
    expect(computeFundingRate([ok('a', '1e-5'), ok('b', '3e-5'), ok('c', '2e-5')], rules)).toBe('0.00002');
  });

  it('leaves out venues that failed, are stale or have no such perpetual', () => {
    const components: FundingComponent[] = [
      ok('a', '0.0001'),
      { source: 'b', rate: '0.005', status: 'stale' },
      { source: 'c', rate: null, status: 'error' },
      { source: 'd', rate: null, status: 'unavailable' },
      ok('e', '0.0002'),
    ];
    expect(computeFundingRate(components, rules)).toBe('0.00015');
  });

  it('clamps the median to ±cap, never a venue beyond it moving the median further', () => {
    expect(computeFundingRate([ok('a', '0.02'), ok('b', '0.03'), ok('c', '0.01')], rules)).toBe('0.0075');
    expect(computeFundingRate([ok('a', '-0.02'), ok('b', '-0.5')], rules)).toBe('-0.0075');
    expect(computeFundingRate([ok('a', '0.0075'), ok('b', '0.0075')], rules)).toBe('0.0075');
    // One outlier among three does not move the median at all.
    expect(computeFundingRate([ok('a', '0.0001'), ok('b', '0.9'), ok('c', '0.0002')], rules)).toBe('0.0002');
    expect(computeFundingRate([ok('a', '0.004'), ok('b', '0.004')], { cap: '0.003', minSources: 1 })).toBe(
      '0.003',
    );
  });

  it('has no rate with fewer usable venues than the index needs (INDEX_MIN_SOURCES)', () => {
    expect(computeFundingRate([], rules)).toBeNull();
    expect(computeFundingRate([], { cap: '0.0075', minSources: 1 })).toBeNull();
    expect(
      computeFundingRate([ok('a', '0.0001'), { source: 'b', rate: null, status: 'error' }], rules),
    ).toBeNull();
    expect(computeFundingRate([ok('a', '0.0001')], { cap: '0.0075', minSources: 1 })).toBe('0.0001');
  });

  it('refuses a cap outside (0, 1)', () => {
    expect(() => computeFundingRate([ok('a', '0.0001')], { cap: '0', minSources: 1 })).toThrow(/cap/);
    expect(() => computeFundingRate([ok('a', '0.0001')], { cap: '1', minSources: 1 })).toThrow(/cap/);
  });
});
