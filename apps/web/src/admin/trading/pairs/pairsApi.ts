import {
  type AdminTradingPairsData,
  listAdminTradingPairs,
  type PairSyncData,
  syncTradingPairs as syncTradingPairsEndpoint,
  type TradingPair,
  updateTradingPair,
} from '@platform/contracts';
import { call } from '../../../lib/request.ts';

export type { AdminTradingPairsData, PairSyncData, TradingPair };

/** Shared with the market-data screen, whose pair selectors read the same list. */
export const TRADING_PAIRS_KEY = ['admin', 'trading-pairs'] as const;

/** GET /api/admin/trading/pairs: every pair, enabled or not, and when the list was last synced. */
export async function fetchTradingPairs(signal?: AbortSignal): Promise<AdminTradingPairsData> {
  const reply = await call(listAdminTradingPairs, { signal });
  return reply.data;
}

/** POST /api/admin/trading/pairs/sync (no body). */
export async function syncTradingPairs(): Promise<PairSyncData> {
  const reply = await call(syncTradingPairsEndpoint);
  return reply.data;
}

/** PATCH /api/admin/trading/pairs/:id {enabled}. */
export async function setPairEnabled(id: number, enabled: boolean): Promise<TradingPair> {
  const reply = await call(updateTradingPair, { params: { id }, body: { enabled } });
  return reply.data.pair;
}
