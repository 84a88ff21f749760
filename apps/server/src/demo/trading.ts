/**
 * Demo trading for `npm run demo`: a few days of spot, flash, perpetual and option trades by the demo
 * users, made by the real engines against the simulated market, so that every balance, fee, fill and
 * settlement is what the platform itself would have produced (the ledger verifier passes).
 *
 * The engines run on a demo clock that walks forward through the period: the simulator prices any
 * instant, so the index of the configured simulated venues is evaluated at each order's own moment
 * and recorded as a tick with its components, as the server's recorder would have recorded it then.
 * Entry, settlement, close and liquidation then go through the engines' own price rules at that
 * clock: each order opens at the index of its moment, a contract settles on the tick recorded at its
 * expiry, a position closes at the index of its closing moment. Refusals (a balance too small, a
 * level not open yet) are part of trading and are skipped.
 *
 * Only the simulator can say what the market was at an instant of the past: with a real venue among
 * PRICE_SOURCES there is no history to replay, so the demo places no trades at all (the caller says so).
 */
import {
  DEFAULT_FLASH_CONFIG,
  flashOrderBody,
  optionOrderBody,
  perpetualOrderBody,
  spotOrderBody,
} from '@platform/contracts';
import { DEFAULT_FUNDING_RATE_CAP, type IndexRules } from '@platform/domain';
import { SIM_VENUES } from '../core/config.ts';
import { AppError } from '../core/errors.ts';
import { Decimal } from '../core/money.ts';
import type { Db } from '../db/client.ts';
import { createFundingRates } from '../modules/market-data/funding-rates.ts';
import { toOrderBook, toTicker } from '../modules/market-data/market-format.ts';
import { countPairs, requireEnabledPair, upsertPairs } from '../modules/market-data/pairs.repository.ts';
import { createPriceIndex, type PriceSource } from '../modules/market-data/price-index.ts';
import { isSimulatedSource, simFundingVenue } from '../modules/market-data/providers/index.ts';
import { createSimProvider } from '../modules/market-data/providers/sim.ts';
import type { SimSecret } from '../modules/market-data/providers/sim-path.ts';
import { createOptionConfigService } from '../modules/option-config/option-config.service.ts';
import { silentRealtime } from '../modules/realtime/realtime.ts';
import { createFlashEngine } from '../modules/trading/flash/flash.engine.ts';
import { createOptionEngine } from '../modules/trading/option/option.engine.ts';
import { createPerpetualEngine } from '../modules/trading/perpetual/perpetual.engine.ts';
import { createReferencePrices } from '../modules/trading/reference-prices.ts';
import { createSpotEngine } from '../modules/trading/spot/spot.engine.ts';
import type { TradingDeps } from '../modules/trading/trading-deps.ts';

