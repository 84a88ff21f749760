import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import { computeIndex, medianOf, nearestIncluded, type SourceQuote } from './price-index.ts';

const NOW = 1_800_000_000_000;
const rules = { maxAgeMs: 3000, maxDeviation: '0.02', minSources: 2 };
const quote = (
  source: string,
  price: string | null,
  ageMs = 100,
  error: string | null = null,
): SourceQuote => ({
  source,
  price,
  at: price === null ? null : NOW - ageMs,
  error,
});

describe('computeIndex', () => {
  it('is the median of three agreeing venues', () => {
    const index = computeIndex([quote('a', '100'), quote('b', '101'), quote('c', '100.5')], NOW, rules);
    expect(index.price).toBe('100.5');
    expect(index.components.map((c) => c.status)).toEqual(['included', 'included', 'included']);
    expect(index.components[1]!.deviation).toBe('0.00497512');
  });

  it('drops a venue printing +20 % as an outlier and takes the median of the other two', () => {
    const index = computeIndex([quote('a', '100'), quote('b', '120'), quote('c', '100.2')], NOW, rules);
    expect(index.components.map((c) => c.status)).toEqual(['included', 'outlier', 'included']);
    expect(index.price).toBe('100.1');
    expect(index.components[1]!.deviation).toBe('0.19760479');
  });

  it('leaves out a stale price and a failed source, and still prices on two', () => {
    const index = computeIndex(
      [quote('a', '100', 3001), quote('b', '101', 10, 'timeout'), quote('c', '100.2'), quote('d', '100.4')],
      NOW,
      rules,
    );
    expect(index.components.map((c) => c.status)).toEqual(['stale', 'error', 'included', 'included']);
    expect(index.components[0]!.deviation).toBeNull();
    expect(index.price).toBe('100.3');
  });

  it('has no index with fewer included sources than the minimum', () => {
    expect(
      computeIndex([quote('a', '100'), quote('b', null), quote('c', '100', 5000)], NOW, rules).price,
    ).toBeNull();
    expect(computeIndex([quote('a', '100')], NOW, { ...rules, minSources: 1 }).price).toBe('100');
    expect(computeIndex([], NOW, { ...rules, minSources: 1 }).price).toBeNull();
  });

  it('refuses two venues that disagree by more than twice the deviation: neither is trusted', () => {
    const index = computeIndex([quote('a', '100'), quote('b', '105')], NOW, rules);
    expect(index.components.map((c) => c.status)).toEqual(['outlier', 'outlier']);
    expect(index.price).toBeNull();
  });

  it('never moves further from the honest venues than they spread, whatever one venue prints', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (honest, rogue) => {
          const base = new Decimal(honest).div(100);
          const quotes = [
            quote('a', base.toFixed()),
            quote('b', base.times('1.001').toFixed()),
            quote('c', new Decimal(rogue).div(100).toFixed()),
          ];
          const index = computeIndex(quotes, NOW, rules);
          expect(index.price).not.toBeNull();
          const price = new Decimal(index.price!);
          expect(price.gte(base.times('0.98'))).toBe(true);
          expect(price.lte(base.times('1.001').times('1.02'))).toBe(true);
        },
      ),
    );
  });
});

describe('medianOf and nearestIncluded', () => {
  it('takes the middle or the mean of the two middles', () => {
    expect(medianOf(['3', '1', '2'].map((v) => new Decimal(v))).toFixed()).toBe('2');
    expect(medianOf(['4', '1', '3', '2'].map((v) => new Decimal(v))).toFixed()).toBe('2.5');
  });
  it('names the included venue nearest the index, never an outlier', () => {
    const index = computeIndex([quote('a', '100'), quote('b', '100.3'), quote('c', '150')], NOW, rules);
    expect(nearestIncluded(index)?.source).toBe('a');
    expect(nearestIncluded(computeIndex([quote('a', '1')], NOW, rules))).toBeNull();
  });
});
