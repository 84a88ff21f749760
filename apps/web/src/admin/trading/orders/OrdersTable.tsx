import {
  ADMIN_TRADING_TEXTS,
  type AdminOrder,
  CONTRACT_OUTCOME_LABELS,
  isAdminCancellable,
  isBullishSide,
  ORDER_SIDE_LABELS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  SPOT_ORDER_TYPE_LABELS,
  TRADE_PRODUCT_LABELS,
  type TradeProduct,
} from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { Button, Empty, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { ListTable } from '../../shell/AdminListPage.tsx';
import { profitColour, signedAmount } from '../overview/OverviewCards.tsx';
import { FALL_COLOUR, RISE_COLOUR } from '../pairs/PairsTable.tsx';

export const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending: 'processing',
  partial: 'gold',
  filled: 'success',
  cancelled: 'default',
  expired: 'warning',
};

const PRODUCT_COLOURS: Record<TradeProduct, string> = {
  spot: 'blue',
  flash: 'orange',
  perpetual: 'purple',
  option: 'cyan',
};

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Amount with 4 decimals and its currency (the base quantity, or the stake for flash and option). */
export const orderAmountText = (order: AdminOrder) =>
  `${formatNumber(order.amount, 4)} ${order.amount_currency}`;

/** Price with 4 decimals and the quote currency, or 市价 when the order has none (spot market order). */
export const orderPriceText = (order: AdminOrder) =>
  order.price === null
    ? ADMIN_TRADING_TEXTS.marketPrice
    : `${formatNumber(order.price, 4)} ${order.quote_currency}`;

export interface OrdersTableProps {
  rows: AdminOrder[];
  loading: boolean;
  /** Orders whose cancel is waiting for the server. */
  cancelling: ReadonlySet<number>;
  onCancel: (order: AdminOrder) => void;
  /** What an empty table says (加载中... before the first answer). */
  emptyText: string;
}

/** A settled flash or option contract's result and what the user won (+) or lost (−); nothing otherwise. */
function ContractResult({ order }: { order: AdminOrder }) {
  if (order.outcome === null) return null;
  const colour = order.pnl === null ? undefined : profitColour(order.pnl);
  return (
    <span style={{ ...numeric, fontSize: 12, color: colour }} data-testid={`order-result-${order.id}`}>
      {CONTRACT_OUTCOME_LABELS[order.outcome]}
      {order.pnl !== null && colour !== undefined && ` ${signedAmount(order.pnl)}`}
    </span>
  );
}

/** The read-only order list (spec 001 §2), plus 撤单 on open spot orders. */
export function OrdersTable({ rows, loading, cancelling, onCancel, emptyText }: OrdersTableProps) {
  const columns: TableColumnsType<AdminOrder> = [
    {
      title: '订单ID',
      key: 'id',
      width: 72,
      render: (_, order) => <Typography.Text>#{order.id}</Typography.Text>,
    },
    {
      title: '用户',
      key: 'user',
      render: (_, order) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: order.user.email }} style={{ maxWidth: 180 }}>
            {order.user.email}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {order.user.phone ?? '-'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '交易对',
      key: 'pair',
      render: (_, order) => <Typography.Text strong>{order.trading_pair}</Typography.Text>,
    },
    {
      title: '类型',
      key: 'type',
      render: (_, order) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag color={PRODUCT_COLOURS[order.type]} style={{ marginInlineEnd: 0 }}>
            {TRADE_PRODUCT_LABELS[order.type]}
          </Tag>
          {order.order_type && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {SPOT_ORDER_TYPE_LABELS[order.order_type]}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: '方向',
      key: 'side',
      render: (_, order) => (
        <span
          style={{ color: isBullishSide(order.side) ? RISE_COLOUR : FALL_COLOUR, whiteSpace: 'nowrap' }}
          data-testid={`order-side-${order.id}`}
        >
          {ORDER_SIDE_LABELS[order.side]}
        </span>
      ),
    },
    {
      title: '数量',
      key: 'amount',
      align: 'right',
      render: (_, order) => <span style={numeric}>{orderAmountText(order)}</span>,
    },
    {
      title: '价格',
      key: 'price',
      align: 'right',
      render: (_, order) => (
        <Flex vertical align="flex-end">
          <span style={numeric} data-testid={`order-price-${order.id}`}>
            {orderPriceText(order)}
          </span>
          {order.price === null && order.avg_price !== null && (
            <Typography.Text type="secondary" style={{ ...numeric, fontSize: 12 }}>
              均价 {formatNumber(order.avg_price, 4)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: '状态 / 结果',
      key: 'status',
      render: (_, order) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag color={STATUS_COLOURS[order.status]} style={{ marginInlineEnd: 0 }}>
            {ORDER_STATUS_LABELS[order.status]}
          </Tag>
          <ContractResult order={order} />
        </Flex>
      ),
    },
    {
      title: '时间',
      key: 'created_at',
      render: (_, order) => <StackedDateTime value={order.created_at} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, order) =>
        isAdminCancellable(order) ? (
          <Button
            size="small"
            danger
            loading={cancelling.has(order.id)}
            onClick={() => onCancel(order)}
            data-testid={`order-cancel-${order.id}`}
          >
            撤单
          </Button>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
  ];

  return (
    <ListTable<AdminOrder>
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="order-row"
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
    />
  );
}
