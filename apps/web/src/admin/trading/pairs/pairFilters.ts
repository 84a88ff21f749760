import type { TradingPair } from '@platform/contracts';
import { LIST_PAGE_SIZES } from '../../../components/pagination.ts';
import { param } from '../../../lib/listParams.ts';

export type PairStatusFilter = 'all' | 'enabled' | 'disabled';

/** Longer than any symbol: the search box takes no more. */
export const PAIR_SEARCH_MAX = 50;

/** The status filter's options (labels admin:trading.pairs.filter). */
export const PAIR_STATUS_FILTERS: readonly PairStatusFilter[] = ['all', 'enabled', 'disabled'];

/** The list's address: ?search=btc&status=enabled&page=2&size=50 (the list is filtered here, not on the server). */
export const PAIR_LIST_PARAMS = {
  search: param.search({ max: PAIR_SEARCH_MAX }),
  status: param.oneOf(PAIR_STATUS_FILTERS, 'all'),
  page: param.page(),
  size: param.intOneOf(LIST_PAGE_SIZES, LIST_PAGE_SIZES[0]),
};

/** The pairs whose symbol, base or quote currency contains `search` (any case) and whose status matches. */
export function filterPairs(
  pairs: readonly TradingPair[],
  search: string,
  status: PairStatusFilter,
): TradingPair[] {
  const needle = search.trim().toLowerCase();
  return pairs.filter((pair) => {
    if (status === 'enabled' && !pair.enabled) return false;
    if (status === 'disabled' && pair.enabled) return false;
    if (!needle) return true;
    return [pair.symbol, pair.base_currency, pair.quote_currency].some((field) =>
      field.toLowerCase().includes(needle),
    );
  });
}
