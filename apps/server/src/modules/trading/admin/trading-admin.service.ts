import {
  type AdminOrder,
  type AdminOrdersData,
  type AdminOrdersQuery,
  beijingDayBounds,
  OPEN_ORDER_STATUSES,
  type OrderSide,
  type OrderStatus,
  RECENT_TRADES_LIMIT,
  TOP_TRADING_PAIRS_LIMIT,
  TOP_TRADING_PAIRS_WINDOW_HOURS,
  type TradeProduct,
  type TradingStats,
  tradeProducts,
} from '@platform/contracts';
import { averageAmount, processingTimeText, startOfBeijingDay } from '@platform/domain';
import { decimalFromDb, formatNormalised, normaliseDecimalString, sumDecimals } from '../../../core/money.ts';
import { paginationOf } from '../../../core/paging.ts';
import type { Db, Executor } from '../../../db/client.ts';
import * as repo from './trading-admin.repository.ts';

/** The list's page and filters once the contract has parsed them (limit defaulted to 20). */
export type OrderListQuery = { page: number; limit: number } & Pick<
  AdminOrdersQuery,
  'type' | 'status' | 'symbol' | 'search' | 'dateFrom' | 'dateTo'
> & {
    user_id?: number | undefined;
  };

/**
 * The admin's trading overview and order list: read-only, nothing audited. Each call's independent
 * queries run side by side; every figure is defined in packages/contracts/src/trading-admin.ts.
 */
export function createTradingAdminService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const clock = () => {
    const moment = now();
    const today = startOfBeijingDay(moment);
    if (!today) throw new Error('the clock returned an invalid time');
    return { moment, today };
  };

  return {
    async stats(): Promise<TradingStats> {
      const { moment, today } = clock();
      const windowStart = new Date(moment.getTime() - TOP_TRADING_PAIRS_WINDOW_HOURS * 3_600_000);
      const [totals, todays, top, recent, counts] = await Promise.all([
        repo.totalsByProductAndStatus(db),
        repo.totalsSince(db, today),
        repo.topPairsSince(db, windowStart, TOP_TRADING_PAIRS_LIMIT),
        repo.newestOrders(db, RECENT_TRADES_LIMIT),
        repo.platformCounts(db),
      ]);
      const orderStats = Object.fromEntries(tradeProducts.map((p) => [p, 0])) as Record<TradeProduct, number>;
      for (const row of totals) orderStats[row.product] += row.orders;
      return {
        totalVolume: sum(totals.map((t) => t.volume)),
        todayVolume: formatNormalised(decimalFromDb(todays.volume)),
        activeOrders: countWhere(totals, (t) => isOpen(t.status)),
        completedOrders: countWhere(totals, (t) => t.status === 'filled'),
        activeUsers: todays.users,
        tradingPairs: counts.enabledPairs,
        optionContracts: counts.openOptionContracts,
        perpetualPositions: counts.openPerpetualPositions,
        todayOrders: todays.orders,
        avgOrderAmount: averageAmount(todays.volume, todays.usdtOrders),
        recentTrades: recent.map((row) => ({
          id: row.id,
          side: row.side as OrderSide,
          symbol: row.symbol,
          type: row.product,
          created_at: row.createdAt.toISOString(),
          amount: normaliseDecimalString(row.amount),
          currency: row.amountCurrency,
          price: row.price === null ? null : normaliseDecimalString(row.price),
          price_currency: row.quoteCurrency,
          status: row.status,
        })),
        topTradingPairs: top.map((pair) => ({
          symbol: pair.symbol,
          volume: pair.orders,
          amount: normaliseDecimalString(pair.amount),
          change: pair.change === null ? null : normaliseDecimalString(pair.change),
        })),
        orderStats,
        profitLoss: normaliseDecimalString(counts.houseResult),
        totalFees: normaliseDecimalString(counts.tradingFees),
        avgProcessingTime: processingTimeText(todays.processingSeconds),
      };
    },

    async orders(query: OrderListQuery): Promise<AdminOrdersData> {
      const { today } = clock();
      const days = beijingDayBounds(query.dateFrom, query.dateTo);
      const filter = {
        product: query.type,
        status: query.status,
        userId: query.user_id,
        symbol: query.symbol || undefined,
        search: query.search || undefined,
        createdFrom: days.start,
        createdBefore: days.end,
      };
      const byTypeAndStatusOnly =
        !filter.userId && !filter.symbol && !filter.search && !filter.createdFrom && !filter.createdBefore;
      const [rows, totals, todays] = await Promise.all([
        repo.listOrders(db, { ...filter, page: query.page, limit: query.limit }),
        repo.totalsByProductAndStatus(db),
        repo.totalsSince(db, today),
      ]);
      // Filtered by type and status only, the total comes from the same per-(product, status) counts
      // as the cards (no second count); any other filter is counted on its own.
      const matching = byTypeAndStatusOnly
        ? countWhere(
            totals,
            (t) => (!query.type || t.product === query.type) && (!query.status || t.status === query.status),
          )
        : await repo.countOrders(db, filter);
      return {
        orders: rows.map(toAdminOrder),
        pagination: paginationOf(query, matching),
        stats: {
          totalOrders: countWhere(totals, () => true),
          todayOrders: todays.orders,
          pendingOrders: countWhere(totals, (t) => t.status === 'pending'),
          filledOrders: countWhere(totals, (t) => t.status === 'filled'),
          totalVolume: sum(totals.map((t) => t.volume)),
          todayVolume: formatNormalised(decimalFromDb(todays.volume)),
        },
      };
    },
  };
}

