import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { countText, pageOf, pageRangeText } from './pagination.ts';

describe('pagination helpers', () => {
  it('writes the range text of the page replied, and says a page past the last is empty', () => {
    expect(pageRangeText({ page: 1, limit: 20, total: 45 })).toBe('显示第 1 到 20 条，');
    expect(pageRangeText({ page: 3, limit: 20, total: 45 })).toBe('显示第 41 到 45 条，');
    expect(pageRangeText({ page: 4, limit: 10, total: 30 })).toBe('第 4 页没有记录，');
  });

  it('says "more than" for a search total past the count cap (totalExact false)', () => {
    expect(countText({ total: 45 }, '个用户')).toBe('共 45 个用户');
    expect(countText({ total: 1234 }, '条记录')).toBe('共 1,234 条记录');
    expect(countText({ total: 45, totalExact: true }, '个用户')).toBe('共 45 个用户');
    expect(countText({ total: 10_001, totalExact: false }, '个用户')).toBe('超过 10,000 个用户');
  });

  it('writes the same in English, without the Chinese counter word', () => {
    applyLanguage('en');
    expect(pageRangeText({ page: 3, limit: 20, total: 45 }) + countText({ total: 45 }, '条记录')).toBe(
      'Showing 41–45 of 45',
    );
    expect(pageRangeText({ page: 4, limit: 10, total: 30 })).toBe('Page 4 has no rows; ');
    expect(countText({ total: 10_001, totalExact: false }, '个用户')).toBe('of over 10,000');
  });

  it('pages a list the screen holds whole, a page past the last showing the last', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i + 1);
    expect(pageOf(rows, 3, 20)).toEqual({
      rows: [41, 42, 43, 44, 45],
      pagination: { page: 3, limit: 20, total: 45, totalPages: 3 },
    });
    expect(pageOf(rows, 9, 20).pagination.page).toBe(3);
    expect(pageOf([], 2, 20)).toEqual({
      rows: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    });
  });
});
