import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import {
  spotOrderCost,
  spotOrderProblem,
  takenLevels,
  usableLevels,
  volumeWithin,
  walkBook,
} from './spot-book.ts';

const d = (v: string | number) => new Decimal(v);
const levels = (rows: [string, string][], precision = 8, side: 'asks' | 'bids' = 'asks') =>
  usableLevels(rows, precision, side);

describe('walking the book', () => {
  it('fills level by level; the average is quantity-weighted', () => {
    const asks = levels([
      ['3000', '0.5'],
      ['3001', '0.5'],
      ['3005', '2'],
    ]);
    const walk = walkBook('buy', asks, d('1.2'));
    expect(walk?.turnover.toFixed()).toBe('3601.5');
    expect(walk?.avgPrice.toFixed()).toBe('3001.25');
    expect(walk?.levels).toBe(3);
    expect(walkBook('buy', asks, d('3.0001'))).toBeNull();
    expect(walkBook('buy', asks, d('3'))?.levels).toBe(3);
  });

  it('rounds a repeating average to 18 places and lot sizes down', () => {
    const bids = levels(
      [
        ['1', '1.123456789'],
        ['2', '2'],
      ],
      4,
    );
    expect(bids[0]?.quantity.toFixed()).toBe('1.1234');
    const walk = walkBook(
      'sell',
      levels([
        ['1', '1'],
        ['2', '2'],
      ]),
      d('3'),
    );
    expect(walk?.avgPrice.toFixed()).toBe('1.666666666666666667');
    expect(walk?.turnover.toFixed()).toBe('5');
  });

  it('takes the asks for a buy and the bids for a sell, cut to the lot: a level under one lot is not there', () => {
    const book = {
      asks: [
        ['3500', '1'],
        ['3000', '0.00009'],
      ] as [string, string][],
      bids: [
        ['2990', '0.00019'],
        ['2999', '0.00005'],
      ] as [string, string][],
    };
    const asks = takenLevels(book, 'buy', 4);
    expect(asks.map((l) => [l.price.toFixed(), l.quantity.toFixed()])).toEqual([['3500', '1']]);
    expect(walkBook('buy', asks, d('0.5'))?.turnover.toFixed()).toBe('1750');
    const bids = takenLevels(book, 'sell', 4);
    expect(bids.map((l) => [l.price.toFixed(), l.quantity.toFixed()])).toEqual([['2990', '0.0001']]);
    expect(walkBook('sell', bids, d('0.0002'))).toBeNull();
  });

  it('counts the volume at or better than a limit', () => {
    const asks = levels([
      ['10', '1'],
      ['11', '2'],
      ['12', '4'],
    ]);
    expect(volumeWithin('buy', asks, d('11')).toFixed()).toBe('3');
    expect(volumeWithin('buy', asks, d('9.99')).toFixed()).toBe('0');
    const bids = levels(
      [
        ['9', '2'],
        ['10', '1'],
      ],
      8,
      'bids',
    );
    expect(bids[0]?.price.toFixed()).toBe('10');
    expect(volumeWithin('sell', bids, d('9')).toFixed()).toBe('3');
  });

  /** A raw book side: prices with up to 4 decimals, quantities with up to 8 (finer than most lots). */
  const rawSide = fc.array(
    fc.tuple(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 0, max: 300_000_000 })),
    { maxLength: 8 },
  );
  const toRows = (raw: [number, number][]) =>
    raw.map(([p, q]) => [d(p).div(1e4).toFixed(), d(q).div(1e8).toFixed()] as [string, string]);

  it('fills only whole lots, best first, within the depth; the turnover is in the house favour (property)', () => {
    fc.assert(
      fc.property(
        rawSide,
        fc.constantFrom('buy', 'sell') as fc.Arbitrary<'buy' | 'sell'>,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 400_000 }),
        (raw, side, precision, lots) => {
          const rows = toRows(raw);
          const taken = takenLevels({ asks: rows, bids: rows }, side, precision);
          const lot = d(10).pow(-precision);
          for (const [i, level] of taken.entries()) {
            expect(level.quantity.gt(0) && level.quantity.mod(lot).isZero()).toBe(true);
            const next = taken[i + 1];
            if (next)
              expect(side === 'buy' ? level.price.lte(next.price) : level.price.gte(next.price)).toBe(true);
          }
          const depth = taken.reduce((sum, l) => sum.plus(l.quantity), d(0));
          const amount = lot.times(lots);
          const walk = walkBook(side, taken, amount);
          if (amount.gt(depth)) {
            expect(walk).toBeNull();
            return;
          }
          if (!walk) throw new Error('a walk within the depth must fill');
          const best = taken[0]?.price as Decimal;
          const worst = taken[walk.levels - 1]?.price as Decimal;
          const [low, high] = side === 'buy' ? [best, worst] : [worst, best];
          expect(walk.avgPrice.gte(low.toDecimalPlaces(18, Decimal.ROUND_DOWN))).toBe(true);
          expect(walk.avgPrice.lte(high)).toBe(true);
          const exact = walk.avgPrice.times(amount);
          // Within one step of 18 places of price × amount, on the house's side.
          expect(
            exact
              .minus(walk.turnover)
              .abs()
              .lte(amount.times(d(10).pow(-18)).plus(d(10).pow(-18))),
          ).toBe(true);
          expect(walk.turnover.decimalPlaces()).toBeLessThanOrEqual(18);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('what an order costs', () => {
  it('a buy pays the turnover and the fee rounded up; a sell gives its base quantity', () => {
    expect(spotOrderCost('buy', d('1.5'), d('150'), d('0.001'))).toEqual({
      fee: d('0.15'),
      cost: d('150.15'),
    });
    const odd = spotOrderCost('buy', d('0.0001'), d('0.000000013'), d('0.5'));
    expect(odd.fee.toFixed()).toBe('0.00000001');
    expect(spotOrderCost('sell', d('2'), d('197'), d('0.001'))).toEqual({ fee: d('0.197'), cost: d('2') });
  });
});

describe("the pair's rules", () => {
  const pair = { base_currency: 'BTC', min_amount: '0.001', amount_precision: 4, price_precision: 2 };

  it('refuses too many decimals (a malformed value), too small a quantity and too large a value (rules)', () => {
    expect(spotOrderProblem(pair, d('0.00011'), null)).toEqual({
      field: 'amount',
      kind: 'format',
      message: '数量最多 4 位小数',
    });
    expect(spotOrderProblem(pair, d('0.00001'), null)?.field).toBe('amount');
    expect(spotOrderProblem(pair, d('0.0009'), d('100'))).toEqual({
      field: 'amount',
      kind: 'rule',
      message: '数量不能小于最小下单量 0.001 BTC',
    });
    expect(spotOrderProblem(pair, d('1'), d('100.001'))).toEqual({
      field: 'price',
      kind: 'format',
      message: '价格最多 2 位小数',
    });
    expect(spotOrderProblem(pair, d('100000'), d('10000000.01'))).toEqual({
      field: 'amount',
      kind: 'rule',
      message: '订单金额过大',
    });
  });

  it('takes what fits, trailing zeros included, and a market order without a price', () => {
    expect(spotOrderProblem(pair, d('0.001'), null)).toBeNull();
    expect(spotOrderProblem(pair, d('1.50000'), d('100.100'))).toBeNull();
    expect(spotOrderProblem(pair, d('100000'), d('10000000'))).toBeNull();
  });
});
