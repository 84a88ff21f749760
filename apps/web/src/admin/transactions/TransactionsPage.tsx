import { JOURNAL_WINDOW, type JournalData, type JournalPagination, journalQuery } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { Card, Flex, Typography } from 'antd';
import { ListFooter, RefreshButton, useFilteredList } from '../../components/FilteredList.tsx';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { errorMessage } from '../../lib/request.ts';
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

/**
 * The filters kept in the address with page and size; a user's detail links here with ?user=7.
 */
const JOURNAL_FILTER_KEYS = ['user', 'currency', 'kind', 'dateFrom', 'dateTo'] as const;

/** 资金流水: the ledger journal, every money movement with its entries, newest first. */
export default function TransactionsPage() {
  const { filters, applyFilters, page, limit, changePage, query } = useFilteredList<
    JournalFilterValues,
    JournalData
  >({
    queryKey: ['admin', 'journal'],
    path: '/admin/transactions',
    check: journalQuery,
    filterKeys: JOURNAL_FILTER_KEYS,
  });

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
      extra={<RefreshButton query={query} testId="journal-refresh" />}
    >
      <Flex vertical gap={16}>
        <JournalFilters value={filters} kinds={data?.kinds ?? []} onChange={applyFilters} />
        <JournalTable transactions={data?.transactions ?? []} loading={query.isFetching} />
        {data && data.pagination.total > 0 && (
          <ListFooter
            summary={
              <Typography.Text type="secondary" data-testid="journal-total">
                {totalText(data.pagination)}
              </Typography.Text>
            }
            page={page}
            limit={limit}
            total={data.pagination.totalPages * limit}
            onChange={changePage}
            testId="journal-pagination"
          />
        )}
      </Flex>
    </Card>
  );
}
