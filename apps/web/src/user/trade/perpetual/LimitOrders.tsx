import { ORDER_SIDE_LABELS, type PerpetualLimitOrder } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { WALLET_QUERY_ROOT } from '../../wallet/walletApi.ts';
import { Stat, StatGrid } from './PositionParts.tsx';
import { cancelLimitOrder, PERPETUAL_QUERY_ROOT, useLimitOrders } from './perpetualApi.ts';
import { formatAmount, formatFee, formatPrice } from './perpetualMath.ts';

const ERROR_TITLE = '获取当前委托失败';

function LimitOrderCard({
  order,
  cancelling,
  onCancel,
}: {
  order: PerpetualLimitOrder;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const long = order.side === 'long';
  return (
    <Card size="small" data-testid={`limit-order-${order.id}`}>
      <Flex vertical gap={10}>
        <Flex justify="space-between" align="center" gap={8}>
          <Flex align="center" gap={6} wrap>
            <Typography.Text strong>{order.symbol}</Typography.Text>
            <Tag color={long ? UP_COLOR : DOWN_COLOR}>
              {ORDER_SIDE_LABELS[order.side]} {order.leverage}x
            </Tag>
            <Tag>限价 · 等待触发</Tag>
          </Flex>
          <Button
            danger
            loading={cancelling}
            onClick={onCancel}
            data-testid={`limit-order-cancel-${order.id}`}
          >
            撤单
          </Button>
        </Flex>
        <StatGrid>
          <Stat label="委托价格" testId={`limit-order-price-${order.id}`}>
            {formatPrice(order.price)}
          </Stat>
          <Stat label={`保证金（${order.currency}）`}>{formatAmount(order.margin)}</Stat>
          <Stat label={`冻结（${order.currency}）`} testId={`limit-order-frozen-${order.id}`}>
            {formatAmount(order.frozen)}
          </Stat>
        </StatGrid>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {long ? '指数价格 ≤ 委托价格时开多' : '指数价格 ≥ 委托价格时开空'} · 含开仓手续费{' '}
          {formatFee(order.open_fee)} · 委托于 {formatDateTime(order.created_at)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * 当前委托: the caller's waiting limit orders with 撤单. The server decides a cancel racing the
 * trigger; whichever comes second is refused with its message, and the lists are refreshed.
 */
export function LimitOrders() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useLimitOrders(page);
  const cancel = useIdempotentMutation({
    mutationFn: (id: number, idempotencyKey) => cancelLimitOrder(id, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => void message.success(reply.message || '委托已撤销'),
    onError: (error) => void message.error(errorMessage(error, '撤单失败，请稍后重试')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PERPETUAL_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    },
  });
  const confirmCancel = (order: PerpetualLimitOrder) =>
    modal.confirm({
      title: '确认撤单',
      content: `撤销 ${order.symbol} ${ORDER_SIDE_LABELS[order.side]} ${order.leverage}x 委托价 ${formatPrice(order.price)}？冻结的 ${formatAmount(order.frozen, order.currency)} 将退回可用余额。`,
      okText: '确认撤单',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => cancel.mutateAsync(order.id).catch(() => undefined),
    });

  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title={ERROR_TITLE}
        reason={errorMessage(query.error, ERROR_TITLE)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { limit_orders: orders, pagination } = query.data;
  if (orders.length === 0) return <Empty description="暂无委托" data-testid="limit-orders-empty" />;
  return (
    <Flex vertical gap={8} data-testid="limit-orders">
      {orders.map((order) => (
        <LimitOrderCard
          key={order.id}
          order={order}
          cancelling={cancel.isPending && cancel.variables === order.id}
          onCancel={() => confirmCancel(order)}
        />
      ))}
      <ListFooter
        pagination={pagination}
        page={page}
        noun="条委托"
        onChange={setPage}
        testId="limit-orders"
      />
    </Flex>
  );
}
