import { JOURNAL_WINDOW, type JournalPagination, listAdminTransactions } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFilteredList } from '../../components/FilteredList.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { LIST_PAGE_SIZES } from '../../components/pagination.ts';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import { JournalFilters, type JournalFilterValues } from './JournalFilters.tsx';
import { JournalTable } from './JournalTable.tsx';

/** 共 n 条记录 (the pager's own words), or, past the window, an estimate and how to reach older rows. */
function totalText(p: JournalPagination | undefined, t: TFunction<'admin'>): string | undefined {
  if (!p || p.totalExact) return undefined;
  const size =
    p.total > JOURNAL_WINDOW + 1
      ? t('journal.about', { count: p.total, n: formatCount(p.total) })
      : t('journal.over', { count: JOURNAL_WINDOW, n: formatCount(JOURNAL_WINDOW) });
  return t('journal.window', { size, n: formatCount(JOURNAL_WINDOW) });
}

/**
 * The filters kept in the address with page and size; a user's detail links here with ?user=7.
 */
const JOURNAL_FILTER_KEYS = ['user', 'currency', 'kind', 'dateFrom', 'dateTo'] as const;

/** 资金流水: the ledger journal, every money movement with its entries, newest first. */
export default function TransactionsPage() {
  const { t } = useTranslation('admin');
  const { filters, applyFilters, page, changePage, query } = useFilteredList<
    JournalFilterValues,
    typeof listAdminTransactions
  >({
    queryKey: ['admin', 'journal'],
    endpoint: listAdminTransactions,
    filterKeys: JOURNAL_FILTER_KEYS,
  });

  const data = query.data?.data;
  return (
    <AdminListPage
      title={t('journal.title')}
      testId="journal"
      query={query}
      loadFailed={t('journal.loadFailed')}
      filters={<JournalFilters value={filters} kinds={data?.kinds ?? []} onChange={applyFilters} />}
      table={<JournalTable transactions={data?.transactions ?? []} loading={query.isFetching} />}
      footer={
        <ListFooter
          pagination={data?.pagination}
          page={page}
          totalText={totalText(data?.pagination, t)}
          onChange={changePage}
          pageSizes={LIST_PAGE_SIZES}
          testId="journal"
        />
      }
    />
  );
}
