import type { OrderStatus, TradeOrder } from '@platform/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { arrayLiteral, parseId, queryRows, rowText } from '../../../db/rows.ts';
import type { TimedProduct } from './timed.repository.ts';

/**
 * SQL of the settlement of timed contracts (settlement.ts). Settlement works on whole batches with a
 * handful of set-based statements, never one per contract. Raw results differ by engine
 * (node-postgres gives int8 and numeric as text, PGlite may give numbers), so raw queries cast in
 * SQL and parse explicitly.
 */

export interface DueContract {
  orderId: number;
  userId: number;
  product: TimedProduct;
  direction: string;
  stake: string;
  currency: string;
  payoutRate: string;
  entryPrice: string;
  expiresAtMs: number;
  /** The settlement tick: the last one at or before expiry within the tolerance; null when none. */
  tick: { price: string; source: string; atMs: number } | null;
}

const msOf = (column: SQL) => sql`floor(extract(epoch FROM ${column}) * 1000)::bigint::text`;

function parseMs(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`Unexpected timestamp from the database: ${String(value)}`);
  return n;
}

/**
 * Claims up to `limit` due open contracts (locked, skipping rows another runner holds) together
 * with their settlement ticks, in one statement. Due means expired at or before `cutoff` and either
 * settleable (a tick at or before expiry within `toleranceMs` exists) or past `voidBefore` (waited
 * long enough for one: it will be voided). Contracts still waiting for a tick are not claimed, so
 * they never hold up the ones behind them. Each claimed row's tick is one backward probe of the
 * ticks' primary key (symbol, at): a plan that stays linear in the batch whatever the statistics say
 * (a join against the distinct (symbol, expiry) pairs was planned as a nested loop over a CTE and
 * took a second per batch once the estimates went stale).
 */
export async function claimDueContracts(
  exec: Executor,
  opts: {
    cutoff: Date;
    voidBefore: Date;
    toleranceMs: number;
    limit: number;
    /** Only the contracts of users with user_id mod count = index (parallel runners touch disjoint accounts). */
    shard?: { count: number; index: number };
    /**
     * Only contracts expiring at or after this instant: a run's next batch starts where its last one
     * ended instead of walking again over the index entries of the rows it just settled (dead until
     * vacuumed, and not even skippable while another runner's transaction is open).
     */
    from?: Date;
  },
): Promise<DueContract[]> {
  const tolerance = sql`(${opts.toleranceMs}::int * interval '1 millisecond')`;
  const shard = opts.shard ? sql`AND c.user_id % ${opts.shard.count}::int = ${opts.shard.index}::int` : sql``;
  const from = opts.from ? sql`AND c.expires_at >= ${opts.from.toISOString()}::timestamptz` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`WITH claimed AS (
          SELECT c.order_id, c.user_id, c.product, c.symbol, c.direction, c.stake, c.currency,
                 c.payout_rate, c.entry_price, c.expires_at
          FROM timed_contracts c
          WHERE c.status = 'open'
            AND c.expires_at <= ${opts.cutoff.toISOString()}::timestamptz
            ${shard}
            ${from}
            AND (c.expires_at <= ${opts.voidBefore.toISOString()}::timestamptz OR EXISTS (
              SELECT 1 FROM price_ticks p
              WHERE p.symbol = c.symbol AND p.at <= c.expires_at AND p.at > c.expires_at - ${tolerance}))
          ORDER BY c.expires_at
          LIMIT ${opts.limit}::int
          FOR UPDATE OF c SKIP LOCKED
        )
        SELECT c.order_id::text AS order_id, c.user_id::text AS user_id, c.product, c.direction,
               c.stake::text AS stake, c.currency, c.payout_rate::text AS payout_rate,
               c.entry_price::text AS entry_price, ${msOf(sql`c.expires_at`)} AS expires_ms,
               t.price::text AS tick_price, t.source AS tick_source, ${msOf(sql`t.at`)} AS tick_ms
        FROM claimed c
        LEFT JOIN LATERAL (
          SELECT p.price, p.source, p.at FROM price_ticks p
          WHERE p.symbol = c.symbol AND p.at <= c.expires_at AND p.at > c.expires_at - ${tolerance}
          ORDER BY p.at DESC
          LIMIT 1
        ) t ON true`,
  );
  return rows.map((r) => ({
    orderId: parseId(r.order_id),
    userId: parseId(r.user_id),
    product: rowText(r.product) as TimedProduct,
    direction: rowText(r.direction),
    stake: rowText(r.stake),
    currency: rowText(r.currency),
    payoutRate: rowText(r.payout_rate),
    entryPrice: rowText(r.entry_price),
    expiresAtMs: parseMs(r.expires_ms),
    tick:
      r.tick_price === null || r.tick_price === undefined
        ? null
        : { price: rowText(r.tick_price), source: rowText(r.tick_source), atMs: parseMs(r.tick_ms) },
  }));
}

export interface ContractSettlementRow {
  orderId: number;
  outcome: 'win' | 'loss' | 'draw' | 'void';
  price: string | null;
  source: string | null;
  at: Date | null;
  payout: string;
}

/**
 * Makes the planner reach rows by key for the rest of the caller's transaction. A batch's updates
 * join a couple of thousand keys to tables that a burst has filled with far more rows; the planner's
 * cost model (random reads four times a sequential one) prefers reading the whole table, or every
 * open contract or pending order through the `status` indexes, and hashing it: each batch would pay
 * for the whole burst. With sequential scans priced out, and the `status` guards written so that
 * no index serves them (`IS TRUE`), the only way left to the rows is the primary key.
 */
