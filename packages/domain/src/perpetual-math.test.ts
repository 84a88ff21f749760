import { contractMessageIn } from '@platform/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import {
  closeSettlement,
  marginAfterAdd,
  openTerms,
  perpetualMarginProblem,
  perpetualOpenFee,
  pnlAt,
  roePercent,
  tpslProblems,
  tpslRefusals,
  tpslTriggered,
} from './perpetual-math.ts';
import { isLiquidatable, liquidationPrice, type PositionSide } from './trading-math.ts';

const d = (v: string | number) => new Decimal(v);
const rates = { openFee: d('0.0005'), maintenance: d('0.005') };
const CLOSE_RATE = d('0.0005');
/** 300 runs of decimal arithmetic take seconds on a busy 2-core machine (the default is 5). */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('perpetual arithmetic', () => {
  it('opens: quantity, notional, fee and liquidation price', () => {
    const t = openTerms('long', d(100), 10, d(50000), rates);
    expect(t.quantity.toFixed()).toBe('0.02');
    expect(t.notional.toFixed()).toBe('1000');
    expect(t.openFee.toFixed()).toBe('0.5');
    // entry × (1 − 1/L) / (1 − mmr) = 45000 / 0.995
    expect(t.liquidationPrice.toFixed()).toBe(
      d(45000).div('0.995').toDecimalPlaces(18, Decimal.ROUND_FLOOR).toFixed(),
    );
    const s = openTerms('short', d(100), 10, d(50000), rates);
    expect(s.liquidationPrice.toFixed()).toBe(
      d(55000).div('1.005').toDecimalPlaces(18, Decimal.ROUND_CEIL).toFixed(),
    );
  });

  it('rounds a quantity down to 18 places and a fee up to 8', () => {
    const t = openTerms('long', d('10.00000001'), 3, d('0.3'), rates);
    expect(t.quantity.toFixed()).toBe('100.0000001');
    const odd = openTerms('short', d(10), 3, d(7), rates);
    expect(odd.quantity.toFixed()).toBe('4.285714285714285714');
    expect(openTerms('long', d('10.00000001'), 1, d(1), rates).openFee.toFixed()).toBe('0.00500001');
  });

  it('charges the open fee on margin × leverage, rounded up to 8 places, as the opening does', () => {
    expect(perpetualOpenFee(d(100), 10, d('0.0005')).toFixed()).toBe('0.5');
    expect(perpetualOpenFee(d('0.00000001'), 3, d('0.0005')).toFixed()).toBe('0.00000001');
    expect(perpetualOpenFee(d(100), 10, d(0)).toFixed()).toBe('0');
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000_000n }),
        fc.integer({ min: 1, max: 125 }),
        fc.integer({ min: 0, max: 10_000 }),
        (units, leverage, bp) => {
          const margin = d(units.toString()).div(1e8);
          const rate = d(bp).div(1_000_000);
          const fee = perpetualOpenFee(margin, leverage, rate);
          expect(openTerms('long', margin, leverage, d(50000), { ...rates, openFee: rate }).openFee).toEqual(
            fee,
          );
          // Never short of the rate, never a whole unit of the 8th place over it.
          const exact = margin.times(leverage).times(rate);
          expect(fee.gte(exact) && fee.minus(exact).lt('0.00000001')).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a margin within the configured limits, in the server words', () => {
    const limits = { min_margin: '10', max_margin: '100000' };
    expect(perpetualMarginProblem(d('9.99'), limits)).toBe('保证金不能少于 10 USDT');
    expect(perpetualMarginProblem(d('100000.01'), limits)).toBe('保证金不能超过 100000 USDT');
    expect(perpetualMarginProblem(d('10'), limits)).toBeNull();
    expect(perpetualMarginProblem(d('100000'), limits)).toBeNull();
  });

  it('a long at leverage 1 can never be liquidated (price 0)', () => {
    expect(openTerms('long', d(10), 1, d(60000), rates).liquidationPrice.toFixed()).toBe('0');
  });

  it('settles long and short, profit and loss', () => {
    const long = openTerms('long', d(100), 10, d(50000), rates);
    const short = openTerms('short', d(100), 10, d(50000), rates);
    const cases: [PositionSide, typeof long, string, Record<string, string>][] = [
      ['long', long, '55000', { realisedPnl: '100', fee: '0.55', payout: '199.45', houseResult: '-100' }],
      ['long', long, '48000', { realisedPnl: '-40', fee: '0.48', payout: '59.52', houseResult: '40' }],
      ['short', short, '45000', { realisedPnl: '100', fee: '0.45', payout: '199.55', houseResult: '-100' }],
      ['short', short, '52000', { realisedPnl: '-40', fee: '0.52', payout: '59.48', houseResult: '40' }],
      // A loss beyond the margin: nothing is paid and no fee charged; the house keeps the margin only.
      ['long', long, '44000', { realisedPnl: '-120', fee: '0', payout: '0', houseResult: '100' }],
      ['short', short, '56000', { realisedPnl: '-120', fee: '0', payout: '0', houseResult: '100' }],
      // The fee due (0.450001) is more than what is left (0.002): the fee takes what is left.
      ['long', long, '45000.1', { realisedPnl: '-99.998', fee: '0.002', payout: '0', houseResult: '99.998' }],
    ];
    for (const [side, terms, price, expected] of cases) {
      const s = closeSettlement(side, terms, d(price), CLOSE_RATE);
      expect(
        {
          realisedPnl: s.realisedPnl.toFixed(),
          fee: s.fee.toFixed(),
          payout: s.payout.toFixed(),
          houseResult: s.houseResult.toFixed(),
        },
        `${side} at ${price}`,
      ).toEqual(expected);
    }
  });

  it('ROE is the P&L over the margin, in percent', () => {
    const t = openTerms('long', d(100), 10, d(50000), rates);
    const pnl = pnlAt('long', t, d(50500));
    expect(pnl.toFixed()).toBe('10');
    expect(roePercent(pnl, t.margin).toFixed()).toBe('10');
    expect(roePercent(d('-3.333'), d(7)).toFixed()).toBe('-47.62');
  });

  const sideArb = fc.constantFrom<PositionSide>('long', 'short');
  const marginArb = fc.integer({ min: 1000, max: 10_000_000 }).map((c) => d(c).div(100));
  const leverageArb = fc.constantFrom(1, 2, 3, 5, 10, 20, 50, 100);
  const priceArb = fc
    .tuple(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 0, max: 8 }))
    .map(([units, scale]) => d(units).div(d(10).pow(scale)));
  const mmrArb = fc.constantFrom('0.005', '0.004', '0.0025', '0.001').map(d);

  it(
    'the stored liquidation price is liquidatable, and just before it is not (property)',
    () => {
      fc.assert(
        fc.property(
          sideArb,
          marginArb,
          leverageArb,
          priceArb,
          mmrArb,
          (side, margin, leverage, entry, mmr) => {
            const t = openTerms(side, margin, leverage, entry, { openFee: rates.openFee, maintenance: mmr });
            const liq = t.liquidationPrice;
            if (side === 'long' && leverage === 1) {
              expect(liq.isZero()).toBe(true);
              return;
            }
            expect(isLiquidatable(side, t, liq, mmr)).toBe(true);
            // A hair before the price (a billionth of it) is not liquidatable.
            const before = side === 'long' ? liq.times('1.000000001') : liq.times('0.999999999');
            expect(isLiquidatable(side, t, before, mmr)).toBe(false);
            // It is the domain's liquidation price, up to the rounding of the quantity and of the 18 places.
            const domain = liquidationPrice(side, entry, d(leverage), mmr);
            // (the quantity's relative rounding error is below 1e-18 / quantity).
            const tolerance = domain.times(d('2e-18').div(t.quantity)).plus('2e-18');
            expect(liq.minus(domain).abs().lte(tolerance)).toBe(true);
            // Opening never lands at or beyond it.
            expect(isLiquidatable(side, t, entry, mmr)).toBe(false);
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'a close moves exactly the margin: payout + fee + house = margin, payout ≥ 0 (property)',
    () => {
      fc.assert(
        fc.property(
          sideArb,
          marginArb,
          leverageArb,
          priceArb,
          priceArb,
          (side, margin, leverage, entry, close) => {
            const t = openTerms(side, margin, leverage, entry, rates);
            const s = closeSettlement(side, t, close, CLOSE_RATE);
            expect(s.payout.plus(s.fee).plus(s.houseResult).eq(margin)).toBe(true);
            expect(s.payout.isNegative()).toBe(false);
            expect(s.fee.isNegative()).toBe(false);
            expect(s.payout.decimalPlaces()).toBeLessThanOrEqual(8);
            expect(s.fee.decimalPlaces()).toBeLessThanOrEqual(8);
            const equity = margin.plus(s.realisedPnl);
            if (equity.lte(0)) expect(s.payout.isZero() && s.fee.isZero()).toBe(true);
            else expect(s.fee.lte(equity)).toBe(true);
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('take-profit and stop-loss', () => {
  const d = (v: string) => new Decimal(v);
  const long = { entry: d('50000'), liquidationPrice: d('45226.130653266331658291') };
  const short = { entry: d('3000'), liquidationPrice: d('3134.328358208955223881') };

  it('a long takes profit at or above its take-profit and stops at or below its stop-loss', () => {
    const prices = { takeProfit: d('55000'), stopLoss: d('48000') };
    expect(tpslTriggered('long', prices, d('54999.99'))).toBeNull();
    expect(tpslTriggered('long', prices, d('55000'))).toBe('take_profit');
    expect(tpslTriggered('long', prices, d('60000'))).toBe('take_profit');
    expect(tpslTriggered('long', prices, d('48000.01'))).toBeNull();
    expect(tpslTriggered('long', prices, d('48000'))).toBe('stop_loss');
    expect(tpslTriggered('long', { takeProfit: null, stopLoss: null }, d('1'))).toBeNull();
  });

  it('a short the other way round', () => {
    const prices = { takeProfit: d('2800'), stopLoss: d('3100') };
    expect(tpslTriggered('short', prices, d('2800.01'))).toBeNull();
    expect(tpslTriggered('short', prices, d('2800'))).toBe('take_profit');
    expect(tpslTriggered('short', prices, d('3099.99'))).toBeNull();
    expect(tpslTriggered('short', prices, d('3100'))).toBe('stop_loss');
  });

  it('accepts prices on the right side of the entry and short of the liquidation price', () => {
    expect(tpslProblems('long', long, { takeProfit: '55000.5', stopLoss: '45226.14' }, 2)).toEqual({});
    expect(tpslProblems('short', short, { takeProfit: '2500', stopLoss: '3134.32' }, 2)).toEqual({});
    expect(tpslProblems('long', long, { takeProfit: null, stopLoss: null }, 2)).toEqual({});
    // Trailing zeros are not precision.
    expect(tpslProblems('long', long, { takeProfit: '55000.1000', stopLoss: null }, 2)).toEqual({});
    // A long at 1x is never liquidated (price 0): any stop-loss below the entry.
    expect(
      tpslProblems(
        'long',
        { entry: d('50000'), liquidationPrice: d('0') },
        { takeProfit: null, stopLoss: '1' },
        2,
      ),
    ).toEqual({});
  });

  it('refuses the wrong side, the liquidation side and too many decimals, in Chinese', () => {
    expect(tpslProblems('long', long, { takeProfit: '50000', stopLoss: '50000' }, 2)).toEqual({
      take_profit_price: '做多仓位的止盈价必须高于开仓价 50000',
      stop_loss_price: '做多仓位的止损价必须低于开仓价 50000',
    });
    expect(tpslProblems('short', short, { takeProfit: '3001', stopLoss: '2999' }, 2)).toEqual({
      take_profit_price: '做空仓位的止盈价必须低于开仓价 3000',
      stop_loss_price: '做空仓位的止损价必须高于开仓价 3000',
    });
    expect(tpslProblems('long', long, { takeProfit: '55000.123', stopLoss: '45226.13' }, 2)).toEqual({
      take_profit_price: '止盈价最多 2 位小数',
      stop_loss_price: '做多仓位的止损价必须高于强平价，最低可设 45226.14',
    });
    expect(tpslProblems('short', short, { takeProfit: null, stopLoss: '3134.33' }, 2)).toEqual({
      stop_loss_price: '做空仓位的止损价必须低于强平价，最高可设 3134.32',
    });
    expect(
      tpslProblems(
        'long',
        { entry: d('100'), liquidationPrice: d('90') },
        { takeProfit: null, stopLoss: '90' },
        0,
      ),
    ).toEqual({ stop_loss_price: '做多仓位的止损价必须高于强平价，最低可设 91' });
  });

  it('answers each refusal by a code and its values, beside the Chinese text (the web words it)', () => {
    expect(tpslRefusals('long', long, { takeProfit: '50000', stopLoss: '45226.13' }, 2)).toEqual({
      take_profit_price: {
        code: 'take_profit_side',
        side: 'long',
        entry: '50000',
        message: '做多仓位的止盈价必须高于开仓价 50000',
      },
      stop_loss_price: {
        code: 'stop_loss_liquidation',
        side: 'long',
        limit: '45226.14',
        message: '做多仓位的止损价必须高于强平价，最低可设 45226.14',
      },
    });
    expect(tpslRefusals('short', short, { takeProfit: '2500.123', stopLoss: '2999' }, 2)).toEqual({
      take_profit_price: { code: 'take_profit_places', places: 2, message: '止盈价最多 2 位小数' },
      stop_loss_price: {
        code: 'stop_loss_side',
        side: 'short',
        entry: '3000',
        message: '做空仓位的止损价必须高于开仓价 3000',
      },
    });
    expect(tpslRefusals('short', short, { takeProfit: null, stopLoss: '3134.333' }, 2)).toEqual({
      stop_loss_price: { code: 'stop_loss_places', places: 2, message: '止损价最多 2 位小数' },
    });
  });

  it("each refusal's Chinese is a shape of the contracts' catalogue: an API caller in English reads English", () => {
    const messages = [
      tpslProblems('long', long, { takeProfit: '50000', stopLoss: '50000' }, 2),
      tpslProblems('short', short, { takeProfit: '3001', stopLoss: '2999' }, 2),
      tpslProblems('long', long, { takeProfit: '55000.123', stopLoss: '45226.13' }, 2),
      tpslProblems('short', short, { takeProfit: null, stopLoss: '3134.333' }, 2),
      tpslProblems('short', short, { takeProfit: null, stopLoss: '3134.33' }, 2),
    ].flatMap((problems) => Object.values(problems));
    expect(messages.map((m) => contractMessageIn('en', m))).toEqual([
      'A long’s take profit price must be above the entry price 50000',
      'A long’s stop loss price must be below the entry price 50000',
      'A short’s take profit price must be below the entry price 3000',
      'A short’s stop loss price must be above the entry price 3000',
      'The take profit price may have at most 2 decimal places',
      'A long’s stop loss price must be above the liquidation price; the lowest allowed is 45226.14',
      'The stop loss price may have at most 2 decimal places',
      'A short’s stop loss price must be below the liquidation price; the highest allowed is 3134.32',
    ]);
  });

  it('added margin moves the liquidation price away from the mark, and a long can reach none', () => {
    const terms = { margin: d('100'), quantity: d('0.02'), entry: d('50000') };
    const rate = d('0.005');
    const once = marginAfterAdd('long', terms, d('50'), rate);
    expect(once.margin.toFixed()).toBe('150');
    expect(once.liquidationPrice.lt(long.liquidationPrice)).toBe(true);
    expect(isLiquidatable('long', { ...terms, margin: once.margin }, once.liquidationPrice, rate)).toBe(true);
    expect(marginAfterAdd('long', terms, d('900'), rate).liquidationPrice.toFixed()).toBe('0');
    const shortTerms = { margin: d('30'), quantity: d('0.2'), entry: d('3000') };
    const up = marginAfterAdd('short', shortTerms, d('30'), rate);
    expect(
      up.liquidationPrice.gt(
        openTerms('short', d('30'), 20, d('3000'), { openFee: d('0'), maintenance: rate }).liquidationPrice,
      ),
    ).toBe(true);
  });
});
