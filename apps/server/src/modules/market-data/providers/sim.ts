// money-lint-ignore-file: the simulated market is a float price path, quoted as text at the end, not ledger money
import { type KlineInterval, normaliseSymbol } from '@platform/contracts';
import { msg } from '../../../i18n/i18n.ts';
import { lastOpens, nextOpen } from '../intervals.ts';
import {
  type Instrument,
  type MarketDataProvider,
  ProviderError,
  type ProviderKline,
  type ProviderOrderBook,
  type ProviderTicker,
  type ProviderTrade,
  pollingStream,
} from './provider.ts';
import { SIM_PAIRS, SIM_QUOTE, type SimPair } from './sim-pairs.ts';
import { KeyedWords, type PathCursor, PricePath, SimKeys, type SimSecret } from './sim-path.ts';

/**
 * `sim`: the offline, deterministic market (ARCHITECTURE.md, "Market data"). Every number is a pure
 * function of the secret, the pair and the second asked about (see sim-path.ts), so two processes
 * with the same secret agree and the order of calls never matters; the caches below only hold such
 * values. Every random number is keyed by the whole secret (HMAC-SHA-256, see sim-path.ts): without
 * it nobody can predict a price.
 *
 * Venues: with `venue`, the provider is one of several simulated sources of an index (sim-a, sim-b,
 * sim-c): the same path, with what it quotes now (the ticker's last, bid and ask, the order book)
 * multiplied by 1 + n, n a keyed function of the secret, the venue, the pair and the second, uniform
 * within ±VENUE_NOISE. The venues differ slightly, each changes every second, and their median
 * stays on the path. Klines, trades and instruments are the path's, the same at every venue.
 *
 * Candles: open = p(open second), close = p(last second), so the next open is one second's move
 * from the previous close. High and low are the extremes of the open, the close and samples in
 * between: every second up to 15m (exact), 240 samples for longer candles (30m every 7 s, 1h 15 s,
 * 4h 1 min, 1d 6 min), on the path's coarse view (see PathCursor.at). That keeps a request for 1000
 * candles of any interval to about a million evaluations. Volume is trading time elapsed times the
 * pair's rate, so it adds up exactly across intervals; quote volume is volume times the sampled
 * volume-weighted (geometric) average price. The candle still forming covers up to now.
 *
 * Known imperfection: when sampled coarser than 1 s, the forming candle counts the current second
 * in its high or low, and that second drops out once it is no longer the close (unless it is a
 * sample), so such a high can move back by a sampling step's wiggle (≈ 0.1% on 1d).
 */

/** Candles up to this length are sampled every second. */
const EXACT_UP_TO = 900;
/** Longer ones: this many samples, as many requests ask for 1000 candles or more. */
const SAMPLES_PER_CANDLE = 240;
/**
 * Sampling steps from this many seconds use the coarse view of the path: all the sampled candles,
 * 30m's 7 s steps too. Exact samples would cost two or three digests each (see KeyedWords) for
 * wiggles of a basis point or two.
 */
const COARSE_FROM_STEP = 4;
const DAY = 86_400;
/** 24-hour statistics sample the path on this absolute grid, which is the 1d candles' grid. */
const WINDOW_STEP = DAY / SAMPLES_PER_CANDLE;
const WINDOW_RESOLUTION = coarseResolution(WINDOW_STEP);
const MAX_KLINES = 5000;
const MAX_DEPTH = 50;
const CLOSED_CANDLE_CACHE = 20_000;
const FORMING_CANDLE_CACHE = 1_000;
/** Order-book level spacing, as a fraction of the price, before jitter. */
const LEVEL_SPACING = 0.2e-4;
/** Notional of a typical order-book level, as a fraction of the daily quote volume. */
const LEVEL_NOTIONAL = 4e-5;
/** Most trades one call returns, and how far back it looks for them. */
const MAX_TRADES = 500;
const TRADE_LOOKBACK_SECONDS = 3600;
/** Trades in one second at most (ids leave room for 100). */
const MAX_TRADES_PER_SECOND = 40;
/** A trade's amount covers the trading time back to the previous trade, at most this far. */
const MAX_CARRY_SECONDS = 60;
/** Largest relative deviation of a venue's quotes from the path. */
const VENUE_NOISE = 0.0003;
/**
 * Funding (issue 34): the base rate, plus a premium that follows the path's drift over the last
 * FUNDING_DRIFT_SECONDS (longs pay more while the price has been rising, as on real venues):
 * FUNDING_PREMIUM_MAX · tanh(drift / FUNDING_DRIFT_SCALE), drift the log return; plus each
 * venue's keyed noise within ±FUNDING_VENUE_NOISE, drawn anew each FUNDING_NOISE_SECONDS. At most
 * 0.0001 + 0.0005 + 0.00002 either way, far inside any sensible FUNDING_RATE_CAP.
 */
