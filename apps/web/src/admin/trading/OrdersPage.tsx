import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../components/FilterBar.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { useIdempotentMutation } from '../../lib/idempotency.ts';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import { AdminListPage, FilterButtons } from '../shell/AdminListPage.tsx';
import { UserFilterTag } from '../users/userRecords.tsx';
import { CancelOrderModal } from './orders/CancelOrderModal.tsx';
import { OrderStatCards } from './orders/OrderStatCards.tsx';
import { OrdersTable } from './orders/OrdersTable.tsx';
import {
  type AdminOrder,
  cancelOrder,
  fetchOrders,
  ORDER_LIST_PARAMS,
  ORDERS_QUERY_ROOT,
  ordersQueryKey,
  STATUS_FILTERS,
  TYPE_FILTERS,
} from './orders/ordersApi.ts';
import { TRADING_STATS_KEY } from './overview/tradingOverviewApi.ts';
import { PairFilter } from './pairs/PairFilter.tsx';

/**
 * 订单管理 (spec 001 §2): the orders of every product, newest first, 20 a page, filtered by type,
 * status, pair, user and days (kept in the address, so a filtered list can be linked and reloaded),
 * the six cards over all orders, each flash and option result, and 撤单 on open spot orders
 * (confirmed, optional reason, audited by the server).
 */
export default function OrdersPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useListParams(ORDER_LIST_PARAMS);
  const [cancelTarget, setCancelTarget] = useState<AdminOrder | null>(null);

  const query = useQuery({
    queryKey: ordersQueryKey(filters),
    queryFn: ({ signal }) => fetchOrders(filters, signal),
    placeholderData: keepPreviousData,
  });

  const cancel = useIdempotentMutation({
    mutationFn: ({ order, reason }: { order: AdminOrder; reason: string }, idempotencyKey) =>
      cancelOrder(order.id, reason, idempotencyKey),
    onSuccess: () => {
      message.success(t('trading.orders.cancelled'));
      setCancelTarget(null);
    },
    onError: (error) => {
      message.error(errorMessage(error, t('trading.orders.cancelFailed')));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: TRADING_STATS_KEY });
    },
  });

  const data = query.data;
  const pagination = data?.pagination;
  const page = pagination?.page ?? filters.page;

  return (
    <AdminListPage
      title={t('menu.orders')}
      testId="orders"
      query={query}
      loadFailed={t('trading.orders.loadFailed')}
      reloadError="warn"
      summary={<OrderStatCards stats={data?.stats} loading={query.isPending} />}
      filters={
        <Flex vertical gap={12}>
          <UserFilterTag userId={filters.user_id} onClear={() => setFilters({ user_id: '' })} />
          <FilterButtons
            label={t('trading.orders.typeLabel')}
            options={TYPE_FILTERS.map((key) => ({
              key,
              label: key === 'all' ? t('trading.all') : t(`trading.product.${key}`),
            }))}
            value={filters.type}
            onChange={(type) => setFilters({ type })}
            testIdPrefix="orders-type"
          />
          <FilterButtons
            label={t('trading.orders.statusLabel')}
            options={STATUS_FILTERS.map((key) => ({
              key,
              label: key === 'all' ? t('trading.all') : t(`trading.orderStatus.${key}`),
            }))}
            value={filters.status}
            onChange={(status) => setFilters({ status })}
            testIdPrefix="orders-status"
          />
          <Space wrap>
            <PairFilter
              value={filters.symbol}
              onChange={(symbol) => setFilters({ symbol })}
              testId="orders-symbol"
            />
            <SearchBox
              value={filters.search}
              onSearch={(search) => setFilters({ search })}
              placeholder={t('trading.orders.search')}
              width={280}
              testId="orders-search"
            />
            <DayRangeFilter value={filters} onChange={(range) => setFilters(range)} testId="orders-days" />
          </Space>
        </Flex>
      }
      table={
        <OrdersTable
          rows={data?.orders ?? []}
          loading={query.isFetching}
          cancelling={cancel.isPending && cancel.variables ? new Set([cancel.variables.order.id]) : new Set()}
          onCancel={setCancelTarget}
          emptyText={query.isPending ? t('trading.loading') : t('trading.orders.empty')}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={page}
          noun={t('trading.orders.noun')}
          onChange={(next) => setFilters({ page: next })}
          testId="orders"
        />
      }
      below={
        <CancelOrderModal
          order={cancelTarget}
          submitting={cancel.isPending}
          onConfirm={(order, reason) => cancel.mutate({ order, reason })}
          onClose={() => setCancelTarget(null)}
        />
      }
    />
  );
}
