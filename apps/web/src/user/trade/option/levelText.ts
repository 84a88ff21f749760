import { OPTION_PERIOD_LABELS, type OptionConfigForUser, type OptionLevelView } from '@platform/contracts';

type Period = OptionConfigForUser['period'];

/** The periods a level is valid in, as a phrase: 仅窗口期, 仅非窗口期, or null (both, or neither). */
function onlyIn(level: OptionLevelView): string | null {
  if (level.windowPeriodEnabled && !level.nonWindowPeriodEnabled)
    return `仅${OPTION_PERIOD_LABELS.window}开放`;
  if (!level.windowPeriodEnabled && level.nonWindowPeriodEnabled)
    return `仅${OPTION_PERIOD_LABELS.nonWindow}开放`;
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
      return '已停用';
    case 'not_in_period':
      return `${OPTION_PERIOD_LABELS[period]}不可用${onlyIn(level) ? `，${onlyIn(level)}` : ''}`;
    case 'not_opened':
      return `未开放：需 ${level.orders_needed} 笔有效订单，您已有 ${validOrders} 笔`;
    default:
      return level.reason_text ?? '暂不可用';
  }
}

/** The enabled windows as text: 09:00-09:05、21:00-21:05 (北京时间); null when there is none. */
export function windowsText(config: Pick<OptionConfigForUser, 'timeWindows'>): string | null {
  const windows = config.timeWindows.filter((w) => w.enabled);
  if (windows.length === 0) return null;
  return windows.map((w) => `${w.start}-${w.end}`).join('、');
}

/** The level picked: the chosen one if it is open to the caller now, otherwise the first open one. */
export function effectiveLevel(
  levels: readonly OptionLevelView[],
  chosen: number | undefined,
): OptionLevelView | undefined {
  return levels.find((l) => l.level === chosen && l.available) ?? levels.find((l) => l.available);
}
