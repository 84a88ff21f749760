import { OPEN_ORDER_STATUSES, type OrderStatus, type TradeProduct } from '@platform/contracts';
import { and, count, desc, eq, getTableName, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { pageOf } from '../../core/paging.ts';
import type { Executor } from '../../db/client.ts';
import { preparedFamily, runPrepared } from '../../db/prepared.ts';
import {
  list,
  prefixedColumns,
  rowFromDriver,
  type UnnestedColumns,
  unnestColumns,
} from '../../db/unnest-rows.ts';
import { tradeOrders } from './trading.schema.ts';

/** The order table every product writes (see trading.schema.ts); each engine keeps its own detail table. */

export type OrderRow = typeof tradeOrders.$inferSelect;
export type NewOrder = typeof tradeOrders.$inferInsert;

export async function insertOrder(exec: Executor, values: NewOrder): Promise<OrderRow> {
  const [row] = await exec.insert(tradeOrders).values(values).returning();
  if (!row) throw new Error('trade_orders insert returned nothing');
  return row;
}

type DetailShape = { table: PgTable; orders: UnnestedColumns; details: UnnestedColumns };

/** One prepared statement per detail table and column sets (a call site's shape). */
const ordersWithDetails = preparedFamily<DetailShape>(
  'orders_with_details',
  (s) => `${getTableName(s.table)}|${s.orders.names}|${s.details.names}`,
  ({ table, orders: o, details: d }) => sql`WITH ids AS MATERIALIZED (
      SELECT nextval(pg_get_serial_sequence('trade_orders', 'id')) AS id, ord
      FROM generate_series(1, ${sql.placeholder('count')}::bigint) AS ord
    ), o AS (
      INSERT INTO trade_orders (id, ${list(o.names)}) OVERRIDING SYSTEM VALUE
      SELECT ids.id, ${list(o.names, 'v')} FROM ${o.from('v')} JOIN ids USING (ord)
      RETURNING *
    ), d AS (
      INSERT INTO ${table} (order_id, ${list(d.names)})
      SELECT ids.id, ${list(d.names, 'w')} FROM ${d.from('w')} JOIN ids USING (ord)
      RETURNING *
    )
    SELECT ${prefixedColumns(tradeOrders, 'o', 'o_')}, ${prefixedColumns(table, 'd', 'd_')}
    FROM ids JOIN o ON o.id = ids.id JOIN d ON d.order_id = ids.id
    ORDER BY ids.ord`,
);

/**
 * Orders with one detail row each (a spot fill, a timed contract) in one statement, returned in the
 * order given. The orders' ids are drawn from the sequence first, one per position, so each detail
 * row names its own order whatever order the rows are inserted or returned in.
 */
export async function insertOrdersWithDetails<D extends PgTable>(
  exec: Executor,
  orders: NewOrder[],
  detail: { table: D; rows: Omit<D['$inferInsert'], 'orderId'>[] },
): Promise<{ order: OrderRow; detail: D['$inferSelect'] }[]> {
  if (orders.length !== detail.rows.length)
    throw new Error(`${orders.length} orders with ${detail.rows.length} detail rows`);
  if (orders.length === 0) return [];
  const shape = {
    table: detail.table,
    orders: unnestColumns(tradeOrders, orders, 'o'),
    details: unnestColumns(detail.table, detail.rows, 'd'),
  };
  const rows = await runPrepared<Record<string, unknown>>(exec, ordersWithDetails(shape), {
    count: orders.length,
    ...shape.orders.values(orders),
    ...shape.details.values(detail.rows),
  });
  if (rows.length !== orders.length)
    throw new Error(`trade_orders insert returned ${rows.length} of ${orders.length}`);
  return rows.map((raw) => ({
    order: rowFromDriver(tradeOrders, raw, 'o_'),
    detail: rowFromDriver(detail.table, raw, 'd_'),
  }));
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
