import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './money.ts';
import {
  channelLimitProblem,
  largestAmountWithFee,
  withdrawalCharge,
  withdrawalFee,
} from './withdrawal-fee.ts';

const d = (v: string | number) => new Decimal(v);
const text = (c: { amount: Decimal; fee: Decimal; total: Decimal }) => ({
  amount: c.amount.toFixed(),
  fee: c.fee.toFixed(),
  total: c.total.toFixed(),
});

describe('the withdrawal fee', () => {
  it('is amount × rate rounded up to 8 places, and the request freezes amount + fee', () => {
    expect(text(withdrawalCharge(d('100'), d('0.015')))).toEqual({
      amount: '100',
      fee: '1.5',
      total: '101.5',
    });
    expect(withdrawalFee(d('0.1'), d('0.003')).toFixed()).toBe('0.0003');
    expect(withdrawalFee(d('0.00000001'), d('0.5')).toFixed()).toBe('0.00000001');
    expect(withdrawalFee(d('33.33333333'), d('0.01')).toFixed()).toBe('0.33333334');
    expect(text(withdrawalCharge(d('5'), d('0')))).toEqual({ amount: '5', fee: '0', total: '5' });
  });
});

describe("a channel's limits", () => {
  const limits = { min: '10', max: '50000', currency: 'USDT' };

  it('refuses below the minimum and above the maximum, naming the purpose, exact to the last digit', () => {
    expect(channelLimitProblem(d('9.99'), '充值', limits)).toBe('充值金额不能低于 10 USDT');
    expect(channelLimitProblem(d('50000.01'), '提现', limits)).toBe('提现金额不能高于 50000 USDT');
    expect(
      channelLimitProblem(d('0.1'), '提现', { min: d('0.10000001'), max: d('1'), currency: 'BTC' }),
    ).toBe('提现金额不能低于 0.10000001 BTC');
  });

  it('takes the limits themselves', () => {
    expect(channelLimitProblem(d('10'), '提现', limits)).toBeNull();
    expect(channelLimitProblem(d('50000'), '提现', limits)).toBeNull();
  });
});

describe('the largest amount that fits with its fee', () => {
  const at = (rate: string) => (amount: Decimal) => withdrawalFee(amount, d(rate));

  it('finds it to the step asked for, within the cap', () => {
    expect(largestAmountWithFee(d('101'), at('0.01'), d('100000'), 8).toFixed()).toBe('100');
    expect(largestAmountWithFee(d('100'), at('0.003'), d('100000'), 8).toFixed()).toBe('99.7008973');
    expect(largestAmountWithFee(d('500'), at('0.01'), d('5000'), 2).toFixed()).toBe('495.04');
    expect(largestAmountWithFee(d('0.01'), at('0.01'), d('100000'), 2).toFixed()).toBe('0');
    expect(largestAmountWithFee(d('5000'), at('0'), d('1000'), 8).toFixed()).toBe('1000');
    expect(largestAmountWithFee(d('0'), at('0.01'), d('1000'), 8).toFixed()).toBe('0');
  });

  it('fits, and one step more does not unless the cap stops it (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000_000_000_000n }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.bigInt({ min: 0n, max: 10_000_000_000_000_000n }),
        fc.integer({ min: 0, max: 8 }),
        (availableUnits, rateUnits, capUnits, places) => {
          const available = d(availableUnits.toString()).div(1e8);
          const rate = d(rateUnits).div(100_000);
          const cap = d(capUnits.toString()).div(1e8);
          const fee = (a: Decimal) => withdrawalFee(a, rate);
          const found = largestAmountWithFee(available, fee, cap, places);
          const step = d(10).pow(-places);
          expect(found.mod(step).isZero()).toBe(true);
          expect(found.lte(cap)).toBe(true);
          expect(found.plus(fee(found)).lte(available)).toBe(true);
          const next = found.plus(step);
          if (next.lte(cap)) expect(next.plus(fee(next)).gt(available)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
