/** Pagination helpers shared by list screens. */
import { LIST_COUNT_CAP, type Pagination } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { i18n } from '../i18n/index.ts';

/**
 * 共 n 个用户, or 超过 10,000 个用户 when a search matched more than the server counts
 * (`totalExact: false`, LIST_COUNT_CAP). In English: `of 45`, `of over 10,000` (no unit).
 */
export function countText(pagination: { total: number; totalExact?: boolean }, unit: string): string {
  return pagination.totalExact === false
    ? i18n.t('common:pager.over', { total: formatCount(LIST_COUNT_CAP), unit })
    : i18n.t('common:pager.total', { total: formatCount(pagination.total), unit });
}

/**
 * 显示第 x 到 y 条， for the rows of the reply's page; 第 p 页没有记录， for a page past the last (an
 * old link, rows removed meanwhile). The total follows it.
 */
export function pageRangeText(pagination: { page: number; limit: number; total: number }): string {
  const { page, limit, total } = pagination;
  const from = (page - 1) * limit + 1;
  if (from > total) return i18n.t('common:pager.pastLast', { page });
  return i18n.t('common:pager.range', { from, to: Math.min(page * limit, total) });
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
