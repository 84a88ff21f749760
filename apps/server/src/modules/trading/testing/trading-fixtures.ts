import type { OrderBook, Ticker } from '@platform/contracts';
import type { Db } from '../../../db/client.ts';
import { type FundingRateSource, fixedFundingRates } from '../../market-data/funding-rates.ts';
import { requireEnabledPair } from '../../market-data/pairs.service.ts';
import type { IndexSnapshot } from '../../market-data/price-index.ts';
import { createOptionConfigService } from '../../option-config/option-config.service.ts';
import { silentRealtime } from '../../realtime/realtime.ts';
import { createReferencePrices, type IndexReader, type PriceObservation } from '../reference-prices.ts';
import type { TradingDeps } from '../trading-deps.ts';

/** `deps` whose pair read first calls `slowly` (a test moves its clock on: a read that takes time). */
export const withSlowPairReads = (deps: TradingDeps, slowly: () => void): TradingDeps => ({
  ...deps,
  pairs: {
    requireEnabled: async (symbol: string) => {
      slowly();
      return deps.pairs.requireEnabled(symbol);
    },
  },
});

/**
 * Trading deps for tests, on the test app's database: the real pairs table (the sim pairs seeded
 * at start), the real option config, recorded ticks as the only prices (`recordTick` sets them) and
 * order books given by the test. Engines built from it act on the same rows as the app's own, which
 * is how a test plays a second job runner or a clock of its choosing.
 */
export function testTradingDeps(
  db: Db,
  opts: {
    now?: () => number;
    books?: Record<string, OrderBook>;
    tickers?: (symbols: string[]) => Promise<Ticker[]>;
    /** Default: 0.0001 for every pair from one venue. */
    fundingRates?: FundingRateSource;
  } = {},
): TradingDeps {
  const now = opts.now ?? Date.now;
  const quotes: TradingDeps['quotes'] = {
    tickers: opts.tickers ?? (async () => []),
    async orderBook(symbol: string, depth: number, _maxAgeMs?: number) {
      const book = opts.books?.[symbol];
      if (!book) throw new Error(`test: no order book for ${symbol}`);
      return { ...book, bids: book.bids.slice(0, depth), asks: book.asks.slice(0, depth) };
    },
  };
  return {
    db,
    prices: createReferencePrices({ db, index: indexOfTickers(opts.tickers ?? (async () => [])), now }),
    quotes,
    pairs: { requireEnabled: (symbol: string) => requireEnabledPair(db, symbol) },
    options: createOptionConfigService({ db }),
    fundingRates: opts.fundingRates ?? fixedFundingRates('0.0001'),
    realtime: silentRealtime,
    now,
  };
}

/** Records a reference price tick (source `test`) for `symbol` at `at`. */
export async function recordTick(
  db: Db,
  symbol: string,
  price: string,
  at: Date | number,
): Promise<PriceObservation> {
  const observation = { symbol, price, source: 'test', at: new Date(at), components: null };
  await createReferencePrices({ db, index: indexOfTickers(async () => []) }).record(db, [observation]);
  return observation;
}

/**
 * An index reader whose every pair is one venue's ticker (the test's), included as it is: the
 * index's own rules are tested in price-index tests and with the fake venues.
 */
export function indexOfTickers(tickers: (symbols: string[]) => Promise<Ticker[]>): IndexReader & {
  asked: number[];
} {
  const asked: number[] = [];
  return {
    asked,
    async latest(symbols, maxAgeMs) {
      asked.push(maxAgeMs);
      return (await tickers([...symbols])).map(
        (t): IndexSnapshot => ({
          symbol: t.symbol,
          price: t.last_price,
          at: Date.parse(t.updated_at),
          components: [
            {
              source: t.source,
              price: t.last_price,
              at: Date.parse(t.updated_at),
              status: 'included',
              deviation: '0',
            },
          ],
          primary: null,
        }),
      );
    },
  };
}
