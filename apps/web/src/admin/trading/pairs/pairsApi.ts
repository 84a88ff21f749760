import type { AdminTradingPairsData, PairSyncData, pairReply, TradingPair } from '@platform/contracts';
import { api } from '../../../lib/request.ts';

export type { AdminTradingPairsData, PairSyncData, TradingPair };

type PairData = NonNullable<ReturnType<(typeof pairReply)['parse']>['data']>;

/** Shared with the market-data screen, whose pair selectors read the same list. */
export const TRADING_PAIRS_KEY = ['admin', 'trading-pairs'] as const;

/** GET /api/admin/trading/pairs: every pair, enabled or not, and when the list was last synced. */
export async function fetchTradingPairs(signal?: AbortSignal): Promise<AdminTradingPairsData> {
  const reply = await api.get<AdminTradingPairsData>('/admin/trading/pairs', undefined, signal);
  return reply.data;
}

/** POST /api/admin/trading/pairs/sync (no body). */
export async function syncTradingPairs(): Promise<PairSyncData> {
  const reply = await api.post<PairSyncData>('/admin/trading/pairs/sync');
  return reply.data;
}

/** PATCH /api/admin/trading/pairs/:id {enabled}. */
export async function setPairEnabled(id: number, enabled: boolean): Promise<TradingPair> {
  const reply = await api.patch<PairData>(`/admin/trading/pairs/${id}`, { enabled });
  return reply.data.pair;
}
