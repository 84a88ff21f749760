import type { TradingStats } from '@platform/contracts';
import { api } from '../../../lib/request.ts';

export type { TradingStats };

export const TRADING_STATS_KEY = ['admin', 'trading-stats'] as const;

/** GET /api/admin/trading/stats. */
export const fetchTradingStats = (signal?: AbortSignal) =>
  api.get<TradingStats>('/admin/trading/stats', undefined, signal).then((reply) => reply.data);
