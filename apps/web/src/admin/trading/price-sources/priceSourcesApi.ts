import {
  getPriceSources,
  type PriceIndex,
  type PriceSourceRow,
  type PriceSourcesOverview,
} from '@platform/contracts';
import { Decimal, formatNumber, formatPercent } from '@platform/domain';
import { call } from '../../../lib/request.ts';

export type { PriceIndex, PriceSourceRow, PriceSourcesOverview };

export const PRICE_SOURCES_PATH = '/admin/trading/price-sources';
export const PRICE_SOURCES_KEY = ['admin', 'price-sources'] as const;
/** The 价格源 screen's pace; the dashboard reads the same call at its own (DASHBOARD_REFRESH_MS). */
export const PRICE_SOURCES_REFRESH_MS = 5000;

/** GET /api/admin/market/price-sources: every source per pair, the indexes, the rules and the alerts. */
export const fetchPriceSources = (signal?: AbortSignal) =>
  call(getPriceSources, { signal }).then((reply) => reply.data);

/** A fraction as a percentage without trailing zeros: "0.02" → "2%". */
export const fractionPercent = (fraction: string) =>
  `${formatNumber(new Decimal(fraction).times(100), 4, { minDecimals: 0 })}%`;

/** A signed deviation fraction as a percentage to 3 places: "0.00012" → "+0.012%". */
export const deviationPercent = (fraction: string) =>
  formatPercent(new Decimal(fraction).times(100), 3, { sign: true });

/** One pair of the screen: its index and its sources' rows. */
export interface PairSources {
  symbol: string;
  index: PriceIndex | undefined;
  rows: PriceSourceRow[];
}

/**
 * The rows grouped by pair, in the order of the indexes (then any pair that only has rows), each
 * pair's sources in the configured order.
 */
export function pairsOf(overview: PriceSourcesOverview): PairSources[] {
  const symbols = [
    ...new Set([...overview.indexes.map((index) => index.symbol), ...overview.rows.map((row) => row.symbol)]),
  ];
  const order = (source: string) => {
    const at = overview.sources.indexOf(source);
    return at < 0 ? overview.sources.length : at;
  };
  return symbols.map((symbol) => ({
    symbol,
    index: overview.indexes.find((index) => index.symbol === symbol),
    rows: overview.rows
      .filter((row) => row.symbol === symbol)
      .sort((a, b) => order(a.source) - order(b.source)),
  }));
}

/** A pair needs a look when it has no index or a source is left out of it. */
export const pairNeedsAttention = (pair: PairSources) =>
  !pair.index?.price || pair.rows.some((row) => row.status !== 'included');
