import type { TradingPair } from '@platform/contracts';

export type PairStatusFilter = 'all' | 'enabled' | 'disabled';

export const PAIR_STATUS_FILTERS: readonly { value: PairStatusFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'enabled', label: '已启用' },
  { value: 'disabled', label: '已禁用' },
];

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
