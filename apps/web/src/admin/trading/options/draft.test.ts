import { DEFAULT_OPTION_CONFIG, TIME_WINDOW_FORMAT_MESSAGE } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { candidateOf, isDirty, newLevel, newWindow, toDraft, validateDraft } from './draft.ts';

const messages = (draft = toDraft(DEFAULT_OPTION_CONFIG)) => {
  const check = validateDraft(draft);
  return check.ok ? [] : check.issues.map((i) => `${i.field} ${i.place}：${i.message}`);
};

describe('option config draft', () => {
  it('turns the loaded config into a draft and back without change, and only the four sections', () => {
    const check = validateDraft(toDraft({ ...DEFAULT_OPTION_CONFIG, updatedAt: null, updatedBy: null }));
    expect(check).toEqual({ ok: true, config: DEFAULT_OPTION_CONFIG });
    expect(Object.keys(candidateOf(toDraft(DEFAULT_OPTION_CONFIG))).sort()).toEqual([
      'globalSettings',
      'investmentLevels',
      'minTradeRequirements',
      'timeWindows',
    ]);
  });

  it('refuses a window that is not HH:mm with the spec message', () => {
    const draft = toDraft(DEFAULT_OPTION_CONFIG);
    draft.timeWindows[0] = { key: 1, start: '9:00', end: '9:00', enabled: true };
    draft.timeWindows[1] = { key: 2, start: '21:00', end: '24:00', enabled: true };
    expect(messages(draft)).toEqual([
      `timeWindows.0.start 时间窗口 1：${TIME_WINDOW_FORMAT_MESSAGE}`,
      `timeWindows.0.end 时间窗口 1：${TIME_WINDOW_FORMAT_MESSAGE}`,
      `timeWindows.1.end 时间窗口 2：${TIME_WINDOW_FORMAT_MESSAGE}`,
      // The contract compares the strings as they are, as the server does.
      'timeWindows.0.end 时间窗口 1：时间窗口的开始和结束不能相同',
    ]);
  });

  it('reports field errors and the cross-field ones together', () => {
    const draft = toDraft(DEFAULT_OPTION_CONFIG);
    draft.investmentLevels[0] = { ...draft.investmentLevels[0]!, percentage: null };
    draft.investmentLevels[2] = { ...draft.investmentLevels[2]!, level: 2 };
    draft.investmentLevels[3] = { ...draft.investmentLevels[3]!, level: null };
    draft.investmentLevels[4] = { ...draft.investmentLevels[4]!, level: null };
    draft.timeWindows[1] = { ...draft.timeWindows[1]!, start: '21:00', end: '21:00' };
    expect(messages(draft)).toEqual([
      'investmentLevels.0.percentage 投资等级第 1 行：收益百分比必须是整数',
      'investmentLevels.3.level 投资等级第 4 行：等级必须是整数',
      'investmentLevels.4.level 投资等级第 5 行：等级必须是整数',
      // Two empty levels are not duplicates of each other.
      'investmentLevels.2.level 投资等级第 3 行：投资等级 2 重复',
      'timeWindows.1.end 时间窗口 2：时间窗口的开始和结束不能相同',
    ]);
  });

  it('falls back to 1 valid order per level when a minimum is left empty, and refuses 0', () => {
    const draft = toDraft(DEFAULT_OPTION_CONFIG);
    draft.minTradeRequirements = { windowTime: null, nonWindowTime: 0 };
    expect(candidateOf(draft).minTradeRequirements).toEqual({ windowTime: 1, nonWindowTime: 0 });
    expect(messages(draft)).toEqual([
      'minTradeRequirements.nonWindowTime 非窗口期每级最少有效订单数：最少有效订单数至少为 1',
    ]);
  });

  it('adds a 09:00-09:05 window and a level above the highest', () => {
    expect(newWindow()).toMatchObject({ start: '09:00', end: '09:05', enabled: true });
    const levels = toDraft(DEFAULT_OPTION_CONFIG).investmentLevels;
    expect(newLevel(levels)).toMatchObject({ level: 6, percentage: 95, enabled: true });
    expect(newLevel([])).toMatchObject({ level: 1 });
  });

  it('knows when the draft differs from what was loaded', () => {
    const draft = toDraft(DEFAULT_OPTION_CONFIG);
    expect(isDirty(draft, DEFAULT_OPTION_CONFIG)).toBe(false);
    draft.globalSettings = { ...draft.globalSettings, maintenanceMode: true };
    expect(isDirty(draft, DEFAULT_OPTION_CONFIG)).toBe(true);
  });
});
