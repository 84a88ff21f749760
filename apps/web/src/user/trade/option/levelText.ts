import type { OptionConfigForUser, OptionLevelView } from '@platform/contracts';
import { i18n } from '../../../i18n/index.ts';

const periodName = (period: OptionConfigForUser['period']) => i18n.t(`user:trade.period.${period}`);

type Period = OptionConfigForUser['period'];

/** The periods a level is valid in, as a phrase: 仅窗口期, 仅非窗口期, or null (both, or neither). */
function onlyIn(level: OptionLevelView): string | null {
  if (level.windowPeriodEnabled && !level.nonWindowPeriodEnabled)
    return i18n.t('user:trade.option.onlyIn', { period: periodName('window') });
  if (!level.windowPeriodEnabled && level.nonWindowPeriodEnabled)
    return i18n.t('user:trade.option.onlyIn', { period: periodName('nonWindow') });
  return null;
}

/**
 * Why a level cannot be picked now, short enough for its tile; null when it can. Built from the
 * server's decision (reason, orders_needed) and the caller's valid orders of the current period.
 */
export function levelNote(level: OptionLevelView, period: Period, validOrders: number): string | null {
  if (level.available) return null;
  switch (level.reason) {
    case 'disabled':
      return i18n.t('user:trade.option.levelDisabled');
    case 'not_in_period': {
      const only = onlyIn(level);
      return only
        ? i18n.t('user:trade.option.notInPeriodOnly', { period: periodName(period), only })
        : i18n.t('user:trade.option.notInPeriod', { period: periodName(period) });
    }
    case 'not_opened':
      return i18n.t('user:trade.option.notOpened', {
        count: level.orders_needed,
        needed: level.orders_needed,
        valid: validOrders,
      });
    default:
      return level.reason_text ?? i18n.t('user:trade.option.unavailable');
  }
}

/** The enabled windows as text: 09:00-09:05、21:00-21:05 (北京时间); null when there is none. */
export function windowsText(config: Pick<OptionConfigForUser, 'timeWindows'>): string | null {
  const windows = config.timeWindows.filter((w) => w.enabled);
  if (windows.length === 0) return null;
  return windows.map((w) => `${w.start}-${w.end}`).join(i18n.t('user:trade.listSeparator'));
}

/** The level picked: the chosen one if it is open to the caller now, otherwise the first open one. */
export function effectiveLevel(
  levels: readonly OptionLevelView[],
  chosen: number | undefined,
): OptionLevelView | undefined {
  return levels.find((l) => l.level === chosen && l.available) ?? levels.find((l) => l.available);
}
