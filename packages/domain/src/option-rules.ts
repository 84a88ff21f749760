import { HHMM_PATTERN, type InvestmentLevel, type OptionConfig, type TimeWindow } from '@platform/contracts';

/**
 * Option trading rules shared by the server (which enforces them) and the option-control screen
 * (which shows them): Beijing-time windows and which investment levels a user may pick.
 */

const BEIJING_OFFSET_MINUTES = 8 * 60;
const MINUTES_PER_DAY = 24 * 60;

/** Minutes after Beijing midnight of an HH:mm string, or null when it is not HH:mm. */
export function minutesOfHHmm(value: string): number | null {
  if (!HHMM_PATTERN.test(value)) return null;
  const [h, m] = value.split(':');
  return Number.parseInt(h ?? '', 10) * 60 + Number.parseInt(m ?? '', 10);
}

/** Minutes after Beijing midnight of an instant (Beijing has no daylight saving). */
export function beijingMinuteOfDay(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  const minutes = Math.floor(ms / 60_000) + BEIJING_OFFSET_MINUTES;
  return ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/**
 * Whether `minute` lies in the window: from its start (inclusive) to its end (exclusive). A window
 * whose end is earlier than its start crosses midnight (23:55-00:05 holds 23:58 and 00:02).
 */
export function windowContains(window: Pick<TimeWindow, 'start' | 'end'>, minute: number): boolean {
  const start = minutesOfHHmm(window.start);
  const end = minutesOfHHmm(window.end);
  if (start === null || end === null || start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The enabled window that holds `at`, or null outside every window. */
export function activeWindow(windows: readonly TimeWindow[], at: Date | number): TimeWindow | null {
  const minute = beijingMinuteOfDay(at);
  return windows.find((w) => w.enabled && windowContains(w, minute)) ?? null;
}

export type OptionPeriod = 'window' | 'nonWindow';
export const periodAt = (windows: readonly TimeWindow[], at: Date | number): OptionPeriod =>
  activeWindow(windows, at) ? 'window' : 'nonWindow';

/**
 * Level L (L ≥ 2) opens once the user has (L - 1) × the period's minimum of valid orders in that
 * period; the first level is always open.
 */
export function ordersToOpenLevel(level: number, minPerLevel: number): number {
  return Math.max(0, level - 1) * Math.max(1, minPerLevel);
}

export type LevelRefusal = 'disabled' | 'not_in_period' | 'not_opened' | 'unknown';

/**
 * Whether a user may place an order at `level` now, and why not. `validOrders` counts the user's
 * settled orders of the current period type.
 */
export function levelAvailability(
  config: Pick<OptionConfig, 'investmentLevels' | 'minTradeRequirements'>,
  levelNumber: number,
  period: OptionPeriod,
  validOrders: number,
): { ok: true; level: InvestmentLevel } | { ok: false; reason: LevelRefusal; needed?: number } {
  const level = config.investmentLevels.find((l) => l.level === levelNumber);
  if (!level) return { ok: false, reason: 'unknown' };
  if (!level.enabled) return { ok: false, reason: 'disabled' };
  const inPeriod = period === 'window' ? level.windowPeriodEnabled : level.nonWindowPeriodEnabled;
  if (!inPeriod) return { ok: false, reason: 'not_in_period' };
  const min =
    period === 'window' ? config.minTradeRequirements.windowTime : config.minTradeRequirements.nonWindowTime;
  const needed = ordersToOpenLevel(levelNumber, min);
  if (validOrders < needed) return { ok: false, reason: 'not_opened', needed };
  return { ok: true, level };
}