export const SIM_FUNDING_BASE_RATE = 0.0001;
export const SIM_FUNDING_PREMIUM_MAX = 0.0005;
export const SIM_FUNDING_VENUE_NOISE = 0.00002;
const FUNDING_DRIFT_SECONDS = 8 * 3600;
const FUNDING_DRIFT_SCALE = 0.02;
const FUNDING_NOISE_SECONDS = 60;
/** Decimals of a simulated funding rate, as the venues quote theirs. */
const FUNDING_DECIMALS = 8;

/**
 * Slots of a pair's KeyedWords (the path has its own): the best quotes and the trade count per
 * second, the venue's noise, the words of each trade rank and of each order-book level.
 */
const QUOTES_SLOT = 0;
const TRADE_COUNT_SLOT = 1;
const NOISE_SLOT = 2;
const FUNDING_SLOT = 3;
const TRADE_SLOT = 4;
const LEVEL_SLOT = TRADE_SLOT + MAX_TRADES_PER_SECOND;
const PAIR_SLOTS = LEVEL_SLOT + 2 * MAX_DEPTH;
/** Words per second of a trade rank (offset, two for the weight, side) and of a book level (size). */
const TRADE_WORDS = 4;
const LEVEL_WORDS = 2;

export interface SimProviderOptions {
  /** The secret key of the market (loadSimSecret): bytes, or a string standing for its UTF-8 bytes. */
  secret: SimSecret;
  tickMs: number;
  /** A simulated venue (e.g. sim-a): the provider's id, and its own noise on current quotes. */
  venue?: string;
  now?: () => number;
}

export type SimProvider = MarketDataProvider & {
  readonly instrumentsList: Instrument[];
  /**
   * The venue's current funding rate of the pair's perpetual, a fraction as a decimal string
   * (see SIM_FUNDING_BASE_RATE); null for a pair the simulator does not have.
   */
  fundingRate(symbol: string): string | null;
};

interface PairState {
  spec: SimPair;
  symbol: string;
  instrument: Instrument;
  path: PricePath;
  /**
   * Cursors for tickers and books: now, 24 hours ago (the ticker's open) and the 24-hour samples.
   * Each follows the clock on its own, so that a second's step costs each a few cells (the klines
   * and trades of one call walk their own).
   */
  cursor: PathCursor;
  dayAgoCursor: PathCursor;
  windowCursor: PathCursor;
  tickScale: number;
  /** Base-currency volume per second of trading time. */
  volumeRate: number;
  volumeDecimals: number;
  /** Trades in an average second of trading time. */
  tradeRate: number;
  /** The random words of quotes, trades and books (see QUOTES_SLOT and the others). */
  words: KeyedWords;
  window: DayWindow | null;
}

/** Samples (L and θ) of the path on the absolute WINDOW_STEP grid, from grid index `first` on. */
interface DayWindow {
  first: number;
  values: number[];
  thetas: number[];
}

/**
 * The running aggregate of a candle over its samples before second `next`, in log prices (the
 * path's L, see PathCursor.at).
 */
interface CandleProgress {
  openSec: number;
  step: number;
  resolution: number;
  next: number;
  open: number;
  openTheta: number;
  high: number;
  low: number;
  lastTheta: number;
  last: number;
  /** Σ w·L and Σ w over the finished segments between samples (w: trading time, never < 0). */
  weighted: number;
  weight: number;
}

