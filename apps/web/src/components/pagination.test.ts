import { describe, expect, it } from 'vitest';
import { countText, pageWindow, paginationRangeText } from './pagination.ts';

describe('pagination helpers', () => {
  it('writes the range text', () => {
    expect(paginationRangeText(1, 20, 45)).toBe('显示第 1 到 20 条，共 45 条记录');
    expect(paginationRangeText(3, 20, 45)).toBe('显示第 41 到 45 条，共 45 条记录');
    expect(paginationRangeText(1, 20, 0)).toBe('显示第 0 到 0 条，共 0 条记录');
  });

  it('says "more than" for a search total past the count cap (totalExact false)', () => {
    expect(countText({ total: 45 }, '个用户')).toBe('共 45 个用户');
    expect(countText({ total: 45, totalExact: true }, '个用户')).toBe('共 45 个用户');
    expect(countText({ total: 10_001, totalExact: false }, '个用户')).toBe('超过 10,000 个用户');
  });

  it('shows at most `max` page buttons around the current page', () => {
    expect(pageWindow(1, 3, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 15, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(8, 15, 10)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pageWindow(15, 15, 10)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(pageWindow(1, 0, 10)).toEqual([]);
  });
});
