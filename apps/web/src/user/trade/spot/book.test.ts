import { describe, expect, it } from 'vitest';
import { aggregateBook, groupingSteps, stepDecimals } from './book.ts';

const book = {
  // Deliberately out of order: the source's order is not trusted.
  asks: [
    ['100.12', '1'],
    ['100.05', '2'],
    ['100.21', '0.5'],
    ['100.98', '3'],
  ] as [string, string][],
  bids: [
    ['99.99', '1.5'],
    ['99.91', '0.25'],
    ['99.80', '4'],
    ['0', '9'],
  ] as [string, string][],
};

describe('groupingSteps', () => {
  it('starts at the pair tick and widens by powers of ten', () => {
    expect(groupingSteps(2)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps(5, 3)).toEqual(['0.00001', '0.0001', '0.001']);
    expect(groupingSteps(0)).toEqual(['1', '10', '100', '1000']);
  });

  it('knows the decimals of a step', () => {
    expect(stepDecimals('0.001')).toBe(3);
    expect(stepDecimals('10')).toBe(0);
  });
});

describe('aggregateBook', () => {
  it('keeps the tick-level book, best first, with running totals and one depth scale', () => {
    const { asks, bids } = aggregateBook(book, '0.01', 10);
    expect(asks.map((r) => r.price)).toEqual(['100.05', '100.12', '100.21', '100.98']);
    expect(asks.map((r) => r.total)).toEqual(['2', '3', '3.5', '6.5']);
    // Empty and zero-price levels are dropped.
    expect(bids.map((r) => r.price)).toEqual(['99.99', '99.91', '99.80']);
    expect(bids.map((r) => r.total)).toEqual(['1.5', '1.75', '5.75']);
    // The deeper side's last row is the full bar; the other side is scaled alike.
    expect(asks.at(-1)?.depth).toBe(1);
    expect(bids.at(-1)?.depth).toBeCloseTo(5.75 / 6.5);
  });

  it('rounds asks up and bids down into wider steps and sums them', () => {
    const { asks, bids } = aggregateBook(book, '0.1', 10);
    expect(asks).toEqual([
      { price: '100.1', amount: '2', total: '2', depth: expect.any(Number) },
      { price: '100.2', amount: '1', total: '3', depth: expect.any(Number) },
      { price: '100.3', amount: '0.5', total: '3.5', depth: expect.any(Number) },
      { price: '101.0', amount: '3', total: '6.5', depth: 1 },
    ]);
    expect(bids.map((r) => [r.price, r.amount])).toEqual([
      ['99.9', '1.75'],
      ['99.8', '4'],
    ]);
    const whole = aggregateBook(book, '1', 10);
    expect(whole.asks.map((r) => [r.price, r.amount])).toEqual([['101', '6.5']]);
    expect(whole.bids.map((r) => [r.price, r.amount])).toEqual([['99', '5.75']]);
  });

  it('keeps at most `rows` groups a side', () => {
    const { asks, bids } = aggregateBook(book, '0.01', 2);
    expect(asks.map((r) => r.price)).toEqual(['100.05', '100.12']);
    expect(bids.map((r) => r.price)).toEqual(['99.99', '99.91']);
    expect(asks[1]?.depth).toBe(1);
  });

  it('is empty without a book', () => {
    expect(aggregateBook(undefined, '0.01', 5)).toEqual({ asks: [], bids: [] });
    expect(aggregateBook({ asks: [], bids: [] }, '0.01', 5)).toEqual({ asks: [], bids: [] });
  });
});
