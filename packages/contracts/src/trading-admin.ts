import { z } from 'zod';
import { dayRangeOrder, dayRangeShape } from './audit.ts';
import { endpoint } from './endpoint.ts';
import { decimalString, envelope, isoDateTime } from './envelope.ts';
import { symbolParam } from './market.ts';
import { pageQuery, pagination, userIdFilter } from './pagination.ts';
import {
  contractOutcome,
  OPEN_ORDER_STATUSES,
  type OrderStatus,
  orderSide,
  orderStatus,
  spotOrderType,
  type TradeProduct,
  tradeProduct,
} from './trading.ts';

/**
 * The admin's trading screens (spec 001 §2 "Trading overview", "Order management", §3 "Trading
 * stats", "Order", §7): GET /api/admin/trading/stats and GET /api/admin/orders.
 *
 * Conventions of every figure below:
 * - "today" is the Beijing calendar day (Asia/Shanghai): from 00:00 Beijing time to now.
 * - an order is a row of trade_orders (every product: spot, flash, perpetual, option); its status is
 *   the display status (pending, partial, filled, cancelled, expired).
 * - volumes, turnovers, fees and the P&L are in USDT and count only orders (or contracts, positions)
 *   whose quote currency is USDT: every pair of the simulator is USDT-quoted; an order on a pair
 *   quoted in another currency counts in the order counts but not in USDT sums.
 * - a volume is Σ quote_amount: the order's turnover in the quote currency so far (spot: what has
 *   filled; flash and option: the stake; perpetual: the notional).
 * - amounts are decimal strings without trailing zeros unless a field says otherwise.
 */

/** The overview reloads every 60 s (spec 001 §9). */
export const TRADING_OVERVIEW_REFRESH_MS = 60_000;
/** Lists of the overview (spec 001 §9). */
export const TOP_TRADING_PAIRS_LIMIT = 5;
export const RECENT_TRADES_LIMIT = 8;
/** The window of the top trading pairs: the last 24 hours, like the pairs' own 24h change. */
export const TOP_TRADING_PAIRS_WINDOW_HOURS = 24;

export const ADMIN_TRADING_TEXTS = {
  statsLoaded: '获取交易统计成功',
  statsLoadFailed: '获取交易概览失败',
  ordersLoaded: '获取订单列表成功',
  ordersLoadFailed: '获取订单列表失败',
  marketPrice: '市价',
} as const;

/** One of the 8 newest orders (any product, any status), newest first. */
export const recentTrade = z.object({
  id: z.number().int(),
  side: orderSide,
  symbol: z.string(),
  /** The product: spot, flash, perpetual or option (labels TRADE_PRODUCT_LABELS). */
  type: tradeProduct,
  created_at: isoDateTime,
  /** The order's amount in `currency`: base quantity (spot, perpetual) or stake (flash, option). */
  amount: decimalString,
  currency: z.string(),
  /** Limit or entry price, else the average fill price, in `price_currency`; null: none yet (market order not filled). */
  price: decimalString.nullable(),
  /** The pair's quote currency (USDT on every simulated pair). */
  price_currency: z.string(),
  status: orderStatus,
});
export type RecentTrade = z.infer<typeof recentTrade>;

/** A pair among the 5 with the largest USDT turnover over the last 24 hours (ties: more orders, then symbol). */
export const topTradingPair = z.object({
  symbol: z.string(),
  /** Number of orders on the pair in the window (the spec's "trade count"). */
  volume: z.number().int(),
  /** Turnover on the pair in the window: Σ quote_amount, USDT. */
  amount: decimalString,
  /** The pair's 24h price change in percent (trading_pairs.price_change_24h); null when unknown. */
  change: decimalString.nullable(),
});
export type TopTradingPair = z.infer<typeof topTradingPair>;

export const tradingStats = z.object({
  /** Σ quote_amount of every order ever, USDT. */
  totalVolume: decimalString,
  /** Σ quote_amount of the orders created today, USDT. */
  todayVolume: decimalString,
  /** Orders in status pending or partial (all time). */
  activeOrders: z.number().int(),
  /** Orders in status filled (all time). */
  completedOrders: z.number().int(),
  /** Distinct users who placed an order today. */
  activeUsers: z.number().int(),
  /** Enabled trading pairs (the ones users can trade). */
  tradingPairs: z.number().int(),
  /** Option contracts still open (not settled). */
  optionContracts: z.number().int(),
  /** Perpetual positions still open. */
  perpetualPositions: z.number().int(),
  /** Orders created today (every product and status). */
  todayOrders: z.number().int(),
  /**
   * todayVolume / today's USDT-quoted orders, 2 decimals half up ('0.00' when there are none):
   * averageAmount of packages/domain.
   */
  avgOrderAmount: decimalString,
  /** The RECENT_TRADES_LIMIT newest orders. */
  recentTrades: z.array(recentTrade),
  /** TOP_TRADING_PAIRS_LIMIT pairs, largest turnover first. */
  topTradingPairs: z.array(topTradingPair),
  /** Orders per product, all time and all statuses; every product is present (0 when none). */
  orderStats: z.record(tradeProduct, z.number().int()),
  /**
   * The house's trading result, USDT, signed (positive = platform gain), fees excluded:
   * Σ (stake − payout) over settled flash and option contracts plus Σ (margin − payout − close fee)
   * over closed and liquidated perpetual positions (what the user lost is what the house won; the
   * close fee deducted from the payout is fee income, counted in totalFees, not here). Read from the
   * ledger's house P&L account (the entries of settlements, closes and liquidations).
   */
  profitLoss: decimalString,
  /**
   * Σ fee of every order, USDT: the platform's fee income (spot fills, perpetual open and close fees),
   * read from the ledger's fee account (withdrawal fees are not trading fees and are left out).
   */
  totalFees: decimalString,
  /**
   * Average seconds from creation to fill over today's orders (created today) that are filled, as the
   * overview shows it: processingTimeText of packages/domain ('< 1' under one second or when there
   * is none, else seconds with one decimal, e.g. '2.5'). The fill is the order's closed_at for spot
   * (its last fill; a market order fills at once) and for flash and option (the settlement, when the
   * order becomes filled); a perpetual order is filled as it is placed (0 s; its closed_at is the
   * position's close, not its fill). Orders created today rather than filled today: the created_at
   * index bounds the read, while "filled today" would have to read every filled order.
   */
  avgProcessingTime: z.string(),
});
export type TradingStats = z.infer<typeof tradingStats>;
export const tradingStatsReply = envelope(tradingStats);

