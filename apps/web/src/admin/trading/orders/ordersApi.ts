import {
  type AdminOrder,
  type AdminOrdersData,
  adminCancelOrderBody,
  cancelOrderAsAdmin,
  DEFAULT_PAGE_SIZE,
  listAdminOrders,
  type OrderStatus,
  orderStatuses,
  SYMBOL_PATTERN,
  type TradeOrder,
  type TradeProduct,
  tradeProducts,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { call } from '../../../lib/request.ts';
import { userIdParam, userIdQuery } from '../../users/userRecords.tsx';

export type { AdminOrder, AdminOrdersData };

/** The list's filters as the address holds them (?type=spot&status=pending&page=2); 'all' is no filter. */
export interface OrderFilters {
  type: TradeProduct | 'all';
  status: OrderStatus | 'all';
  /** One user's orders (用户详情's link); '' for every user. */
  user_id: string;
  /** One pair's orders (BTCUSDT); '' for every pair. */
  symbol: string;
  /** The user's e-mail, phone or id as typed; '' for none. */
  search: string;
  /** Created on these Beijing days (YYYY-MM-DD, both included); '' for an open end. */
  dateFrom: string;
  dateTo: string;
  page: number;
}

/** The type filter's buttons: 全部, then each product (labels admin:trading.product). */
export const TYPE_FILTERS: readonly OrderFilters['type'][] = ['all', ...tradeProducts];

/** The status filter's buttons: 全部, then each status (labels admin:trading.orderStatus). */
export const STATUS_FILTERS: readonly OrderFilters['status'][] = ['all', ...orderStatuses];

/** The list's address: ?type=spot&status=pending&page=2 (adminOrdersQuery); anything else reads as 全部, page 1. */
export const ORDER_LIST_PARAMS = {
  type: param.oneOf(TYPE_FILTERS, 'all'),
  status: param.oneOf(STATUS_FILTERS, 'all'),
  user_id: userIdParam,
  symbol: param.text((value) => SYMBOL_PATTERN.test(value)),
  search: param.search({ max: 200 }),
  dateFrom: param.day(),
  dateTo: param.day(),
  page: param.page(),
};

export const ORDERS_QUERY_ROOT = ['admin', 'orders'] as const;
export const ordersQueryKey = (filters: OrderFilters) => [...ORDERS_QUERY_ROOT, filters] as const;

/** GET /api/admin/orders: page, limit 20 and the filters (left out when 'all' or ''). */
export async function fetchOrders(filters: OrderFilters, signal?: AbortSignal): Promise<AdminOrdersData> {
  const reply = await call(listAdminOrders, {
    query: {
      page: filters.page,
      limit: DEFAULT_PAGE_SIZE,
      type: filters.type === 'all' ? undefined : filters.type,
      status: filters.status === 'all' ? undefined : filters.status,
      user_id: userIdQuery(filters.user_id),
      symbol: filters.symbol || undefined,
      search: filters.search || undefined,
      dateFrom: filters.dateFrom || undefined,
      dateTo: filters.dateTo || undefined,
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
