import {
  OPEN_ORDER_STATUSES,
  type OrderStatus,
  type TradeOrder,
  type TradeProduct,
} from '@platform/contracts';
import { trimDecimalZeros } from '@platform/domain';
import { and, count, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { pageOf } from '../../core/paging.ts';
import type { Executor } from '../../db/client.ts';
import { tradeOrders } from './trading.schema.ts';

/** The order table every product writes (see trading.schema.ts); each engine keeps its own detail table. */

export type OrderRow = typeof tradeOrders.$inferSelect;
export type NewOrder = typeof tradeOrders.$inferInsert;

export async function insertOrder(exec: Executor, values: NewOrder): Promise<OrderRow> {
  const [row] = await exec.insert(tradeOrders).values(values).returning();
  if (!row) throw new Error('trade_orders insert returned nothing');
  return row;
}

/**
 * Several orders in one statement, returned in the order given. Ids come from the sequence in the
 * order the rows are inserted, so sorting the returned rows by id restores it; each row is checked
 * against the order it should be (a mismatch throws, and a group write then places every order alone).
 */
export async function insertOrders(exec: Executor, values: NewOrder[]): Promise<OrderRow[]> {
  if (values.length === 0) return [];
  const rows = await exec.insert(tradeOrders).values(values).returning();
  if (rows.length !== values.length)
    throw new Error(`trade_orders insert returned ${rows.length} of ${values.length}`);
  rows.sort((a, b) => a.id - b.id);
  rows.forEach((row, i) => {
    const asked = values[i] as NewOrder;
    const same =
      row.userId === asked.userId &&
      row.product === asked.product &&
      row.symbol === asked.symbol &&
      row.side === asked.side &&
      trimDecimalZeros(row.amount) === trimDecimalZeros(asked.amount) &&
      row.clientOrderId === (asked.clientOrderId ?? null);
    if (!same) throw new Error(`trade_orders row ${row.id} is not the order ${i} inserted`);
  });
  return rows;
}

/** The user's order placed with this client id, if any (a retried placement). */
export async function findByClientOrderId(
  exec: Executor,
  userId: number,
  clientOrderId: string,
): Promise<OrderRow | null> {
  const [row] = await exec
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.userId, userId), eq(tradeOrders.clientOrderId, clientOrderId)));
  return row ?? null;
}

export async function findOrder(exec: Executor, id: number): Promise<OrderRow | null> {
  const [row] = await exec.select().from(tradeOrders).where(eq(tradeOrders.id, id));
  return row ?? null;
}

export interface OwnOrdersFilter {
  page: number;
  limit: number;
  product?: TradeProduct | undefined;
  status?: OrderStatus | undefined;
  symbol?: string | undefined;
  open?: boolean | undefined;
}

export async function listOwnOrders(
  exec: Executor,
  userId: number,
  filter: OwnOrdersFilter,
): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: SQL[] = [eq(tradeOrders.userId, userId)];
  if (filter.product) conditions.push(eq(tradeOrders.product, filter.product));
  if (filter.status) conditions.push(eq(tradeOrders.status, filter.status));
  if (filter.symbol) conditions.push(eq(tradeOrders.symbol, filter.symbol));
  if (filter.open === true) conditions.push(inArray(tradeOrders.status, [...OPEN_ORDER_STATUSES]));
  if (filter.open === false) conditions.push(notInArray(tradeOrders.status, [...OPEN_ORDER_STATUSES]));
  const where = and(...conditions);
  const { limit, offset } = pageOf(filter);
  const [rows, [total]] = await Promise.all([
    exec.select().from(tradeOrders).where(where).orderBy(desc(tradeOrders.id)).limit(limit).offset(offset),
    exec.select({ n: count() }).from(tradeOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

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
