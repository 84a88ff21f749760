import {
  type AdminOrder,
  type AdminOrdersData,
  adminCancelOrderBody,
  cancelOrderAsAdmin,
  DEFAULT_PAGE_SIZE,
  listAdminOrders,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  orderStatuses,
  TRADE_PRODUCT_LABELS,
  type TradeOrder,
  type TradeProduct,
  tradeProducts,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { call } from '../../../lib/request.ts';

export type { AdminOrder, AdminOrdersData };

/** The list's filters as the address holds them (?type=spot&status=pending&page=2); 'all' is no filter. */
export interface OrderFilters {
  type: TradeProduct | 'all';
  status: OrderStatus | 'all';
  page: number;
}

export const TYPE_FILTERS: { key: OrderFilters['type']; label: string }[] = [
  { key: 'all', label: '全部' },
  ...tradeProducts.map((product) => ({ key: product, label: TRADE_PRODUCT_LABELS[product] })),
];

export const STATUS_FILTERS: { key: OrderFilters['status']; label: string }[] = [
  { key: 'all', label: '全部' },
  ...orderStatuses.map((status) => ({ key: status, label: ORDER_STATUS_LABELS[status] })),
];

/** The list's address: ?type=spot&status=pending&page=2 (adminOrdersQuery); anything else reads as 全部, page 1. */
export const ORDER_LIST_PARAMS = {
  type: param.oneOf(
    TYPE_FILTERS.map((filter) => filter.key),
    'all',
  ),
  status: param.oneOf(
    STATUS_FILTERS.map((filter) => filter.key),
    'all',
  ),
  page: param.page(),
};

export const ORDERS_QUERY_ROOT = ['admin', 'orders'] as const;
export const ordersQueryKey = (filters: OrderFilters) => [...ORDERS_QUERY_ROOT, filters] as const;

/** GET /api/admin/orders: page, limit 20, type and status (left out when 'all'). */
export async function fetchOrders(filters: OrderFilters, signal?: AbortSignal): Promise<AdminOrdersData> {
  const reply = await call(listAdminOrders, {
    query: {
      page: filters.page,
      limit: DEFAULT_PAGE_SIZE,
      type: filters.type === 'all' ? undefined : filters.type,
      status: filters.status === 'all' ? undefined : filters.status,
    },
    signal,
  });
  return reply.data;
}

/** POST /api/admin/orders/:id/cancel {reason?} (adminCancelOrderBody): an operator cancels an open spot order. */
export async function cancelOrder(id: number, reason: string, idempotencyKey: string): Promise<TradeOrder> {
  // The contract checks the reason first (at most 200 characters), so a bad one never leaves.
  const body = adminCancelOrderBody.parse({ reason: reason.trim() || undefined });
  const reply = await call(cancelOrderAsAdmin, { params: { id }, body, idempotencyKey });
  return reply.data.order;
}
