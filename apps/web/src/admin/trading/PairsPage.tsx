import { SearchOutlined, SyncOutlined } from '@ant-design/icons';
import { PAIR_TEXTS, type TradingPair } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Segmented, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { toggled } from '../../components/idSet.ts';
import { ListFooter } from '../../components/ListFooter.tsx';
import { LIST_PAGE_SIZES, pageOf } from '../../components/pagination.ts';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import { PairsTable } from './pairs/PairsTable.tsx';
import {
  filterPairs,
  PAIR_LIST_PARAMS,
  PAIR_SEARCH_MAX,
  PAIR_STATUS_FILTERS,
  type PairStatusFilter,
} from './pairs/pairFilters.ts';
import { fetchTradingPairs, setPairEnabled, syncTradingPairs, TRADING_PAIRS_KEY } from './pairs/pairsApi.ts';

const UNKNOWN_REASON = '未知错误';

/**
 * 交易对管理 (spec 001 §2): the pairs with their market values, the OKX sync, a client-side search and
 * status filter, and a switch per pair that decides whether users see and trade it. Search, filter,
 * page and page size are kept in the address (the search as it is typed, without adding history).
 */
export default function PairsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [{ search, status, page, size }, setAddress] = useListParams(PAIR_LIST_PARAMS);
  // The box keeps what is typed (spaces too); the address holds the trimmed search.
  const [text, setText] = useState(search);
  useEffect(() => {
    setText((current) => (current.trim() === search ? current : search));
  }, [search]);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const query = useQuery({
    queryKey: TRADING_PAIRS_KEY,
    queryFn: ({ signal }) => fetchTradingPairs(signal),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: TRADING_PAIRS_KEY });

  const sync = useMutation({
    mutationFn: syncTradingPairs,
    onSuccess: (result) => {
      message.success(PAIR_TEXTS.syncDone(result.newPairs, result.updatedPairs));
      void reload();
    },
    onError: (error) => {
      message.error(`${PAIR_TEXTS.syncFailed}: ${errorMessage(error, UNKNOWN_REASON)}`);
    },
  });

  const toggle = async (pair: TradingPair, enabled: boolean) => {
    setToggling((current) => toggled(current, pair.id, true));
    try {
      await setPairEnabled(pair.id, enabled);
      message.success(`${pair.symbol} ${enabled ? '已启用' : '已禁用'}`);
    } catch (error) {
      message.error(`${PAIR_TEXTS.toggleFailed}: ${errorMessage(error, UNKNOWN_REASON)}`);
    } finally {
      await reload();
      setToggling((current) => toggled(current, pair.id, false));
    }
  };

  const pairs = query.data?.pairs;
  const shown = useMemo(() => filterPairs(pairs ?? [], search, status), [pairs, search, status]);
  const paged = pageOf(shown, page, size);

  const total = pairs?.length ?? 0;
  const filtered = search.trim() !== '' || status !== 'all';
  const emptyText = query.isPending
    ? '加载中...'
    : total > 0 && filtered
      ? PAIR_TEXTS.noMatch
      : PAIR_TEXTS.empty;
  const lastSync = query.data?.lastSyncTime;

  return (
    <AdminListPage
      title="交易对管理"
      testId="pairs"
      query={query}
      loadFailed={PAIR_TEXTS.loadFailed}
      reloadError="warn"
      unknownReason={UNKNOWN_REASON}
      refreshing={query.isFetching && !sync.isPending}
      status={
        <Typography.Text type="secondary" data-testid="pairs-last-sync">
          最后同步：{lastSync ? formatDateTime(lastSync) : query.data ? '从未同步' : '-'}
        </Typography.Text>
      }
      actions={
        <Button
          type="primary"
          icon={<SyncOutlined spin={sync.isPending} />}
          disabled={sync.isPending}
          onClick={() => sync.mutate()}
          data-testid="pairs-sync"
        >
          {sync.isPending ? PAIR_TEXTS.syncing : PAIR_TEXTS.syncButton}
        </Button>
      }
      filters={
        <Flex align="center" wrap gap={12}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="搜索交易对、基础货币或计价货币"
            value={text}
            maxLength={PAIR_SEARCH_MAX}
            onChange={(event) => {
              setText(event.target.value);
              setAddress({ search: event.target.value });
            }}
            style={{ width: 280 }}
            data-testid="pairs-search"
          />
          <Segmented<PairStatusFilter>
            value={status}
            options={PAIR_STATUS_FILTERS.map((option) => ({
              value: option.value,
              label: <span data-testid={`pairs-filter-${option.value}`}>{option.label}</span>,
            }))}
            onChange={(value) => setAddress({ status: value })}
          />
        </Flex>
      }
      batchBar={
        <Typography.Text type="secondary" data-testid="pairs-count">
          {filtered && total !== shown.length
            ? `显示 ${shown.length} 个交易对（共 ${total} 个）`
            : `共 ${shown.length} 个交易对`}
        </Typography.Text>
      }
      table={
        <PairsTable
          pairs={paged.rows}
          loading={query.isPending}
          toggling={toggling}
          onToggle={(pair, enabled) => void toggle(pair, enabled)}
          emptyText={emptyText}
        />
      }
      footer={
        <ListFooter
          pagination={paged.pagination}
          noun="个交易对"
          onChange={(nextPage, nextSize) =>
            setAddress(nextSize === size ? { page: nextPage } : { size: nextSize })
          }
          pageSizes={LIST_PAGE_SIZES}
          testId="pairs"
        />
      }
    />
  );
}