export type TradingAdminService = ReturnType<typeof createTradingAdminService>;

/**
 * The USDT turnover of the orders created since `since` (every product, Σ quote_amount of the
 * USDT-quoted ones): the figure of 交易概览's 今日成交额, which 钱包概览's 今日交易量 reads here too so
 * that the two screens cannot disagree.
 */
export async function usdtVolumeSince(exec: Executor, since: Date): Promise<string> {
  return (await repo.totalsSince(exec, since)).volume;
}

const isOpen = (status: OrderStatus) => (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

function countWhere(totals: readonly repo.StatusTotal[], keep: (t: repo.StatusTotal) => boolean): number {
  return totals.reduce((n, t) => (keep(t) ? n + t.orders : n), 0);
}

const sum = (values: readonly string[]) => formatNormalised(sumDecimals(values.map(decimalFromDb)));
const decimalOrNull = (value: string | null) => (value === null ? null : normaliseDecimalString(value));

export function toAdminOrder(row: repo.AdminOrderRow): AdminOrder {
  return {
    id: row.id,
    user: { id: row.userId, email: row.email, phone: row.phone },
    trading_pair: row.symbol,
    type: row.product as TradeProduct,
    side: row.side as OrderSide,
    order_type: row.orderType as AdminOrder['order_type'],
    amount: normaliseDecimalString(row.amount),
    amount_currency: row.amountCurrency,
    base_currency: row.baseCurrency,
    price: decimalOrNull(row.price),
    quote_currency: row.quoteCurrency,
    filled_amount: normaliseDecimalString(row.filledAmount),
    avg_price: decimalOrNull(row.avgPrice),
    quote_amount: normaliseDecimalString(row.quoteAmount),
    fee: normaliseDecimalString(row.fee),
    status: row.status as OrderStatus,
    cancelled_by: row.cancelledBy,
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    outcome: (row.outcome as AdminOrder['outcome']) ?? null,
    pnl: contractPnl(row),
  };
}

/** payout − stake of a settled flash or option contract; null while open or for other products. */
function contractPnl(row: Pick<repo.AdminOrderRow, 'outcome' | 'stake' | 'payout'>): string | null {
  if (row.outcome === null || row.stake === null || row.payout === null) return null;
  return formatNormalised(decimalFromDb(row.payout).minus(decimalFromDb(row.stake)));
}
