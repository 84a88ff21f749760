import type { IndexComponent, PositionStatus } from '@platform/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { normaliseDecimalString } from '../../../core/money.ts';
import { pageOf } from '../../../core/paging.ts';
import type { Executor, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { lockUserScope } from '../../../db/user-locks.ts';
import { userDirectory } from '../../users/users.ts';
import type { OrderRow } from '../orders.repository.ts';
import type { PriceObservation } from '../reference-prices.ts';
import {
  perpetualLimitOrders,
  perpetualMarginAdditions,
  perpetualPartialCloses,
  perpetualPositions,
  tradeOrders,
} from '../trading.schema.ts';

/** SQL of the perpetual engine: positions (perpetual_positions) and the order rows they belong to. */

export type PositionRow = typeof perpetualPositions.$inferSelect;
export type NewPosition = typeof perpetualPositions.$inferInsert;

/**
 * Serialises one user's openings until the transaction ends, so that the open-position limit holds
 * under concurrent requests (the count and the insert happen under it).
 */
export async function lockUserOpenings(tx: Tx, userId: number): Promise<void> {
  await lockUserScope(tx, 'perpetualOpening', userId);
}

export async function countOpenPositions(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(perpetualPositions)
    .where(and(eq(perpetualPositions.userId, userId), eq(perpetualPositions.status, 'open')));
  return row?.n ?? 0;
}

export async function insertPosition(exec: Executor, values: NewPosition): Promise<PositionRow> {
  const [row] = await exec.insert(perpetualPositions).values(values).returning();
  if (!row) throw new Error('perpetual_positions insert returned nothing');
  return row;
}

export async function findPosition(exec: Executor, orderId: number): Promise<PositionRow | null> {
  const [row] = await exec.select().from(perpetualPositions).where(eq(perpetualPositions.orderId, orderId));
  return row ?? null;
}

/**
 * Locks the position while it is open (FOR UPDATE; `userId` when the caller must own it): a close,
 * a margin addition or the job's turn that comes second waits, then finds it changed or gone.
 */
export async function lockOpenPosition(
  tx: Tx,
  orderId: number,
  userId?: number,
): Promise<PositionRow | null> {
  const conditions = [eq(perpetualPositions.orderId, orderId), eq(perpetualPositions.status, 'open')];
  if (userId !== undefined) conditions.push(eq(perpetualPositions.userId, userId));
  const [row] = await tx
    .select()
    .from(perpetualPositions)
    .where(and(...conditions))
    .for('update');
  return row ?? null;
}

export interface CloseValues {
  status: 'closed';
  closeReason: 'user' | 'take_profit' | 'stop_loss';
  closePrice: string;
  closeSource: string;
  closePriceAt: Date;
  closeComponents: IndexComponent[] | null;
  closeFee: string;
  realisedPnl: string;
  payout: string;
  closedAt: Date;
}

/**
 * open → closed, only if the position is still open: of a double click or a close racing the
 * liquidation job exactly one gets the row, the other null (and moves nothing).
 */
export async function closeIfOpen(
  tx: Tx,
  orderId: number,
  userId: number,
  values: CloseValues,
): Promise<PositionRow | null> {
  return updateIfOpen(tx, orderId, userId, values);
}

/** Changes the caller's position if it is still open; null when it is not (or not theirs). */
async function updateIfOpen(
  tx: Tx,
  orderId: number,
  userId: number,
  values: Partial<typeof perpetualPositions.$inferInsert>,
): Promise<PositionRow | null> {
  const [row] = await tx
    .update(perpetualPositions)
    .set(values)
    .where(
      and(
        eq(perpetualPositions.orderId, orderId),
        eq(perpetualPositions.userId, userId),
        eq(perpetualPositions.status, 'open'),
      ),
    )
    .returning();
  return row ?? null;
}

/** The order row of a position that closed: its close time, and the close fee added to its fee. */
export async function finishOrders(
  tx: Tx,
  orderIds: readonly number[],
  closedAt: Date,
  closeFee?: string,
): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .update(tradeOrders)
    .set({
      closedAt,
      updatedAt: closedAt,
      ...(closeFee ? { fee: sql`${tradeOrders.fee} + ${closeFee}::numeric` } : {}),
    })
    .where(inArray(tradeOrders.id, [...orderIds]))
    .returning();
}

const STATUS_SETS: Record<'open' | 'closed' | 'liquidated', PositionStatus[]> = {
  open: ['open'],
  closed: ['closed', 'liquidated'],
  liquidated: ['liquidated'],
};

