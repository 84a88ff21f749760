import { DEFAULT_OPTION_CONFIG, optionConfig, type TimeWindow } from '@platform/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeWindow,
  beijingMinuteOfDay,
  levelAvailability,
  minutesOfHHmm,
  ordersToOpenLevel,
  periodAt,
  windowContains,
} from './option-rules.ts';

/** The instant of Beijing wall time hh:mm on 2026-11-21. */
const beijing = (hh: number, mm: number, ss = 0) => Date.UTC(2026, 10, 21, hh - 8, mm, ss);
const w = (start: string, end: string, enabled = true): TimeWindow => ({ start, end, enabled });
const fmt = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe('Beijing-time windows', () => {
  it('reads HH:mm strictly', () => {
    expect(minutesOfHHmm('00:00')).toBe(0);
    expect(minutesOfHHmm('23:59')).toBe(23 * 60 + 59);
    for (const bad of ['24:00', '9:00', '09:60', '09:5', 'ab:cd', '', '09:00:00'])
      expect(minutesOfHHmm(bad)).toBeNull();
  });

  it('turns an instant into Beijing minutes across the UTC date line', () => {
    expect(beijingMinuteOfDay(beijing(0, 0))).toBe(0);
    expect(beijingMinuteOfDay(beijing(23, 59, 59))).toBe(23 * 60 + 59);
    expect(beijingMinuteOfDay(Date.UTC(2026, 10, 21, 16, 0))).toBe(0);
    expect(beijingMinuteOfDay(Date.UTC(2026, 10, 21, 15, 59))).toBe(23 * 60 + 59);
  });

  it('holds its start and not its end', () => {
    const window = w('09:00', '09:05');
    expect(windowContains(window, 9 * 60)).toBe(true);
    expect(windowContains(window, 9 * 60 + 4)).toBe(true);
    expect(windowContains(window, 9 * 60 + 5)).toBe(false);
    expect(windowContains(window, 8 * 60 + 59)).toBe(false);
  });

  it('crosses midnight: 23:55-00:05 holds 23:59 and 00:00 to 00:04', () => {
    const window = w('23:55', '00:05');
    expect(activeWindow([window], beijing(23, 59, 59))).toEqual(window);
    expect(activeWindow([window], beijing(0, 0))).toEqual(window);
    expect(activeWindow([window], beijing(0, 4, 59))).toEqual(window);
    expect(activeWindow([window], beijing(0, 5))).toBeNull();
    expect(activeWindow([window], beijing(23, 54, 59))).toBeNull();
  });

  it('ignores disabled windows and empty ones', () => {
    expect(periodAt([w('09:00', '09:05', false)], beijing(9, 1))).toBe('nonWindow');
    expect(periodAt([w('09:00', '09:00')], beijing(9, 0))).toBe('nonWindow');
    expect(periodAt([w('08:00', '08:30'), w('09:00', '09:05')], beijing(9, 1))).toBe('window');
  });

  it('property: a window crossing midnight holds what its evening and morning halves hold', () => {
    const minute = fc.integer({ min: 0, max: 1439 });
    fc.assert(
      fc.property(minute, minute, minute, (s, e, at) => {
        fc.pre(s > e && e > 0);
        const evening = w(fmt(s), '00:00');
        const morning = w('00:00', fmt(e));
        expect(windowContains(w(fmt(s), fmt(e)), at)).toBe(
          windowContains(evening, at) || windowContains(morning, at),
        );
      }),
    );
  });

  it('property: a window holds exactly (end - start) mod 1440 minutes of the day', () => {
    const minute = fc.integer({ min: 0, max: 1439 });
    fc.assert(
      fc.property(minute, minute, (s, e) => {
        fc.pre(s !== e);
        let held = 0;
        for (let m = 0; m < 1440; m++) if (windowContains(w(fmt(s), fmt(e)), m)) held++;
        expect(held).toBe((((e - s) % 1440) + 1440) % 1440);
      }),
      { numRuns: 200 },
    );
  });
});

describe('investment levels', () => {
  const config = DEFAULT_OPTION_CONFIG;

  it('the first level is always open; level L needs (L-1) × the minimum', () => {
    expect(ordersToOpenLevel(1, 5)).toBe(0);
    expect(ordersToOpenLevel(3, 5)).toBe(10);
    expect(levelAvailability(config, 1, 'nonWindow', 0)).toMatchObject({ ok: true });
    expect(levelAvailability(config, 2, 'window', 2)).toEqual({ ok: false, reason: 'not_opened', needed: 3 });
    expect(levelAvailability(config, 2, 'window', 3)).toMatchObject({
      ok: true,
      level: { level: 2, percentage: 85 },
    });
  });

  it('refuses a level outside its period, a disabled one and an unknown one', () => {
    expect(levelAvailability(config, 3, 'nonWindow', 1000)).toEqual({ ok: false, reason: 'not_in_period' });
    const off = {
      ...config,
      investmentLevels: config.investmentLevels.map((l) => (l.level === 2 ? { ...l, enabled: false } : l)),
    };
    expect(levelAvailability(off, 2, 'window', 1000)).toEqual({ ok: false, reason: 'disabled' });
    expect(levelAvailability(config, 9, 'window', 1000)).toEqual({ ok: false, reason: 'unknown' });
  });
});

describe('the option config contract', () => {
  it('accepts the default and refuses what the spec forbids, with its messages', () => {
    expect(optionConfig.safeParse(DEFAULT_OPTION_CONFIG).success).toBe(true);
    const badTime = optionConfig.safeParse({ ...DEFAULT_OPTION_CONFIG, timeWindows: [w('9:00', '09:05')] });
    expect(badTime.error?.issues[0]?.message).toBe('时间窗口配置格式不正确，应为 HH:mm 格式（北京时间）');
    const zeroMin = optionConfig.safeParse({
      ...DEFAULT_OPTION_CONFIG,
      minTradeRequirements: { windowTime: 0, nonWindowTime: 1 },
    });
    expect(zeroMin.success).toBe(false);
    const fraction = optionConfig.safeParse({
      ...DEFAULT_OPTION_CONFIG,
      investmentLevels: [{ ...DEFAULT_OPTION_CONFIG.investmentLevels[0]!, percentage: 80.5 }],
    });
    expect(fraction.success).toBe(false);
    const duplicate = optionConfig.safeParse({
      ...DEFAULT_OPTION_CONFIG,
      investmentLevels: [
        DEFAULT_OPTION_CONFIG.investmentLevels[0]!,
        DEFAULT_OPTION_CONFIG.investmentLevels[0]!,
      ],
    });
    expect(duplicate.error?.issues[0]?.message).toBe('投资等级 1 重复');
  });

  it('has no place for operator-decided outcomes: a profitLoss block is refused', () => {
    const withControl = {
      ...DEFAULT_OPTION_CONFIG,
      profitLoss: { windowTime: { winRate: 10, lossRate: 90, forceControl: true, priority: 'high' } },
    };
    expect(optionConfig.safeParse(withControl).success).toBe(false);
  });
});
