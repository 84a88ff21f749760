import type { TradeOrder, TradingPair } from '@platform/contracts';
import { formatBalance, formatCharge, formatDateTime, formatPairPrice } from '@platform/domain';
import { Button, Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tradePath, useTradingPairs } from '../../trade/shared/tradePairs.ts';
import { OrderCard, STATUS_COLORS } from '../../trade/spot/OrdersPanel.tsx';
import { ContractDetail } from '../../trade/timed/ContractDetail.tsx';
import { fetchOrder, walletKeys } from '../walletApi.ts';
import { RecordFrame, useOwnRecord } from './RecordFrame.tsx';

/** A perpetual order: what it opened; the position itself lives on the perpetual screen. */
function PerpetualOrder({ order, pair }: { order: TradeOrder; pair: TradingPair | undefined }) {
  const { t } = useTranslation('user');
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        {
          key: 'side',
          label: t('wallet.detail.side'),
          children: `${order.symbol} ${t(`trade.side.${order.side}`)}`,
        },
        {
          key: 'status',
          label: t('wallet.status'),
          children: <Tag color={STATUS_COLORS[order.status]}>{t(`trade.orderStatus.${order.status}`)}</Tag>,
        },
        {
          key: 'price',
          label: t('wallet.detail.entryPrice'),
          children: order.price ? formatPairPrice(order.price, pair?.price_precision) : '--',
        },
        {
          key: 'amount',
          label: t('wallet.detail.quantity', { currency: order.base_currency }),
          children: order.amount,
        },
        {
          key: 'value',
          label: t('wallet.detail.entryValue'),
          children: formatBalance(order.quote_amount, order.quote_currency),
        },
        {
          key: 'fee',
          label: t('wallet.detail.fee'),
          children: formatCharge(order.fee, order.quote_currency),
        },
        { key: 'created', label: t('wallet.detail.orderedAt'), children: formatDateTime(order.created_at) },
        ...(order.closed_at
          ? [{ key: 'closed', label: t('wallet.detail.closedAt'), children: formatDateTime(order.closed_at) }]
          : []),
      ]}
    />
  );
}

/**
 * One of the user's orders (/orders/:id), what a statement row of a trade opens: a spot order with
 * its fills, a flash or option contract with its entry and settlement prices, a perpetual order;
 * and the way to its trade screen.
 */
export default function OrderDetailPage() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const pairs = useTradingPairs();
  const { id, query } = useOwnRecord(walletKeys.order, fetchOrder);

  return (
    <RecordFrame
      title={t('wallet.detail.orderTitle')}
      query={query}
      invalid={id === null}
      errorTitle={t('wallet.detail.orderFailed')}
      testId="order-detail-page"
    >
      {({ order, contract }) => {
        const pair = pairs.data?.find((p) => p.symbol === order.symbol);
        return (
          <Card size="small" data-testid="order-detail">
            <Flex vertical gap={12}>
              <Flex justify="space-between" align="center" gap={8}>
                <Tag color="blue" data-testid="order-detail-product">
                  {t(`trade.product.${order.product}`)}
                </Tag>
                <span style={{ fontSize: 12, color: '#8c8c8c' }}>
                  {t('wallet.detail.orderId', { id: order.id })}
                </span>
              </Flex>
              {contract ? (
                <ContractDetail contract={contract} />
              ) : order.product === 'spot' ? (
                <OrderCard order={order} pair={pair} />
              ) : (
                <PerpetualOrder order={order} pair={pair} />
              )}
              <Button
                block
                onClick={() => navigate(tradePath(order.product, order.symbol))}
                data-testid="order-detail-trade"
              >
                {t('wallet.detail.tradeProduct', { product: t(`trade.product.${order.product}`) })}
              </Button>
            </Flex>
          </Card>
        );
      }}
    </RecordFrame>
  );
}
