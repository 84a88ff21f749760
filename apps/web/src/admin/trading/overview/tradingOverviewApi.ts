import { getTradingStats, type TradingStats } from '@platform/contracts';
import { call } from '../../../lib/request.ts';

export type { TradingStats };

export const TRADING_STATS_KEY = ['admin', 'trading-stats'] as const;

/** GET /api/admin/trading/stats. */
export const fetchTradingStats = (signal?: AbortSignal) =>
  call(getTradingStats, { signal }).then((reply) => reply.data);
