/**
 * A local stand-in for the public REST market data of HTX (spot), OKX and Binance (spot), for
 * tests: no network is reachable here, and real exchanges are neither deterministic nor able to
 * fail on demand.
 *
 *   const fake = await startFakeExchange();            // http://127.0.0.1:<port>, all three exchanges
 *   createCcxtProvider({ exchange: 'okx', apiUrl: fake.url, timeoutMs: 300, pollMs: 50 });
 *   fake.requests                                      // every request: { method, path, query, served }
 *   fake.setFault({ path: '/api/v5/market/tickers', kind: 'status', status: 503 });
 *   fake.setFault(null);                               // heal
 *   fake.setPrice('BTCUSDT', '70000');                 // the last price of tickers, books, candles
 *   fake.setPairs([...FAKE_PAIRS, newPair]);           // list or delist pairs between two syncs
 *   await fake.close();
 *
 * One server answers the three exchanges from one market state: their paths do not collide (HTX
 * `/v1/...`, `/market/...`; OKX `/api/v5/...`; Binance `/api/v3/...`). Tests that need venues at
 * different prices start one fake each. Answers are in each exchange's own shape: HTX writes
 * numbers as JSON numbers (small ones in exponent notation, as HTX does), OKX writes strings,
 * Binance writes strings with at least eight decimals ("65000.10000000") and times, ids and counts
 * as JSON numbers.
 *
 * Endpoints. HTX: GET /v1/common/symbols, /v1/common/timestamp, /v2/reference/currencies,
 * /market/tickers, /market/history/candles (symbol, period, size, from, to: seconds),
 * /market/history/kline (symbol, period, size: latest only), /market/depth (symbol, type, depth),
 * /market/detail/merged (symbol), /market/history/trade (symbol, size: matches). OKX: GET
 * /api/v5/public/instruments (instType=SPOT), /api/v5/public/time, /api/v5/market/tickers,
 * /api/v5/market/candles and /api/v5/market/history-candles (instId, bar, limit, after and before:
 * exclusive, ms), /api/v5/market/books (instId, sz), /api/v5/market/trades (instId, limit).
 * Binance: GET /api/v3/ping, /api/v3/time, /api/v3/exchangeInfo (symbol or symbols optional),
 * /api/v3/ticker/24hr (symbol: one object; symbols, a JSON list: those; neither: all),
 * /api/v3/depth (symbol, limit: 100 unless given, at most 5000), /api/v3/klines (symbol, interval,
 * limit: 500 unless given, at most 1000; startTime and endTime inclusive on the open time, ms;
 * timeZone: UTC unless given, as Binance's "8" or "-1:00"), /api/v3/trades (symbol, limit: 500
 * unless given, at most 1000; oldest first). Unknown symbols get each exchange's own error payload
 * (HTX `invalid symbol`; OKX 51001; Binance -1121 with HTTP 400). Anything else is a 404, and
 * `served: false` in the request log.
 *
 * Funding rates of the USDT perpetuals (issue 34), one per live USDT pair, `FAKE_FUNDING_RATE`
 * unless `setFundingRate` says otherwise: OKX GET /api/v5/public/funding-rate (instId
 * `BTC-USDT-SWAP`; unknown: 51001), HTX GET /v5/market/funding_rate (contract_code `BTC-USDT`, the
 * contract API's `{ code: 200, data: [...] }`; unknown: an empty list), Binance GET
 * /fapi/v1/premiumIndex (symbol `BTCUSDT`; unknown: -1121). No swap market lists: the funding
 * provider does not load them (ccxt-funding.ts).
 *
 * Candles are deterministic in (symbol, interval, open time), aligned as intervals.ts aligns them
 * (OKX's `…utc` bars and Binance's without a timeZone on UTC days), and the one still forming
 * closes at the current last price. Trades: a match every FAKE_MATCH_MS of one to three trades
 * (trade id = match·4 + k), deterministic but for the latest match, which prints at the current
 * last price.
 *
 * Faults (`setFault` takes one, a list, or null; the first matching fault applies):
 * - `path`: the exact path (`'/market/tickers'`) or a RegExp tested on it;
 * - `kind`: `status` (HTTP `status`, default 500, with a non-JSON body), `exchange_error` (the
 *   exchange's error payload: HTX `{status:'error','err-code','err-msg'}`, OKX `{code,msg,data:[]}`,
 *   Binance `{code,msg}`, with `code`/`message` and HTTP `status`, default 200, Binance 400),
 *   `delay` (answer normally after `delayMs`), `malformed` (HTTP 200 with broken JSON), `body`
 *   (this exact `body`, HTTP `status`, default 200: for answers that parse but lack fields);
 * - `after`: let that many matching requests succeed first ("fail after N successes");
 * - `times`: fail that many matching requests, then answer normally again (default: all).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { KlineInterval } from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { candleOpen, nextOpen } from '../intervals.ts';

export interface FakePair {
  base: string;
  quote: string;
  /** The reference price the deterministic path swings around, a decimal string. */
  basePrice: string;
  /** Decimals of prices (HTX price-precision; OKX tickSz is 10^-n unless `okxTickSize` says otherwise). */
  priceDecimals: number;
  /** Decimals of amounts (HTX amount-precision, OKX lotSz 10^-n). */
  amountDecimals: number;
  minAmount: string;
  /** False: HTX state `offline`, OKX state `suspend`. */
  live: boolean;
  okxTickSize?: string;
}

