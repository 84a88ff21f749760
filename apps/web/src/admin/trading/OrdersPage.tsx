import { ReloadOutlined } from '@ant-design/icons';
import { ADMIN_ORDER_CANCEL_TEXTS, ADMIN_TRADING_TEXTS } from '@platform/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { ListFooter } from '../../components/ListFooter.tsx';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { useIdempotentMutation } from '../../lib/idempotency.ts';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
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

const LOAD_FAILED = ADMIN_TRADING_TEXTS.ordersLoadFailed;

/**
 * 订单管理 (spec 001 §2): the orders of every product, newest first, 20 a page, filtered by type and
 * status (kept in the address, so a filtered list can be linked and reloaded), the six cards over all
 * orders, and 撤单 on open spot orders (confirmed, optional reason, audited by the server).
 */
export default function OrdersPage() {
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
      message.success(ADMIN_ORDER_CANCEL_TEXTS.done);
      setCancelTarget(null);
    },
    onError: (error) => {
      message.error(errorMessage(error, '撤单失败'));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: TRADING_STATS_KEY });
    },
  });

  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(query.error, LOAD_FAILED)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const data = query.data;
  const pagination = data?.pagination;
  const page = pagination?.page ?? filters.page;

  return (
    <Flex vertical gap={16} data-testid="orders-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          订单管理
        </Typography.Title>
        <Button
          icon={<ReloadOutlined />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
          data-testid="orders-refresh"
        >
          刷新
        </Button>
      </Flex>

      {query.isError && (
        <Alert type="warning" showIcon title={`${LOAD_FAILED}: ${errorMessage(query.error, LOAD_FAILED)}`} />
      )}

      <OrderStatCards stats={data?.stats} loading={query.isPending} />

      <Card size="small">
        <Flex vertical gap={12}>
          <Flex wrap gap={8} align="center">
            <Typography.Text type="secondary" style={{ width: 48 }}>
              类型：
            </Typography.Text>
            {TYPE_FILTERS.map((filter) => (
              <Button
                key={filter.key}
                size="small"
                type={filters.type === filter.key ? 'primary' : 'default'}
                onClick={() => setFilters({ type: filter.key })}
                aria-pressed={filters.type === filter.key}
                data-testid={`orders-type-${filter.key}`}
              >
                {filter.label}
              </Button>
            ))}
          </Flex>
          <Flex wrap gap={8} align="center">
            <Typography.Text type="secondary" style={{ width: 48 }}>
              状态：
            </Typography.Text>
            {STATUS_FILTERS.map((filter) => (
              <Button
                key={filter.key}
                size="small"
                type={filters.status === filter.key ? 'primary' : 'default'}
                onClick={() => setFilters({ status: filter.key })}
                aria-pressed={filters.status === filter.key}
                data-testid={`orders-status-${filter.key}`}
              >
                {filter.label}
              </Button>
            ))}
          </Flex>
        </Flex>
      </Card>

      <Card size="small">
        <OrdersTable
          rows={data?.orders ?? []}
          loading={query.isFetching}
          cancelling={cancel.isPending && cancel.variables ? new Set([cancel.variables.order.id]) : new Set()}
          onCancel={setCancelTarget}
          emptyText={query.isPending ? '加载中...' : '暂无订单'}
        />
        <ListFooter
          pagination={pagination}
          page={page}
          noun="条订单"
          onChange={(next) => setFilters({ page: next })}
          testId="orders"
        />
      </Card>

      <CancelOrderModal
        order={cancelTarget}
        submitting={cancel.isPending}
        onConfirm={(order, reason) => cancel.mutate({ order, reason })}
        onClose={() => setCancelTarget(null)}
      />
    </Flex>
  );
}
