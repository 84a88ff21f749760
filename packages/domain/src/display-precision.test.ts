import { describe, expect, it } from 'vitest';
import {
  formatBalance,
  formatChange,
  formatCharge,
  formatInCurrency,
  formatPairPrice,
  insufficientBalanceText,
} from './display-precision.ts';
import { formatNumber } from './format.ts';
import { Decimal } from './money.ts';

describe('amounts in a currency', () => {
  it('show a balance to the currency precision rounded down: never more than the user has', () => {
    expect(formatBalance('99.999999', 'USDT')).toBe('99.99 USDT');
    expect(formatBalance('1234.5', 'USDT')).toBe('1,234.50 USDT');
    expect(formatBalance('0.006123456789', 'BTC')).toBe('0.00612345 BTC');
    expect(formatBalance('0.006', 'BTC')).toBe('0.006 BTC');
    expect(formatBalance('0', 'USDT', { unit: false })).toBe('0.00');
    expect(formatBalance(null, 'USDT')).toBe('-');
  });

  it('show a charge rounded up: never less than what is taken', () => {
    expect(formatCharge('0.0123456', 'USDT')).toBe('0.02 USDT');
    expect(formatCharge('1.5', 'USDT')).toBe('1.50 USDT');
    expect(formatCharge('0.000000001', 'BTC')).toBe('0.00000001 BTC');
  });

  it('show a change with its sign, credits down and debits up', () => {
    expect(formatChange('11.509', 'USDT')).toBe('+11.50 USDT');
    expect(formatChange('-10.001', 'USDT')).toBe('-10.01 USDT');
    expect(formatChange('-0.001', 'USDT')).toBe('-0.01 USDT');
    expect(formatChange('0.001', 'USDT')).toBe('0.00 USDT');
    expect(formatChange('0.00612345', 'BTC', { unit: false })).toBe('+0.00612345');
  });

  it('round the signed value, so a floor of a small debit is not shown as zero', () => {
    expect(formatNumber('-0.005', 2, { rounding: Decimal.ROUND_FLOOR })).toBe('-0.01');
    expect(formatNumber('-0.005', 2)).toBe('-0.01');
    expect(formatNumber('-0.004', 2)).toBe('0.00');
    expect(formatInCurrency('2.345', 'USDT', 'quoted')).toBe('2.35 USDT');
  });
});

describe('insufficientBalanceText', () => {
  it('says what is needed rounded up and what is available rounded down, to the currency places', () => {
    expect(insufficientBalanceText('101.00000002', '1.00000001', '101', 'USDT')).toBe(
      '可用余额不足：需要 101.01 USDT（含手续费 1.01），可用 101.00',
    );
    expect(insufficientBalanceText('60900', '900', '50.999', 'USDT')).toBe(
      '可用余额不足：需要 60,900.00 USDT（含手续费 900.00），可用 50.99',
    );
  });
});

describe('pair precision', () => {
  it('shows a price with every place of the pair, half up', () => {
    expect(formatPairPrice('94457.526', 2)).toBe('94,457.53');
    expect(formatPairPrice('0.31', 4)).toBe('0.3100');
    expect(formatPairPrice('3120.5', 1)).toBe('3,120.5');
  });

  it('falls back to the price size when the pair is not known', () => {
    expect(formatPairPrice('94457.526')).toBe('94,457.53');
    expect(formatPairPrice('1.23456')).toBe('1.2346');
    expect(formatPairPrice('0.0123456')).toBe('0.012346');
  });
});