export function createSimProvider(opts: SimProviderOptions): SimProvider {
  const now = opts.now ?? Date.now;
  const id = opts.venue ?? 'sim';
  const venue = opts.venue;
  const pollMs = Number.isFinite(opts.tickMs) && opts.tickMs > 0 ? Math.max(50, opts.tickMs) : 1000;
  const keys = new SimKeys(opts.secret);
  const pairs = new Map<string, PairState>();
  for (const spec of SIM_PAIRS) {
    const state = pairState(keys, spec, venue);
    pairs.set(state.symbol, state);
  }
  const instrumentsList = [...pairs.values()].map((p) => p.instrument);
  const closedCandles = new Map<string, ProviderKline>();
  const formingCandles = new Map<string, CandleProgress>();
  const streams = new Set<() => void>();

  function lookup(symbol: string): PairState {
    const state = pairs.get(normaliseSymbol(symbol));
    if (!state)
      throw new ProviderError(id, 'unknown_symbol', msg('marketData.venue.unknownPair', { symbol }));
    return state;
  }

  function candle(
    pair: PairState,
    interval: KlineInterval,
    openMs: number,
    nowSec: number,
    cursor: PathCursor,
  ) {
    const openSec = openMs / 1000;
    const nextSec = nextOpen(interval, openMs) / 1000;
    const endSec = Math.min(nextSec, nowSec + 1);
    const key = `${pair.symbol}|${interval}|${openSec}`;
    if (endSec === nextSec) {
      const cached = closedCandles.get(key);
      if (cached) {
        closedCandles.delete(key);
        closedCandles.set(key, cached);
        return { ...cached };
      }
      // A candle that was forming until now has done most of its work already.
      const progress = formingCandles.get(key) ?? startCandle(openSec, nextSec - openSec, cursor);
      formingCandles.delete(key);
      extendCandle(progress, nextSec - 1, cursor);
      const kline = finishCandle(pair, progress, nextSec, cursor);
      closedCandles.set(key, kline);
      if (closedCandles.size > CLOSED_CANDLE_CACHE) closedCandles.delete(closedCandles.keys().next().value!);
      return { ...kline };
    }
    let progress = formingCandles.get(key);
    // A clock moved backwards (tests do) must not see samples from its future.
    if (!progress || progress.next - progress.step > nowSec) {
      progress = startCandle(openSec, nextSec - openSec, cursor);
      formingCandles.set(key, progress);
      if (formingCandles.size > FORMING_CANDLE_CACHE)
        formingCandles.delete(formingCandles.keys().next().value!);
    }
    extendCandle(progress, nowSec, cursor);
    return finishCandle(pair, progress, endSec, cursor);
  }

  /** The venue's log deviation from the path at second `sec` (0 without a venue). */
  function venueNoise(pair: PairState, sec: number): number {
    return venue === undefined ? 0 : Math.log1p(VENUE_NOISE * pair.words.unit(NOISE_SLOT, sec));
  }

  function ticker(pair: PairState, nowMs: number): ProviderTicker {
    const sec = Math.floor(nowMs / 1000);
    const cursor = pair.cursor;
    const { values, thetas } = dayWindow(pair, sec);
    // Open and last are what this venue quoted then and now.
    const open = pair.dayAgoCursor.at(sec - DAY) + venueNoise(pair, sec - DAY);
    const startTheta = pair.dayAgoCursor.thetaAt(sec - DAY + 1);
    const last = cursor.at(sec) + venueNoise(pair, sec);
    const endTheta = cursor.thetaAt(sec + 1);
    let high = Math.max(last, open);
    let low = Math.min(last, open);
    let weighted = 0;
    let weight = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (value > high) high = value;
      if (value < low) low = value;
      if (i + 1 < values.length) {
        const w = Math.max(0, thetas[i + 1]! - thetas[i]!);
        weighted += w * value;
        weight += w;
      }
    }
    const path = pair.path;
    const volume = (endTheta - startTheta) * pair.volumeRate;
    const average = weight > 0 ? clamp(weighted / weight, low, high) : last;
    const lastTicks = toTicks(pair, path.price(last));
    const [bidTicks, askTicks] = bestQuotes(pair, sec, lastTicks);
    return {
      symbol: pair.symbol,
      last: formatTicks(pair, lastTicks),
      open24h: formatPrice(pair, path.price(open)),
      high24h: formatPrice(pair, path.price(high)),
      low24h: formatPrice(pair, path.price(low)),
      volume24h: volume.toFixed(pair.volumeDecimals),
      quoteVolume24h: (volume * path.price(average)).toFixed(2),
      bid: formatTicks(pair, bidTicks),
      ask: formatTicks(pair, askTicks),
      timestamp: nowMs,
    };
  }

  function orderBook(pair: PairState, depth: number, nowMs: number): ProviderOrderBook {
    const sec = Math.floor(nowMs / 1000);
    const lastPrice = pair.path.price(pair.cursor.at(sec) + venueNoise(pair, sec));
    const lastTicks = toTicks(pair, lastPrice);
    const [bestBid, bestAsk] = bestQuotes(pair, sec, lastTicks);
    const spacing = Math.max(1, Math.round(lastPrice * LEVEL_SPACING * pair.tickScale));
    const levels = Number.isFinite(depth) ? Math.min(MAX_DEPTH, Math.max(1, Math.floor(depth))) : 20;
    const amountScale = 10 ** pair.spec.amountPrecision;
    const minAmount = pair.spec.minAmount;
    const typicalNotional = pair.spec.dailyQuoteVolume * LEVEL_NOTIONAL;
    const side = (sideIndex: 0 | 1, best: number, direction: -1 | 1): [string, string][] => {
      const out: [string, string][] = [];
      let ticks = best;
      for (let i = 0; i < levels && ticks > 0; i++) {
        const slot = LEVEL_SLOT + sideIndex * MAX_DEPTH + i;
        const h = pair.words.word(slot, sec * LEVEL_WORDS);
        const levelPrice = ticks / pair.tickScale;
        // Sizes: lognormal-ish around the typical notional, a little deeper away from the touch.
        const spread =
          pair.words.unit(slot, sec * LEVEL_WORDS) + pair.words.unit(slot, sec * LEVEL_WORDS + 1);
        const factor = Math.exp(0.9 * spread) * (1 + 0.08 * i);
        const units = Math.floor(((typicalNotional * factor) / levelPrice) * amountScale);
        const size = units >= 1 ? (units / amountScale).toFixed(pair.spec.amountPrecision) : minAmount;
        out.push([formatTicks(pair, ticks), size]);
        ticks += direction * spacing * (1 + (h % 3));
      }
      return out;
    };
    return {
      symbol: pair.symbol,
      bids: side(0, bestBid, -1),
      asks: side(1, bestAsk, 1),
      timestamp: nowMs,
    };
  }

  function fundingRate(pair: PairState, nowMs: number): string {
    const sec = Math.floor(nowMs / 1000);
    const cursor = pair.path.cursor();
    const drift = cursor.at(sec) - cursor.at(sec - FUNDING_DRIFT_SECONDS);
    const premium = SIM_FUNDING_PREMIUM_MAX * Math.tanh(drift / FUNDING_DRIFT_SCALE);
    const noise =
      venue === undefined
        ? 0
        : SIM_FUNDING_VENUE_NOISE * pair.words.unit(FUNDING_SLOT, Math.floor(sec / FUNDING_NOISE_SECONDS));
    const rate = SIM_FUNDING_BASE_RATE + premium + noise;
    const text = rate.toFixed(FUNDING_DECIMALS);
    return Number(text) === 0 ? (0).toFixed(FUNDING_DECIMALS) : text;
  }

  const provider: SimProvider = {
    id,
    supportsHistory: true,
    instrumentsList,

    async instruments() {
      return instrumentsList.map((i) => ({ ...i }));
    },

    async tickers(symbols) {
      const nowMs = now();
      const out: ProviderTicker[] = [];
      for (const symbol of symbols) {
        const pair = pairs.get(normaliseSymbol(symbol));
        if (pair) out.push(ticker(pair, nowMs));
      }
      return out;
    },

    async klines(symbol, interval, { limit, endTime }) {
      const pair = lookup(symbol);
      const nowMs = now();
      const nowSec = Math.floor(nowMs / 1000);
      const end = Math.min(endTime ?? nowMs, nowMs);
      const count = Number.isFinite(limit) ? Math.min(MAX_KLINES, Math.max(1, Math.floor(limit))) : 1;
      const cursor = pair.path.cursor();
      return lastOpens(interval, end, count).map((open) => candle(pair, interval, open, nowSec, cursor));
    },

    async orderBook(symbol, depth) {
      return orderBook(lookup(symbol), depth, now());
    },

    async trades(symbol, limit) {
      return recentTrades(lookup(symbol), limit, now());
    },

    async serverTime() {
      return now();
    },

    stream(symbols, onTickers, onError) {
      const stop = pollingStream(provider, pollMs, symbols, onTickers, onError);
      const end = () => {
        stop();
        streams.delete(end);
      };
      streams.add(end);
      return end;
    },

    fundingRate(symbol) {
      const pair = pairs.get(normaliseSymbol(symbol));
      return pair ? fundingRate(pair, now()) : null;
    },

    async close() {
      for (const end of [...streams]) end();
      closedCandles.clear();
      formingCandles.clear();
    },
  };
  return provider;
}

