import {
  addPerpetualMargin,
  closePerpetualPosition,
  DEFAULT_PAGE_SIZE,
  type EndpointData,
  getPerpetualConfig,
  getPerpetualMark,
  listPerpetualPositions,
  openPerpetualPosition,
  type PerpetualMarginBody,
  type PerpetualOrderBody,
  type PerpetualTpslBody,
  setPerpetualTpSl,
} from '@platform/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request.ts';

/** The perpetual calls (contracts: trading-perpetual.ts). */

/** Open positions, or the history: closed and liquidated ones (the server's `closed` filter). */
export type PositionList = 'open' | 'closed';

export type PositionsPage = EndpointData<typeof listPerpetualPositions>;

/** What an open, a close, a TP/SL change or a margin top-up answers: the order and the position. */
export type PositionReply = EndpointData<typeof openPerpetualPosition>;

/** Everything the screen caches; one invalidation after an open, a close or a liquidation refreshes it all. */
export const PERPETUAL_QUERY_ROOT = ['trading', 'perpetual'] as const;
export const perpetualKeys = {
  config: [...PERPETUAL_QUERY_ROOT, 'config'] as const,
  positions: (list: PositionList, page: number) =>
    [...PERPETUAL_QUERY_ROOT, 'positions', list, page] as const,
  mark: (symbol: string) => [...PERPETUAL_QUERY_ROOT, 'mark', symbol] as const,
};

export const fetchPerpetualConfig = async (signal?: AbortSignal) =>
  (await call(getPerpetualConfig, { signal })).data;

export const fetchPositions = async (list: PositionList, page: number, signal?: AbortSignal) =>
  (await call(listPerpetualPositions, { query: { status: list, page, limit: DEFAULT_PAGE_SIZE }, signal }))
    .data;

export const openPosition = (body: PerpetualOrderBody, idempotencyKey: string) =>
  call(openPerpetualPosition, { body, idempotencyKey });

export const closePosition = (id: number, idempotencyKey: string) =>
  call(closePerpetualPosition, { params: { id }, idempotencyKey });

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
