import { DEFAULT_CURRENCY, type OrderStatus, type TradeProduct } from '@platform/contracts';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  aggregateRow,
  momentParam,
  parseCount,
  parseId,
  queryRows,
  rowDate,
  rowText,
  rowTextOrNull,
} from '../../../db/rows.ts';
import { systemAccountSum } from '../../ledger/ledger.reads.ts';
import { enabledPairCount, pairChange24h } from '../../market-data/market-data.reads.ts';
import { userDirectory, usersMatching } from '../../users/users.ts';
import type { OrderRow } from '../orders.repository.ts';
import { timedContracts, tradeOrders } from '../trading.schema.ts';

/**
 * Read-only aggregates and the order list of the admin's trading screens. Amounts come back as the
 * database's text of a NUMERIC, counts as ints (cast in SQL: the engines return different types).
 * USDT sums only take rows quoted in USDT (see packages/contracts/src/trading-admin.ts).
 *
 * Index use (trading.schema.ts):
 * - totals by product and status: one pass over trade_orders (the only all-orders read of a call);
 * - today's and the last 24 hours' figures: a range on trade_orders_created_idx;
 * - the newest orders: trade_orders_created_idx backwards, LIMIT 8;
 * - the list: trade_orders_product_status_idx (type and status), trade_orders_status_idx (status),
 *   trade_orders_user_idx (a user, or the users a search matches), trade_orders_created_idx (days),
 *   the primary key backwards otherwise (a pair has no index of its own: its page stops after its
 *   first rows, its count reads every order), then the users' and the contracts' primary keys for
 *   the page's rows;
 * - open option contracts: timed_contracts_due_idx (partial, status open); open positions:
 *   perpetual_positions_open_idx (partial, status open).
 */

const USDT = DEFAULT_CURRENCY;

export interface StatusTotal {
  product: TradeProduct;
  status: OrderStatus;
  orders: number;
  /** Σ quote_amount of the USDT-quoted orders. */
  volume: string;
}

/** Order count and USDT volume per (product, status), all time: one pass over the orders. */
export async function totalsByProductAndStatus(exec: Executor): Promise<StatusTotal[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT product, status, count(*)::int AS orders,
               coalesce(sum(quote_amount) FILTER (WHERE quote_currency = ${USDT}), 0)::text AS volume
        FROM trade_orders
        GROUP BY product, status`,
  );
  return rows.map((r) => ({
    product: rowText(r.product) as TradeProduct,
    status: rowText(r.status) as OrderStatus,
    orders: parseCount(r.orders),
    volume: rowText(r.volume),
  }));
}

export interface PeriodTotals {
  orders: number;
  /** Orders quoted in USDT: the divisor of the average order amount. */
  usdtOrders: number;
  /** Σ quote_amount of the USDT-quoted orders. */
  volume: string;
  /** Distinct users with an order in the period. */
  users: number;
  /**
   * Average seconds from creation to fill of the period's filled orders; null when none. The fill is
   * closed_at for spot (the last fill) and for flash and option (the settlement, when they become
   * filled); a perpetual order is filled when it is placed (its closed_at is the position's close), 0.
   */
  processingSeconds: string | null;
}

/** Figures of the orders created since `since` (a range on the created_at index). */
export async function totalsSince(exec: Executor, since: Date): Promise<PeriodTotals> {
  const row = await aggregateRow(
    exec,
    sql`SELECT count(*)::int AS orders,
               count(*) FILTER (WHERE quote_currency = ${USDT})::int AS usdt_orders,
               coalesce(sum(quote_amount) FILTER (WHERE quote_currency = ${USDT}), 0)::text AS volume,
               count(DISTINCT user_id)::int AS users,
               (avg(CASE WHEN product = 'perpetual' THEN 0
                         ELSE extract(epoch FROM closed_at - created_at) END)
                  FILTER (WHERE status = 'filled' AND (product = 'perpetual' OR closed_at IS NOT NULL)))::text
                 AS processing
        FROM trade_orders
        WHERE created_at >= ${momentParam(since)}`,
  );
  return {
    orders: parseCount(row.orders),
    usdtOrders: parseCount(row.usdt_orders),
    volume: rowText(row.volume),
    users: parseCount(row.users),
    processingSeconds: rowTextOrNull(row.processing),
  };
}

export interface PairTurnover {
  symbol: string;
  orders: number;
  amount: string;
  /** trading_pairs.price_change_24h, null when unknown or the pair is gone. */
  change: string | null;
}

/** The `limit` pairs with the largest USDT turnover of the orders created since `since`. */
export async function topPairsSince(exec: Executor, since: Date, limit: number): Promise<PairTurnover[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT o.symbol, o.orders, o.amount::text AS amount, ${pairChange24h(sql`o.symbol`)}::text AS change
        FROM (SELECT symbol, count(*)::int AS orders,
                     coalesce(sum(quote_amount) FILTER (WHERE quote_currency = ${USDT}), 0) AS amount
              FROM trade_orders
              WHERE created_at >= ${momentParam(since)}
              GROUP BY symbol
              ORDER BY amount DESC, orders DESC, symbol
              LIMIT ${limit}) o
        ORDER BY o.amount DESC, o.orders DESC, o.symbol`,
  );
  return rows.map((r) => ({
    symbol: rowText(r.symbol),
    orders: parseCount(r.orders),
    amount: rowText(r.amount),
    change: rowTextOrNull(r.change),
  }));
}

export interface RecentOrderRow {
  id: number;
  product: TradeProduct;
  symbol: string;
  side: string;
  amount: string;
  amountCurrency: string;
  price: string | null;
  quoteCurrency: string;
  status: OrderStatus;
  createdAt: Date;
}

