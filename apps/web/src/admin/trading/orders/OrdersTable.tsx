import {
  type AdminOrder,
  isAdminCancellable,
  isBullishSide,
  type OrderStatus,
  type TradeProduct,
} from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { Button, Empty, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { i18n } from '../../../i18n/index.ts';
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
    ? i18n.t('admin:trading.marketPrice')
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
  const { t } = useTranslation('admin');
  if (order.outcome === null) return null;
  const colour = order.pnl === null ? undefined : profitColour(order.pnl);
  return (
    <span style={{ ...numeric, fontSize: 12, color: colour }} data-testid={`order-result-${order.id}`}>
      {t(`trading.outcome.${order.outcome}`)}
      {order.pnl !== null && colour !== undefined && ` ${signedAmount(order.pnl)}`}
    </span>
  );
}

/** The read-only order list (spec 001 §2), plus 撤单 on open spot orders. */
export function OrdersTable({ rows, loading, cancelling, onCancel, emptyText }: OrdersTableProps) {
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<AdminOrder> = [
    {
      title: t('trading.orders.columns.id'),
      key: 'id',
      width: 72,
      render: (_, order) => <Typography.Text>#{order.id}</Typography.Text>,
    },
    {
      title: t('trading.orders.columns.user'),
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
      title: t('trading.orders.columns.pair'),
      key: 'pair',
      render: (_, order) => <Typography.Text strong>{order.trading_pair}</Typography.Text>,
    },
    {
      title: t('trading.orders.columns.type'),
      key: 'type',
      render: (_, order) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag color={PRODUCT_COLOURS[order.type]} style={{ marginInlineEnd: 0 }}>
            {t(`trading.product.${order.type}`)}
          </Tag>
          {order.order_type && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`trading.spotOrderType.${order.order_type}`)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('trading.orders.columns.side'),
      key: 'side',
      render: (_, order) => (
        <span
          style={{ color: isBullishSide(order.side) ? RISE_COLOUR : FALL_COLOUR, whiteSpace: 'nowrap' }}
          data-testid={`order-side-${order.id}`}
        >
          {t(`trading.side.${order.side}`)}
        </span>
      ),
    },
    {
      title: t('trading.orders.columns.amount'),
      key: 'amount',
      align: 'right',
      render: (_, order) => <span style={numeric}>{orderAmountText(order)}</span>,
    },
    {
      title: t('trading.orders.columns.price'),
      key: 'price',
      align: 'right',
      render: (_, order) => (
        <Flex vertical align="flex-end">
          <span style={numeric} data-testid={`order-price-${order.id}`}>
            {orderPriceText(order)}
          </span>
          {order.price === null && order.avg_price !== null && (
            <Typography.Text type="secondary" style={{ ...numeric, fontSize: 12 }}>
              {t('trading.orders.averagePrice', { price: formatNumber(order.avg_price, 4) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('trading.orders.columns.status'),
      key: 'status',
      render: (_, order) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag color={STATUS_COLOURS[order.status]} style={{ marginInlineEnd: 0 }}>
            {t(`trading.orderStatus.${order.status}`)}
          </Tag>
          <ContractResult order={order} />
        </Flex>
      ),
    },
    {
      title: t('trading.orders.columns.time'),
      key: 'created_at',
      render: (_, order) => <StackedDateTime value={order.created_at} />,
    },
    {
      title: t('trading.orders.columns.actions'),
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
            {t('trading.orders.cancel')}
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