function pairState(keys: SimKeys, spec: SimPair, venue: string | undefined): PairState {
  const symbol = `${spec.base}${SIM_QUOTE}`;
  const path = new PricePath(keys, symbol, {
    basePrice: spec.basePrice,
    dailyVol: spec.dailyVol,
    marketCorrelation: spec.marketCorrelation,
  });
  // Sub-keys are derived on first use: a pair's book levels and trade ranks are a hundred and forty.
  const label = (slot: number) => {
    if (slot === QUOTES_SLOT) return `pair:${symbol}:quotes`;
    if (slot === TRADE_COUNT_SLOT) return `pair:${symbol}:trade-count`;
    if (slot === NOISE_SLOT) return `venue:${venue ?? ''}:${symbol}:noise`;
    if (slot === FUNDING_SLOT) return `venue:${venue ?? ''}:${symbol}:funding`;
    if (slot < LEVEL_SLOT) return `pair:${symbol}:trade:${slot - TRADE_SLOT}`;
    const level = slot - LEVEL_SLOT;
    return `pair:${symbol}:book:${level < MAX_DEPTH ? 'bid' : 'ask'}:${level % MAX_DEPTH}`;
  };
  return {
    spec,
    symbol,
    instrument: {
      symbol,
      base: spec.base,
      quote: SIM_QUOTE,
      pricePrecision: spec.pricePrecision,
      amountPrecision: spec.amountPrecision,
      minAmount: spec.minAmount,
      active: true,
      logoUrl: null,
    },
    path,
    cursor: path.cursor(),
    dayAgoCursor: path.cursor(),
    windowCursor: path.cursor(),
    tickScale: 10 ** spec.pricePrecision,
    volumeRate: spec.dailyQuoteVolume / spec.basePrice / DAY,
    volumeDecimals: Math.max(spec.amountPrecision, 2),
    // Busier pairs trade more often, not proportionally: a major's tape shows a few trades a second.
    tradeRate: clamp(2 * Math.sqrt(spec.dailyQuoteVolume / 1e8), 0.3, 6),
    words: new KeyedWords(PAIR_SLOTS, (slot) => keys.prepare(label(slot))),
    window: null,
  };
}

