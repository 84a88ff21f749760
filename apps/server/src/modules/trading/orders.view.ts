import type { OrderStatus, TradeOrder } from '@platform/contracts';
import { trimDecimalZeros } from '@platform/domain';
import type { OrderRow } from './orders.repository.ts';

// An order row (the table every product writes) as the API and the order events show it.
// The row's numerics are PostgreSQL's plain decimal text: trimming their zeros gives what parsing and
// formatting would, without the parse (every order reply and every settled order's event runs this).
const decimalOrNull = (v: string | null) => (v === null ? null : trimDecimalZeros(v));

export function toTradeOrder(row: OrderRow): TradeOrder {
  return {
    id: row.id,
    product: row.product as TradeOrder['product'],
    symbol: row.symbol,
    base_currency: row.baseCurrency,
    quote_currency: row.quoteCurrency,
    side: row.side as TradeOrder['side'],
    type: row.orderType as TradeOrder['type'],
    time_in_force: row.timeInForce as TradeOrder['time_in_force'],
    amount: trimDecimalZeros(row.amount),
    amount_currency: row.amountCurrency,
    price: decimalOrNull(row.price),
    filled_amount: trimDecimalZeros(row.filledAmount),
    avg_price: decimalOrNull(row.avgPrice),
    quote_amount: trimDecimalZeros(row.quoteAmount),
    fee: trimDecimalZeros(row.fee),
    status: row.status as OrderStatus,
    client_order_id: row.clientOrderId,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}
