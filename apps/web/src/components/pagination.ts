/** Pagination helpers shared by list screens. */
import { LIST_COUNT_CAP, type Pagination } from '@platform/contracts';
import { formatCount } from '@platform/domain';

/**
 * 共 n 个用户, or 超过 10,000 个用户 when a search matched more than the server counts
 * (`totalExact: false`, LIST_COUNT_CAP).
 */
export function countText(pagination: { total: number; totalExact?: boolean }, unit: string): string {
  return pagination.totalExact === false
    ? `超过 ${formatCount(LIST_COUNT_CAP)} ${unit}`
    : `共 ${formatCount(pagination.total)} ${unit}`;
}

/**
 * 显示第 x 到 y 条， for the rows of the reply's page; 第 p 页没有记录， for a page past the last (an
 * old link, rows removed meanwhile). The total follows it.
 */
export function pageRangeText(pagination: { page: number; limit: number; total: number }): string {
  const { page, limit, total } = pagination;
  const from = (page - 1) * limit + 1;
  if (from > total) return `第 ${page} 页没有记录，`;
  return `显示第 ${from} 到 ${Math.min(page * limit, total)} 条，`;
}

/** The page sizes a list that lets the operator choose offers (20 first: spec 000 §9's page size). */
export const LIST_PAGE_SIZES = [20, 50, 100] as const;

/**
 * One page of a list the screen holds whole (filtered on the screen, as 交易对管理), with the
 * pagination its pager reads; a page past the last shows the last.
 */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  limit: number,
): { rows: T[]; pagination: Pagination } {
  const totalPages = Math.ceil(rows.length / limit);
  const shown = Math.max(1, Math.min(page, totalPages));
  return {
    rows: rows.slice((shown - 1) * limit, shown * limit),
    pagination: { page: shown, limit, total: rows.length, totalPages },
  };
}
