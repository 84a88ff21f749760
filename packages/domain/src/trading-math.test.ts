import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import {
  contractOutcome,
  contractSettlement,
  isLiquidatable,
  liquidationPrice,
  maintenanceMargin,
  percentToRate,
  positionQuantity,
  tradeFee,
  unrealisedPnl,
} from './trading-math.ts';

const D = (v: string | number) => new Decimal(v);
/** A positive amount with up to 8 decimals, from 0.00000001 to 1,000,000. */
const amount = fc.bigInt({ min: 1n, max: 100_000_000_000_000n }).map((units) => D(units.toString()).div(1e8));
const price = fc.bigInt({ min: 1n, max: 20_000_000_000_000n }).map((units) => D(units.toString()).div(1e8));
const rate = fc.integer({ min: 0, max: 10_000 }).map((bp) => D(bp).div(10_000));
const direction = fc.constantFrom('up', 'down', 'call', 'put') as fc.Arbitrary<
  'up' | 'down' | 'call' | 'put'
>;
const side = fc.constantFrom('long', 'short') as fc.Arbitrary<'long' | 'short'>;

describe('fixed-payout contracts', () => {
  it('win, loss and draw follow the price only', () => {
    expect(contractOutcome('up', D(100), D(101))).toBe('win');
    expect(contractOutcome('call', D(100), D(99.99))).toBe('loss');
    expect(contractOutcome('down', D(100), D(99))).toBe('win');
    expect(contractOutcome('put', D(100), D(100))).toBe('draw');
  });

  it('a win pays the stake back plus stake × rate, rounded down to 8 places', () => {
    expect(contractSettlement(D(100), percentToRate(85), 'win')).toEqual({
      returned: D(185),
      houseResult: D(-85),
      profit: D(85),
    });
    const odd = contractSettlement(D('0.00000003'), D('0.5'), 'win');
    expect(odd.profit.toString()).toBe('0.00000001');
    expect(contractSettlement(D(10), D('0.8'), 'loss')).toMatchObject({ returned: D(0), houseResult: D(10) });
    expect(contractSettlement(D(10), D('0.8'), 'draw')).toMatchObject({ returned: D(10), houseResult: D(0) });
    expect(() => contractSettlement(D(0), D('0.8'), 'win')).toThrow();
  });

  it('property: what is returned and what the house keeps always add up to the stake', () => {
    fc.assert(
      fc.property(amount, rate, direction, price, price, (stake, r, dir, open, settle) => {
        const outcome = contractOutcome(dir, open, settle);
        const s = contractSettlement(stake, r, outcome);
        expect(s.returned.plus(s.houseResult).eq(stake)).toBe(true);
        expect(s.returned.gte(0)).toBe(true);
        expect(s.profit.decimalPlaces()).toBeLessThanOrEqual(8);
        if (outcome === 'win') expect(s.profit.lte(stake.times(r))).toBe(true);
        // Opposite directions never both win.
        const opposite = { up: 'down', down: 'up', call: 'put', put: 'call' } as const;
        const other = contractOutcome(opposite[dir], open, settle);
        expect(outcome === 'draw' ? other === 'draw' : other !== outcome).toBe(true);
      }),
    );
  });
});

describe('fees', () => {
  it('property: never short, never more than one unit of the 8th place over', () => {
    fc.assert(
      fc.property(amount, rate, (notional, r) => {
        const fee = tradeFee(notional, r);
        const exact = notional.times(r);
        expect(fee.gte(exact)).toBe(true);
        expect(fee.minus(exact).lt(D('0.00000001'))).toBe(true);
        expect(fee.decimalPlaces()).toBeLessThanOrEqual(8);
      }),
    );
  });
});

describe('perpetual positions', () => {
  it('worked example: 100 USDT at 10x long BTC at 50,000 with 0.5% maintenance', () => {
    const qty = positionQuantity(D(100), D(10), D(50_000));
    expect(qty.toString()).toBe('0.02');
    expect(unrealisedPnl('long', qty, D(50_000), D(51_000)).toString()).toBe('20');
    expect(unrealisedPnl('short', qty, D(50_000), D(51_000)).toString()).toBe('-20');
    const liq = liquidationPrice('long', D(50_000), D(10), D('0.005'));
    expect(liq.toFixed(2)).toBe('45226.13');
    expect(
      isLiquidatable('long', { margin: D(100), quantity: qty, entry: D(50_000) }, D(45_300), D('0.005')),
    ).toBe(false);
    expect(
      isLiquidatable('long', { margin: D(100), quantity: qty, entry: D(50_000) }, D(45_200), D('0.005')),
    ).toBe(true);
  });

  it('property: at the liquidation price equity meets the maintenance margin; beyond it the position is liquidatable, before it not', () => {
    fc.assert(
      fc.property(
        side,
        amount,
        price,
        fc.integer({ min: 1, max: 125 }),
        fc.integer({ min: 1, max: 200 }).map((bp) => D(bp).div(10_000)),
        (s, margin, entry, lev, mmr) => {
          const leverage = D(lev);
          fc.pre(leverage.times(mmr).lt(1));
          const quantity = positionQuantity(margin, leverage, entry);
          const liq = liquidationPrice(s, entry, leverage, mmr);
          // A 1x long only loses everything at a price of zero: nothing to compare around.
          fc.pre(liq.gt(0));
          const equity = margin.plus(unrealisedPnl(s, quantity, entry, liq));
          const required = maintenanceMargin(quantity, liq, mmr);
          expect(equity.minus(required).abs().lte(margin.times('1e-20'))).toBe(true);
          const worse = s === 'long' ? liq.times('0.999') : liq.times('1.001');
          const better = s === 'long' ? liq.times('1.001') : liq.times('0.999');
          const position = { margin, quantity, entry };
          expect(isLiquidatable(s, position, worse, mmr)).toBe(true);
          expect(isLiquidatable(s, position, better, mmr)).toBe(false);
        },
      ),
    );
  });

  it('property: P&L is zero at entry and a long and a short of the same size mirror each other', () => {
    fc.assert(
      fc.property(amount, price, price, (qty, entry, mark) => {
        expect(unrealisedPnl('long', qty, entry, entry).isZero()).toBe(true);
        expect(
          unrealisedPnl('long', qty, entry, mark)
            .plus(unrealisedPnl('short', qty, entry, mark))
            .isZero(),
        ).toBe(true);
      }),
    );
  });
});
