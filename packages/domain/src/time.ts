import { DISPLAY_TIMEZONE } from '@platform/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import 'dayjs/locale/zh-cn.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export type TimeInput = string | number | Date | Dayjs | null | undefined;

/** The placeholder shown for a missing or unreadable value. */
export const EMPTY_TEXT = '-';

/** The moment in Beijing time (Asia/Shanghai, UTC+8) with the zh-cn locale, or null if invalid. */
export function toBeijing(input: TimeInput): Dayjs | null {
  if (input === null || input === undefined || input === '') return null;
  const parsed = dayjs(input);
  if (!parsed.isValid()) return null;
  return parsed.tz(DISPLAY_TIMEZONE).locale('zh-cn');
}

function format(input: TimeInput, pattern: string): string {
  const value = toBeijing(input);
  return value ? value.format(pattern) : EMPTY_TEXT;
}

/** 2024-01-02 08:30:00 (Beijing time). */
export const formatDateTime = (input: TimeInput): string => format(input, 'YYYY-MM-DD HH:mm:ss');
/** 2024-01-02 08:30:00.123 (Beijing time): when sub-second order matters (an entry price and its order). */
export const formatDateTimeMs = (input: TimeInput): string => format(input, 'YYYY-MM-DD HH:mm:ss.SSS');
/** 2024-01-02 08:30 (Beijing time). */
export const formatDateTimeShort = (input: TimeInput): string => format(input, 'YYYY-MM-DD HH:mm');
/** 2024-01-02 (Beijing calendar day). */
export const formatDate = (input: TimeInput): string => format(input, 'YYYY-MM-DD');
/** 08:30:00 (Beijing time). */
export const formatTime = (input: TimeInput): string => format(input, 'HH:mm:ss');
/** 2024年1月2日 星期二 (Beijing calendar day, zh-CN). */
export const formatLongDate = (input: TimeInput): string => format(input, 'YYYY年M月D日 dddd');

/** Whole Beijing calendar days from `input` to `now` (0 on the same day), or null if invalid. */
export function daysSince(input: TimeInput, now: TimeInput = new Date()): number | null {
  const start = toBeijing(input);
  const end = toBeijing(now);
  if (!start || !end) return null;
  return end.startOf('day').diff(start.startOf('day'), 'day');
}

/** The instant the Beijing calendar day holding `now` began (00:00 Asia/Shanghai), or null if invalid. */
export function startOfBeijingDay(now: TimeInput = new Date()): Date | null {
  return toBeijing(now)?.startOf('day').toDate() ?? null;
}