// ---- candles ----

function coarseResolution(step: number): number {
  return step >= COARSE_FROM_STEP ? Math.floor(Math.log2(step)) - 1 : 0;
}

function startCandle(openSec: number, lengthSec: number, cursor: PathCursor): CandleProgress {
  const step = lengthSec <= EXACT_UP_TO ? 1 : Math.max(1, Math.floor(lengthSec / SAMPLES_PER_CANDLE));
  const open = cursor.at(openSec);
  return {
    openSec,
    step,
    resolution: coarseResolution(step),
    next: openSec + step,
    open,
    openTheta: cursor.theta,
    high: open,
    low: open,
    lastTheta: cursor.theta,
    last: open,
    weighted: 0,
    weight: 0,
  };
}

/** Folds in the samples up to second `until` (inclusive). */
function extendCandle(progress: CandleProgress, until: number, cursor: PathCursor) {
  const { step, resolution } = progress;
  let { next, high, low, lastTheta, last, weighted, weight } = progress;
  while (next <= until) {
    const value = cursor.at(next, resolution);
    const theta = cursor.theta;
    const w = Math.max(0, theta - lastTheta);
    weighted += w * last;
    weight += w;
    if (value > high) high = value;
    if (value < low) low = value;
    lastTheta = theta;
    last = value;
    next += step;
  }
  Object.assign(progress, { next, high, low, lastTheta, last, weighted, weight });
}

