import type { PerpetualLimitOrder } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { WALLET_QUERY_ROOT } from '../../wallet/walletApi.ts';
import { Stat, StatGrid, sideLabel } from './PositionParts.tsx';
import { cancelLimitOrder, PERPETUAL_QUERY_ROOT, useLimitOrders } from './perpetualApi.ts';
import { formatAmount, formatFee, formatPrice } from './perpetualMath.ts';

function LimitOrderCard({
  order,
  cancelling,
  onCancel,
}: {
  order: PerpetualLimitOrder;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('user');
  const long = order.side === 'long';
  return (
    <Card size="small" data-testid={`limit-order-${order.id}`}>
      <Flex vertical gap={10}>
        <Flex justify="space-between" align="center" gap={8}>
          <Flex align="center" gap={6} wrap>
            <Typography.Text strong>{order.symbol}</Typography.Text>
            <Tag color={long ? UP_COLOR : DOWN_COLOR}>
              {t('perpetual.sideLeverage', {
                side: t(`perpetual.side.${order.side}`),
                leverage: order.leverage,
              })}
            </Tag>
            <Tag>{t('perpetual.orders.waiting')}</Tag>
          </Flex>
          <Button
            danger
            loading={cancelling}
            onClick={onCancel}
            data-testid={`limit-order-cancel-${order.id}`}
          >
            {t('perpetual.orders.cancel')}
          </Button>
        </Flex>
        <StatGrid>
          <Stat label={t('perpetual.field.limitPrice')} testId={`limit-order-price-${order.id}`}>
            {formatPrice(order.price)}
          </Stat>
          <Stat label={t('perpetual.field.marginIn', { currency: order.currency })}>
            {formatAmount(order.margin)}
          </Stat>
          <Stat
            label={t('perpetual.orders.frozenIn', { currency: order.currency })}
            testId={`limit-order-frozen-${order.id}`}
          >
            {formatAmount(order.frozen)}
          </Stat>
        </StatGrid>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('perpetual.orders.line', {
            note: long ? t('perpetual.orders.noteLong') : t('perpetual.orders.noteShort'),
            fee: formatFee(order.open_fee),
            time: formatDateTime(order.created_at),
          })}
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
  const { t } = useTranslation('user');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useLimitOrders(page);
  const cancel = useIdempotentMutation({
    mutationFn: (id: number, idempotencyKey) => cancelLimitOrder(id, idempotencyKey),
    requiresConnection: true,
    onSuccess: (reply) => void message.success(reply.message || t('perpetual.orders.cancelled')),
    onError: (error) => void message.error(errorMessage(error, t('perpetual.orders.cancelFailed'))),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PERPETUAL_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT });
    },
  });
  const confirmCancel = (order: PerpetualLimitOrder) =>
    modal.confirm({
      title: t('perpetual.orders.confirmTitle'),
      content: t('perpetual.orders.confirmContent', {
        symbol: order.symbol,
        side: sideLabel(order.side),
        leverage: order.leverage,
        price: formatPrice(order.price),
        frozen: formatAmount(order.frozen, order.currency),
      }),
      okText: t('perpetual.orders.confirmTitle'),
      okButtonProps: { danger: true },
      cancelText: t('perpetual.cancel'),
      onOk: () => cancel.mutateAsync(order.id).catch(() => undefined),
    });

  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) {
    return (
      <LoadErrorView
        title={t('perpetual.orders.error')}
        reason={errorMessage(query.error, t('perpetual.orders.error'))}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { limit_orders: orders, pagination } = query.data;
  if (orders.length === 0)
    return <Empty description={t('perpetual.orders.empty')} data-testid="limit-orders-empty" />;
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
        noun={t('perpetual.orders.noun')}
        onChange={setPage}
        testId="limit-orders"
      />
    </Flex>
  );
}
