import { Decimal } from './money.ts';
import { medianOf } from './price-index.ts';

/**
 * The funding rate of a perpetual pair (issue 34, docs/reference-prices.md "Funding rates"): the
 * median of the reference venues' current rates for that pair's perpetual, clamped to ±cap. Only
 * venues whose last answer is `ok` count (an error, a rate too old or a venue without that
 * perpetual is left out); with fewer than `minSources` of them there is no rate, as the price
 * index has no price below INDEX_MIN_SOURCES. Pure, so anyone can recompute a stored rate from
 * its components.
 */

export type FundingComponentStatus = 'ok' | 'error' | 'stale' | 'unavailable';

export interface FundingComponent {
  source: string;
  /** The venue's rate as a fraction ("0.0001" is 0.01 %); null when it gave none. */
  rate: string | null;
  status: FundingComponentStatus;
}

export interface FundingRules {
  /** A positive fraction below 1: the rate is clamped to ±cap. */
  cap: string;
  /** Fewest `ok` venues for a rate (at least 1). */
  minSources: number;
}

/** FUNDING_RATE_CAP's default: 0.75 % per funding instant either way. */
export const DEFAULT_FUNDING_RATE_CAP = '0.0075';

/** Decimals of a funding rate (venues quote 8 or fewer; the median of two may need one more). */
export const FUNDING_RATE_DECIMALS = 10;

/** The rate of the venues' components, or null when fewer than `minSources` are usable. */
export function computeFundingRate(
  components: readonly FundingComponent[],
  rules: FundingRules,
): string | null {
  const cap = new Decimal(rules.cap);
  if (!cap.isFinite() || cap.lte(0) || cap.gte(1))
    throw new Error(`funding rate cap out of range: ${rules.cap}`);
  const usable = components.flatMap((c) => {
    if (c.status !== 'ok' || c.rate === null) return [];
    const rate = new Decimal(c.rate);
    return rate.isFinite() ? [rate] : [];
  });
  if (usable.length === 0 || usable.length < rules.minSources) return null;
  const rate = clampFundingRate(medianOf(usable), cap).toDecimalPlaces(FUNDING_RATE_DECIMALS);
  // Never "-0".
  return rate.isZero() ? '0' : rate.toFixed();
}

/** `rate` within ±cap. */
export function clampFundingRate(rate: Decimal, cap: Decimal): Decimal {
  return Decimal.max(cap.neg(), Decimal.min(cap, rate));
}
