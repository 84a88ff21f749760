import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../ledger/ledger.repository.ts';
import { tradingPairs } from '../../market-data/market-data.schema.ts';
import type { OrderRow } from '../orders.repository.ts';
import { timedContracts, tradeOrders } from '../trading.schema.ts';

/**
 * SQL of the timed contracts (flash and option, one table: see trading.schema.ts). No rules here.
 * Settlement works on whole batches with a handful of set-based statements, never one per contract.
 * Raw results differ by engine (node-postgres gives int8 and numeric as text, PGlite may give
 * numbers), so raw queries cast in SQL and parse explicitly.
 */

export type TimedProduct = 'flash' | 'option';
export type ContractRow = typeof timedContracts.$inferSelect;
export type NewContract = typeof timedContracts.$inferInsert;

export async function insertContract(exec: Executor, values: NewContract): Promise<ContractRow> {
  const [row] = await exec.insert(timedContracts).values(values).returning();
  if (!row) throw new Error('timed_contracts insert returned nothing');
  return row;
}

/** Several contracts in one statement, returned in the order given (matched by their orders' ids). */
export async function insertContracts(exec: Executor, values: NewContract[]): Promise<ContractRow[]> {
  if (values.length === 0) return [];
  const rows = await exec.insert(timedContracts).values(values).returning();
  const byOrder = new Map(rows.map((row) => [row.orderId, row]));
  return values.map((v) => {
    const row = byOrder.get(v.orderId);
    if (!row) throw new Error(`timed_contracts insert returned no row for order ${v.orderId}`);
    return row;
  });
}

export async function findContract(exec: Executor, orderId: number): Promise<ContractRow | null> {
  const [row] = await exec.select().from(timedContracts).where(eq(timedContracts.orderId, orderId));
  return row ?? null;
}

/** The user's open contracts of both products (the per-user limit counts them together). */
export async function countOpenContracts(exec: Executor, userId: number): Promise<number> {
  return (await countOpenContractsOf(exec, [userId])).get(userId) ?? 0;
}

