import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { ListFooter } from '../../components/ListFooter.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { useListParams } from '../../lib/listParams.ts';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import { PairFilter } from './pairs/PairFilter.tsx';
import { PositionsTable } from './positions/PositionsTable.tsx';
import { fetchPositions, POSITION_LIST_PARAMS, positionsQueryKey } from './positions/positionsApi.ts';

const LOAD_FAILED = '获取持仓列表失败';

/**
 * 持仓列表 (issue 33): every user's open perpetual positions, newest first, with the mark and the
 * unrealised P&L at it; filtered by user (id or e-mail) and pair, kept in the address.
 */
export default function PerpetualPositionsPage() {
  const [filters, setFilters] = useListParams(POSITION_LIST_PARAMS);
  const query = useQuery({
    queryKey: positionsQueryKey(filters),
    queryFn: ({ signal }) => fetchPositions(filters, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  return (
    <AdminListPage
      title="持仓列表"
      testId="positions"
      query={query}
      loadFailed={LOAD_FAILED}
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
            placeholder="用户ID / 邮箱"
            width={280}
            testId="positions-user"
          />
        </Space>
      }
      table={
        <PositionsTable
          rows={data?.positions ?? []}
          loading={query.isFetching}
          emptyText={query.isPending ? '加载中...' : '暂无持仓'}
        />
      }
      footer={
        <ListFooter
          pagination={data?.pagination}
          page={data?.pagination.page ?? filters.page}
          noun="个仓位"
          onChange={(next) => setFilters({ page: next })}
          testId="positions"
        />
      }
    />
  );
}