/** The candle from its open to second `endSec` (exclusive): the close is p(endSec − 1). */
function finishCandle(
  pair: PairState,
  progress: CandleProgress,
  endSec: number,
  cursor: PathCursor,
): ProviderKline {
  const close = cursor.at(endSec - 1);
  const endTheta = cursor.thetaAt(endSec);
  const w = Math.max(0, endTheta - progress.lastTheta);
  const weight = progress.weight + w;
  const high = Math.max(progress.high, close);
  const low = Math.min(progress.low, close);
  const average = weight > 0 ? clamp((progress.weighted + w * progress.last) / weight, low, high) : close;
  const volume = (endTheta - progress.openTheta) * pair.volumeRate;
  const path = pair.path;
  return {
    openTime: progress.openSec * 1000,
    open: formatPrice(pair, path.price(progress.open)),
    high: formatPrice(pair, path.price(high)),
    low: formatPrice(pair, path.price(low)),
    close: formatPrice(pair, path.price(close)),
    volume: volume.toFixed(pair.volumeDecimals),
    quoteVolume: (volume * path.price(average)).toFixed(2),
  };
}

function clamp(value: number, low: number, high: number) {
  return Math.min(high, Math.max(low, value));
}

// ---- 24 hours ----

/** The WINDOW_STEP samples within (sec − 24 h, sec], kept and slid along between calls. */
function dayWindow(pair: PairState, sec: number): DayWindow {
  const first = Math.ceil((sec - DAY + 1) / WINDOW_STEP);
  const last = Math.floor(sec / WINDOW_STEP);
  let window = pair.window;
  if (!window || window.first > first || window.first + window.values.length < first) {
    window = { first, values: [], thetas: [] };
    pair.window = window;
  }
  if (window.first < first) {
    const drop = first - window.first;
    window.values.splice(0, drop);
    window.thetas.splice(0, drop);
    window.first = first;
  }
  const cursor = pair.windowCursor;
  for (let g = window.first + window.values.length; g <= last; g++) {
    window.values.push(cursor.at(g * WINDOW_STEP, WINDOW_RESOLUTION));
    window.thetas.push(cursor.theta);
  }
  if (window.values.length > last - first + 1) {
    window.values.length = last - first + 1;
    window.thetas.length = last - first + 1;
  }
  return window;
}

// ---- trades ----

/**
 * The latest trades up to `nowMs`, newest first. Each second's trades are a pure function of the
 * secret, the pair and that second: their count follows the second's trading time (busy seconds
 * trade more); their amounts share out the volume traded since the previous second with trades
 * (at most MAX_CARRY_SECONDS back), so a candle's trades add up to about its volume; buys print at
 * the ask and sells at the bid of that second, and its last trade prints at its last price, on the
 * side the price moved. Ids are second·100 + rank: a trade keeps its id, and ids grow with time.
 */
