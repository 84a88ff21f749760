import {
  cancelSpotOrder as cancelSpotOrderEndpoint,
  type EndpointData,
  getOrderBook,
  getTradingKline,
  type KlineInterval,
  type KlineSeries,
  listMyOrders,
  listTradingTrades,
  type OrderBook,
  placeSpotOrder as placeSpotOrderEndpoint,
  type RecentTrades,
  type SpotOrderBody,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

/** The spot screen's calls (contracts: market.ts, trading.ts, trading-spot.ts). */

/** Every spot query lives under this root; the user's orders under SPOT_ORDERS_ROOT. */
const SPOT_ROOT = ['spot'] as const;
export const SPOT_ORDERS_ROOT = [...SPOT_ROOT, 'orders'] as const;

export const spotKeys = {
  klines: (symbol: string, interval: KlineInterval) => [...SPOT_ROOT, 'klines', symbol, interval] as const,
  klineTail: (symbol: string, interval: KlineInterval) =>
    [...SPOT_ROOT, 'kline-tail', symbol, interval] as const,
  book: (symbol: string) => [...SPOT_ROOT, 'book', symbol] as const,
  trades: (symbol: string) => [...SPOT_ROOT, 'trades', symbol] as const,
  openOrders: (symbol: string) => [...SPOT_ORDERS_ROOT, 'open', symbol] as const,
  history: (symbol: string, page: number) => [...SPOT_ORDERS_ROOT, 'history', symbol, page] as const,
};

/** Candles the chart loads; enough to scroll back a few hours on 1分钟 without a second call. */
export const KLINE_HISTORY_LIMIT = 300;
/** Levels asked of the reference book (the contract allows 5, 10 or 20). */
export const BOOK_DEPTH = 20;
export const TRADES_LIMIT = 30;
export const OPEN_ORDERS_LIMIT = 100;
export const HISTORY_PAGE_SIZE = 10;

export type OrdersPage = EndpointData<typeof listMyOrders>;

export const fetchKlines = async (
  symbol: string,
  interval: KlineInterval,
  limit: number,
  signal?: AbortSignal,
): Promise<KlineSeries> => (await call(getTradingKline, { query: { symbol, interval, limit }, signal })).data;

export const fetchOrderBook = async (symbol: string, signal?: AbortSignal): Promise<OrderBook> =>
  (await call(getOrderBook, { params: { symbol }, query: { depth: BOOK_DEPTH }, signal })).data.orderBook;

export const fetchRecentTrades = async (symbol: string, signal?: AbortSignal): Promise<RecentTrades> =>
  (await call(listTradingTrades, { query: { symbol, limit: TRADES_LIMIT }, signal })).data;

/** The caller's spot orders of one pair: the open ones (open: true) or the finished ones (open: false). */
export const fetchSpotOrders = async (
  query: { symbol: string; open: boolean; page: number; limit: number },
  signal?: AbortSignal,
): Promise<OrdersPage> =>
  (
    await call(listMyOrders, {
      query: {
        product: 'spot',
        symbol: query.symbol,
        open: query.open ? 'true' : 'false',
        page: query.page,
        limit: query.limit,
      },
      signal,
    })
  ).data;

export const placeSpotOrder = (body: SpotOrderBody, idempotencyKey: string) =>
  call(placeSpotOrderEndpoint, { body, idempotencyKey });

export const cancelSpotOrder = (id: number, idempotencyKey: string) =>
  call(cancelSpotOrderEndpoint, { params: { id }, idempotencyKey });
