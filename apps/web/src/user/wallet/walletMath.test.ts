import { formatNormalised } from '@platform/domain';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import {
  amountProblem,
  balanceProblem,
  feeRatePercent,
  maxWithdrawable,
  walletOf,
  walletTotal,
  withdrawPreview,
} from './walletMath.ts';

const limits = { min: '10', max: '50000', currency: 'USDT' };

describe('amountProblem', () => {
  it.each([
    [undefined, '请输入充值金额'],
    ['', '请输入充值金额'],
    ['abc', '充值金额格式不正确，请输入数字（如 12.5）'],
    // Refused, never read as 5 (issue 20).
    ['-5', '充值金额不能为负数'],
    ['1e3', '充值金额格式不正确，请输入数字（如 12.5）'],
    ['1.123456789', '充值金额最多保留 2 位小数'],
    ['0', '充值金额必须大于0'],
    ['0.00', '充值金额必须大于0'],
    ['9.99', '充值金额不能低于 10 USDT'],
    ['50000.00000001', '充值金额最多保留 2 位小数'],
    // USDT has 2 decimals: 12.1234567 would be confirmed and approved as 12.12.
    ['12.1234567', '充值金额最多保留 2 位小数'],
    ['12.120', '充值金额最多保留 2 位小数'],
    ['50000.01', '充值金额不能高于 50000 USDT'],
  ])('refuses %j with %s', (value, expected) => {
    expect(amountProblem(value, 'deposit', limits)).toBe(expected);
  });

  it('accepts the limits themselves, spaces around and as many decimals as the currency has', () => {
    expect(amountProblem('10', 'deposit', limits)).toBeNull();
    expect(amountProblem('50000', 'deposit', limits)).toBeNull();
    expect(amountProblem(' 123.12 ', 'withdraw', limits)).toBeNull();
    const btc = { min: '0.0001', max: '10', currency: 'BTC' };
    expect(amountProblem(' 1.12345678 ', 'withdraw', btc)).toBeNull();
  });

  it('names the purpose and keeps decimal limits exact', () => {
    expect(amountProblem('0.1', 'withdraw', { min: '0.10000001', max: '1', currency: 'BTC' })).toBe(
      '提现金额不能低于 0.10000001 BTC',
    );
  });

  it('says each refusal in English under en', () => {
    applyLanguage('en');
    expect(amountProblem('', 'deposit', limits)).toBe('Enter the deposit amount');
    expect(amountProblem('-5', 'deposit', limits)).toBe('The deposit amount cannot be negative');
    expect(amountProblem('1.123', 'withdraw', limits)).toBe(
      'The withdrawal amount may have at most 2 decimal places',
    );
    expect(amountProblem('9.99', 'deposit', limits)).toBe('The deposit amount cannot be below 10 USDT');
    expect(amountProblem('50000.01', 'withdraw', limits)).toBe(
      'The withdrawal amount cannot be above 50000 USDT',
    );
  });
});

/** The preview's figures as plain strings; fails the test when there is no preview. */
function preview(amount: string, rate: string) {
  const p = withdrawPreview(amount, rate);
  if (!p) throw new Error(`no preview for ${amount}`);
  return {
    amount: formatNormalised(p.amount),
    fee: formatNormalised(p.fee),
    total: formatNormalised(p.total),
  };
}

describe('withdrawPreview', () => {
  it('is amount × fee rate, and amount + fee frozen', () => {
    expect(preview('100', '0.015')).toEqual({ amount: '100', fee: '1.5', total: '101.5' });
  });

  it('rounds the fee up to 8 decimals like the server, with no float error', () => {
    // 0.1 × 0.003 in floats is 0.00030000000000000003.
    expect(preview('0.1', '0.003').fee).toBe('0.0003');
    expect(preview('0.00000001', '0.5').fee).toBe('0.00000001');
    expect(preview('33.33333333', '0.01').fee).toBe('0.33333334');
  });

  it('is free with a zero rate and null for an invalid amount', () => {
    expect(preview('5', '0')).toEqual({ amount: '5', fee: '0', total: '5' });
    expect(withdrawPreview('', '0.01')).toBeNull();
    expect(withdrawPreview('0', '0.01')).toBeNull();
    expect(withdrawPreview('1.5.2', '0.01')).toBeNull();
  });
});

describe('balanceProblem', () => {
  it('passes when amount + fee fits exactly and refuses one unit more', () => {
    const fits = withdrawPreview('100', '0.01');
    expect(fits && balanceProblem(fits, '101', 'USDT')).toBeNull();
    const over = withdrawPreview('100.00000001', '0.01');
    expect(over && balanceProblem(over, '101', 'USDT')).toBe(
      // Never an 8-decimal fee in a message: what is needed rounded up, what is there down.
      '可用余额不足：需要 101.01 USDT（含手续费 1.01），可用 101.00',
    );
  });
});

describe('maxWithdrawable', () => {
  it('is the largest amount whose amount + fee fits', () => {
    expect(maxWithdrawable('101', '0.01', '100000')).toBe('100');
    const max = maxWithdrawable('100', '0.003', '100000');
    expect(max).toBe('99.7008973');
    expect(preview(max, '0.003').total).toBe('100');
    // One unit more no longer fits.
    expect(preview('99.70089731', '0.003').total).toBe('100.00000001');
  });

  it('keeps to the currency precision when given one (USDT: 2 decimals)', () => {
    expect(maxWithdrawable('500', '0.01', '5000', 2)).toBe('495.04');
    expect(preview('495.04', '0.01').total).toBe('499.9904');
    expect(maxWithdrawable('101', '0.01', '100000', 2)).toBe('100');
    expect(maxWithdrawable('0.01', '0.01', '100000', 2)).toBe('0');
  });

  it('is capped at the channel maximum and 0 without balance', () => {
    expect(maxWithdrawable('5000', '0', '1000')).toBe('1000');
    expect(maxWithdrawable('0', '0.01', '1000')).toBe('0');
  });
});

describe('display helpers', () => {
  it('shows the fee rate in percent', () => {
    expect(feeRatePercent('0.015')).toBe('1.5%');
    expect(feeRatePercent('0')).toBe('0%');
  });

  it('totals available, frozen and salary; zeros for a missing currency', () => {
    const wallet = { currency: 'USDT', balance: '0.1', frozen_balance: '0.2', salary_balance: '3' };
    expect(formatNormalised(walletTotal(wallet))).toBe('3.3');
    expect(walletOf([wallet], 'BTC')).toEqual({
      currency: 'BTC',
      balance: '0',
      frozen_balance: '0',
      salary_balance: '0',
    });
  });
});
