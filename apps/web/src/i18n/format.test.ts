import { describe, expect, it } from 'vitest';
import { formatDecimalIn, formatLongDateIn } from './format.ts';

describe('dates and numbers per language', () => {
  it('writes a day in words in the spec’s Chinese or in English, on Beijing time', () => {
    const lateUtc = new Date('2024-01-01T16:30:05Z'); // already 2 January in Beijing
    expect(formatLongDateIn('zh-CN', lateUtc)).toBe('2024年1月2日 星期二');
    expect(formatLongDateIn('en', lateUtc)).toBe('Tuesday, January 2, 2024');
  });

  it('groups a decimal text without losing a digit', () => {
    expect(formatDecimalIn('en', '1234567.123456789012345678')).toBe('1,234,567.123456789012345678');
    expect(formatDecimalIn('zh-CN', '-1234.50')).toBe('-1,234.50');
  });
});
