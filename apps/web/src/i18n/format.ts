import type { Language } from '@platform/contracts';
import { formatLongDate } from '@platform/domain';

/**
 * Dates and numbers in the language shown (Intl), on the platform's clock (Asia/Shanghai, as
 * packages/domain's formatters). zh-CN keeps the spec's own formats (packages/domain); English uses
 * Intl's: `Monday, December 7, 2026`.
 */
const TIME_ZONE = 'Asia/Shanghai';

/** A day in words: 2026年12月7日 星期一 / Monday, December 7, 2026. */
export function formatLongDateIn(language: Language, date: Date): string {
  if (language === 'zh-CN') return formatLongDate(date);
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: TIME_ZONE }).format(date);
}

/**
 * A decimal text (an amount as the API sends it) grouped in the language's way, every digit kept:
 * Intl reads the string as an exact decimal, never through a JavaScript number.
 */
export function formatDecimalIn(language: Language, text: string): string {
  const places = text.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(text as unknown as number);
}
