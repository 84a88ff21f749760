import type { OptionLevelView } from '@platform/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { renderWithAnt } from '../../../test/render.tsx';
import { LevelPicker } from './LevelPicker.tsx';
import { effectiveLevel, levelNote, windowsText } from './levelText.ts';

const level = (n: number, over: Partial<OptionLevelView> = {}): OptionLevelView => ({
  level: n,
  percentage: 75 + n * 5,
  windowPeriodEnabled: true,
  nonWindowPeriodEnabled: true,
  enabled: true,
  payout_rate: String((75 + n * 5) / 100),
  available: true,
  reason: null,
  reason_text: null,
  orders_needed: 0,
  ...over,
});

const levels: OptionLevelView[] = [
  level(1),
  level(2, {
    available: false,
    reason: 'not_opened',
    reason_text: '需完成 5 笔有效订单后开放该等级',
    orders_needed: 5,
  }),
  level(3, {
    available: false,
    reason: 'not_in_period',
    reason_text: '该投资等级在非窗口期不可用',
    nonWindowPeriodEnabled: false,
  }),
  level(4, { available: false, reason: 'disabled', reason_text: '该投资等级已停用', enabled: false }),
];
const config = { levels, period: 'nonWindow' as const, valid_orders: { window: 0, nonWindow: 2 } };

describe('level availability', () => {
  it('says why a level is closed: disabled, other period, or the valid orders still needed', () => {
    expect(levelNote(levels[0] as OptionLevelView, 'nonWindow', 2)).toBeNull();
    expect(levelNote(levels[1] as OptionLevelView, 'nonWindow', 2)).toBe(
      '未开放：需 5 笔有效订单，您已有 2 笔',
    );
    expect(levelNote(levels[2] as OptionLevelView, 'nonWindow', 2)).toBe('非窗口期不可用，仅窗口期开放');
    expect(levelNote(levels[3] as OptionLevelView, 'nonWindow', 2)).toBe('已停用');
  });

  it('says it in English too', () => {
    applyLanguage('en');
    expect(levelNote(levels[1] as OptionLevelView, 'nonWindow', 2)).toBe(
      'Locked: needs 5 valid orders, you have 2',
    );
    expect(levelNote(levels[2] as OptionLevelView, 'nonWindow', 2)).toBe(
      'Not available in non-window period, open in window period only',
    );
    expect(levelNote(levels[3] as OptionLevelView, 'nonWindow', 2)).toBe('Disabled');
    expect(
      windowsText({
        timeWindows: [
          { start: '09:00', end: '09:05', enabled: true },
          { start: '21:00', end: '21:05', enabled: true },
        ],
      }),
    ).toBe('09:00-09:05, 21:00-21:05');
  });

  it('falls back to the first open level when the chosen one is closed', () => {
    expect(effectiveLevel(levels, 2)?.level).toBe(1);
    expect(effectiveLevel(levels, 1)?.level).toBe(1);
    expect(effectiveLevel([levels[1] as OptionLevelView], 2)).toBeUndefined();
  });

  it('lists the enabled windows only', () => {
    expect(
      windowsText({
        timeWindows: [
          { start: '09:00', end: '09:05', enabled: true },
          { start: '12:00', end: '12:05', enabled: false },
          { start: '21:00', end: '21:05', enabled: true },
        ],
      }),
    ).toBe('09:00-09:05、21:00-21:05');
    expect(windowsText({ timeWindows: [] })).toBeNull();
  });
});

describe('LevelPicker', () => {
  it('lets only the open levels be picked and shows the reason on the others', () => {
    const onChange = vi.fn();
    renderWithAnt(<LevelPicker config={config} chosen={undefined} onChange={onChange} />);
    const open = screen.getByTestId('option-level-1') as HTMLButtonElement;
    expect(open.disabled).toBe(false);
    expect(open.getAttribute('aria-pressed')).toBe('true');
    expect(open.textContent).toContain('收益 80%');

    const notOpened = screen.getByTestId('option-level-2') as HTMLButtonElement;
    expect(notOpened.disabled).toBe(true);
    expect(notOpened.textContent).toContain('需 5 笔有效订单，您已有 2 笔');
    expect((screen.getByTestId('option-level-3') as HTMLButtonElement).textContent).toContain('仅窗口期开放');
    expect((screen.getByTestId('option-level-4') as HTMLButtonElement).textContent).toContain('已停用');
    expect(screen.getByTestId('valid-orders').textContent).toContain('2 笔');

    fireEvent.click(notOpened);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(open);
    expect(onChange).toHaveBeenCalledWith(1);
  });
});
