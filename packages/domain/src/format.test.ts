import { describe, expect, it } from 'vitest';
import { toDec } from './decimal.ts';
import {
  formatCompact,
  formatCount,
  formatCrypto,
  formatCurrency,
  formatMoney,
  formatNumber,
  formatPercent,
  formatUSDT,
  percentage,
} from './format.ts';
import { Decimal } from './money.ts';
import { daysSince, formatDate, formatDateTime, formatLongDate, formatTime } from './time.ts';

describe('decimal', () => {
  it('keeps 40 significant digits (no float rounding)', () => {
    expect(new Decimal('0.1').plus('0.2').toString()).toBe('0.3');
    const big = new Decimal('123456789012345678.123456789012345678');
    expect(big.plus('0.000000000000000001').toFixed(18)).toBe('123456789012345678.123456789012345679');
  });
  it('parses decimal strings and refuses garbage', () => {
    expect(toDec('12.50')?.toString()).toBe('12.5');
    expect(toDec(' -3 ')?.toString()).toBe('-3');
    expect(toDec('abc')).toBeNull();
    expect(toDec('')).toBeNull();
    expect(toDec(null)).toBeNull();
    expect(toDec(Number.NaN)).toBeNull();
    expect(toDec(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('formatNumber', () => {
  it('groups thousands and rounds half up', () => {
    expect(formatNumber('1234567.891')).toBe('1,234,567.89');
    expect(formatNumber('0.005')).toBe('0.01');
    expect(formatNumber('2.675')).toBe('2.68'); // a float would give 2.67
    expect(formatNumber('-1234.5')).toBe('-1,234.50');
    expect(formatNumber('999')).toBe('999.00');
  });
  it('does not print negative zero', () => {
    expect(formatNumber('-0.001')).toBe('0.00');
  });
  it('formats huge amounts exactly', () => {
    expect(formatNumber('12345678901234567890.125')).toBe('12,345,678,901,234,567,890.13');
  });
  it('trims trailing zeros down to minDecimals', () => {
    expect(formatNumber('1.50000000', 8, { minDecimals: 2 })).toBe('1.50');
    expect(formatNumber('0.00012345', 8, { minDecimals: 2 })).toBe('0.00012345');
  });
  it('shows a dash for missing values', () => {
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber('n/a')).toBe('-');
  });
  it('formats counts without decimals', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(0)).toBe('0');
  });
});

describe('currency formatters', () => {
  it('formats USDT with 2 decimals', () => {
    expect(formatUSDT('1234.5')).toBe('1,234.50 USDT');
    expect(formatUSDT('0')).toBe('0.00 USDT');
    expect(formatUSDT('1234.5', 0)).toBe('1,235 USDT');
  });
  it('formats other crypto with up to 8 decimals', () => {
    expect(formatCrypto('0.000123456', 'BTC')).toBe('0.00012346 BTC');
    expect(formatCrypto('2', 'ETH')).toBe('2.00 ETH');
    expect(formatCrypto('1.23456', 'ETH', 4)).toBe('1.2346 ETH');
    expect(formatCrypto(null, 'BTC')).toBe('-');
  });
  it('formats fiat with its zh-CN symbol', () => {
    expect(formatCurrency('1234.5')).toBe('¥1,234.50');
    expect(formatCurrency('-3', 'CNY')).toBe('-¥3.00');
    expect(formatCurrency('10', 'USD')).toMatch(/^US\$10\.00$|^\$10\.00$/);
    expect(formatCurrency('10', 'XYZ1')).toBe('XYZ1 10.00');
  });
  it('uses the crypto formatter for USDT and the currency formatter for fiat', () => {
    expect(formatMoney('5', 'USDT')).toBe('5.00 USDT');
    expect(formatMoney('5')).toBe('5.00 USDT');
    expect(formatMoney('5', 'CNY')).toBe('¥5.00');
  });
});

describe('formatCompact', () => {
  it('uses K, M, B and T thresholds', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact('1234')).toBe('1.23K');
    expect(formatCompact('1500000')).toBe('1.5M');
    expect(formatCompact('2500000000')).toBe('2.5B');
    expect(formatCompact('3000000000000')).toBe('3T');
    expect(formatCompact('4000000000000000')).toBe('4,000T');
  });
  it('moves to the next unit when rounding reaches it', () => {
    expect(formatCompact('999999')).toBe('1M');
    expect(formatCompact('999.999')).toBe('1K');
  });
  it('keeps the sign and small decimals', () => {
    expect(formatCompact('-1234567')).toBe('-1.23M');
    expect(formatCompact('12.5')).toBe('12.5');
    expect(formatCompact('x')).toBe('-');
  });
});

describe('formatPercent', () => {
  it('shows a sign and 2 decimals', () => {
    expect(formatPercent('12.345')).toBe('+12.35%');
    expect(formatPercent(-1.2)).toBe('-1.20%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('0.001')).toBe('0.00%');
  });
  it('takes other decimals and can drop the sign', () => {
    expect(formatPercent('5.55', 1)).toBe('+5.6%');
    expect(formatPercent('5', 1, { sign: false })).toBe('5.0%');
  });
  it('computes a share in percent, 0 when the whole is zero', () => {
    expect(percentage('1', '3')).toBe('33.3');
    expect(percentage('300', '400', 2)).toBe('75.00');
    expect(percentage('5', '0')).toBe('0.0');
    expect(percentage(null, '10')).toBe('0.0');
  });
});

describe('Beijing time', () => {
  it('formats UTC instants in Asia/Shanghai', () => {
    expect(formatDateTime('2024-01-01T16:30:05Z')).toBe('2024-01-02 00:30:05');
    expect(formatDate('2024-01-01T16:30:05.000Z')).toBe('2024-01-02');
    expect(formatTime('2024-01-01T16:30:05Z')).toBe('00:30:05');
    expect(formatDateTime(Date.UTC(2024, 5, 30, 23, 59, 59))).toBe('2024-07-01 07:59:59');
  });
  it('writes the long zh-CN date', () => {
    expect(formatLongDate('2024-01-01T16:30:05Z')).toBe('2024年1月2日 星期二');
  });
  it('shows a dash for missing or invalid times', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
  it('counts Beijing calendar days', () => {
    expect(daysSince('2024-01-01T15:59:00Z', '2024-01-01T16:01:00Z')).toBe(1);
    expect(daysSince('2024-01-01T00:00:00Z', '2024-01-01T10:00:00Z')).toBe(0);
    expect(daysSince('2024-01-01T00:00:00Z', '2024-01-31T00:00:00Z')).toBe(30);
    expect(daysSince('bad', '2024-01-01T00:00:00Z')).toBeNull();
  });
});
