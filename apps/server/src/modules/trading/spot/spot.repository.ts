import { OPEN_ORDER_STATUSES } from '@platform/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { parseCount, queryRows } from '../../../db/rows.ts';
import { lockUserScope } from '../../../db/user-locks.ts';
import type { OrderRow } from '../orders.repository.ts';
import { spotFills, tradeOrders } from '../trading.schema.ts';

/** SQL of the spot engine: open-order counts, claims for the jobs, conditional state changes, fills. */

export type FillRow = typeof spotFills.$inferSelect;
export type NewFill = typeof spotFills.$inferInsert;

const openStatuses = [...OPEN_ORDER_STATUSES];
const isOpenSpot = and(eq(tradeOrders.product, 'spot'), inArray(tradeOrders.status, openStatuses));

/** Serialises the user's limit placements until the end of `tx`, so the open-order count cannot be overrun. */
export async function lockUserPlacements(tx: Tx, userId: number): Promise<void> {
  await lockUserScope(tx, 'spotPlacement', userId);
}

export async function countOpenSpotOrders(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.userId, userId), isOpenSpot));
  return row?.n ?? 0;
}

/** The order, locked for a state change (cancel); the caller then updates it conditionally. */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, id)).for('update');
  return row;
}

/** The new state of an order after a fill; applied only if nothing filled it in between. */
export interface FillUpdate {
  id: number;
  /** filled_amount as read under the lock: the condition of the update. */
  previousFilled: string;
  filledAmount: string;
  quoteAmount: string;
  fee: string;
  avgPrice: string;
  frozenAmount: string;
  status: 'partial' | 'filled';
  at: Date;
}

export async function applyFillToOrder(tx: Tx, u: FillUpdate): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(tradeOrders)
    .set({
      filledAmount: u.filledAmount,
      quoteAmount: u.quoteAmount,
      fee: u.fee,
      avgPrice: u.avgPrice,
      frozenAmount: u.frozenAmount,
      status: u.status,
      updatedAt: u.at,
      ...(u.status === 'filled' ? { closedAt: u.at } : {}),
    })
    .where(
      and(
        eq(tradeOrders.id, u.id),
        inArray(tradeOrders.status, openStatuses),
        eq(tradeOrders.filledAmount, u.previousFilled),
      ),
    )
    .returning();
  return row;
}

/**
 * Closes an open spot order (cancelled or expired) and clears what it held frozen; nothing when it
 * is no longer open. The caller releases `frozen_amount` as read under its lock.
 */
export async function closeOpenOrder(
  tx: Tx,
  id: number,
  change: { status: 'cancelled' | 'expired'; cancelledBy?: string | null; at: Date },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(tradeOrders)
    .set({
      status: change.status,
      frozenAmount: '0',
      cancelledBy: change.cancelledBy ?? null,
      updatedAt: change.at,
      closedAt: change.at,
    })
    .where(and(eq(tradeOrders.id, id), isOpenSpot))
    .returning();
  return row;
}

export async function insertFills(tx: Tx, rows: NewFill[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(spotFills).values(rows);
}

/** The last fill number of each order (0 when none); read under the orders' locks. */
export async function lastFillSeqs(tx: Tx, orderIds: number[]): Promise<Map<number, number>> {
  const seqs = new Map<number, number>(orderIds.map((id) => [id, 0]));
  if (orderIds.length === 0) return seqs;
  const rows = await tx
    .select({ orderId: spotFills.orderId, seq: sql<string>`max(${spotFills.seq})::text` })
    .from(spotFills)
    .where(inArray(spotFills.orderId, orderIds))
    .groupBy(spotFills.orderId);
  for (const r of rows) seqs.set(r.orderId, parseCount(r.seq));
  return seqs;
}

export async function listFills(exec: Executor, orderId: number): Promise<FillRow[]> {
  return exec.select().from(spotFills).where(eq(spotFills.orderId, orderId)).orderBy(asc(spotFills.seq));
}

/** Symbols that have open spot limit orders (the partial index on open spot orders serves it). */
export async function symbolsWithOpenLimitOrders(exec: Executor): Promise<string[]> {
  const rows = await queryRows<{ symbol: string }>(
    exec,
    sql`SELECT DISTINCT symbol FROM trade_orders
         WHERE product = 'spot' AND status IN ('pending', 'partial') AND order_type = 'limit'
         ORDER BY symbol`,
  );
  return rows.map((r) => r.symbol);
}

/**
 * Claims the open limit orders of `symbol` on `side` that cross the reference book (buys priced at
 * or above `bound`, the best ask; sells at or below it, the best bid), in price-time priority, locked
 * with SKIP LOCKED so that a second runner takes other rows or none. Left out: orders past their
 * expiry (the expiry step takes them) and orders that already filled against this book snapshot or
 * a newer one (a cached book is never consumed twice by the same order).
 */
export async function claimCrossingOrders(
  tx: Tx,
  q: { symbol: string; side: 'buy' | 'sell'; bound: string; bookAt: Date; now: Date; limit: number },
): Promise<OrderRow[]> {
  const crosses = q.side === 'buy' ? gte(tradeOrders.price, q.bound) : lte(tradeOrders.price, q.bound);
  return tx
    .select()
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.symbol, q.symbol),
        eq(tradeOrders.side, q.side),
        isOpenSpot,
        eq(tradeOrders.orderType, 'limit'),
        crosses,
        or(isNull(tradeOrders.expiresAt), gt(tradeOrders.expiresAt, q.now)),
        sql`NOT EXISTS (SELECT 1 FROM ${spotFills} f
                         WHERE f.order_id = ${tradeOrders.id} AND f.price_at >= ${q.bookAt.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(
      q.side === 'buy' ? desc(tradeOrders.price) : asc(tradeOrders.price),
      asc(tradeOrders.createdAt),
      asc(tradeOrders.id),
    )
    .limit(q.limit)
    .for('update', { skipLocked: true });
}

/** Claims open spot orders whose expiry has passed, oldest expiry first, skipping rows another runner holds. */
export async function claimExpiredOrders(tx: Tx, now: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(tradeOrders)
    .where(and(isOpenSpot, lte(tradeOrders.expiresAt, now)))
    .orderBy(asc(tradeOrders.expiresAt), asc(tradeOrders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
