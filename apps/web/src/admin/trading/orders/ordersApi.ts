import {
  type AdminOrder,
  type AdminOrdersData,
  adminCancelOrderBody,
  DEFAULT_PAGE_SIZE,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  orderStatuses,
  TRADE_PRODUCT_LABELS,
  type TradeOrder,
  type TradeProduct,
  tradeProducts,
} from '@platform/contracts';
import { api } from '../../../lib/request.ts';

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

const isProduct = (value: string | null): value is TradeProduct =>
  (tradeProducts as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is OrderStatus =>
  (orderStatuses as readonly (string | null)[]).includes(value);

/** Reads the filters from the address; unknown values are ignored (no filter, page 1). */
export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const type = params.get('type');
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    type: isProduct(type) ? type : 'all',
    status: isStatus(status) ? status : 'all',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The address of the filters: only what differs from the defaults. */
export function paramsFromFilters(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const ORDERS_QUERY_ROOT = ['admin', 'orders'] as const;
export const ordersQueryKey = (filters: OrderFilters) => [...ORDERS_QUERY_ROOT, filters] as const;

/** GET /api/admin/orders: page, limit 20, type and status (left out when 'all'). */
export async function fetchOrders(filters: OrderFilters, signal?: AbortSignal): Promise<AdminOrdersData> {
  const reply = await api.get<AdminOrdersData>(
    '/admin/orders',
    {
      page: filters.page,
      limit: DEFAULT_PAGE_SIZE,
      type: filters.type === 'all' ? undefined : filters.type,
      status: filters.status === 'all' ? undefined : filters.status,
    },
    signal,
  );
  return reply.data;
}

/** POST /api/admin/orders/:id/cancel {reason?} (adminCancelOrderBody): an operator cancels an open spot order. */
export async function cancelOrder(id: number, reason: string): Promise<TradeOrder> {
  // The contract checks the reason first (at most 200 characters), so a bad one never leaves.
  const body = adminCancelOrderBody.parse({ reason: reason.trim() || undefined });
  const reply = await api.post<{ order: TradeOrder }>(`/admin/orders/${id}/cancel`, body);
  return reply.data.order;
}
