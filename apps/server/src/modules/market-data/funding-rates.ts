import { computeFundingRate, type FundingComponent, type FundingComponentStatus } from '@platform/domain';
import { msg } from '../../i18n/i18n.ts';
import { ProviderError } from './providers/provider.ts';

/**
 * Funding rates of the perpetuals (issue 34, docs/reference-prices.md "Funding rates"): each
 * configured venue (PRICE_SOURCES) is asked for its current funding rate of the pair's USDT
 * perpetual, in parallel, and the rate is the median of those that answered, clamped to
 * ±FUNDING_RATE_CAP (domain's computeFundingRate). With fewer usable venues than the index needs
 * (INDEX_MIN_SOURCES) there is no rate: `rateFor` answers null, and whoever charges funding
 * charges none at that instant rather than one venue's word.
 *
 * The simulated venues derive theirs from the simulator's path (providers/sim.ts, `fundingRate`);
 * the real ones ask ccxt's `fetchFundingRate` (providers/ccxt-funding.ts).
 */

export interface FundingQuote {
  /** A fraction ("0.0001" is 0.01 %), clamped to ±FUNDING_RATE_CAP; positive: longs pay shorts. */
  rate: string;
  /** Every configured venue, in PRICE_SOURCES order, with what it said. */
  components: FundingComponent[];
}

export interface FundingRateSource {
  /** The pair's funding rate now, or null when too few venues gave one (no rate now). */
  rateFor(symbol: string): Promise<FundingQuote | null>;
}

/** One venue's current rate of a pair's perpetual. */
export interface FundingVenue {
  id: string;
  /**
   * The venue's rate as a decimal fraction, with the instant it describes when the venue says
   * (null: now). Null when the venue has no perpetual of that pair; throws when it fails.
   */
  rate(symbol: string): Promise<{ rate: string; at: number | null } | null>;
}

export interface FundingRateOptions {
  venues: readonly FundingVenue[];
  /** FUNDING_RATE_CAP. */
  cap: string;
  /** Fewest venues that answered for a rate (the index's INDEX_MIN_SOURCES). */
  minSources: number;
  /** A venue must answer within this (the whole of it: market list and request), else it failed. */
  answerWithinMs: number;
  /** A rate the venue dates older than this is stale (left out). */
  maxAgeMs?: number;
  /**
   * A pair's quote is reused this long: the screen's rate and the funding job ask often, the
   * venues' rates change about once a minute. Callers that come while it is fetched share it.
   */
  cacheMs?: number;
  now?: () => number;
}

/** Venues publish their predicted rate about once a minute; one dated older than this is stale. */
export const FUNDING_RATE_MAX_AGE_MS = 10 * 60_000;
export const FUNDING_RATE_CACHE_MS = 15_000;

export function createFundingRates(opts: FundingRateOptions): FundingRateSource {
  const now = opts.now ?? Date.now;
  const maxAgeMs = opts.maxAgeMs ?? FUNDING_RATE_MAX_AGE_MS;
  const cacheMs = opts.cacheMs ?? FUNDING_RATE_CACHE_MS;
  const cached = new Map<string, { at: number; quote: Promise<FundingQuote | null> }>();

  async function ask(venue: FundingVenue, symbol: string): Promise<FundingComponent> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        venue.rate(symbol),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new ProviderError(
                  venue.id,
                  'timeout',
                  msg('marketData.venue.notAnswered', { ms: opts.answerWithinMs }),
                ),
              ),
            opts.answerWithinMs,
          );
        }),
      ]);
      if (answer === null) return { source: venue.id, rate: null, status: 'unavailable' };
      const status: FundingComponentStatus =
        answer.at !== null && now() - answer.at > maxAgeMs ? 'stale' : 'ok';
      return { source: venue.id, rate: answer.rate, status };
    } catch (err) {
      const unavailable = err instanceof ProviderError && err.kind === 'unknown_symbol';
      return { source: venue.id, rate: null, status: unavailable ? 'unavailable' : 'error' };
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  async function fetchQuote(symbol: string): Promise<FundingQuote | null> {
    const components = await Promise.all(opts.venues.map((venue) => ask(venue, symbol)));
    const rate = computeFundingRate(components, { cap: opts.cap, minSources: opts.minSources });
    return rate === null ? null : { rate, components };
  }

  return {
    rateFor(symbol) {
      const at = now();
      const hit = cached.get(symbol);
      if (hit && at - hit.at < cacheMs && at >= hit.at) return hit.quote;
      const quote = fetchQuote(symbol);
      if (cacheMs > 0) cached.set(symbol, { at, quote });
      return quote;
    },
  };
}

/** A source that always gives `rate` (tests, and engines built without market data). */
export function fixedFundingRates(rate: string | null, source = 'test'): FundingRateSource {
  return {
    async rateFor() {
      return rate === null ? null : { rate, components: [{ source, rate, status: 'ok' }] };
    },
  };
}
