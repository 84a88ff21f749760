import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import {
  countdownParts,
  durationLabel,
  ratePercent,
  sourceLabel,
  stakeProblem,
  winPreview,
} from './timedFormat.ts';

const opened = '2025-01-01T00:00:00.000Z';
const expires = '2025-01-01T00:00:30.000Z';
const at = (ms: number) => Date.parse(opened) + ms;

describe('countdownParts', () => {
  it('counts whole seconds up, so 0 shows only once the expiry has passed', () => {
    expect(countdownParts(opened, expires, at(0))).toMatchObject({
      secondsLeft: 30,
      text: '00:30',
      expired: false,
    });
    expect(countdownParts(opened, expires, at(29_001))).toMatchObject({ secondsLeft: 1, text: '00:01' });
    expect(countdownParts(opened, expires, at(30_000))).toMatchObject({ secondsLeft: 0, expired: true });
    expect(countdownParts(opened, expires, at(45_000))).toMatchObject({ msLeft: 0, expired: true });
  });

  it('shows hours past an hour and the share of the life gone', () => {
    const long = '2025-01-01T01:05:09.000Z';
    expect(countdownParts(opened, long, at(0)).text).toBe('1:05:09');
    expect(countdownParts(opened, expires, at(15_000)).percentGone).toBe(50);
    expect(countdownParts(opened, expires, at(-5_000)).percentGone).toBe(0);
  });
});

describe('display helpers', () => {
  it('names durations, rates and sources', () => {
    expect([30, 60, 90, 300, 3600].map(durationLabel)).toEqual(['30秒', '1分钟', '90秒', '5分钟', '1小时']);
    expect(ratePercent('0.15')).toBe('15%');
    expect(ratePercent('0.125')).toBe('12.5%');
    expect(sourceLabel('sim')).toBe('模拟行情（sim）');
    expect(sourceLabel('index')).toBe('指数价格（index）');
    expect(sourceLabel('sim-b')).toBe('模拟交易所 B（sim-b）');
    expect(sourceLabel('binance')).toBe('Binance（binance）');
    expect(sourceLabel('kraken')).toBe('kraken');
  });

  it('checks a stake against the limits and the balance in the server words', () => {
    const limits = { min: '10', max: '50000', currency: 'USDT', available: '100' };
    expect(stakeProblem('abc', limits)).toBe('投注金额格式不正确，请输入数字（如 12.5）');
    // Never read as 20 (issue 20).
    expect(stakeProblem('-20', limits)).toBe('投注金额不能为负数');
    expect(stakeProblem('0', limits)).toBe('投注金额必须大于0');
    // USDT has 2 decimals: 10.123 would be confirmed as 10.12.
    expect(stakeProblem('10.123', limits)).toBe('投注金额最多保留 2 位小数');
    expect(stakeProblem('10.12', limits)).toBeNull();
    expect(stakeProblem('5', limits)).toBe('投注金额不能低于 10 USDT');
    expect(stakeProblem('60000', { ...limits, available: undefined })).toBe('投注金额不能超过 50000 USDT');
    expect(stakeProblem('150', limits)).toBe('余额不足');
    expect(stakeProblem('100', limits)).toBeNull();
  });

  it("says durations, sources and a stake's problems in English", () => {
    applyLanguage('en');
    expect([30, 60, 90, 300, 3600].map(durationLabel)).toEqual(['30s', '1m', '90s', '5m', '1h']);
    expect(sourceLabel('sim')).toBe('Simulated market (sim)');
    expect(sourceLabel('index')).toBe('Index price (index)');
    expect(sourceLabel('sim-b')).toBe('Simulated exchange B (sim-b)');
    expect(sourceLabel('binance')).toBe('Binance (binance)');
    const limits = { min: '10', max: '50000', currency: 'USDT', available: '100' };
    expect(stakeProblem('', limits)).toBe('Enter the stake');
    expect(stakeProblem('abc', limits)).toBe('The stake is not a valid number (e.g. 12.5)');
    expect(stakeProblem('0', limits)).toBe('The stake must be greater than 0');
    expect(stakeProblem('10.123', limits)).toBe('The stake may have at most 2 decimal places');
    expect(stakeProblem('1234567890123', limits)).toBe('The stake may have at most 12 integer digits');
    expect(stakeProblem('60000', { ...limits, available: undefined })).toBe(
      'The stake cannot exceed 50000 USDT',
    );
    expect(stakeProblem('150', limits)).toBe('Insufficient balance');
  });

  it('previews a win: the stake back plus the profit rounded down to 8 places', () => {
    const preview = winPreview('100', '0.15');
    expect(preview?.returned.toString()).toBe('115');
    expect(preview?.profit.toString()).toBe('15');
    expect(winPreview('', '0.15')).toBeNull();
  });
});