export interface DemoRandom {
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Where the demo users trade: the liquid pairs, with an order size in base units for each. */
const SPOT_SIZES: Record<string, readonly string[]> = {
  BTCUSDT: ['0.001', '0.002', '0.005'],
  ETHUSDT: ['0.01', '0.05', '0.1'],
  SOLUSDT: ['0.5', '1', '2'],
  BNBUSDT: ['0.05', '0.1', '0.2'],
};
const SYMBOLS = Object.keys(SPOT_SIZES);
/** How often the limit-order trigger and the liquidation check run in the demo's history. */
const JOB_SWEEP_MS = 15 * MINUTE;
/** Settlement runs this long after an expiry, as the server's job does (it waits for the tick). */
const SETTLE_AFTER_MS = 2000;
/** A demo user keeps a position at least this long before closing it. */
const MIN_HOLD_MS = 10 * MINUTE;

export interface DemoTradingCounts {
  placed: Record<'spot' | 'flash' | 'perpetual' | 'option', number>;
  refused: number;
}

/** The reference index the server builds from its configuration (PRICE_SOURCES and INDEX_*). */
export interface DemoMarket {
  sources: readonly string[];
  rules: IndexRules;
}

/** The server's default: the three simulated venues under the default index rules. */
export const DEFAULT_DEMO_MARKET: DemoMarket = {
  sources: SIM_VENUES,
  rules: { maxAgeMs: 3000, maxDeviation: '0.02', minSources: 2 },
};

/** Why the demo cannot trade in the past on `market`, or null when it can (every source simulated). */
export function backDatingRefusal(market: DemoMarket): string | null {
  const real = market.sources.filter((s) => !isSimulatedSource(s));
  return real.length === 0
    ? null
    : `PRICE_SOURCES includes real venues (${real.join(', ')}): their past prices cannot be replayed, so the demo places no back-dated trades`;
}

/**
 * The index over `market`'s simulated venues as it stood at `clock()`: what the server's index would
 * have computed at that instant. The demo trades on it, and its test recomputes prices with it.
 */
export function simulatedIndexAt(secret: SimSecret, market: DemoMarket, clock: () => number) {
  const sources: PriceSource[] = market.sources.map((venue) => {
    const provider = createSimProvider({ secret, tickMs: 1000, venue, now: clock });
    return { id: venue, provider: async () => provider };
  });
  return createPriceIndex({ sources, rules: market.rules, now: clock });
}

/**
 * Trades of `traders` (funded user ids) over the `days` before `now`, ending with a few open limit
 * orders and open perpetual positions. `marketSecret` is the simulator's secret (loadSimSecret), so
 * the demo prices continue the market the server then shows: the same index of the three simulated
 * venues, evaluated at each order's own moment.
 */
export async function seedDemoTrading(
  db: Db,
  opts: {
    traders: number[];
    now: number;
    days: number;
    random: DemoRandom;
    marketSecret: SimSecret;
    /** The configured index (default: the server's default, three simulated venues). */
    market?: DemoMarket;
  },
): Promise<DemoTradingCounts> {
  const { random } = opts;
  const market = opts.market ?? DEFAULT_DEMO_MARKET;
  if (backDatingRefusal(market) !== null)
    return { placed: { spot: 0, flash: 0, perpetual: 0, option: 0 }, refused: 0 };
  let clock = opts.now - opts.days * 24 * HOUR;
  const sim = createSimProvider({ secret: opts.marketSecret, tickMs: 1000, now: () => clock });
  const index = simulatedIndexAt(opts.marketSecret, market, () => clock);
  if ((await countPairs(db)) === 0) {
    await upsertPairs(
      db,
      'sim',
      sim.instrumentsList.map((instrument) => ({ instrument, price: null, change: null, volume: null })),
      true,
    );
  }
  // Straight to the simulator at the demo clock: a cache would hand out books of another moment.
  const quotes: TradingDeps['quotes'] = {
    tickers: async (symbols) => (await sim.tickers(symbols)).map((t) => toTicker(t, 'sim')),
    orderBook: async (symbol, depth) => toOrderBook(await sim.orderBook(symbol, depth), 'sim', depth),
  };
  const deps: TradingDeps = {
    db,
    prices: createReferencePrices({ db, index, now: () => clock }),
    quotes,
    pairs: { requireEnabled: (symbol) => requireEnabledPair(db, symbol) },
    options: createOptionConfigService({ db }),
    // The simulator's own rate at the demo clock.
    fundingRates: createFundingRates({
      venues: [simFundingVenue('sim', () => sim)],
      cap: DEFAULT_FUNDING_RATE_CAP,
      minSources: 1,
      answerWithinMs: 1000,
      cacheMs: 0,
      now: () => clock,
    }),
    realtime: silentRealtime,
    now: () => clock,
  };
  const spot = createSpotEngine(deps);
  const flash = createFlashEngine(deps);
  const option = createOptionEngine(deps);
  const perpetual = createPerpetualEngine(deps);

  const counts: DemoTradingCounts = { placed: { spot: 0, flash: 0, perpetual: 0, option: 0 }, refused: 0 };
  const attempt = async (product: keyof DemoTradingCounts['placed'], action: () => Promise<unknown>) => {
    try {
      await action();
      counts.placed[product] += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      counts.refused += 1;
    }
  };
  /**
   * Moves the clock to `target` doing what the server's jobs would have done on the way: the price
   * recorded at every contract's expiry and the settlement just after it, and every 15 minutes the
   * limit-order trigger and the liquidation check.
   */
  let expiries: number[] = [];
  let nextSweep = clock + JOB_SWEEP_MS;
  const advanceTo = async (target: number) => {
    for (;;) {
      const expiry = expiries.reduce((min, e) => Math.min(min, e), Number.POSITIVE_INFINITY);
      const event = Math.min(expiry, nextSweep);
      if (event > target) break;
      clock = event;
      // A round at this very instant (no snapshot of a moment before): the tick a contract
      // expiring now settles on, as the server's recorder, every second, would have recorded it.
      await deps.prices.observe(SYMBOLS, 0);
      if (event === expiry) {
        expiries = expiries.filter((e) => e !== expiry);
        clock = event + SETTLE_AFTER_MS;
        await flash.settleDueContracts(new Date(clock));
      } else {
        nextSweep += JOB_SWEEP_MS;
        await spot.triggerLimitOrders(new Date(clock));
        await perpetual.checkPositions(new Date(clock));
      }
    }
    clock = Math.max(clock, target);
  };
  const openPositions: Array<{ userId: number; orderId: number; symbol: string; entry: string; at: number }> =
    [];

  while (clock < opts.now - 2 * HOUR) {
    const userId = random.pick(opts.traders);
    const symbol = random.pick(SYMBOLS);
    const roll = random.int(1, 10);
    if (roll <= 4) {
      const limit = random.chance(0.3);
      const side = random.chance(0.6) ? 'buy' : 'sell';
      const book = await quotes.orderBook(symbol, 5);
      const best = side === 'buy' ? book.bids[0]?.[0] : book.asks[0]?.[0];
      await attempt('spot', () =>
        spot.placeOrder(
          userId,
          spotOrderBody.parse({
            symbol,
            side,
            type: limit ? 'limit' : 'market',
            amount: random.pick(SPOT_SIZES[symbol] ?? ['1']),
            // A resting limit order near the touch: the market reaches some of them later.
            ...(limit && best ? { price: best } : {}),
          }),
        ),
      );
    } else if (roll <= 7) {
      const duration = random.pick(DEFAULT_FLASH_CONFIG.durations).seconds;
      expiries.push(clock + duration * 1000);
      await attempt('flash', () =>
        flash.placeOrder(
          userId,
          flashOrderBody.parse({
            symbol,
            direction: random.chance(0.5) ? 'up' : 'down',
            amount: String(random.pick([10, 20, 50, 100])),
            duration,
          }),
        ),
      );
    } else if (roll <= 9) {
      await attempt('perpetual', async () => {
        const position = await perpetual.open(
          userId,
          perpetualOrderBody.parse({
            symbol,
            side: random.chance(0.5) ? 'long' : 'short',
            margin: String(random.pick([20, 50, 100, 200])),
            leverage: random.pick([2, 5, 10, 20]),
          }),
        );
        if (position.position)
          openPositions.push({
            userId,
            orderId: position.order.id,
            symbol,
            entry: position.position.entry_price,
            at: clock,
          });
      });
    } else {
      expiries.push(clock + 60_000);
      await attempt('option', () =>
        option.placeOrder(
          userId,
          optionOrderBody.parse({
            symbol,
            direction: random.chance(0.5) ? 'call' : 'put',
            amount: String(random.pick([10, 50, 100])),
            level: 1,
            duration: 60,
          }),
        ),
      );
    }
    // Most positions are closed again after a while, as a trader takes a profit or a loss: held a
    // while, and not while the price is still the entry's; a few stay open for the screens.
    const held = openPositions.filter((p) => p.at <= clock - MIN_HOLD_MS);
    if (openPositions.length > 3 && held.length > 0 && random.chance(0.5)) {
      const position = held[random.int(0, held.length - 1)];
      const mark = position && (await deps.prices.current(position.symbol).catch(() => null));
      if (position && mark && !new Decimal(mark.price).eq(position.entry)) {
        openPositions.splice(openPositions.indexOf(position), 1);
        // Refused only when the liquidation check got there first.
        await perpetual.close(position.userId, position.orderId).catch(() => undefined);
      }
    }
    // The next trade a few minutes later.
    await advanceTo(clock + random.int(2, 40) * MINUTE);
  }
  // Let the last contracts expire and settle.
  await advanceTo(clock + 20 * MINUTE);
  // A few buy orders resting 3% under the market, for the open-orders views.
  for (const symbol of SYMBOLS.slice(0, 3)) {
    const bid = (await quotes.orderBook(symbol, 1)).bids[0]?.[0];
    if (!bid) continue;
    await attempt('spot', () =>
      spot.placeOrder(
        random.pick(opts.traders),
        spotOrderBody.parse({
          symbol,
          side: 'buy',
          type: 'limit',
          amount: SPOT_SIZES[symbol]?.[0] ?? '1',
          price: new Decimal(bid).times('0.97').toDecimalPlaces(2).toFixed(),
        }),
      ),
    );
  }
  return counts;
}