// ---- GET /api/admin/orders ----------------------------------------------------------------------

/**
 * page, limit (20), type (product), status, pair, user and Beijing days of creation; an unknown type
 * or status is a 400 (订单类型不正确, 订单状态不正确), so is a malformed pair or day, or a range that
 * ends before it starts.
 */
export const adminOrdersQuery = pageQuery
  .extend({
    /** Only this user's records (用户详情's link). */
    user_id: userIdFilter,
    type: tradeProduct.optional(),
    status: orderStatus.optional(),
    /** Only this pair's orders (BTCUSDT, btc/usdt…); '' is no filter. */
    symbol: z.union([z.literal(''), symbolParam]).optional(),
    /** The user's e-mail or phone (from three characters anywhere, else the start) or user id. */
    search: z.string().trim().max(200).optional(),
    /** Created on these Beijing days (both included). */
    ...dayRangeShape,
  })
  .refine(...dayRangeOrder);
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

/** An order as the admin's list shows it, newest first. */
export const adminOrder = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string(), phone: z.string().nullable() }),
  /** The pair's symbol (BTCUSDT). */
  trading_pair: z.string(),
  /** The product (TRADE_PRODUCT_LABELS). */
  type: tradeProduct,
  side: orderSide,
  /** Spot only: market or limit; null for the other products. */
  order_type: spotOrderType.nullable(),
  /** In `amount_currency`: the base quantity (spot, perpetual) or the stake in the quote currency (flash, option). */
  amount: decimalString,
  amount_currency: z.string(),
  base_currency: z.string(),
  /** Limit or entry price in the quote currency; null for a spot market order (shown 市价). */
  price: decimalString.nullable(),
  quote_currency: z.string(),
  /** What has filled so far, in `amount_currency`. */
  filled_amount: decimalString,
  /** Average fill price; null until something filled. */
  avg_price: decimalString.nullable(),
  /** Turnover so far in the quote currency. */
  quote_amount: decimalString,
  fee: decimalString,
  status: orderStatus,
  /** Who cancelled a cancelled order: 'user', or 'admin:<id>'. */
  cancelled_by: z.string().nullable(),
  created_at: isoDateTime,
  closed_at: isoDateTime.nullable(),
  /**
   * Flash and option: the contract's result once settled (win, loss, draw, void), else null (open,
   * or another product).
   */
  outcome: contractOutcome.nullable(),
  /**
   * Flash and option, once settled: what the user won or lost, payout − stake in `amount_currency`
   * (signed; 0 for a draw or a void contract, whose stake went back). Null otherwise.
   */
  pnl: decimalString.nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

/**
 * The six cards of the order screen. Computed over ALL orders, whatever the list's type and status
 * filter (the filter changes the rows and the pagination only).
 */
export const adminOrderStats = z.object({
  /** Every order. */
  totalOrders: z.number().int(),
  /** Orders created today (Beijing day). */
  todayOrders: z.number().int(),
  /** Orders in status pending (待成交); partially filled ones are not counted here. */
  pendingOrders: z.number().int(),
  /** Orders in status filled (已成交). */
  filledOrders: z.number().int(),
  /** Σ quote_amount of every order, USDT (as tradingStats.totalVolume). */
  totalVolume: decimalString,
  /** Σ quote_amount of today's orders, USDT (as tradingStats.todayVolume). */
  todayVolume: decimalString,
});
export type AdminOrderStats = z.infer<typeof adminOrderStats>;

export const adminOrdersData = z.object({
  orders: z.array(adminOrder),
  /** Of the filtered list. */
  pagination,
  stats: adminOrderStats,
});
export type AdminOrdersData = z.infer<typeof adminOrdersData>;
export const adminOrdersReply = envelope(adminOrdersData);

/** Only open spot orders can be cancelled by an operator (POST /api/admin/orders/{id}/cancel). */
export function isAdminCancellable(order: { type: TradeProduct; status: OrderStatus }): boolean {
  return order.type === 'spot' && (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status);
}

export const getTradingStats = endpoint({
  method: 'GET',
  path: '/api/admin/trading/stats',
  operationId: 'getTradingStats',
  summary: '交易统计（管理）',
  description: 'Trading statistics (admin).',
  reply: tradingStatsReply,
});
export const listAdminOrders = endpoint({
  method: 'GET',
  path: '/api/admin/orders',
  operationId: 'listAdminOrders',
  summary: '订单列表（管理）',
  description: 'Orders of all users (admin).',
  query: adminOrdersQuery,
  reply: adminOrdersReply,
});
