import { describe, expect, it } from 'vitest';
import {
  averageAssetsPerUser,
  depositConversionRate,
  depositShare,
  netInflow,
  pendingOrders,
  riskMetrics,
} from './risk.ts';
import { startOfBeijingDay } from './time.ts';

describe('risk metrics', () => {
  it('deposit share: deposits / (deposits + withdrawals) in percent with one decimal', () => {
    expect(depositShare('300', '100')).toBe('75.0');
    expect(depositShare('1', '2')).toBe('33.3');
    expect(depositShare('2', '1')).toBe('66.7');
    expect(depositShare('100.000000000000000000', '0')).toBe('100.0');
    expect(depositShare('0', '50')).toBe('0.0');
    // No flow at all: 0, not a division by zero.
    expect(depositShare('0', '0')).toBe('0.0');
    expect(depositShare('0.000000000000000000', '0.000000000000000000')).toBe('0.0');
  });

  it('deposit share keeps precision beyond a float', () => {
    expect(depositShare('0.000000000000000001', '0.000000000000000003')).toBe('25.0');
    expect(depositShare('12345678901234567890.5', '12345678901234567890.5')).toBe('50.0');
  });

  it('average assets per user divides by 1 when there are no users', () => {
    expect(averageAssetsPerUser('1000', 4)).toBe('250');
    expect(averageAssetsPerUser('10', 3)).toBe('3.333333333333333333');
    expect(averageAssetsPerUser('123.45', 0)).toBe('123.45');
    expect(averageAssetsPerUser('0', 0)).toBe('0');
    expect(averageAssetsPerUser('0.000000000000000000', 7)).toBe('0');
  });

  it('pending orders add pending deposits and withdrawals', () => {
    expect(pendingOrders(3, 4)).toBe(7);
    expect(pendingOrders(0, 0)).toBe(0);
  });

  it('deposit conversion rate: deposited users / total users in percent', () => {
    expect(depositConversionRate(1, 3)).toBe('33.3');
    expect(depositConversionRate(5, 5)).toBe('100.0');
    expect(depositConversionRate(0, 10)).toBe('0.0');
    expect(depositConversionRate(0, 0)).toBe('0.0');
  });

  it('net inflow is deposits minus withdrawals, negative when more left', () => {
    expect(netInflow('500.5', '200.25')).toBe('300.25');
    expect(netInflow('100', '250')).toBe('-150');
    expect(netInflow('0', '0')).toBe('0');
    expect(netInflow('10.000000000000000000', '10')).toBe('0');
  });

  it('refuses numbers that are not decimal strings or counts', () => {
    expect(() => depositShare('1e3', '1')).toThrow(/decimal string/);
    expect(() => netInflow('abc', '1')).toThrow(/decimal string/);
    expect(() => averageAssetsPerUser('1', -1)).toThrow(/count/);
    expect(() => pendingOrders(1.5, 0)).toThrow(/count/);
  });

  it('computes every metric at once', () => {
    expect(
      riskMetrics({
        totalAssets: '900',
        totalDeposits: '300',
        totalWithdrawals: '100',
        pendingDeposits: 2,
        pendingWithdrawals: 1,
        totalUsers: 4,
        depositedUsers: 1,
      }),
    ).toEqual({
      depositShare: '75.0',
      averageAssetsPerUser: '225',
      pendingOrders: 3,
      depositConversionRate: '25.0',
      netInflow: '200',
    });
    expect(
      riskMetrics({
        totalAssets: '0',
        totalDeposits: '0',
        totalWithdrawals: '0',
        pendingDeposits: 0,
        pendingWithdrawals: 0,
        totalUsers: 0,
        depositedUsers: 0,
      }),
    ).toEqual({
      depositShare: '0.0',
      averageAssetsPerUser: '0',
      pendingOrders: 0,
      depositConversionRate: '0.0',
      netInflow: '0',
    });
  });
});

describe('startOfBeijingDay', () => {
  it('is 00:00 Asia/Shanghai, that is 16:00 UTC the day before', () => {
    expect(startOfBeijingDay('2024-03-10T15:59:59.999Z')?.toISOString()).toBe('2024-03-09T16:00:00.000Z');
    expect(startOfBeijingDay('2024-03-10T16:00:00.000Z')?.toISOString()).toBe('2024-03-10T16:00:00.000Z');
    expect(startOfBeijingDay('2024-03-10T23:30:00.000Z')?.toISOString()).toBe('2024-03-10T16:00:00.000Z');
    expect(startOfBeijingDay('not a date')).toBeNull();
  });
});