export const FAKE_PAIRS: readonly FakePair[] = [
  {
    base: 'BTC',
    quote: 'USDT',
    basePrice: '65000',
    priceDecimals: 2,
    amountDecimals: 6,
    minAmount: '0.0001',
    live: true,
    okxTickSize: '0.1',
  },
  {
    base: 'ETH',
    quote: 'USDT',
    basePrice: '3200',
    priceDecimals: 2,
    amountDecimals: 4,
    minAmount: '0.001',
    live: true,
  },
  {
    base: 'SOL',
    quote: 'USDT',
    basePrice: '150',
    priceDecimals: 3,
    amountDecimals: 2,
    minAmount: '0.01',
    live: true,
  },
  {
    base: 'XRP',
    quote: 'USDT',
    basePrice: '0.52',
    priceDecimals: 5,
    amountDecimals: 2,
    minAmount: '1',
    live: true,
    okxTickSize: '0.00005',
  },
  {
    base: 'DOGE',
    quote: 'USDT',
    basePrice: '0.15',
    priceDecimals: 6,
    amountDecimals: 0,
    minAmount: '10',
    live: true,
  },
  {
    base: 'PEPE',
    quote: 'USDT',
    basePrice: '0.000000987',
    priceDecimals: 12,
    amountDecimals: 0,
    minAmount: '1000000',
    live: true,
  },
  {
    base: 'LTC',
    quote: 'USDT',
    basePrice: '80',
    priceDecimals: 2,
    amountDecimals: 4,
    minAmount: '0.001',
    live: false,
  },
  {
    base: 'ETH',
    quote: 'BTC',
    basePrice: '0.049',
    priceDecimals: 6,
    amountDecimals: 4,
    minAmount: '0.001',
    live: true,
  },
];

export type FakeFault = {
  path: string | RegExp;
  after?: number;
  times?: number;
} & (
  | { kind: 'status'; status?: number }
  | { kind: 'exchange_error'; code?: string; message?: string; status?: number }
  | { kind: 'delay'; delayMs: number }
  | { kind: 'malformed' }
  | { kind: 'body'; body: string; status?: number }
);

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Whether the path is one of the fake's endpoints (a fault may still have answered it). */
  served: boolean;
}

export interface FakeExchange {
  /** Base URL, to be given as the provider's apiUrl. */
  url: string;
  /** Every request received, in order (tests may clear it with `requests.length = 0`). */
  requests: FakeRequest[];
  setFault(fault: FakeFault | readonly FakeFault[] | null): void;
  /** Sets the last price of a canonical symbol ("BTCUSDT"); tickers, books and the forming candle follow. */
  setPrice(symbol: string, price: string): void;
  setPairs(pairs: readonly FakePair[]): void;
  /** Sets the funding rate of a canonical symbol's perpetual, a decimal string, on all three venues. */
  setFundingRate(symbol: string, rate: string): void;
  close(): Promise<void>;
}

/** Every perpetual's funding rate until `setFundingRate`. */
export const FAKE_FUNDING_RATE = '0.0001';
const FUNDING_INTERVAL_MS = 8 * 3_600_000;

type Exchange = 'htx' | 'okx' | 'binance';
type Json = null | boolean | string | JsonNumeral | Json[] | { [key: string]: Json };

/** A number written into JSON exactly as its decimal text, so no float ever rounds the fake's data. */
class JsonNumeral {
  constructor(readonly text: string) {}
}

