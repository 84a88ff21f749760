import { and, asc, count, desc, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { pageOf } from '../../../core/paging.ts';
import type { Executor, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { perpetualFundingPayments, perpetualFundingRates, perpetualPositions } from '../trading.schema.ts';
import type { PositionRow } from './perpetual.repository.ts';

/** SQL of perpetual funding (docs/perpetual-funding.md): the fixed rates and the payments. */

export type FundingRateRow = typeof perpetualFundingRates.$inferSelect;
export type FundingPaymentRow = typeof perpetualFundingPayments.$inferSelect;

export async function findRate(
  exec: Executor,
  symbol: string,
  fundingAt: Date,
): Promise<FundingRateRow | null> {
  const r = perpetualFundingRates;
  const [row] = await exec
    .select()
    .from(r)
    .where(and(eq(r.symbol, symbol), eq(r.fundingAt, fundingAt)));
  return row ?? null;
}

/**
 * Fixes the rate and mark of an instant unless another runner did first, and returns the row that
 * stands: both runners then pay with the same figures.
 */
export async function fixRate(
  exec: Executor,
  values: typeof perpetualFundingRates.$inferInsert,
): Promise<FundingRateRow> {
  await exec.insert(perpetualFundingRates).values(values).onConflictDoNothing();
  const row = await findRate(exec, values.symbol, values.fundingAt);
  if (!row)
    throw new Error(`funding: rate of ${values.symbol} at ${values.fundingAt.toISOString()} is missing`);
  return row;
}

/** The pair's latest fixed instant (what the screen shows as the last rate); null before the first. */
export async function latestRate(exec: Executor, symbol: string): Promise<FundingRateRow | null> {
  const r = perpetualFundingRates;
  const [row] = await exec.select().from(r).where(eq(r.symbol, symbol)).orderBy(desc(r.fundingAt)).limit(1);
  return row ?? null;
}

export async function markCompleted(
  exec: Executor,
  symbol: string,
  fundingAt: Date,
  at: Date,
): Promise<void> {
  const r = perpetualFundingRates;
  await exec
    .update(r)
    .set({ completedAt: at })
    .where(and(eq(r.symbol, symbol), eq(r.fundingAt, fundingAt), isNull(r.completedAt)));
}

/** Open positions of `symbol` opened at or before the instant and not yet paid at it. */
function unpaidAt(symbol: string, fundingAt: Date): SQL | undefined {
  const p = perpetualPositions;
  const f = perpetualFundingPayments;
  return and(
    eq(p.status, 'open'),
    eq(p.symbol, symbol),
    lte(p.openedAt, fundingAt),
    sql`NOT EXISTS (SELECT 1 FROM ${f} WHERE ${f.orderId} = ${p.orderId} AND ${f.fundingAt} = ${fundingAt})`,
  );
}

/**
 * Claims up to `limit` positions still to pay at the instant, oldest first, skipping those a close,
 * a margin change, the liquidation job or another funding runner holds (they come in a later turn).
 */
export async function claimUnpaid(
  tx: Tx,
  symbol: string,
  fundingAt: Date,
  limit: number,
): Promise<PositionRow[]> {
  return tx
    .select()
    .from(perpetualPositions)
    .where(unpaidAt(symbol, fundingAt))
    .orderBy(asc(perpetualPositions.orderId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Whether any position is still to pay at the instant (locked ones included: no lock taken). */
export async function anyUnpaid(exec: Executor, symbol: string, fundingAt: Date): Promise<boolean> {
  const [row] = await exec
    .select({ orderId: perpetualPositions.orderId })
    .from(perpetualPositions)
    .where(unpaidAt(symbol, fundingAt))
    .limit(1);
  return row !== undefined;
}

/**
 * Records the payments, each once: a (position, instant) already recorded is left as it is and not
 * returned, so its caller moves no money for it.
 */
export async function insertPayments(
  tx: Tx,
  rows: (typeof perpetualFundingPayments.$inferInsert)[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx
    .insert(perpetualFundingPayments)
    .values(rows)
    .onConflictDoNothing()
    .returning({ orderId: perpetualFundingPayments.orderId });
  return new Set(inserted.map((r) => r.orderId));
}

/**
 * The locked open positions' margins and liquidation prices after their payments, and their funding
 * totals: one statement for the batch. Throws unless every one was still open (they are locked).
 */
export async function applyPayments(
  tx: Tx,
  payments: readonly { orderId: number; amount: string; margin: string; liquidationPrice: string }[],
): Promise<void> {
  if (payments.length === 0) return;
  const values = sql.join(
    payments.map(
      (v) =>
        sql`(${v.orderId}::bigint, ${v.amount}::numeric, ${v.margin}::numeric, ${v.liquidationPrice}::numeric)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ order_id: string }>(
    tx,
    sql`UPDATE perpetual_positions p
           SET margin = v.margin, liquidation_price = v.liquidation_price,
               funding = p.funding + v.amount, funding_margin = p.funding_margin + v.amount
          FROM (VALUES ${values}) AS v(order_id, amount, margin, liquidation_price)
         WHERE p.order_id = v.order_id AND p.status = 'open'
     RETURNING p.order_id`,
  );
  if (rows.length !== payments.length) {
    throw new Error(`funding: ${payments.length - rows.length} claimed positions are not open`);
  }
}

/** The user's own payments, newest first (index perpetual_funding_payments_user_idx). */
export async function listPayments(
  exec: Executor,
  userId: number,
  filter: { symbol?: string | undefined; page: number; limit: number },
): Promise<{ rows: FundingPaymentRow[]; total: number }> {
  const f = perpetualFundingPayments;
  const conditions: SQL[] = [eq(f.userId, userId)];
  if (filter.symbol) conditions.push(eq(f.symbol, filter.symbol));
  const where = and(...conditions);
  const { limit, offset } = pageOf(filter);
  const [rows, [total]] = await Promise.all([
    exec.select().from(f).where(where).orderBy(desc(f.fundingAt), desc(f.id)).limit(limit).offset(offset),
    exec.select({ n: count() }).from(f).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface ReportRow {
  symbol: string;
  funding_at_ms: string;
  rate: string;
  mark_price: string;
  positions: string;
  paid: string;
  received: string;
  liquidated: string;
}

/**
 * Funding instants, newest first, each with the sums of its payments (index
 * perpetual_funding_payments_symbol_idx answers each instant's).
 */
export async function report(
  exec: Executor,
  filter: { symbol?: string | undefined; page: number; limit: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const r = perpetualFundingRates;
  const where = filter.symbol ? eq(r.symbol, filter.symbol) : undefined;
  const { limit, offset } = pageOf(filter);
  const symbolFilter = filter.symbol ? sql`WHERE r.symbol = ${filter.symbol}` : sql``;
  const [rows, [total]] = await Promise.all([
    queryRows<ReportRow>(
      exec,
      sql`SELECT r.symbol, (extract(epoch FROM r.funding_at) * 1000)::bigint::text AS funding_at_ms,
            r.rate::text AS rate, r.mark_price::text AS mark_price,
            s.positions::text AS positions, s.paid::text AS paid, s.received::text AS received,
            s.liquidated::text AS liquidated
          FROM perpetual_funding_rates r
          CROSS JOIN LATERAL (
            SELECT count(*) AS positions,
                   coalesce(sum(-p.amount) FILTER (WHERE p.amount < 0), 0) AS paid,
                   coalesce(sum(p.amount) FILTER (WHERE p.amount > 0), 0) AS received,
                   count(*) FILTER (WHERE p.liquidated) AS liquidated
              FROM perpetual_funding_payments p
             WHERE p.symbol = r.symbol AND p.funding_at = r.funding_at
          ) s
          ${symbolFilter}
          ORDER BY r.funding_at DESC, r.symbol
          LIMIT ${limit} OFFSET ${offset}`,
    ),
    exec.select({ n: count() }).from(r).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
