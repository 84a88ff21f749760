import type { Pagination as PageInfo } from '@platform/contracts';
import { Flex, Pagination, Typography } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/index.ts';
import { countText, pageRangeText } from './pagination.ts';

export interface ListFooterProps {
  /**
   * The list reply's pagination. The pages are the server's: their size is the `limit` it answered
   * with (the one the request asked for), never a size assumed here, so that every row can be
   * reached. Nothing is shown before it arrives, nor for an empty list (the list shows its empty state).
   */
  pagination: (PageInfo & { totalExact?: boolean }) | undefined;
  /** The page asked for, marked while its rows load (default: the reply's page). */
  page?: number;
  /** What a row is called in the total: 条记录, 条订单, 人. */
  noun?: string;
  /** Replaces 共 n <noun> where a list words its total itself (the journal's estimate past its window). */
  totalText?: ReactNode;
  onChange: (page: number, limit: number) => void;
  /** Page sizes to choose from, for a list that keeps its size in the address; without them the size is fixed. */
  pageSizes?: readonly number[];
  /** While a page cannot be changed (e.g. a tree still opening). */
  disabled?: boolean;
  /** Prefix of the test ids: `<testId>-page-text`, `<testId>-pagination`. */
  testId: string;
}

/**
 * The one pager of both apps, under every paged list: 显示第 x 到 y 条，共 n 条记录 and, when there is
 * more than one page (or a size to choose), the page buttons with 上一页 / 下一页.
 */
export function ListFooter({
  pagination,
  page,
  noun,
  totalText,
  onChange,
  pageSizes,
  disabled,
  testId,
}: ListFooterProps) {
  if (!pagination || pagination.total <= 0) return null;
  const { limit, total, totalPages } = pagination;
  const choosesSize = pageSizes !== undefined && total > Math.min(...pageSizes);
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" data-testid={`${testId}-page-text`}>
        {pageRangeText(pagination)}
        {totalText ?? countText(pagination, noun ?? i18n.t('common:components.records'))}
      </Typography.Text>
      {(totalPages > 1 || choosesSize) && (
        <Pagination
          current={page ?? pagination.page}
          pageSize={limit}
          // The pages the server serves: a windowed list counts more rows than it pages through.
          total={Math.min(total, totalPages * limit)}
          showSizeChanger={choosesSize}
          pageSizeOptions={pageSizes ? [...pageSizes] : undefined}
          showLessItems
          disabled={disabled}
          onChange={onChange}
          data-testid={`${testId}-pagination`}
        />
      )}
    </Flex>
  );
}
