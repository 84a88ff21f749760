import type { OrderStatus, TradeOrder, TradingPair } from '@platform/contracts';
import { formatBalance, formatCharge, formatDateTime, formatNumber } from '@platform/domain';
import { Button, Flex, Tag, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWN_COLOR, UP_COLOR } from '../../shared/priceColors.ts';
import { panelStatus } from './panelStatus.tsx';

export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'processing',
  partial: 'gold',
  filled: 'success',
  cancelled: 'default',
  expired: 'default',
};

const label: CSSProperties = { fontSize: 12, color: '#8c8c8c' };
const value: CSSProperties = { fontSize: 13, fontVariantNumeric: 'tabular-nums', wordBreak: 'break-all' };

function Cell({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <span style={label}>{name}</span>
      <span style={value} data-testid={testId}>
        {children}
      </span>
    </Flex>
  );
}

export interface OrderCardProps {
  order: TradeOrder;
  pair: TradingPair | undefined;
  onCancel?: (order: TradeOrder) => void;
  cancelling?: boolean;
}

/** One spot order: side, type, price, amount, filled, average price, fee, status, time. */
export function OrderCard({ order, pair, onCancel, cancelling }: OrderCardProps) {
  const { t } = useTranslation('user');
  const pricePlaces = pair?.price_precision ?? 8;
  const amountPlaces = pair?.amount_precision ?? 8;
  const sideColor = order.side === 'buy' ? UP_COLOR : DOWN_COLOR;
  const open = order.status === 'pending' || order.status === 'partial';
  return (
    <Flex
      vertical
      gap={6}
      style={{ padding: '10px 2px', borderBottom: '1px solid var(--app-divider)' }}
      data-testid={`spot-order-${order.id}`}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Flex align="center" gap={6} wrap style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ color: sideColor }}>
            {t('trade.spot.typeSide', {
              type: order.type ? t(`trade.orderType.${order.type}`) : '',
              side: t(`trade.side.${order.side}`),
            }).trim()}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 13 }}>{order.symbol}</Typography.Text>
          <Tag color={STATUS_COLORS[order.status]} style={{ marginInlineEnd: 0 }} data-testid="order-status">
            {t(`trade.orderStatus.${order.status}`)}
          </Tag>
        </Flex>
        {open && onCancel && (
          <Button
            size="small"
            onClick={() => onCancel(order)}
            loading={cancelling}
            data-testid="order-cancel"
          >
            {t('trade.spot.cancelOrder')}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(order.created_at)}
      </Typography.Text>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '6px 8px' }}>
        <Cell name={t('trade.spot.priceCell', { currency: order.quote_currency })}>
          {order.price ? formatNumber(order.price, pricePlaces) : t('trade.orderType.market')}
        </Cell>
        <Cell name={t('trade.spot.amountCell', { currency: order.base_currency })}>
          {formatNumber(order.amount, amountPlaces)}
        </Cell>
        <Cell name={t('trade.spot.filledCell', { currency: order.base_currency })} testId="order-filled">
          {formatNumber(order.filled_amount, amountPlaces)}
        </Cell>
        <Cell name={t('trade.spot.avgPriceCell')} testId="order-avg-price">
          {order.avg_price ? formatNumber(order.avg_price, pricePlaces) : '--'}
        </Cell>
        <Cell name={t('trade.spot.turnoverCell')}>
          {formatBalance(order.quote_amount, order.quote_currency)}
        </Cell>
        <Cell name={t('trade.spot.fee')}>{formatCharge(order.fee, order.quote_currency)}</Cell>
      </div>
    </Flex>
  );
}

export interface OrderListProps {
  orders: TradeOrder[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The list's load-failure title. */
  errorTitle: string;
  empty: string;
  pair: TradingPair | undefined;
  onCancel?: (order: TradeOrder) => void;
  cancellingId?: number | undefined;
  testId: string;
}

/** A list of orders with its loading, error (with 重试) and empty states. */
export function OrderList(props: OrderListProps) {
  const { orders } = props;
  const status = panelStatus({
    loaded: Boolean(orders),
    empty: !orders || orders.length === 0,
    loading: props.loading,
    error: props.error,
    onRetry: props.onRetry,
    errorTitle: props.errorTitle,
    emptyText: props.empty,
    testId: props.testId,
  });
  if (status || !orders) return status;
  return (
    <div data-testid={props.testId}>
      {orders.map((order) => (
        <OrderCard
          key={order.id}
          order={order}
          pair={props.pair}
          onCancel={props.onCancel}
          cancelling={props.cancellingId === order.id}
        />
      ))}
    </div>
  );
}

/** Guests see where their orders would be. */
export function OrdersSignIn({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation('user');
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '24px 0' }}>
      <Typography.Text type="secondary">{t('trade.spot.loginToSee')}</Typography.Text>
      <Button type="primary" onClick={onLogin}>
        {t('trade.login')}
      </Button>
    </Flex>
  );
}
