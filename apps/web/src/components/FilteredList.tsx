import { ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@platform/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Pagination } from 'antd';
import { type ReactNode, useState } from 'react';
import { api } from '../lib/request.ts';

/** The list call's query contract (e.g. auditLogsQuery): filters are checked with it before they are sent. */
export interface QueryCheck {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

export interface FilteredListOptions<F> {
  queryKey: readonly unknown[];
  path: string;
  check: QueryCheck;
  initialFilters?: F | (() => F);
}

/**
 * A paged list behind a filter bar: filters (checked against the contract first, a bad value is a
 * message.error and the filters stay), page and page size, and the query that loads the page.
 */
export function useFilteredList<F extends { [K in keyof F]?: string }, D>({
  queryKey,
  path,
  check,
  initialFilters,
}: FilteredListOptions<F>) {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<F>(initialFilters ?? ({} as F));
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);

  const params: Record<string, string | number | undefined> = { page, limit, ...filters };
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => api.get<D>(path, params, signal),
    placeholderData: keepPreviousData,
  });

  const applyFilters = (next: F) => {
    // The contract checks the values first, so a typo is a message, not a failed page.
    const checked = check.safeParse({ page: 1, limit, ...next });
    if (!checked.success) {
      message.error(checked.error.issues[0]?.message ?? '筛选条件不正确');
      return;
    }
    setFilters(next);
    setPage(1);
  };

  /** Pagination's onChange: a new page size starts again at page 1. */
  const changePage = (nextPage: number, nextLimit: number) => {
    if (nextLimit !== limit) {
      setLimit(nextLimit);
      setPage(1);
    } else {
      setPage(nextPage);
    }
  };

  return { filters, applyFilters, page, limit, changePage, query };
}

/** 刷新 for the card's extra: refetches, spinning while it loads. */
export function RefreshButton({ query, testId }: { query: UseQueryResult<unknown>; testId: string }) {
  return (
    <Button
      icon={<ReloadOutlined />}
      onClick={() => void query.refetch()}
      loading={query.isFetching}
      data-testid={testId}
    >
      刷新
    </Button>
  );
}

export interface ListFooterProps {
  /** The count text on the left. */
  summary: ReactNode;
  page: number;
  limit: number;
  total: number;
  onChange: (page: number, limit: number) => void;
  testId?: string;
}

/** The count and the pager (20/50/100 a page) under a list. */
export function ListFooter({ summary, page, limit, total, onChange, testId }: ListFooterProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      {summary}
      <Pagination
        current={page}
        pageSize={limit}
        total={total}
        showSizeChanger
        pageSizeOptions={[20, 50, 100]}
        onChange={onChange}
        data-testid={testId}
      />
    </Flex>
  );
}
