import {
  type AdminPerpetualPosition,
  DEFAULT_PAGE_SIZE,
  type EndpointData,
  listAdminPerpetualPositions,
  SYMBOL_PATTERN,
} from '@platform/contracts';
import { param } from '../../../lib/listParams.ts';
import { call } from '../../../lib/request.ts';

export type { AdminPerpetualPosition };
export type AdminPositionsData = EndpointData<typeof listAdminPerpetualPositions>;

/** 持仓列表's filters as the address holds them (?user=12&symbol=BTCUSDT&page=2); '' is no filter. */
export const POSITION_LIST_PARAMS = {
  /** A user id or an exact e-mail (the contract's rule). */
  user: param.search({ max: 200 }),
  symbol: param.text((value) => SYMBOL_PATTERN.test(value)),
  page: param.page(),
};
export interface PositionFilters {
  user: string;
  symbol: string;
  page: number;
}

export const POSITIONS_QUERY_ROOT = ['admin', 'perpetual-positions'] as const;
export const positionsQueryKey = (filters: PositionFilters) => [...POSITIONS_QUERY_ROOT, filters] as const;

/** GET /api/admin/trading/perpetual-positions: every user's open positions, 20 a page. */
export async function fetchPositions(filters: PositionFilters, signal?: AbortSignal) {
  const reply = await call(listAdminPerpetualPositions, {
    query: {
      page: filters.page,
      limit: DEFAULT_PAGE_SIZE,
      user: filters.user || undefined,
      symbol: filters.symbol || undefined,
    },
    signal,
  });
  return reply.data;
}
