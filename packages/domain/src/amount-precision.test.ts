import { describe, expect, it } from 'vitest';
import {
  amountPrecisionProblem,
  currencyPrecision,
  decimalPlacesOf,
  formatExactAmount,
} from './amount-precision.ts';
import { Decimal } from './money.ts';

describe('currency precision', () => {
  it('is 2 decimals for USDT (spec 000 §9) and the other dollar stablecoins, 8 for other currencies', () => {
    expect(currencyPrecision('USDT')).toBe(2);
    expect(currencyPrecision('usdc')).toBe(2);
    expect(currencyPrecision('BTC')).toBe(8);
    expect(currencyPrecision('ETH')).toBe(8);
  });

  it('counts the decimals as written, trailing zeros included', () => {
    expect(decimalPlacesOf('12')).toBe(0);
    expect(decimalPlacesOf('12.1234567')).toBe(7);
    expect(decimalPlacesOf('10.120')).toBe(3);
    expect(decimalPlacesOf(new Decimal('10.120'))).toBe(2);
  });
});

describe('amountPrecisionProblem', () => {
  it('refuses more decimals than the currency has and says how many it allows', () => {
    expect(amountPrecisionProblem('12.1234567', 'USDT', '充值')).toBe('充值金额最多保留 2 位小数');
    expect(amountPrecisionProblem('10.123', 'USDT', '投注')).toBe('投注金额最多保留 2 位小数');
    expect(amountPrecisionProblem('10.123', 'USDT')).toBe('金额最多保留 2 位小数');
    expect(amountPrecisionProblem('0.123456789', 'BTC', '提现')).toBe('提现金额最多保留 8 位小数');
  });

  it('accepts amounts within the precision; zeros past it are digits a user typed, so they count', () => {
    expect(amountPrecisionProblem('12', 'USDT')).toBeNull();
    expect(amountPrecisionProblem('12.5', 'USDT')).toBeNull();
    expect(amountPrecisionProblem('12.34', 'USDT')).toBeNull();
    expect(amountPrecisionProblem('0.12345678', 'BTC')).toBeNull();
    expect(amountPrecisionProblem('12.340', 'USDT')).toBe('金额最多保留 2 位小数');
  });
});

describe('formatExactAmount: never fewer digits than the amount has', () => {
  it('shows every significant digit, at least the currency precision, with the unit', () => {
    expect(formatExactAmount('12.123456700000000000', 'USDT')).toBe('12.1234567 USDT');
    expect(formatExactAmount('10.123000000000000000', 'USDT')).toBe('10.123 USDT');
    expect(formatExactAmount('1234.5', 'USDT')).toBe('1,234.50 USDT');
    expect(formatExactAmount('100.000000000000000000', 'USDT')).toBe('100.00 USDT');
    expect(formatExactAmount('0.000000000000000001', 'USDT')).toBe('0.000000000000000001 USDT');
    expect(formatExactAmount('0.5', 'BTC')).toBe('0.50 BTC');
    expect(formatExactAmount('0.123456789', 'BTC')).toBe('0.123456789 BTC');
  });

  it('writes fiat amounts with their symbol and a dash for nothing', () => {
    expect(formatExactAmount('12.345', 'CNY')).toBe('¥12.345');
    expect(formatExactAmount(null, 'USDT')).toBe('-');
    expect(formatExactAmount('abc', 'USDT')).toBe('-');
  });
});