export async function listPositions(
  exec: Executor,
  userId: number,
  filter: {
    status: 'open' | 'closed' | 'liquidated';
    symbol?: string | undefined;
    page: number;
    limit: number;
  },
): Promise<{ rows: PositionRow[]; total: number }> {
  const conditions: SQL[] = [
    eq(perpetualPositions.userId, userId),
    inArray(perpetualPositions.status, STATUS_SETS[filter.status]),
  ];
  if (filter.symbol) conditions.push(eq(perpetualPositions.symbol, filter.symbol));
  const where = and(...conditions);
  const { limit, offset } = pageOf(filter);
  const [rows, [total]] = await Promise.all([
    exec
      .select()
      .from(perpetualPositions)
      .where(where)
      .orderBy(desc(perpetualPositions.orderId))
      .limit(limit)
      .offset(offset),
    exec.select({ n: count() }).from(perpetualPositions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Symbols with at least one open position (the partial index on open positions answers it). */
export async function symbolsWithOpenPositions(exec: Executor): Promise<string[]> {
  const rows = await exec
    .selectDistinct({ symbol: perpetualPositions.symbol })
    .from(perpetualPositions)
    .where(eq(perpetualPositions.status, 'open'))
    .orderBy(asc(perpetualPositions.symbol));
  return rows.map((r) => r.symbol);
}

/**
 * Claims up to `limit` open positions of `symbol` that `mark` has reached: long ones whose
 * liquidation price is at or above the mark, short ones whose liquidation price is at or below it.
 * Rows another runner (or a close in progress) holds are skipped, not waited for.
 */
export async function claimLiquidatable(
  tx: Tx,
  symbol: string,
  mark: string,
  limit: number,
): Promise<PositionRow[]> {
  return tx
    .select()
    .from(perpetualPositions)
    .where(
      and(
        eq(perpetualPositions.status, 'open'),
        eq(perpetualPositions.symbol, symbol),
        or(
          and(eq(perpetualPositions.side, 'long'), gte(perpetualPositions.liquidationPrice, mark)),
          and(eq(perpetualPositions.side, 'short'), lte(perpetualPositions.liquidationPrice, mark)),
        ),
      ),
    )
    .orderBy(asc(perpetualPositions.orderId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Claims up to `limit` open positions of `symbol` whose take-profit or stop-loss `mark` has reached
 * (a long's take-profit at or below the mark or its stop-loss at or above it; a short's the other
 * way round), skipping rows another runner or a close holds. The caller still asks the domain rule,
 * and liquidates those that are at or past their liquidation price instead.
 */
export async function claimTpslTriggered(
  tx: Tx,
  symbol: string,
  mark: string,
  limit: number,
): Promise<PositionRow[]> {
  const p = perpetualPositions;
  return tx
    .select()
    .from(p)
    .where(
      and(
        eq(p.status, 'open'),
        eq(p.symbol, symbol),
        // The partial index's predicate, so that the planner may use it.
        or(isNotNull(p.takeProfitPrice), isNotNull(p.stopLossPrice)),
        or(
          and(eq(p.side, 'long'), or(lte(p.takeProfitPrice, mark), gte(p.stopLossPrice, mark))),
          and(eq(p.side, 'short'), or(gte(p.takeProfitPrice, mark), lte(p.stopLossPrice, mark))),
        ),
      ),
    )
    .orderBy(asc(p.orderId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The take-profit and stop-loss of the caller's open position (undefined: unchanged, null: none);
 * null when it is not open (or not theirs) any more.
 */
export async function setTpsl(
  tx: Tx,
  orderId: number,
  userId: number,
  prices: { takeProfitPrice?: string | null; stopLossPrice?: string | null },
): Promise<PositionRow | null> {
  return updateIfOpen(tx, orderId, userId, prices);
}

/** Records a margin addition to a locked open position and gives the position its new margin and liquidation price. */
export async function addMargin(
  tx: Tx,
  position: PositionRow,
  values: { amount: string; margin: string; liquidationPrice: string },
): Promise<{ position: PositionRow; additionId: number }> {
  const [addition] = await tx
    .insert(perpetualMarginAdditions)
    .values({
      orderId: position.orderId,
      userId: position.userId,
      amount: values.amount,
      marginAfter: values.margin,
      liquidationPriceAfter: values.liquidationPrice,
    })
    .returning({ id: perpetualMarginAdditions.id });
  const [row] = await tx
    .update(perpetualPositions)
    .set({
      margin: values.margin,
      marginAdded: sql`${perpetualPositions.marginAdded} + ${values.amount}::numeric`,
      liquidationPrice: values.liquidationPrice,
    })
    .where(and(eq(perpetualPositions.orderId, position.orderId), eq(perpetualPositions.status, 'open')))
    .returning();
  if (!addition || !row) throw new Error(`perpetual: margin addition to ${position.orderId} wrote nothing`);
  return { position: row, additionId: addition.id };
}

/**
 * open → liquidated for the claimed positions that are still open. The price used is the mark with
 * its source and time; the user's loss is the whole margin, nothing is paid out, no close fee.
 */
export async function markLiquidated(
  tx: Tx,
  orderIds: readonly number[],
  mark: PriceObservation,
  closedAt: Date,
): Promise<PositionRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .update(perpetualPositions)
    .set({
      status: 'liquidated',
      closeReason: 'liquidation',
      closePrice: mark.price,
      closeSource: mark.source,
      closePriceAt: mark.at,
      closeComponents: mark.components,
      closeFee: '0',
      realisedPnl: sql`-${perpetualPositions.margin}`,
      payout: '0',
      closedAt,
    })
    .where(and(inArray(perpetualPositions.orderId, [...orderIds]), eq(perpetualPositions.status, 'open')))
    .returning();
}

export interface LatestTick {
  price: string;
  source: string;
  at: Date;
}

/** The latest recorded reference price of each symbol (one index probe per symbol). */
export async function latestTicks(
  exec: Executor,
  symbols: readonly string[],
): Promise<Map<string, LatestTick>> {
  if (symbols.length === 0) return new Map();
  const values = sql.join(
    [...new Set(symbols)].map((s) => sql`(${s}::text)`),
    sql`, `,
  );
  const rows = await queryRows<{ symbol: string; price: string; source: string; at_ms: string }>(
    exec,
    sql`SELECT v.symbol, t.price::text AS price, t.source,
          (extract(epoch FROM t.at) * 1000)::bigint::text AS at_ms
        FROM (VALUES ${values}) AS v(symbol)
        CROSS JOIN LATERAL (
          SELECT p.price, p.source, p.at FROM price_ticks p
           WHERE p.symbol = v.symbol ORDER BY p.at DESC LIMIT 1
        ) t`,
  );
  return new Map(
    rows.map((r) => [
      r.symbol,
      { price: normaliseDecimalString(r.price), source: r.source, at: new Date(Number(r.at_ms)) },
    ]),
  );
}

// ---- limit orders --------------------------------------------------------------------------------

export type LimitOrderRow = typeof perpetualLimitOrders.$inferSelect;

export async function insertLimitOrder(
  tx: Tx,
  values: typeof perpetualLimitOrders.$inferInsert,
): Promise<LimitOrderRow> {
  const [row] = await tx.insert(perpetualLimitOrders).values(values).returning();
  if (!row) throw new Error('perpetual_limit_orders insert returned nothing');
  return row;
}

export async function findLimitOrder(exec: Executor, orderId: number): Promise<LimitOrderRow | null> {
  const [row] = await exec
    .select()
    .from(perpetualLimitOrders)
    .where(eq(perpetualLimitOrders.orderId, orderId));
  return row ?? null;
}

/** A user's waiting limit orders: counted with the open positions against the open-position limit. */
export async function countPendingLimitOrders(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(perpetualLimitOrders)
    .where(and(eq(perpetualLimitOrders.userId, userId), eq(perpetualLimitOrders.status, 'pending')));
  return row?.n ?? 0;
}

export async function listLimitOrders(
  exec: Executor,
  userId: number,
  filter: { status: 'pending' | 'ended'; symbol?: string | undefined; page: number; limit: number },
): Promise<{ rows: LimitOrderRow[]; total: number }> {
  const l = perpetualLimitOrders;
  const conditions: SQL[] = [
    eq(l.userId, userId),
    filter.status === 'pending' ? eq(l.status, 'pending') : inArray(l.status, ['filled', 'cancelled']),
  ];
  if (filter.symbol) conditions.push(eq(l.symbol, filter.symbol));
  const where = and(...conditions);
  const { limit, offset } = pageOf(filter);
  const [rows, [total]] = await Promise.all([
    exec.select().from(l).where(where).orderBy(desc(l.orderId)).limit(limit).offset(offset),
    exec.select({ n: count() }).from(l).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function symbolsWithPendingLimitOrders(exec: Executor): Promise<string[]> {
  const rows = await exec
    .selectDistinct({ symbol: perpetualLimitOrders.symbol })
    .from(perpetualLimitOrders)
    .where(eq(perpetualLimitOrders.status, 'pending'))
    .orderBy(asc(perpetualLimitOrders.symbol));
  return rows.map((r) => r.symbol);
}

/**
 * Claims up to `limit` waiting orders of `symbol` that the index `mark` has reached (a long's limit
 * at or above it, a short's at or below it), oldest first, skipping rows a cancel or another runner holds.
 */
export async function claimCrossedLimitOrders(
  tx: Tx,
  symbol: string,
  mark: string,
  limit: number,
): Promise<LimitOrderRow[]> {
  const l = perpetualLimitOrders;
  return tx
    .select()
    .from(l)
    .where(
      and(
        eq(l.status, 'pending'),
        eq(l.symbol, symbol),
        or(
          and(eq(l.side, 'long'), gte(l.limitPrice, mark)),
          and(eq(l.side, 'short'), lte(l.limitPrice, mark)),
        ),
      ),
    )
    .orderBy(asc(l.orderId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * pending → filled or cancelled, only while pending (and the caller's, when `userId` is given): of a
 * cancel racing the trigger exactly one gets the row, the other null.
 */
export async function endLimitOrder(
  tx: Tx,
  orderId: number,
  values: { status: 'filled' | 'cancelled'; cancelReason?: string; endedAt: Date },
  userId?: number,
): Promise<LimitOrderRow | null> {
  const l = perpetualLimitOrders;
  const conditions = [eq(l.orderId, orderId), eq(l.status, 'pending')];
  if (userId !== undefined) conditions.push(eq(l.userId, userId));
  const [row] = await tx
    .update(l)
    .set({ status: values.status, cancelReason: values.cancelReason ?? null, endedAt: values.endedAt })
    .where(and(...conditions))
    .returning();
  return row ?? null;
}

/** The order row of a limit order that opened (its fill) or was cancelled. */
export async function updateOrderRow(
  tx: Tx,
  orderId: number,
  values: Partial<typeof tradeOrders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx.update(tradeOrders).set(values).where(eq(tradeOrders.id, orderId)).returning();
  if (!row) throw new Error(`perpetual: order ${orderId} is missing`);
  return row;
}

// ---- partial closes ------------------------------------------------------------------------------

/** Records a partial close of a locked open position and leaves the position with the rest. */
export async function reducePosition(
  tx: Tx,
  position: PositionRow,
  close: Omit<typeof perpetualPartialCloses.$inferInsert, 'orderId' | 'userId'>,
  rest: {
    quantity: string;
    margin: string;
    marginAdded: string;
    fundingMargin: string;
    liquidationPrice: string;
  },
): Promise<{ position: PositionRow; partialId: number }> {
  const [partial] = await tx
    .insert(perpetualPartialCloses)
    .values({ ...close, orderId: position.orderId, userId: position.userId })
    .returning({ id: perpetualPartialCloses.id });
  const [row] = await tx
    .update(perpetualPositions)
    .set(rest)
    .where(and(eq(perpetualPositions.orderId, position.orderId), eq(perpetualPositions.status, 'open')))
    .returning();
  if (!partial || !row) throw new Error(`perpetual: partial close of ${position.orderId} wrote nothing`);
  return { position: row, partialId: partial.id };
}

/** The order row of a position partly closed: the close fee added to its fee. */
export async function addOrderFee(tx: Tx, orderId: number, fee: string, at: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(tradeOrders)
    .set({ fee: sql`${tradeOrders.fee} + ${fee}::numeric`, updatedAt: at })
    .where(eq(tradeOrders.id, orderId))
    .returning();
  if (!row) throw new Error(`perpetual: order ${orderId} is missing`);
  return row;
}

// ---- the operator's list -------------------------------------------------------------------------

/** The owner of a position. */
const positionOwner = userDirectory('position_owner');

/**
 * Every user's open positions (持仓列表), newest first, with the owner's e-mail; `user` is an id or
 * an exact e-mail (case-insensitive).
 */
export async function listOpenPositionsForAdmin(
  exec: Executor,
  filter: { user?: string | undefined; symbol?: string | undefined; page: number; limit: number },
): Promise<{ rows: { position: PositionRow; email: string }[]; total: number }> {
  const p = perpetualPositions;
  const conditions: SQL[] = [eq(p.status, 'open')];
  if (filter.symbol) conditions.push(eq(p.symbol, filter.symbol));
  if (filter.user) {
    conditions.push(
      /^\d+$/.test(filter.user)
        ? eq(p.userId, Number(filter.user))
        : sql`lower(${positionOwner.email}) = lower(${filter.user})`,
    );
  }
  const where = and(...conditions);
  const { limit, offset } = pageOf(filter);
  const [rows, [total]] = await Promise.all([
    exec
      .select({ position: p, email: positionOwner.email })
      .from(p)
      .innerJoin(positionOwner, eq(positionOwner.id, p.userId))
      .where(where)
      .orderBy(desc(p.orderId))
      .limit(limit)
      .offset(offset),
    exec.select({ n: count() }).from(p).innerJoin(positionOwner, eq(positionOwner.id, p.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