/** The open contracts of each of `userIds` (both products), for those that have any. */
export async function countOpenContractsOf(exec: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await exec
    .select({ userId: timedContracts.userId, n: count() })
    .from(timedContracts)
    .where(
      and(
        inArray(timedContracts.userId, userIds),
        inArray(timedContracts.product, ['flash', 'option']),
        eq(timedContracts.status, 'open'),
      ),
    )
    .groupBy(timedContracts.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** Settled options with a win or a loss, placed in `period`: what opens the higher levels. */
export async function countValidOptionOrders(
  exec: Executor,
  userId: number,
): Promise<{ window: number; nonWindow: number }> {
  const rows = await exec
    .select({ period: timedContracts.period, n: count() })
    .from(timedContracts)
    .where(
      and(
        eq(timedContracts.userId, userId),
        eq(timedContracts.product, 'option'),
        eq(timedContracts.status, 'settled'),
        inArray(timedContracts.outcome, ['win', 'loss']),
      ),
    )
    .groupBy(timedContracts.period);
  const of = (p: string) => rows.find((r) => r.period === p)?.n ?? 0;
  return { window: of('window'), nonWindow: of('nonWindow') };
}

/** Enabled pairs quoted in `currency`: what the timed products offer. */
export async function listOfferedPairs(exec: Executor, currency: string) {
  return exec
    .select({
      symbol: tradingPairs.symbol,
      base_currency: tradingPairs.baseCurrency,
      quote_currency: tradingPairs.quoteCurrency,
    })
    .from(tradingPairs)
    .where(and(eq(tradingPairs.enabled, true), eq(tradingPairs.quoteCurrency, currency)))
    .orderBy(asc(tradingPairs.id));
}

export interface ContractFilter {
  page: number;
  limit: number;
  symbol?: string | undefined;
  status?: 'open' | 'settled' | undefined;
}

export async function listContracts(
  exec: Executor,
  userId: number,
  product: TimedProduct,
  filter: ContractFilter,
): Promise<{ rows: ContractRow[]; total: number }> {
  const conditions: SQL[] = [eq(timedContracts.userId, userId), eq(timedContracts.product, product)];
  if (filter.symbol) conditions.push(eq(timedContracts.symbol, filter.symbol));
  if (filter.status) conditions.push(eq(timedContracts.status, filter.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    exec
      .select()
      .from(timedContracts)
      .where(where)
      .orderBy(desc(timedContracts.orderId))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    exec.select({ n: count() }).from(timedContracts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Open contracts of the user and product, soonest expiry first (bounded by the open-contract limit). */
export async function listOpenContracts(
  exec: Executor,
  userId: number,
  product: TimedProduct,
  limit: number,
): Promise<ContractRow[]> {
  return exec
    .select()
    .from(timedContracts)
    .where(
      and(
        eq(timedContracts.userId, userId),
        eq(timedContracts.product, product),
        eq(timedContracts.status, 'open'),
      ),
    )
    .orderBy(asc(timedContracts.expiresAt), asc(timedContracts.orderId))
    .limit(limit);
}

export interface ContractTotals {
  total: number;
  open: number;
  wins: number;
  losses: number;
  draws: number;
  voids: number;
  totalStake: string;
  settledStake: string;
  totalPayout: string;
}

export async function contractTotals(
  exec: Executor,
  userId: number,
  product: TimedProduct,
): Promise<ContractTotals> {
  const [row] = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT count(*)::int AS total,
          count(*) FILTER (WHERE status = 'open')::int AS open,
          count(*) FILTER (WHERE outcome = 'win')::int AS wins,
          count(*) FILTER (WHERE outcome = 'loss')::int AS losses,
          count(*) FILTER (WHERE outcome = 'draw')::int AS draws,
          count(*) FILTER (WHERE outcome = 'void')::int AS voids,
          COALESCE(sum(stake), 0)::text AS total_stake,
          COALESCE(sum(stake) FILTER (WHERE status = 'settled'), 0)::text AS settled_stake,
          COALESCE(sum(payout) FILTER (WHERE status = 'settled'), 0)::text AS total_payout
        FROM timed_contracts
        WHERE user_id = ${userId}::bigint AND product = ${product}`,
  );
  if (!row) throw new Error('contract totals returned nothing');
  return {
    total: parseCount(row.total),
    open: parseCount(row.open),
    wins: parseCount(row.wins),
    losses: parseCount(row.losses),
    draws: parseCount(row.draws),
    voids: parseCount(row.voids),
    totalStake: String(row.total_stake),
    settledStake: String(row.settled_stake),
    totalPayout: String(row.total_payout),
  };
}

// ---- settlement ------------------------------------------------------------------------------

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

function textOf(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`Expected text from the database, got ${String(value)}`);
  return value;
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
    product: textOf(r.product) as TimedProduct,
    direction: textOf(r.direction),
    stake: textOf(r.stake),
    currency: textOf(r.currency),
    payoutRate: textOf(r.payout_rate),
    entryPrice: textOf(r.entry_price),
    expiresAtMs: parseMs(r.expires_ms),
    tick:
      r.tick_price === null || r.tick_price === undefined
        ? null
        : { price: textOf(r.tick_price), source: textOf(r.tick_source), atMs: parseMs(r.tick_ms) },
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
            settle_price_at = v.at, payout = v.payout, settled_at = ${settledAt.toISOString()}::timestamptz
        FROM unnest(
          ${sql.param(rows.map((r) => r.orderId))}::bigint[],
          ${sql.param(rows.map((r) => r.outcome))}::text[],
          ${sql.param(rows.map((r) => r.price))}::numeric[],
          ${sql.param(rows.map((r) => r.source))}::text[],
          ${sql.param(rows.map((r) => r.at?.toISOString() ?? null))}::timestamptz[],
          ${sql.param(rows.map((r) => r.payout))}::numeric[]
        ) AS v(order_id, outcome, price, source, at, payout)
        WHERE c.order_id = ANY(${sql.param(rows.map((r) => r.orderId))}::bigint[]) AND c.order_id = v.order_id
          AND (c.status = 'open') IS TRUE
        RETURNING c.order_id::text AS order_id`,
  );
  return updated.map((r) => parseId(r.order_id));
}

/**
 * pending → filled for the settled contracts' orders in one statement; returns the changed rows.
 * Keys and guard written as in `markContractsSettled` (see `preferKeyLookups`).
 */
export async function fillOrders(
  exec: Executor,
  rows: ReadonlyArray<{ orderId: number; price: string | null }>,
  at: Date,
): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  return exec
    .update(tradeOrders)
    .set({
      status: 'filled',
      filledAmount: sql`${tradeOrders.amount}`,
      avgPrice: sql`v.price`,
      updatedAt: at,
      closedAt: at,
    })
    .from(
      sql`unnest(${sql.param(rows.map((r) => r.orderId))}::bigint[], ${sql.param(rows.map((r) => r.price))}::numeric[]) AS v(id, price)`,
    )
    .where(
      and(
        sql`${tradeOrders.id} = ANY(${sql.param(rows.map((r) => r.orderId))}::bigint[])`,
        sql`${tradeOrders.id} = v.id`,
        sql`(${tradeOrders.status} = 'pending') IS TRUE`,
      ),
    )
    .returning();
}
