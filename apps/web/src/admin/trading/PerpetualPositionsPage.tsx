import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../components/ListFooter.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { useListParams } from '../../lib/listParams.ts';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import { PairFilter } from './pairs/PairFilter.tsx';
import { PositionsTable } from './positions/PositionsTable.tsx';
import { fetchPositions, POSITION_LIST_PARAMS, positionsQueryKey } from './positions/positionsApi.ts';

/**
 * 持仓列表 (issue 33): every user's open perpetual positions, newest first, with the mark and the
 * unrealised P&L at it; filtered by user (id or e-mail) and pair, kept in the address.
 */
export default function PerpetualPositionsPage() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useListParams(POSITION_LIST_PARAMS);
  const query = useQuery({
    queryKey: positionsQueryKey(filters),
    queryFn: ({ signal }) => fetchPositions(filters, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  return (
    <AdminListPage
      title={t('menu.positions')}
      testId="positions"
      query={query}
      loadFailed={t('trading.positions.loadFailed')}
      reloadError="warn"
      filters={
        <Space wrap>
          <PairFilter
            value={filters.symbol}
            onChange={(symbol) => setFilters({ symbol })}
            quote="USDT"
            testId="positions-symbol"
          />
          <SearchBox
            value={filters.user}
            onSearch={(user) => setFilters({ user })}
            placeholder={t('trading.positions.search')}
            width={280}
            testId="positions-user"
          />
        </Space>
      }
      table={
        <PositionsTable
          rows={data?.positions ?? []}
          loading={query.isFetching}
          emptyText={query.isPending ? t('trading.loading') : t('trading.positions.empty')}
        />
      }
      footer={
        <ListFooter
          pagination={data?.pagination}
          page={data?.pagination.page ?? filters.page}
          noun={t('trading.positions.noun')}
          onChange={(next) => setFilters({ page: next })}
          testId="positions"
        />
      }
    />
  );
}
