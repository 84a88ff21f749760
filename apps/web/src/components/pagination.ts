/** Pagination helpers shared by list screens. */
import { LIST_COUNT_CAP } from '@platform/contracts';
import { formatCount } from '@platform/domain';

/**
 * 共 n 个用户, or 超过 10,000 个用户 when a search matched more than the server counts
 * (`totalExact: false`, LIST_COUNT_CAP).
 */
export function countText(pagination: { total: number; totalExact?: boolean }, unit: string): string {
  return pagination.totalExact === false
    ? `超过 ${formatCount(LIST_COUNT_CAP)} ${unit}`
    : `共 ${pagination.total} ${unit}`;
}

/** 显示第 x 到 y 条，共 n 条记录 (x and y are 0 when the list is empty). */
export function paginationRangeText(page: number, limit: number, total: number): string {
  if (total <= 0) return '显示第 0 到 0 条，共 0 条记录';
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `显示第 ${from} 到 ${to} 条，共 ${total} 条记录`;
}

/**
 * The page numbers to show as buttons: at most `max`, a window around `current` that stays inside
 * 1..totalPages.
 */
export function pageWindow(current: number, totalPages: number, max: number): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
