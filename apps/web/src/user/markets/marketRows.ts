import type { Ticker, TradingPair } from '@platform/contracts';
import { toDec } from '@platform/domain';

/** One line of a market list: the pair, and its latest ticker when one has arrived. */
export interface MarketRow {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  /** Last price, signed 24h change (percent) and 24h turnover in the quote currency; null while unknown. */
  last: string | null;
  change: string | null;
  quoteVolume: string | null;
  ticker: Ticker | undefined;
}

/** The rows of `pairs` in their order, each with its ticker (or the pair's own snapshot before one arrives). */
export function buildRows(pairs: readonly TradingPair[], tickers: ReadonlyMap<string, Ticker>): MarketRow[] {
  return pairs.map((pair) => {
    const ticker = tickers.get(pair.symbol);
    return {
      symbol: pair.symbol,
      base: pair.base_currency,
      quote: pair.quote_currency,
      pricePrecision: pair.price_precision,
      last: ticker?.last_price ?? pair.current_price,
      change: ticker?.change_24h ?? pair.price_change_24h,
      // The pair's own volume is in the base currency: not comparable across pairs, so not a fallback.
      quoteVolume: ticker?.quote_volume_24h ?? null,
      ticker,
    };
  });
}

/** "btc/usdt", "BTC-USDT", " btc " → "BTCUSDT" / "BTC": what a person types, compared with symbols. */
const squash = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]/g, '');

/**
 * The rows whose symbol, base or quote currency contains `search` (any case, separators ignored);
 * with `favorites`, only those pairs.
 */
export function filterRows(
  rows: readonly MarketRow[],
  search: string,
  favorites: readonly string[] | null = null,
): MarketRow[] {
  const needle = squash(search);
  const wanted = favorites ? new Set(favorites) : null;
  return rows.filter((row) => {
    if (wanted && !wanted.has(row.symbol)) return false;
    if (!needle) return true;
    return [row.symbol, row.base, row.quote].some((field) => field.toUpperCase().includes(needle));
  });
}

export type SortKey = 'change' | 'volume';
export interface MarketSort {
  key: SortKey;
  order: 'desc' | 'asc';
}

/** A header tapped again: highest first, then lowest first, then the list's own order. */
export function nextSort(current: MarketSort | null, key: SortKey): MarketSort | null {
  if (current?.key !== key) return { key, order: 'desc' };
  return current.order === 'desc' ? { key, order: 'asc' } : null;
}

/** Sorted by 24h change or turnover (exact decimals); rows without a value stay last in their order. */
export function sortRows(rows: readonly MarketRow[], sort: MarketSort | null): MarketRow[] {
  if (!sort) return [...rows];
  const value = (row: MarketRow) => toDec(sort.key === 'change' ? row.change : row.quoteVolume);
  const direction = sort.order === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: value(row) }))
    .sort((a, b) => {
      if (!a.value || !b.value) return a.value ? -1 : b.value ? 1 : a.index - b.index;
      return a.value.comparedTo(b.value) * direction || a.index - b.index;
    })
    .map((entry) => entry.row);
}