function writeJson(value: Json): string {
  if (value instanceof JsonNumeral) return value.text;
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${writeJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A decimal as HTX writes it in JSON, from its exact digits (never through a JavaScript number): plain, or exponent notation below 0.001 (e.g. 5.313E-5). */
function htxNumeral(value: Decimal): JsonNumeral {
  if (!value.isZero() && value.abs().lt('0.001'))
    return new JsonNumeral(value.toExponential().replace('e', 'E'));
  return new JsonNumeral(value.toFixed());
}

/** A decimal as Binance writes it: a string padded to eight decimals ("65000.10000000"), more when it has more. */
function binanceDecimal(value: Decimal): string {
  return value.toFixed(Math.max(8, value.decimalPlaces()));
}

/** An integer as a JSON number (times, ids, counts). */
function int(value: number): JsonNumeral {
  return new JsonNumeral(String(value));
}

const HOUR_MS = 3_600_000;
const BEIJING_OFFSET_MS = 8 * HOUR_MS;
export const FAKE_MATCH_MS = 1700;

const HTX_PERIODS: Record<string, KlineInterval> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1h',
  '4hour': '4h',
  '1day': '1d',
  '1week': '1w',
  '1mon': '1M',
};
/**
 * OKX bars; the `utc` ones open on UTC days, the others on Hong Kong (Beijing) days like
 * intervals.ts. `offsetMs`: the UTC offset of the days the bar's days, weeks and months start on.
 */
const OKX_BARS: Record<string, { interval: KlineInterval; offsetMs: number }> = {
  '1m': { interval: '1m', offsetMs: BEIJING_OFFSET_MS },
  '5m': { interval: '5m', offsetMs: BEIJING_OFFSET_MS },
  '15m': { interval: '15m', offsetMs: BEIJING_OFFSET_MS },
  '30m': { interval: '30m', offsetMs: BEIJING_OFFSET_MS },
  '1H': { interval: '1h', offsetMs: BEIJING_OFFSET_MS },
  '4H': { interval: '4h', offsetMs: BEIJING_OFFSET_MS },
  '1D': { interval: '1d', offsetMs: BEIJING_OFFSET_MS },
  '1W': { interval: '1w', offsetMs: BEIJING_OFFSET_MS },
  '1M': { interval: '1M', offsetMs: BEIJING_OFFSET_MS },
  '1Dutc': { interval: '1d', offsetMs: 0 },
  '1Wutc': { interval: '1w', offsetMs: 0 },
  '1Mutc': { interval: '1M', offsetMs: 0 },
};
/** Binance's intervals that the platform has (Binance's own names are the platform's). */
const BINANCE_INTERVALS: readonly KlineInterval[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'];

export interface FakeTrade {
  id: number;
  ts: number;
  price: Decimal;
  amount: Decimal;
  side: 'buy' | 'sell';
}

interface Candle {
  openTime: number;
  /** The next candle's open time (exclusive). */
  closeTime: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
  quoteVolume: Decimal;
}

/** A stable pseudo-random number in [0, 1) from a string (FNV-1a). */
function unit(key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 4294967296;
}

class Market {
  private lastOverride: Decimal | null = null;
  fundingRate = new Decimal(FAKE_FUNDING_RATE);
  constructor(readonly pair: FakePair) {}

  /** Whether it has a USDT perpetual (funding rates). */
  get perpetual() {
    return this.pair.live && this.pair.quote === 'USDT';
  }

  /** Canonical, and Binance's id. */
  get symbol() {
    return `${this.pair.base}${this.pair.quote}`;
  }
  get htxId() {
    return this.symbol.toLowerCase();
  }
  get okxId() {
    return `${this.pair.base}-${this.pair.quote}`;
  }

  setLast(price: string) {
    this.lastOverride = new Decimal(price);
  }

  /** The deterministic price path: slow and daily swings around the reference price. */
  level(t: number): Decimal {
    const day = 86_400_000;
    const phase = unit(this.symbol) * 2 * Math.PI;
    const swing =
      0.06 * Math.sin((2 * Math.PI * t) / (37 * day) + phase) +
      0.02 * Math.sin((2 * Math.PI * t) / day + 2 * phase) +
      0.004 * Math.sin((2 * Math.PI * t) / (3_600_000 * 1.7) + 3 * phase);
    return this.round(new Decimal(this.pair.basePrice).times(1 + swing));
  }

  last(now: number): Decimal {
    return this.lastOverride ?? this.level(now);
  }

  round(value: Decimal): Decimal {
    return value.toDecimalPlaces(this.pair.priceDecimals, Decimal.ROUND_HALF_UP);
  }
  roundAmount(value: Decimal): Decimal {
    return value.toDecimalPlaces(this.pair.amountDecimals, Decimal.ROUND_DOWN);
  }
  tick(): Decimal {
    return new Decimal(10).pow(-this.pair.priceDecimals);
  }
  lot(): Decimal {
    return new Decimal(10).pow(-this.pair.amountDecimals);
  }

  candle(interval: KlineInterval, offsetMs: number, openTime: number, now: number): Candle {
    const closeTime = alignedNext(interval, offsetMs, openTime);
    const forming = closeTime > now;
    const open = this.level(openTime);
    const close = forming ? this.last(now) : this.level(closeTime);
    const key = `${this.symbol}|${interval}|${openTime}`;
    const high = this.round(Decimal.max(open, close).times(1 + 0.004 * unit(`${key}|h`)));
    const low = this.round(Decimal.min(open, close).times(1 - 0.004 * unit(`${key}|l`)));
    const span = (closeTime - openTime) / 60_000;
    const units = new Decimal(5 + 50 * unit(`${key}|v`)).times(Math.sqrt(span));
    const volume = this.roundAmount(units.times(1000).div(new Decimal(this.pair.basePrice).plus(1)));
    const quoteVolume = volume.times(open.plus(close).div(2)).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
    return {
      openTime,
      closeTime,
      open,
      high: Decimal.max(high, open, close),
      low: Decimal.min(low, open, close),
      close,
      volume,
      quoteVolume,
    };
  }

  /**
   * Up to `count` candles opening in [from, to] (and not after `now`): newest first, the latest
   * ones, as the exchanges answer; with `oldestFirst`, ascending from `from` (Binance's startTime).
   */
  candles(
    interval: KlineInterval,
    offsetMs: number,
    window: { from: number; to: number; count: number; oldestFirst?: boolean },
    now: number,
  ): Candle[] {
    const { from, count } = window;
    const to = Math.min(window.to, now);
    const result: Candle[] = [];
    if (window.oldestFirst) {
      let open = alignedOpen(interval, offsetMs, Math.max(from, 0));
      if (open < from) open = alignedNext(interval, offsetMs, open);
      for (; result.length < count && open <= to; open = alignedNext(interval, offsetMs, open)) {
        result.push(this.candle(interval, offsetMs, open, now));
      }
      return result;
    }
    let open = alignedOpen(interval, offsetMs, to);
    while (result.length < count && open >= from && open >= 0) {
      result.push(this.candle(interval, offsetMs, open, now));
      open = alignedOpen(interval, offsetMs, open - 1);
    }
    return result;
  }

  ticker(now: number) {
    const last = this.last(now);
    const day = this.candles(
      '1h',
      BEIJING_OFFSET_MS,
      { from: now - 86_400_000 + 1, to: now, count: 24 },
      now,
    );
    const open24h = this.level(now - 86_400_000);
    let high = Decimal.max(last, open24h);
    let low = Decimal.min(last, open24h);
    let volume = new Decimal(0);
    let quoteVolume = new Decimal(0);
    for (const c of day) {
      high = Decimal.max(high, c.high);
      low = Decimal.min(low, c.low);
      volume = volume.plus(c.volume);
      quoteVolume = quoteVolume.plus(c.quoteVolume);
    }
    const tick = this.tick();
    return {
      last,
      open24h,
      high,
      low,
      volume,
      quoteVolume,
      bid: last.minus(tick),
      bidSize: this.roundAmount(new Decimal(1.5 + unit(`${this.symbol}|bs`)).times(this.lotScale())),
      ask: last.plus(tick),
      askSize: this.roundAmount(new Decimal(1.5 + unit(`${this.symbol}|as`)).times(this.lotScale())),
      count: day.length * 37,
    };
  }

  /** The latest `count` matches, newest first, each with its trades newest first. */
  matches(now: number, count: number): { id: number; ts: number; trades: FakeTrade[] }[] {
    const result: { id: number; ts: number; trades: FakeTrade[] }[] = [];
    const newest = Math.floor(now / FAKE_MATCH_MS);
    for (let match = newest; match > newest - count && match >= 0; match--) {
      const ts = match * FAKE_MATCH_MS;
      const price = match === newest ? this.last(now) : this.level(ts);
      const trades = Array.from({ length: 1 + (match % 3) }, (_, k): FakeTrade => {
        const id = match * 4 + k;
        const amount = new Decimal(0.5 + 2 * unit(`${this.symbol}|t|${id}`)).times(this.lotScale());
        const side = unit(`${this.symbol}|s|${id}`) < 0.5 ? 'buy' : 'sell';
        return { id, ts, price, amount: this.roundAmount(amount), side };
      });
      result.push({ id: match, ts, trades: trades.reverse() });
    }
    return result;
  }

  /** The latest `count` trades, newest first (as OKX and Binance count them: trades, not matches). */
  trades(now: number, count: number): FakeTrade[] {
    return this.matches(now, count)
      .flatMap((match) => match.trades)
      .slice(0, count);
  }

  /** Lot sizes worth roughly 1000 quote units, at least one lot. */
  private lotScale(): Decimal {
    const lots = new Decimal(1000).div(new Decimal(this.pair.basePrice));
    return Decimal.max(lots, this.lot().times(3));
  }

  book(depth: number, now: number) {
    const last = this.last(now);
    const tick = this.tick();
    const side = (sign: -1 | 1): [Decimal, Decimal][] =>
      Array.from({ length: depth }, (_, i) => {
        const price = last.plus(tick.times(sign * (1 + i * 2)));
        const size = this.roundAmount(
          new Decimal(0.2 + 2 * unit(`${this.symbol}|${sign}|${i}`)).times(this.lotScale()),
        );
        return [price, size];
      });
    return { bids: side(-1).filter(([p]) => p.gt(0)), asks: side(1) };
  }
}

/**
 * Open time of the candle containing `t` whose days, weeks and months start at midnight of UTC +
 * `offsetMs` (intervals.ts's alignment is Beijing's, +8 h); shorter candles align to the epoch
 * shifted by the same offset.
 */
function alignedOpen(interval: KlineInterval, offsetMs: number, t: number): number {
  const shift = BEIJING_OFFSET_MS - offsetMs;
  return candleOpen(interval, t - shift) + shift;
}
function alignedNext(interval: KlineInterval, offsetMs: number, open: number): number {
  const shift = BEIJING_OFFSET_MS - offsetMs;
  return nextOpen(interval, open - shift) + shift;
}
/** Open time of the oldest of the latest `count` candles. */
function oldestOpen(interval: KlineInterval, offsetMs: number, now: number, count: number): number {
  let open = alignedOpen(interval, offsetMs, now);
  for (let i = 1; i < count; i++) open = alignedOpen(interval, offsetMs, open - 1);
  return open;
}

function intParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number.parseInt(value, 10);
}

/** Binance's timeZone parameter ("8", "+8", "-1:00", "05:45", from -12:00 to +14:00) as an offset in ms; null if invalid. */
function binanceTimeZone(value: string | undefined): number | null {
  if (value === undefined || value === '') return 0;
  const match = /^([+-]?)(\d{1,2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  const signed = match[1] === '-' ? -minutes : minutes;
  if (Number(match[3] ?? 0) >= 60 || signed < -12 * 60 || signed > 14 * 60) return null;
  return signed * 60_000;
}

/** Binance's trading rules of a pair, from which ccxt reads its tick and lot sizes. */
function binanceFilters(m: Market): Json[] {
  return [
    {
      filterType: 'PRICE_FILTER',
      minPrice: binanceDecimal(m.tick()),
      maxPrice: binanceDecimal(new Decimal(1000000)),
      tickSize: binanceDecimal(m.tick()),
    },
    {
      filterType: 'LOT_SIZE',
      minQty: binanceDecimal(new Decimal(m.pair.minAmount)),
      maxQty: binanceDecimal(new Decimal(9000000)),
      stepSize: binanceDecimal(m.lot()),
    },
    { filterType: 'ICEBERG_PARTS', limit: int(10) },
    {
      filterType: 'MARKET_LOT_SIZE',
      minQty: binanceDecimal(new Decimal(0)),
      maxQty: binanceDecimal(new Decimal(100000)),
      stepSize: binanceDecimal(new Decimal(0)),
    },
    {
      filterType: 'NOTIONAL',
      minNotional: binanceDecimal(new Decimal(5)),
      applyMinToMarket: true,
      maxNotional: binanceDecimal(new Decimal(9000000)),
      applyMaxToMarket: false,
      avgPriceMins: int(5),
    },
    { filterType: 'MAX_NUM_ORDERS', maxNumOrders: int(200) },
    { filterType: 'MAX_NUM_ALGO_ORDERS', maxNumAlgoOrders: int(5) },
  ];
}

/** An answer of a route: an HTTP status and a JSON body. */
interface Answer {
  status: number;
  body: Json;
}
type Route = (q: Record<string, string>, now: number, path: string) => Answer;

/** What differs between the exchanges besides their endpoints. */
interface Venue {
  routes: Record<string, Route>;
  /** The exchange's error payload. */
  error(code: string, message: string): Json;
  /** What an `exchange_error` fault sends unless it says otherwise. */
  defaultError: { code: string; message: string; status: number };
  /** The answer to a path the exchange does not have. */
  notFound: { body: string; type: string };
  /** A 200 answer cut off in the middle of its JSON. */
  malformed: string;
}

export async function startFakeExchange(opts: { pairs?: readonly FakePair[] } = {}): Promise<FakeExchange> {
  let markets = new Map<string, Market>();
  const setPairs = (pairs: readonly FakePair[]) => {
    const next = new Map<string, Market>();
    for (const pair of pairs) {
      const market = markets.get(`${pair.base}${pair.quote}`);
      next.set(`${pair.base}${pair.quote}`, market && market.pair === pair ? market : new Market(pair));
    }
    markets = next;
  };
  setPairs(opts.pairs ?? FAKE_PAIRS);

  const requests: FakeRequest[] = [];
  let faults: { fault: FakeFault; seen: number; failed: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  /**
   * A route that needs one market: `find` looks it up by the exchange's id in the query, and an
   * id it does not know gets the exchange's `unknown` answer.
   */
  const routeOf =
    (find: (q: Record<string, string>) => Market | undefined, unknown: Answer) =>
    (route: (m: Market, q: Record<string, string>, now: number, path: string) => Answer): Route =>
    (q, now, path) => {
      const m = find(q);
      return m ? route(m, q, now, path) : unknown;
    };
  const all = () => [...markets.values()];

  // ---- HTX ----

  const htxError = (code: string, message: string): Json => ({
    status: 'error',
    'err-code': code,
    'err-msg': message,
    data: null,
  });
  const htxOk = (data: Json, extra: Record<string, Json> = {}): Answer => ({
    status: 200,
    body: { status: 'ok', ...extra, data } as Json,
  });
  /** HTX's answers that carry a channel name and a time besides `tick` or `data`. */
  const htxChannel = (ch: string, now: number, payload: Record<string, Json>): Answer => ({
    status: 200,
    body: { ch, status: 'ok', ts: int(now), ...payload },
  });
  const htxMarket = routeOf((q) => all().find((m) => m.htxId === q.symbol), {
    status: 200,
    body: htxError('invalid-parameter', 'invalid symbol'),
  });
  const htxCandles = htxMarket((m, q, now, path) => {
    const interval = q.period ? HTX_PERIODS[q.period] : undefined;
    if (!interval) return { status: 200, body: htxError('invalid-parameter', 'invalid period') };
    const historical = path === '/market/history/candles';
    const toSeconds = historical ? intParam(q.to) : null;
    const fromSeconds = historical ? intParam(q.from) : null;
    const candles = m.candles(
      interval,
      BEIJING_OFFSET_MS,
      {
        from: fromSeconds === null ? 0 : fromSeconds * 1000,
        to: toSeconds === null ? now : toSeconds * 1000,
        count: Math.min(intParam(q.size) ?? 150, historical ? 1000 : 2000),
      },
      now,
    );
    return htxChannel(`market.${m.htxId}.kline.${q.period}`, now, {
      data: candles.map((c) => ({
        id: int(c.openTime / 1000),
        open: htxNumeral(c.open),
        close: htxNumeral(c.close),
        low: htxNumeral(c.low),
        high: htxNumeral(c.high),
        amount: htxNumeral(c.volume),
        vol: htxNumeral(c.quoteVolume),
        count: int(10 + Math.floor(unit(`${m.symbol}${c.openTime}`) * 500)),
      })),
    });
  });

  const htx: Venue = {
    error: htxError,
    defaultError: {
      code: 'gateway-internal-error',
      message: 'Failed to load data. Try again later.',
      status: 200,
    },
    notFound: { body: '404 page not found', type: 'text/plain' },
    malformed: '{"status":"ok","data":[{"sym',
    routes: {
      '/v1/common/timestamp': (_q, now) => htxOk(int(now)),
      // The USDT-margined contract API (api.hbdm.com), v5 envelope.
      '/v5/market/funding_rate': (q, now) => {
        const m = all().find((x) => x.perpetual && q.contract_code === `${x.pair.base}-USDT`);
        const next = Math.ceil((now + 1) / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
        return {
          status: 200,
          body: {
            code: int(200),
            message: 'Success',
            data: m
              ? [
                  {
                    contract_code: `${m.pair.base}-USDT`,
                    funding_rate: m.fundingRate.toFixed(18),
                    funding_time: String(next),
                    next_funding_time: String(next + FUNDING_INTERVAL_MS),
                    min_funding_rate: '-0.003750000000000000',
                    max_funding_rate: '0.003750000000000000',
                  },
                ]
              : [],
            ts: int(now),
          },
        };
      },
      '/v1/common/symbols': () =>
        htxOk(
          all().map(({ pair, htxId }) => ({
            'base-currency': pair.base.toLowerCase(),
            'quote-currency': pair.quote.toLowerCase(),
            'price-precision': int(pair.priceDecimals),
            'amount-precision': int(pair.amountDecimals),
            'symbol-partition': 'main',
            symbol: htxId,
            state: pair.live ? 'online' : 'offline',
            'value-precision': int(8),
            'min-order-amt': htxNumeral(new Decimal(pair.minAmount)),
            'max-order-amt': int(10000000),
            'min-order-value': int(5),
            'limit-order-min-order-amt': htxNumeral(new Decimal(pair.minAmount)),
            'limit-order-max-order-amt': int(10000000),
            'sell-market-min-order-amt': htxNumeral(new Decimal(pair.minAmount)),
            'sell-market-max-order-amt': int(1000000),
            'buy-market-max-order-value': int(1000000),
            'leverage-ratio': int(5),
            'api-trading': 'enabled',
            tags: '',
          })),
        ),
      '/v2/reference/currencies': () => {
        const codes = new Set(all().flatMap(({ pair }) => [pair.base, pair.quote]));
        return {
          status: 200,
          body: {
            code: int(200),
            data: [...codes].map((code) => ({
              currency: code.toLowerCase(),
              instStatus: 'normal',
              chains: [],
            })),
          },
        };
      },
      '/market/tickers': (_q, now) =>
        htxOk(
          all().map((m) => {
            const t = m.ticker(now);
            return {
              symbol: m.htxId,
              open: htxNumeral(t.open24h),
              high: htxNumeral(t.high),
              low: htxNumeral(t.low),
              close: htxNumeral(t.last),
              amount: htxNumeral(t.volume),
              vol: htxNumeral(t.quoteVolume),
              count: int(t.count),
              bid: htxNumeral(t.bid),
              bidSize: htxNumeral(t.bidSize),
              ask: htxNumeral(t.ask),
              askSize: htxNumeral(t.askSize),
            };
          }),
          { ts: int(now) },
        ),
      '/market/detail/merged': htxMarket((m, _q, now) => {
        const t = m.ticker(now);
        return htxChannel(`market.${m.htxId}.detail.merged`, now, {
          tick: {
            id: int(Math.floor(now / 1000)),
            version: int(Math.floor(now / 1000)),
            open: htxNumeral(t.open24h),
            close: htxNumeral(t.last),
            low: htxNumeral(t.low),
            high: htxNumeral(t.high),
            amount: htxNumeral(t.volume),
            vol: htxNumeral(t.quoteVolume),
            count: int(t.count),
            bid: [htxNumeral(t.bid), htxNumeral(t.bidSize)],
            ask: [htxNumeral(t.ask), htxNumeral(t.askSize)],
          },
        });
      }),
      '/market/history/candles': htxCandles,
      '/market/history/kline': htxCandles,
      '/market/depth': htxMarket((m, q, now) => {
        const depth = intParam(q.depth) ?? 150;
        if (![5, 10, 20, 150].includes(depth)) {
          return { status: 200, body: htxError('invalid-parameter', 'invalid depth') };
        }
        const book = m.book(depth, now);
        const levels = (side: [Decimal, Decimal][]) => side.map(([p, a]) => [htxNumeral(p), htxNumeral(a)]);
        return htxChannel(`market.${m.htxId}.depth.${q.type ?? 'step0'}`, now, {
          tick: {
            bids: levels(book.bids),
            asks: levels(book.asks),
            version: int(Math.floor(now / 1000)),
            ts: int(now - 3),
          },
        });
      }),
      '/market/history/trade': htxMarket((m, q, now) =>
        htxChannel(`market.${m.htxId}.trade.detail`, now, {
          data: m.matches(now, Math.min(intParam(q.size) ?? 1, 2000)).map((match) => ({
            id: int(match.id),
            ts: int(match.ts),
            data: match.trades.map((trade) => ({
              // HTX's own `id` is beyond 2^53 and loses digits in JSON.parse; `trade-id` is the one to use.
              id: new JsonNumeral(`${trade.id}73194594947`),
              'trade-id': int(trade.id),
              ts: int(trade.ts),
              price: htxNumeral(trade.price),
              amount: htxNumeral(trade.amount),
              direction: trade.side,
            })),
          })),
        }),
      ),
    },
  };

  // ---- OKX ----

  const okxError = (code: string, message: string): Json => ({ code, msg: message, data: [] });
  const okxOk = (data: Json[]): Answer => ({ status: 200, body: { code: '0', msg: '', data } });
  const okxMarket = routeOf((q) => all().find((m) => m.okxId === q.instId), {
    status: 200,
    body: okxError('51001', "Instrument ID doesn't exist."),
  });
  const okxCandles = okxMarket((m, q, now, path) => {
    const bar = OKX_BARS[q.bar ?? '1m'];
    if (!bar) return { status: 200, body: okxError('51000', 'Parameter bar error') };
    const after = intParam(q.after);
    const before = intParam(q.before);
    let candles = m.candles(
      bar.interval,
      bar.offsetMs,
      {
        from: before === null ? 0 : before + 1,
        to: after === null ? now : after - 1,
        count: Math.min(intParam(q.limit) ?? 100, 300),
      },
      now,
    );
    if (path === '/api/v5/market/candles') {
      // The recent endpoint serves only the latest 1440 candles.
      const oldest = oldestOpen(bar.interval, bar.offsetMs, now, 1440);
      candles = candles.filter((c) => c.openTime >= oldest);
    }
    return okxOk(
      candles.map((c) => [
        String(c.openTime),
        c.open.toFixed(),
        c.high.toFixed(),
        c.low.toFixed(),
        c.close.toFixed(),
        c.volume.toFixed(),
        c.quoteVolume.toFixed(),
        c.quoteVolume.toFixed(),
        c.closeTime <= now ? '1' : '0',
      ]),
    );
  });

  const okx: Venue = {
    error: okxError,
    defaultError: { code: '50026', message: 'System error. Try again later', status: 200 },
    notFound: { body: writeJson(okxError('50000', 'Not Found')), type: 'application/json' },
    malformed: '{"code":"0","msg":"","data":[{"instId":',
    routes: {
      '/api/v5/public/time': (_q, now) => okxOk([{ ts: String(now) }]),
      '/api/v5/public/funding-rate': (q, now) => {
        const m = all().find((x) => x.perpetual && q.instId === `${x.pair.base}-USDT-SWAP`);
        if (!m) return { status: 200, body: okxError('51001', "Instrument ID doesn't exist.") };
        const next = Math.ceil((now + 1) / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
        return okxOk([
          {
            fundingRate: m.fundingRate.toFixed(),
            fundingTime: String(next),
            instId: `${m.pair.base}-USDT-SWAP`,
            instType: 'SWAP',
            maxFundingRate: '0.00375',
            method: 'current_period',
            minFundingRate: '-0.00375',
            nextFundingRate: '',
            nextFundingTime: String(next + FUNDING_INTERVAL_MS),
            premium: '0.0000302',
            settFundingRate: m.fundingRate.toFixed(),
            settState: 'settled',
            ts: String(now),
          },
        ]);
      },
      '/api/v5/public/instruments': (q) =>
        okxOk(
          q.instType !== 'SPOT'
            ? []
            : all().map(({ pair, okxId }) => ({
                alias: '',
                auctionEndTime: '',
                baseCcy: pair.base,
                category: '1',
                ctMult: '',
                ctType: '',
                ctVal: '',
                ctValCcy: '',
                expTime: '',
                instFamily: '',
                instId: okxId,
                instType: 'SPOT',
                lever: '10',
                listTime: '1606468572000',
                lotSz: new Decimal(10).pow(-pair.amountDecimals).toFixed(),
                maxIcebergSz: '9999999999',
                maxLmtAmt: '20000000',
                maxLmtSz: '9999999999',
                maxMktAmt: '1000000',
                maxMktSz: '1000000',
                maxStopSz: '1000000',
                maxTriggerSz: '9999999999',
                maxTwapSz: '9999999999',
                minSz: pair.minAmount,
                optType: '',
                quoteCcy: pair.quote,
                settleCcy: '',
                state: pair.live ? 'live' : 'suspend',
                stk: '',
                tickSz: pair.okxTickSize ?? new Decimal(10).pow(-pair.priceDecimals).toFixed(),
                uly: '',
              })),
        ),
      '/api/v5/market/tickers': (q, now) =>
        okxOk(
          q.instType !== 'SPOT'
            ? []
            : all().map((m) => {
                const t = m.ticker(now);
                return {
                  instType: 'SPOT',
                  instId: m.okxId,
                  last: t.last.toFixed(),
                  lastSz: '0.01',
                  askPx: t.ask.toFixed(),
                  askSz: t.askSize.toFixed(),
                  bidPx: t.bid.toFixed(),
                  bidSz: t.bidSize.toFixed(),
                  open24h: t.open24h.toFixed(),
                  high24h: t.high.toFixed(),
                  low24h: t.low.toFixed(),
                  volCcy24h: t.quoteVolume.toFixed(),
                  vol24h: t.volume.toFixed(),
                  ts: String(now),
                  sodUtc0: m.level(candleOpen('1d', now) + BEIJING_OFFSET_MS).toFixed(),
                  sodUtc8: m.level(candleOpen('1d', now)).toFixed(),
                };
              }),
        ),
      '/api/v5/market/candles': okxCandles,
      '/api/v5/market/history-candles': okxCandles,
      '/api/v5/market/books': okxMarket((m, q, now) => {
        const book = m.book(Math.min(intParam(q.sz) ?? 1, 400), now);
        const levels = (side: [Decimal, Decimal][]) =>
          side.map(([p, a], i) => [p.toFixed(), a.toFixed(), '0', String(1 + (i % 7))]);
        return okxOk([{ asks: levels(book.asks), bids: levels(book.bids), ts: String(now - 2) }]);
      }),
      '/api/v5/market/trades': okxMarket((m, q, now) =>
        okxOk(
          m.trades(now, Math.min(intParam(q.limit) ?? 100, 500)).map((trade) => ({
            instId: m.okxId,
            side: trade.side,
            sz: trade.amount.toFixed(),
            px: trade.price.toFixed(),
            source: '0',
            tradeId: String(trade.id),
            ts: String(trade.ts),
          })),
        ),
      ),
    },
  };

  // ---- Binance (spot) ----

  const binanceError = (code: string, message: string): Json => ({
    code: /^-?\d+$/.test(code) ? new JsonNumeral(code) : code,
    msg: message,
  });
  /** Binance answers a refused request with HTTP 400 and its error payload. */
  const binanceRefusal = (code: string, message: string): Answer => ({
    status: 400,
    body: binanceError(code, message),
  });
  const binanceUnknownSymbol = binanceRefusal('-1121', 'Invalid symbol.');
  const binanceMissing = (name: string) =>
    binanceRefusal('-1102', `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
  const binanceMarket = (q: Record<string, string>) => all().find((m) => m.symbol === q.symbol);
  const binanceRoute = routeOf(binanceMarket, binanceUnknownSymbol);
  /** The route of an endpoint that needs `symbol` (Binance tells a missing one from an unknown one). */
  const binanceSymbolRoute = (route: Parameters<typeof binanceRoute>[0]): Route => {
    const known = binanceRoute(route);
    return (q, now, path) => (q.symbol ? known(q, now, path) : binanceMissing('symbol'));
  };
  /** The markets an optional `symbol` or `symbols` (a JSON list) names, or all; Binance refuses any unknown one. */
  const binanceSelection = (q: Record<string, string>): { one: boolean; list: Market[] } | Answer => {
    if (q.symbol !== undefined && q.symbols !== undefined) {
      return binanceRefusal('-1101', 'Combination of optional parameters invalid.');
    }
    if (q.symbol !== undefined) {
      const m = binanceMarket(q);
      return m ? { one: true, list: [m] } : binanceUnknownSymbol;
    }
    if (q.symbols === undefined) return { one: false, list: all() };
    let ids: unknown;
    try {
      ids = JSON.parse(q.symbols);
    } catch {
      ids = null;
    }
    if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
      return binanceRefusal(
        '-1100',
        'Illegal characters found in parameter \'symbols\'; legal range is \'^\\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,}){0,1}\\]$\'.',
      );
    }
    const list = ids.map((id) => markets.get(id));
    return list.every((m) => m !== undefined) ? { one: false, list: list as Market[] } : binanceUnknownSymbol;
  };
  const binanceOk = (body: Json): Answer => ({ status: 200, body });
  /** A count or limit parameter: `fallback` when absent, at most `max`. */
  const binanceLimit = (value: string | undefined, fallback: number, max: number) =>
    Math.max(1, Math.min(intParam(value) ?? fallback, max));

  const binance: Venue = {
    error: binanceError,
    defaultError: {
      code: '-1001',
      message: 'Internal error; unable to process your request. Please try again.',
      status: 400,
    },
    notFound: { body: '<html><body><h2>404 Not found</h2></body></html>', type: 'text/html' },
    malformed: '[{"symbol":"BTCUSDT","priceChange":',
    routes: {
      '/api/v3/ping': () => binanceOk({}),
      // USDⓈ-M futures (fapi.binance.com): the one fapi endpoint the platform calls.
      '/fapi/v1/premiumIndex': (q, now) => {
        const m = all().find((x) => x.perpetual && x.symbol === q.symbol);
        if (!m) return binanceUnknownSymbol;
        const last = m.last(now);
        return binanceOk({
          symbol: m.symbol,
          markPrice: binanceDecimal(last),
          indexPrice: binanceDecimal(last),
          estimatedSettlePrice: binanceDecimal(last),
          lastFundingRate: binanceDecimal(m.fundingRate),
          interestRate: '0.00010000',
          nextFundingTime: int(Math.ceil((now + 1) / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS),
          time: int(now),
        });
      },
      '/api/v3/time': (_q, now) => binanceOk({ serverTime: int(now) }),
      '/api/v3/exchangeInfo': (q, now) => {
        const selection = binanceSelection(q);
        if ('status' in selection) return selection;
        return binanceOk({
          timezone: 'UTC',
          serverTime: int(now),
          rateLimits: [
            { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: int(1), limit: int(6000) },
            { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: int(10), limit: int(100) },
            { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: int(1), limit: int(200000) },
            { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: int(5), limit: int(61000) },
          ],
          exchangeFilters: [],
          symbols: selection.list.map((m) => ({
            symbol: m.symbol,
            status: m.pair.live ? 'TRADING' : 'BREAK',
            baseAsset: m.pair.base,
            baseAssetPrecision: int(8),
            quoteAsset: m.pair.quote,
            quotePrecision: int(8),
            quoteAssetPrecision: int(8),
            baseCommissionPrecision: int(8),
            quoteCommissionPrecision: int(8),
            orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
            icebergAllowed: true,
            ocoAllowed: true,
            otoAllowed: true,
            quoteOrderQtyMarketAllowed: true,
            allowTrailingStop: true,
            cancelReplaceAllowed: true,
            amendAllowed: true,
            isSpotTradingAllowed: true,
            isMarginTradingAllowed: false,
            filters: binanceFilters(m),
            permissions: [],
            permissionSets: [['SPOT']],
            defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
            allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
          })),
        });
      },
      '/api/v3/ticker/24hr': (q, now) => {
        const selection = binanceSelection(q);
        if ('status' in selection) return selection;
        const tickers = selection.list.map((m): Json => {
          const t = m.ticker(now);
          const change = t.last.minus(t.open24h);
          // Trade ids of the last 24 hours, as the fake's matches number them.
          const lastMatch = Math.floor(now / FAKE_MATCH_MS);
          const lastId = lastMatch * 4 + (lastMatch % 3);
          const firstId = Math.floor((now - 86_400_000) / FAKE_MATCH_MS) * 4;
          return {
            symbol: m.symbol,
            priceChange: binanceDecimal(change),
            priceChangePercent: change.div(t.open24h).times(100).toFixed(3),
            weightedAvgPrice: binanceDecimal(
              t.volume.isZero() ? t.last : m.round(t.quoteVolume.div(t.volume)),
            ),
            prevClosePrice: binanceDecimal(t.open24h),
            lastPrice: binanceDecimal(t.last),
            lastQty: binanceDecimal(m.lot().times(3)),
            bidPrice: binanceDecimal(t.bid),
            bidQty: binanceDecimal(t.bidSize),
            askPrice: binanceDecimal(t.ask),
            askQty: binanceDecimal(t.askSize),
            openPrice: binanceDecimal(t.open24h),
            highPrice: binanceDecimal(t.high),
            lowPrice: binanceDecimal(t.low),
            volume: binanceDecimal(t.volume),
            quoteVolume: binanceDecimal(t.quoteVolume),
            openTime: int(now - 86_400_000),
            closeTime: int(now),
            firstId: int(firstId),
            lastId: int(lastId),
            count: int(lastId - firstId + 1),
          };
        });
        return binanceOk(selection.one ? tickers[0]! : tickers);
      },
      '/api/v3/depth': binanceSymbolRoute((m, q, now) => {
        const book = m.book(binanceLimit(q.limit, 100, 5000), now);
        const levels = (side: [Decimal, Decimal][]) =>
          side.map(([p, a]) => [binanceDecimal(p), binanceDecimal(a)]);
        return binanceOk({
          lastUpdateId: int(Math.floor(now / 100)),
          bids: levels(book.bids),
          asks: levels(book.asks),
        });
      }),
      '/api/v3/klines': binanceSymbolRoute((m, q, now) => {
        if (!q.interval) return binanceMissing('interval');
        const interval = BINANCE_INTERVALS.find((i) => i === q.interval);
        if (!interval) return binanceRefusal('-1120', 'Invalid interval.');
        const offsetMs = binanceTimeZone(q.timeZone);
        if (offsetMs === null)
          return binanceRefusal('-1100', "Illegal characters found in parameter 'timeZone'.");
        const start = intParam(q.startTime);
        const end = intParam(q.endTime);
        const count = binanceLimit(q.limit, 500, 1000);
        // With a start, the first candles from it; without, the latest up to the end.
        const candles =
          start === null
            ? m.candles(interval, offsetMs, { from: 0, to: end ?? now, count }, now).reverse()
            : m.candles(interval, offsetMs, { from: start, to: end ?? now, count, oldestFirst: true }, now);
        return binanceOk(
          candles.map((c) => {
            const takerBase = m.roundAmount(c.volume.times(unit(`${m.symbol}|${interval}|${c.openTime}|tb`)));
            return [
              int(c.openTime),
              binanceDecimal(c.open),
              binanceDecimal(c.high),
              binanceDecimal(c.low),
              binanceDecimal(c.close),
              binanceDecimal(c.volume),
              int(c.closeTime - 1),
              binanceDecimal(c.quoteVolume),
              int(10 + Math.floor(unit(`${m.symbol}${c.openTime}`) * 500)),
              binanceDecimal(takerBase),
              binanceDecimal(takerBase.times(c.close).toDecimalPlaces(8, Decimal.ROUND_HALF_UP)),
              '0',
            ];
          }),
        );
      }),
      '/api/v3/trades': binanceSymbolRoute((m, q, now) =>
        binanceOk(
          m
            .trades(now, binanceLimit(q.limit, 500, 1000))
            .reverse()
            .map((trade) => ({
              id: int(trade.id),
              price: binanceDecimal(trade.price),
              qty: binanceDecimal(trade.amount),
              quoteQty: binanceDecimal(trade.price.times(trade.amount)),
              time: int(trade.ts),
              // The buyer was the maker when the taker sold.
              isBuyerMaker: trade.side === 'sell',
              isBestMatch: true,
            })),
        ),
      ),
    },
  };

  const venues: Record<Exchange, Venue> = { htx, okx, binance };
  const venueOf = (path: string): Exchange =>
    path.startsWith('/api/v5/')
      ? 'okx'
      : path.startsWith('/api/v3/') || path.startsWith('/fapi/')
        ? 'binance'
        : 'htx';

  function answer(req: IncomingMessage, res: ServerResponse) {
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = parsed.pathname;
    const query = Object.fromEntries(parsed.searchParams.entries());
    const venue = venues[venueOf(path)];
    const route = req.method === 'GET' && Object.hasOwn(venue.routes, path) ? venue.routes[path] : undefined;
    requests.push({ method: req.method ?? 'GET', path, query, served: route !== undefined });
    const now = Date.now();

    const entry = faults.find(({ fault }) =>
      typeof fault.path === 'string' ? fault.path === path : fault.path.test(path),
    );
    let fault: FakeFault | null = null;
    if (entry) {
      entry.seen++;
      const after = entry.fault.after ?? 0;
      if (entry.seen > after && (entry.fault.times === undefined || entry.failed < entry.fault.times)) {
        entry.failed++;
        fault = entry.fault;
      }
    }

    const respond = () => {
      if (!route) return send(res, 404, venue.notFound.body, venue.notFound.type);
      const result = route(query, now, path);
      send(res, result.status, writeJson(result.body));
    };

    if (!fault) return respond();
    switch (fault.kind) {
      case 'status':
        return send(
          res,
          fault.status ?? 500,
          `<html><body>${fault.status ?? 500} Service Unavailable</body></html>`,
          'text/html',
        );
      case 'exchange_error': {
        const { code, message, status } = venue.defaultError;
        const body = venue.error(fault.code ?? code, fault.message ?? message);
        return send(res, fault.status ?? status, writeJson(body));
      }
      case 'malformed':
        return send(res, 200, venue.malformed);
      case 'body':
        return send(res, fault.status ?? 200, fault.body);
      case 'delay': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          respond();
        }, fault.delayMs);
        timers.add(timer);
        return;
      }
    }
  }

  const server = createServer(answer);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setFault(fault) {
      const list = fault === null ? [] : Array.isArray(fault) ? fault : [fault as FakeFault];
      faults = list.map((f) => ({ fault: f, seen: 0, failed: 0 }));
    },
    setPrice(symbol, price) {
      const market = markets.get(symbol);
      if (!market) throw new Error(`fake exchange: no pair ${symbol}`);
      market.setLast(price);
    },
    setPairs,
    setFundingRate(symbol, rate) {
      const market = markets.get(symbol);
      if (!market) throw new Error(`fake exchange: no pair ${symbol}`);
      market.fundingRate = new Decimal(rate);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
