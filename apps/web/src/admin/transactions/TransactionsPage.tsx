import { ReloadOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  JOURNAL_WINDOW,
  type JournalData,
  type JournalPagination,
  journalQuery,
} from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { api, errorMessage } from '../../lib/request.ts';
import { JournalFilters, type JournalFilterValues } from './JournalFilters.tsx';
import { JournalTable } from './JournalTable.tsx';

export const JOURNAL_LOAD_ERROR = '获取资金流水失败';

/** 共 n 条, or, past the window, an estimate and how to reach older rows. */
function totalText(p: JournalPagination): string {
  if (p.totalExact) return `共 ${formatCount(p.total)} 条`;
  const size =
    p.total > JOURNAL_WINDOW + 1 ? `约 ${formatCount(p.total)} 条` : `超过 ${formatCount(JOURNAL_WINDOW)} 条`;
  return `${size}，可翻阅最新 ${formatCount(JOURNAL_WINDOW)} 条，更早的记录请按日期筛选`;
}

/** Filters passed in the address (e.g. /admin/transactions?user=7 from a user's detail). */
function initialFilters(params: URLSearchParams): JournalFilterValues {
  const pick = (key: keyof JournalFilterValues) => params.get(key) ?? undefined;
  return {
    user: pick('user'),
    currency: pick('currency'),
    kind: pick('kind'),
    dateFrom: pick('dateFrom'),
    dateTo: pick('dateTo'),
  };
}

/** 资金流水: the ledger journal, every money movement with its entries, newest first. */
export default function TransactionsPage() {
  const { message } = App.useApp();
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<JournalFilterValues>(() => initialFilters(searchParams));
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);

  const params = { page, limit, ...filters };
  const query = useQuery({
    queryKey: ['admin', 'journal', params],
    queryFn: ({ signal }) => api.get<JournalData>('/admin/transactions', params, signal),
    placeholderData: keepPreviousData,
  });

  const applyFilters = (next: JournalFilterValues) => {
    // The contract checks the values first, so a typo is a message, not a failed page.
    const checked = journalQuery.safeParse({ page: 1, limit, ...next });
    if (!checked.success) {
      message.error(checked.error.issues[0]?.message ?? '筛选条件不正确');
      return;
    }
    setFilters(next);
    setPage(1);
  };

  if (query.isError) {
    return (
      <LoadErrorView
        title={JOURNAL_LOAD_ERROR}
        reason={errorMessage(query.error, JOURNAL_LOAD_ERROR)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const data = query.data?.data;
  return (
    <Card
      title="资金流水"
      data-testid="journal-page"
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="journal-refresh"
        >
          刷新
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <JournalFilters value={filters} kinds={data?.kinds ?? []} onChange={applyFilters} />
        <JournalTable transactions={data?.transactions ?? []} loading={query.isFetching} />
        {data && data.pagination.total > 0 && (
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary" data-testid="journal-total">
              {totalText(data.pagination)}
            </Typography.Text>
            <Pagination
              current={page}
              pageSize={limit}
              total={data.pagination.totalPages * limit}
              showSizeChanger
              pageSizeOptions={[20, 50, 100]}
              onChange={(nextPage, nextLimit) => {
                if (nextLimit !== limit) {
                  setLimit(nextLimit);
                  setPage(1);
                } else {
                  setPage(nextPage);
                }
              }}
              data-testid="journal-pagination"
            />
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
