import { describe, expect, it } from 'vitest';
import { depthCurves } from './depth.ts';

describe('depthCurves', () => {
  const book = {
    asks: [
      ['101.5', '2'],
      ['101.25', '1'],
      ['103', '0.5'],
    ] as [string, string][],
    bids: [
      ['100', '1.5'],
      ['99.5', '0.25'],
      ['98', '4'],
    ] as [string, string][],
  };

  it('accumulates each side from its best price, in ascending price', () => {
    expect(depthCurves(book, 2, 20)).toEqual({
      bids: [
        { price: '98.00', total: '5.75' },
        { price: '99.50', total: '1.75' },
        { price: '100.00', total: '1.5' },
      ],
      asks: [
        { price: '101.25', total: '1' },
        { price: '101.50', total: '3' },
        { price: '103.00', total: '3.5' },
      ],
    });
  });

  it('groups at the pair tick and keeps the levels nearest the spread', () => {
    expect(depthCurves(book, 0, 1)).toEqual({
      // Bids round down, asks up: 99.5 joins 99, 101.25 and 101.5 join 102.
      bids: [{ price: '100', total: '1.5' }],
      asks: [{ price: '102', total: '3' }],
    });
  });

  it('is empty without a book', () => {
    expect(depthCurves(undefined, 2, 20)).toEqual({ bids: [], asks: [] });
  });
});