/** The `limit` newest orders (trade_orders_created_idx backwards). */
export async function newestOrders(exec: Executor, limit: number): Promise<RecentOrderRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT id::text AS id, product, symbol, side, amount::text AS amount, amount_currency,
               coalesce(price, avg_price)::text AS price, quote_currency, status, created_at
        FROM trade_orders
        ORDER BY created_at DESC, id DESC
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: parseId(r.id),
    product: rowText(r.product) as TradeProduct,
    symbol: rowText(r.symbol),
    side: rowText(r.side),
    amount: rowText(r.amount),
    amountCurrency: rowText(r.amount_currency),
    price: rowTextOrNull(r.price),
    quoteCurrency: rowText(r.quote_currency),
    status: rowText(r.status) as OrderStatus,
    createdAt: rowDate(r.created_at),
  }));
}

export interface PlatformCounts {
  enabledPairs: number;
  openOptionContracts: number;
  openPerpetualPositions: number;
  /**
   * The house's trading result in USDT, fees excluded, read from the ledger: the house P&L account's
   * USDT entries posted by flash and option settlements and perpetual closes and liquidations, i.e.
   * Σ (stake − payout) of settled contracts and Σ (margin − payout − close fee) of closed and
   * liquidated positions (ledger:verify proves the account equals those tables).
   */
  houseResult: string;
  /** Trading fee income in USDT, read from the ledger: the fee account's entries of spot fills and perpetual opens and closes. */
  tradingFees: string;
}

/** The journal kinds whose house P&L entries are the house's trading result (not spot inventory). */
const HOUSE_RESULT_KINDS = ['flash_settle', 'option_settle', 'perpetual_close', 'perpetual_liquidate'];
/** The journal kinds whose fee entries are trading fees (withdrawal fees are not). */
const TRADING_FEE_KINDS = ['spot_fill', 'perpetual_open', 'perpetual_close'];

export async function platformCounts(exec: Executor): Promise<PlatformCounts> {
  const row = await aggregateRow(
    exec,
    sql`SELECT
          ${enabledPairCount}::int AS pairs,
          (SELECT count(*) FROM timed_contracts WHERE status = 'open' AND product = 'option')::int AS options,
          (SELECT count(*) FROM perpetual_positions WHERE status = 'open')::int AS positions,
          ${systemAccountSum('house_pnl', USDT, HOUSE_RESULT_KINDS)}::text AS house,
          ${systemAccountSum('fees', USDT, TRADING_FEE_KINDS)}::text AS fees`,
  );
  return {
    enabledPairs: parseCount(row.pairs),
    openOptionContracts: parseCount(row.options),
    openPerpetualPositions: parseCount(row.positions),
    houseResult: rowText(row.house),
    tradingFees: rowText(row.fees),
  };
}

export interface OrderListFilter {
  page: number;
  limit: number;
  product?: TradeProduct | undefined;
  status?: OrderStatus | undefined;
  userId?: number | undefined;
  symbol?: string | undefined;
  /** E-mail, phone or user id of the user. */
  search?: string | undefined;
  /** Created at or after. */
  createdFrom?: Date | undefined;
  /** Created before. */
  createdBefore?: Date | undefined;
}

/** A search term that is a whole user id (and fits the column). */
const userIdTerm = (term: string) =>
  /^\d{1,10}$/.test(term) && Number(term) <= 2_147_483_647 ? Number(term) : null;

function orderConditions(filter: Omit<OrderListFilter, 'page' | 'limit'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(tradeOrders.userId, filter.userId));
  if (filter.product) conditions.push(eq(tradeOrders.product, filter.product));
  if (filter.status) conditions.push(eq(tradeOrders.status, filter.status));
  if (filter.symbol) conditions.push(eq(tradeOrders.symbol, filter.symbol));
  if (filter.search) {
    const id = userIdTerm(filter.search);
    const byContact = sql`${tradeOrders.userId} = ANY(${usersMatching(filter.search)})`;
    conditions.push(id === null ? byContact : (or(eq(tradeOrders.userId, id), byContact) as SQL));
  }
  if (filter.createdFrom) conditions.push(gte(tradeOrders.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(tradeOrders.createdAt, filter.createdBefore));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One user's matching orders (the per-(product, status) totals cover every user, not one). */
export async function countOrders(
  exec: Executor,
  filter: Omit<OrderListFilter, 'page' | 'limit'>,
): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(tradeOrders)
    .where(orderConditions(filter));
  return parseCount(row?.n ?? 0);
}

export type AdminOrderRow = OrderRow & {
  email: string;
  phone: string | null;
  /** A flash or option order's contract result (null while open, and for the other products). */
  outcome: string | null;
  stake: string | null;
  payout: string | null;
};

/** The user who placed an order. */
const orderOwner = userDirectory('order_owner');

/** A page of orders, newest first, with their users' e-mail and phone and their contracts' results. */
export async function listOrders(exec: Executor, filter: OrderListFilter): Promise<AdminOrderRow[]> {
  const rows = await exec
    .select({
      order: tradeOrders,
      email: orderOwner.email,
      phone: orderOwner.phone,
      outcome: timedContracts.outcome,
      stake: timedContracts.stake,
      payout: timedContracts.payout,
    })
    .from(tradeOrders)
    .innerJoin(orderOwner, eq(orderOwner.id, tradeOrders.userId))
    .leftJoin(timedContracts, eq(timedContracts.orderId, tradeOrders.id))
    .where(orderConditions(filter))
    .orderBy(desc(tradeOrders.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  return rows.map(({ order, ...rest }) => ({ ...order, ...rest }));
}
