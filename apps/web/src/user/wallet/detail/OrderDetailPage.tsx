import {
  ORDER_SIDE_LABELS,
  ORDER_STATUS_LABELS,
  TRADE_PRODUCT_LABELS,
  type TradeOrder,
  type TradingPair,
} from '@platform/contracts';
import { formatBalance, formatCharge, formatDateTime, formatPairPrice } from '@platform/domain';
import { Button, Card, Descriptions, Flex, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { tradePath, useTradingPairs } from '../../trade/shared/tradePairs.ts';
import { OrderCard, STATUS_COLORS } from '../../trade/spot/OrdersPanel.tsx';
import { ContractDetail } from '../../trade/timed/ContractDetail.tsx';
import { fetchOrder, walletKeys } from '../walletApi.ts';
import { RecordFrame, useOwnRecord } from './RecordFrame.tsx';

/** A perpetual order: what it opened; the position itself lives on the perpetual screen. */
function PerpetualOrder({ order, pair }: { order: TradeOrder; pair: TradingPair | undefined }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'side', label: '方向', children: `${order.symbol} ${ORDER_SIDE_LABELS[order.side]}` },
        {
          key: 'status',
          label: '状态',
          children: <Tag color={STATUS_COLORS[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Tag>,
        },
        {
          key: 'price',
          label: '开仓价格',
          children: order.price ? formatPairPrice(order.price, pair?.price_precision) : '--',
        },
        { key: 'amount', label: `数量（${order.base_currency}）`, children: order.amount },
        {
          key: 'value',
          label: '开仓价值',
          children: formatBalance(order.quote_amount, order.quote_currency),
        },
        { key: 'fee', label: '手续费', children: formatCharge(order.fee, order.quote_currency) },
        { key: 'created', label: '下单时间', children: formatDateTime(order.created_at) },
        ...(order.closed_at
          ? [{ key: 'closed', label: '结束时间', children: formatDateTime(order.closed_at) }]
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
  const navigate = useNavigate();
  const pairs = useTradingPairs();
  const { id, query } = useOwnRecord(walletKeys.order, fetchOrder);

  return (
    <RecordFrame
      title="订单详情"
      query={query}
      invalid={id === null}
      errorTitle="获取订单失败"
      testId="order-detail-page"
    >
      {({ order, contract }) => {
        const pair = pairs.data?.find((p) => p.symbol === order.symbol);
        return (
          <Card size="small" data-testid="order-detail">
            <Flex vertical gap={12}>
              <Flex justify="space-between" align="center" gap={8}>
                <Tag color="blue" data-testid="order-detail-product">
                  {TRADE_PRODUCT_LABELS[order.product]}
                </Tag>
                <span style={{ fontSize: 12, color: '#8c8c8c' }}>订单号 #{order.id}</span>
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
                去{TRADE_PRODUCT_LABELS[order.product]}交易
              </Button>
            </Flex>
          </Card>
        );
      }}
    </RecordFrame>
  );
}