function recentTrades(pair: PairState, limit: number, nowMs: number): ProviderTrade[] {
  const count = Number.isFinite(limit) ? Math.min(MAX_TRADES, Math.max(1, Math.floor(limit))) : 1;
  const nowSec = Math.floor(nowMs / 1000);
  const cursor = pair.path.cursor();
  const out: ProviderTrade[] = [];
  // A second with trades waits for the walk back to find where its volume starts.
  let waiting: { sec: number; n: number; end: number } | null = null;
  let end = cursor.thetaAt(nowSec + 1);
  const oldest = nowSec - TRADE_LOOKBACK_SECONDS;
  for (let sec = nowSec; sec > oldest - MAX_CARRY_SECONDS; sec--) {
    const start = cursor.thetaAt(sec);
    const n = sec > oldest ? tradeCount(pair, sec, end - start) : 0;
    if (waiting && (n > 0 || waiting.sec - sec >= MAX_CARRY_SECONDS)) {
      const trades = tradesOfSecond(pair, waiting.sec, waiting.n, waiting.end - end, cursor);
      for (let i = trades.length - 1; i >= 0 && out.length < count; i--) {
        if (trades[i]!.timestamp <= nowMs) out.push(trades[i]!);
      }
      waiting = null;
    }
    if (out.length >= count) break;
    if (n > 0) waiting = { sec, n, end };
    else if (!waiting && sec <= oldest) break;
    end = start;
  }
  return out;
}

function tradeCount(pair: PairState, sec: number, activity: number): number {
  const dither = pair.words.word(TRADE_COUNT_SLOT, sec) / 4294967296;
  return Math.min(MAX_TRADES_PER_SECOND, Math.floor(pair.tradeRate * Math.max(0, activity) + dither));
}

/** The `n` trades of second `sec`, oldest first, sharing `tradingTime` seconds' worth of volume. */
function tradesOfSecond(
  pair: PairState,
  sec: number,
  n: number,
  tradingTime: number,
  cursor: PathCursor,
): ProviderTrade[] {
  const path = pair.path;
  const lastTicks = toTicks(pair, path.price(cursor.at(sec)));
  const previousTicks = toTicks(pair, path.price(cursor.at(sec - 1)));
  const [bid, ask] = bestQuotes(pair, sec, lastTicks);
  const move = Math.sign(lastTicks - previousTicks);
  const drafts: { offset: number; weight: number; buy: boolean }[] = [];
  let totalWeight = 0;
  const words = pair.words;
  for (let j = 0; j < n; j++) {
    const slot = TRADE_SLOT + j;
    const first = sec * TRADE_WORDS;
    const weight = Math.exp(1.1 * (words.unit(slot, first + 1) + words.unit(slot, first + 2)));
    // The side leans with the second's move: more buys while the price rises.
    const buy = words.unit(slot, first + 3) < 0.3 * move;
    drafts.push({ offset: words.word(slot, first) % 1000, weight, buy });
    totalWeight += weight;
  }
  drafts.sort((a, b) => a.offset - b.offset);
  const volume = Math.max(0, tradingTime) * pair.volumeRate;
  const amountScale = 10 ** pair.spec.amountPrecision;
  return drafts.map((draft, rank) => {
    const last = rank === n - 1;
    const buy = last && move !== 0 ? move > 0 : draft.buy;
    const ticks = last ? lastTicks : buy ? ask : Math.max(1, bid);
    const units = Math.floor((volume * draft.weight * amountScale) / totalWeight);
    return {
      id: String(sec * 100 + rank),
      price: formatTicks(pair, ticks),
      amount: units >= 1 ? (units / amountScale).toFixed(pair.spec.amountPrecision) : pair.spec.minAmount,
      side: buy ? 'buy' : 'sell',
      timestamp: sec * 1000 + draft.offset,
    };
  });
}

// ---- quotes and formatting ----

/** Best bid and ask in ticks: one or two ticks either side of the last price, by the second. */
function bestQuotes(pair: PairState, sec: number, lastTicks: number): [number, number] {
  const h = pair.words.word(QUOTES_SLOT, sec);
  const below = (h & 3) === 0 ? 2 : 1;
  const above = ((h >>> 2) & 3) === 0 ? 2 : 1;
  return [lastTicks - below, lastTicks + above];
}

function toTicks(pair: PairState, price: number): number {
  return Math.max(1, Math.round(price * pair.tickScale));
}

function formatTicks(pair: PairState, ticks: number): string {
  return (ticks / pair.tickScale).toFixed(pair.spec.pricePrecision);
}

function formatPrice(pair: PairState, price: number): string {
  return formatTicks(pair, toTicks(pair, price));
}
