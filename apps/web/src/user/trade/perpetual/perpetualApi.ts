import {
  addPerpetualMargin,
  cancelPerpetualLimitOrder,
  closePerpetualPosition,
  DEFAULT_PAGE_SIZE,
  type EndpointData,
  getFundingRate,
  getPerpetualConfig,
  getPerpetualMark,
  getPerpetualPairRisk,
  listFundingHistory,
  listPerpetualLimitOrders,
  listPerpetualPositions,
  openPerpetualPosition,
  type PerpetualMarginBody,
  type PerpetualOrderInput,
  type PerpetualReduceBody,
  type PerpetualTpslBody,
  reducePerpetualPosition,
  setPerpetualTpSl,
} from '@platform/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request.ts';

/** The perpetual calls (contracts: trading-perpetual.ts). */

/** Open positions, or the history: closed and liquidated ones (the server's `closed` filter). */
export type PositionList = 'open' | 'closed';

export type PositionsPage = EndpointData<typeof listPerpetualPositions>;

/** What a close, a TP/SL change or a margin top-up answers: the order and the position. */
export type PositionReply = EndpointData<typeof closePerpetualPosition>;
/** What placing answers: a market order's position, or a waiting limit order (position null). */
export type OpenReply = EndpointData<typeof openPerpetualPosition>;
export type LimitOrdersPage = EndpointData<typeof listPerpetualLimitOrders>;

/** Everything the screen caches; one invalidation after an open, a close or a liquidation refreshes it all. */
export const PERPETUAL_QUERY_ROOT = ['trading', 'perpetual'] as const;
export const perpetualKeys = {
  config: [...PERPETUAL_QUERY_ROOT, 'config'] as const,
  positions: (list: PositionList, page: number) =>
    [...PERPETUAL_QUERY_ROOT, 'positions', list, page] as const,
  mark: (symbol: string) => [...PERPETUAL_QUERY_ROOT, 'mark', symbol] as const,
  limitOrders: (page: number) => [...PERPETUAL_QUERY_ROOT, 'limit-orders', page] as const,
  funding: (symbol: string) => [...PERPETUAL_QUERY_ROOT, 'funding', symbol] as const,
  risk: (symbol: string) => [...PERPETUAL_QUERY_ROOT, 'risk', symbol] as const,
  fundingHistory: (page: number) => [...PERPETUAL_QUERY_ROOT, 'funding-history', page] as const,
};

export const fetchPerpetualConfig = async (signal?: AbortSignal) =>
  (await call(getPerpetualConfig, { signal })).data;

export const fetchPositions = async (list: PositionList, page: number, signal?: AbortSignal) =>
  (await call(listPerpetualPositions, { query: { status: list, page, limit: DEFAULT_PAGE_SIZE }, signal }))
    .data;

export const openPosition = (body: PerpetualOrderInput, idempotencyKey: string) =>
  call(openPerpetualPosition, { body, idempotencyKey });

export const closePosition = (id: number, idempotencyKey: string) =>
  call(closePerpetualPosition, { params: { id }, idempotencyKey });

/** Closes part of a position (a percentage of it); 100 % is the full close. */
export const reducePosition = (id: number, body: PerpetualReduceBody, idempotencyKey: string) =>
  call(reducePerpetualPosition, { params: { id }, body, idempotencyKey });

export const cancelLimitOrder = (id: number, idempotencyKey: string) =>
  call(cancelPerpetualLimitOrder, { params: { id }, idempotencyKey });

/** The waiting limit orders (当前委托): refetched as the open positions are, since the job opens them. */
export function useLimitOrders(page: number, enabled = true) {
  return useQuery({
    queryKey: perpetualKeys.limitOrders(page),
    queryFn: async ({ signal }) =>
      (
        await call(listPerpetualLimitOrders, {
          query: { status: 'pending', page, limit: DEFAULT_PAGE_SIZE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: OPEN_POSITIONS_REFRESH_MS,
    enabled,
  });
}

/** Sets, changes (a field left out is kept) or cancels (null) a position's take-profit and stop-loss. */
export const setPositionTpsl = (id: number, body: PerpetualTpslBody, idempotencyKey: string) =>
  call(setPerpetualTpSl, { params: { id }, body, idempotencyKey });

/** Moves USDT from the available balance into the position's margin. */
export const addPositionMargin = (id: number, body: PerpetualMarginBody, idempotencyKey: string) =>
  call(addPerpetualMargin, { params: { id }, body, idempotencyKey });

export const fetchMarkPrice = async (symbol: string, signal?: AbortSignal) =>
  (await call(getPerpetualMark, { params: { symbol }, signal })).data;

/** The mark price polls at the pace the server records it (every second) and the job checks it. */
export const MARK_PRICE_REFRESH_MS = 2_000;

/** The symbol's mark price: the reference price positions are marked, liquidated and closed at. */
export function useMarkPrice(symbol: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: perpetualKeys.mark(symbol ?? ''),
    queryFn: ({ signal }) => fetchMarkPrice(symbol ?? '', signal),
    enabled: enabled && Boolean(symbol),
    refetchInterval: MARK_PRICE_REFRESH_MS,
  });
}

/** One page of positions; open ones are refetched for the server's mark and for liquidations a dropped socket missed. */
export function usePositions(list: PositionList, page: number, enabled = true) {
  return useQuery({
    queryKey: perpetualKeys.positions(list, page),
    queryFn: ({ signal }) => fetchPositions(list, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: list === 'open' ? OPEN_POSITIONS_REFRESH_MS : false,
    enabled,
  });
}

export const OPEN_POSITIONS_REFRESH_MS = 10_000;

/** The predicted rate moves with the market between instants; a minute is often enough for a figure this slow. */
export const FUNDING_RATE_REFRESH_MS = 60_000;

/** The pair's predicted funding rate and the next funding instant (资金费率 and its countdown). */
export function useFundingRate(symbol: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: perpetualKeys.funding(symbol ?? ''),
    queryFn: async ({ signal }) =>
      (await call(getFundingRate, { params: { symbol: symbol ?? '' }, signal })).data,
    enabled: enabled && Boolean(symbol),
    refetchInterval: FUNDING_RATE_REFRESH_MS,
  });
}

/** The caller's funding payments, newest first (资金费用). */
export function useFundingHistory(page: number) {
  return useQuery({
    queryKey: perpetualKeys.fundingHistory(page),
    queryFn: async ({ signal }) =>
      (await call(listFundingHistory, { query: { page, limit: DEFAULT_PAGE_SIZE }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * The pair's leverage tiers (档位) and the caller's room under the per-user cap: refetched with the
 * rest of the screen after every open or close (the room changes), and every minute for an approved
 * change of the tiers.
 */
export function usePairRisk(symbol: string) {
  return useQuery({
    queryKey: perpetualKeys.risk(symbol),
    queryFn: async ({ signal }) => (await call(getPerpetualPairRisk, { params: { symbol }, signal })).data,
    staleTime: 60_000,
  });
}