export async function preferKeyLookups(exec: Executor): Promise<void> {
  await exec.execute(sql`SET LOCAL enable_seqscan = off`);
}

/**
 * open → settled for the whole batch in one statement; returns the order ids it changed. The keys
 * are also an `= ANY` condition, the access path that `preferKeyLookups` leaves the planner.
 */
export async function markContractsSettled(
  exec: Executor,
  rows: readonly ContractSettlementRow[],
  settledAt: Date,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const updated = await queryRows<Record<string, unknown>>(
    exec,
    sql`UPDATE timed_contracts AS c
        SET status = 'settled', outcome = v.outcome, settle_price = v.price, settle_source = v.source,
            settle_price_at = v.at, payout = v.payout,
            settle_components = (SELECT p.components FROM price_ticks p WHERE p.symbol = c.symbol AND p.at = v.at), settled_at = ${settledAt.toISOString()}::timestamptz
        FROM unnest(
          ${arrayLiteral(rows.map((r) => r.orderId))}::bigint[],
          ${arrayLiteral(rows.map((r) => r.outcome))}::text[],
          ${arrayLiteral(rows.map((r) => r.price))}::numeric[],
          ${arrayLiteral(rows.map((r) => r.source))}::text[],
          ${arrayLiteral(rows.map((r) => r.at?.toISOString() ?? null))}::timestamptz[],
          ${arrayLiteral(rows.map((r) => r.payout))}::numeric[]
        ) AS v(order_id, outcome, price, source, at, payout)
        WHERE c.order_id = ANY(${arrayLiteral(rows.map((r) => r.orderId))}::bigint[]) AND c.order_id = v.order_id
          AND (c.status = 'open') IS TRUE
        RETURNING c.order_id::text AS order_id`,
  );
  return updated.map((r) => parseId(r.order_id));
}

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds truncated), in SQL. */
const isoOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The contracts of `orderIds` settled in this transaction, as a relation another module's statement
 * reads (notifications' settlement notices, handed in through the caller: notifications cannot import
 * trading). One primary-key lookup per id.
 */
export const settledContracts = (orderIds: readonly number[]): SQL =>
  sql`(SELECT order_id, user_id, product, outcome, symbol, direction, stake, payout, entry_price,
          settle_price, currency
     FROM timed_contracts
    WHERE order_id = ANY(${arrayLiteral(orderIds)}::bigint[]) AND (status = 'settled') IS TRUE)`;

/** What a settled order's event carries: its owner and the order as the API shows it. */
export interface FilledOrder {
  userId: number;
  order: TradeOrder;
}

/**
 * pending → filled for the settled contracts' orders in one statement; returns each changed order as
 * the API shows it (`toTradeOrder`'s shape), formatted by the database (decimals' zeros trimmed,
 * times in ISO), so that no whole row is parsed and mapped per order. Keys and guard written as in
 * `markContractsSettled` (see `preferKeyLookups`).
 */
export async function fillOrders(
  exec: Executor,
  rows: ReadonlyArray<{ orderId: number; price: string | null }>,
  at: Date,
): Promise<FilledOrder[]> {
  if (rows.length === 0) return [];
  const ids = arrayLiteral(rows.map((r) => r.orderId));
  const iso = at.toISOString();
  const filled = await queryRows<Record<string, string | null>>(
    exec,
    sql`UPDATE trade_orders AS o
        SET status = 'filled', filled_amount = o.amount, avg_price = v.price, updated_at = ${iso}::timestamptz,
            closed_at = ${iso}::timestamptz
        FROM unnest(${ids}::bigint[], ${arrayLiteral(rows.map((r) => r.price))}::numeric[]) AS v(id, price)
        WHERE o.id = ANY(${ids}::bigint[]) AND o.id = v.id AND (o.status = 'pending') IS TRUE
        RETURNING o.id::text AS id, o.user_id::text AS user_id, o.product, o.symbol, o.base_currency,
          o.quote_currency, o.side, o.order_type, o.time_in_force, trim_scale(o.amount)::text AS amount,
          o.amount_currency, trim_scale(o.price)::text AS price, trim_scale(o.filled_amount)::text AS filled_amount,
          trim_scale(o.avg_price)::text AS avg_price, trim_scale(o.quote_amount)::text AS quote_amount,
          trim_scale(o.fee)::text AS fee, o.status, o.client_order_id, ${isoOf(sql`o.expires_at`)} AS expires_at,
          ${isoOf(sql`o.created_at`)} AS created_at, ${isoOf(sql`o.updated_at`)} AS updated_at,
          ${isoOf(sql`o.closed_at`)} AS closed_at`,
  );
  return filled.map((r) => ({
    userId: parseId(r.user_id),
    order: {
      id: parseId(r.id),
      product: r.product as TradeOrder['product'],
      symbol: rowText(r.symbol),
      base_currency: rowText(r.base_currency),
      quote_currency: rowText(r.quote_currency),
      side: r.side as TradeOrder['side'],
      type: r.order_type as TradeOrder['type'],
      time_in_force: r.time_in_force as TradeOrder['time_in_force'],
      amount: rowText(r.amount),
      amount_currency: rowText(r.amount_currency),
      price: r.price ?? null,
      filled_amount: rowText(r.filled_amount),
      avg_price: r.avg_price ?? null,
      quote_amount: rowText(r.quote_amount),
      fee: rowText(r.fee),
      status: r.status as OrderStatus,
      client_order_id: r.client_order_id ?? null,
      expires_at: r.expires_at ?? null,
      created_at: rowText(r.created_at),
      updated_at: rowText(r.updated_at),
      closed_at: r.closed_at ?? null,
    },
  }));
}
