import { Decimal } from './money.ts';

/**
 * The reference price index (ARCHITECTURE.md, "Reference prices"), as Binance and OKX compute theirs:
 * the median of the venues that are fresh and agree. A source is left out while its last price is
 * older than `maxAgeMs` (stale), its last fetch failed (error) or it is further than `maxDeviation`
 * from the median of all fresh sources (outlier). With fewer than `minSources` included there is no
 * index. Pure, so the server computes it and anyone can recompute it from the stored components.
 */

export interface SourceQuote {
  source: string;
  /** Last price the source gave; null when it never answered. */
  price: string | null;
  /** Epoch ms at which the source observed that price. */
  at: number | null;
  /** Set while the source's last fetch failed. */
  error: string | null;
}

export type SourceStatus = 'included' | 'outlier' | 'stale' | 'error';

export interface ComputedComponent {
  source: string;
  price: string | null;
  at: number | null;
  status: SourceStatus;
  /** (price − median of the fresh sources) / that median, 8 decimals; null without a fresh price. */
  deviation: string | null;
}

export interface IndexRules {
  maxAgeMs: number;
  /** A fraction, e.g. "0.02". */
  maxDeviation: string;
  minSources: number;
}

export interface ComputedIndex {
  /** The median of the included sources, or null when fewer than minSources are included. */
  price: string | null;
  components: ComputedComponent[];
}

const DEVIATION_DECIMALS = 8;

/** The median of decimal strings: the middle one, or the mean of the two middle ones. */
export function medianOf(prices: readonly Decimal[]): Decimal {
  if (prices.length === 0) throw new Error('median of nothing');
  const sorted = [...prices].sort((a, b) => a.comparedTo(b));
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : sorted[mid - 1]!.plus(sorted[mid]!).div(2);
}

export function computeIndex(quotes: readonly SourceQuote[], now: number, rules: IndexRules): ComputedIndex {
  const fresh = quotes.filter(
    (q) => q.error === null && q.price !== null && q.at !== null && now - q.at <= rules.maxAgeMs,
  );
  const freshMedian = fresh.length > 0 ? medianOf(fresh.map((q) => new Decimal(q.price!))) : null;
  const maxDeviation = new Decimal(rules.maxDeviation);
  const components: ComputedComponent[] = quotes.map((q) => {
    const isFresh = fresh.includes(q);
    if (!isFresh || !freshMedian) {
      return {
        source: q.source,
        price: q.price,
        at: q.at,
        status: q.error !== null ? 'error' : 'stale',
        deviation: null,
      };
    }
    const deviation = new Decimal(q.price!).minus(freshMedian).div(freshMedian);
    return {
      source: q.source,
      price: q.price,
      at: q.at,
      status: deviation.abs().gt(maxDeviation) ? 'outlier' : 'included',
      deviation: deviation.toDecimalPlaces(DEVIATION_DECIMALS).toFixed(DEVIATION_DECIMALS),
    };
  });
  const included = components.filter((c) => c.status === 'included');
  const price =
    included.length >= rules.minSources && included.length > 0
      ? medianOf(included.map((c) => new Decimal(c.price!))).toFixed()
      : null;
  return { price, components };
}

/** The included source whose price is nearest the index (its book and candles stand for the market). */
export function nearestIncluded(index: ComputedIndex): ComputedComponent | null {
  if (index.price === null) return null;
  const target = new Decimal(index.price);
  let best: ComputedComponent | null = null;
  let bestGap: Decimal | null = null;
  for (const c of index.components) {
    if (c.status !== 'included') continue;
    const gap = new Decimal(c.price!).minus(target).abs();
    if (!bestGap || gap.lt(bestGap)) {
      best = c;
      bestGap = gap;
    }
  }
  return best;
}
