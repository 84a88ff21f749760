import { SearchOutlined, SyncOutlined } from '@ant-design/icons';
import type { TradingPair } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Segmented, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * 交易对管理 (spec 001 §2): the pairs with their market values, the OKX sync, a client-side search and
 * status filter, and a switch per pair that decides whether users see and trade it. Search, filter,
 * page and page size are kept in the address (the search as it is typed, without adding history).
 */
export default function PairsPage() {
  const { t } = useTranslation('admin');
  const unknownReason = t('trading.unknownError');
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
      message.success(
        t('trading.pairs.syncDone', {
          count: result.newPairs,
          newPairs: result.newPairs,
          updatedPairs: result.updatedPairs,
        }),
      );
      void reload();
    },
    onError: (error) => {
      message.error(`${t('trading.pairs.syncFailed')}: ${errorMessage(error, unknownReason)}`);
    },
  });

  const toggle = async (pair: TradingPair, enabled: boolean) => {
    setToggling((current) => toggled(current, pair.id, true));
    try {
      await setPairEnabled(pair.id, enabled);
      message.success(
        t(enabled ? 'trading.pairs.enabledDone' : 'trading.pairs.disabledDone', { symbol: pair.symbol }),
      );
    } catch (error) {
      message.error(`${t('trading.pairs.toggleFailed')}: ${errorMessage(error, unknownReason)}`);
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
    ? t('trading.loading')
    : total > 0 && filtered
      ? t('trading.pairs.noMatch')
      : t('trading.pairs.empty');
  const lastSync = query.data?.lastSyncTime;

  return (
    <AdminListPage
      title={t('menu.pairs')}
      testId="pairs"
      query={query}
      loadFailed={t('trading.pairs.loadFailed')}
      reloadError="warn"
      unknownReason={unknownReason}
      refreshing={query.isFetching && !sync.isPending}
      status={
        <Typography.Text type="secondary" data-testid="pairs-last-sync">
          {t('trading.pairs.lastSync', {
            time: lastSync ? formatDateTime(lastSync) : query.data ? t('trading.pairs.neverSynced') : '-',
          })}
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
          {sync.isPending ? t('trading.pairs.syncing') : t('trading.pairs.syncButton')}
        </Button>
      }
      filters={
        <Flex align="center" wrap gap={12}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('trading.pairs.search')}
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
            options={PAIR_STATUS_FILTERS.map((value) => ({
              value,
              label: <span data-testid={`pairs-filter-${value}`}>{t(`trading.pairs.filter.${value}`)}</span>,
            }))}
            onChange={(value) => setAddress({ status: value })}
          />
        </Flex>
      }
      batchBar={
        <Typography.Text type="secondary" data-testid="pairs-count">
          {filtered && total !== shown.length
            ? t('trading.pairs.countOf', { shown: shown.length, count: total, total })
            : t('trading.pairs.count', { count: shown.length, n: shown.length })}
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
          noun={t('trading.pairs.noun')}
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
