/**
 * A local stand-in for the public REST market data of HTX (spot) and OKX, for tests: no network is
 * reachable here, and real exchanges are neither deterministic nor able to fail on demand.
 *
 *   const fake = await startFakeExchange();            // http://127.0.0.1:<port>, both exchanges
 *   createCcxtProvider({ exchange: 'okx', apiUrl: fake.url, timeoutMs: 300, pollMs: 50 });
 *   fake.requests                                      // every request: { method, path, query }
 *   fake.setFault({ path: '/api/v5/market/tickers', kind: 'status', status: 503 });
 *   fake.setFault(null);                               // heal
 *   fake.setPrice('BTCUSDT', '70000');                 // the last price of tickers, books, candles
 *   fake.setPairs([...FAKE_PAIRS, newPair]);           // list or delist pairs between two syncs
 *   await fake.close();
 *
 * One server answers both exchanges: their paths do not collide (HTX `/v1/...`, `/market/...`;
 * OKX `/api/v5/...`). Answers are in each exchange's own shape: HTX writes numbers as JSON
 * numbers (small ones in exponent notation, as HTX does), OKX writes strings.
 *
 * Endpoints. HTX: GET /v1/common/symbols, /v1/common/timestamp, /v2/reference/currencies,
 * /market/tickers, /market/history/candles (symbol, period, size, from, to: seconds),
 * /market/history/kline (symbol, period, size: latest only), /market/depth (symbol, type, depth),
 * /market/detail/merged (symbol), /market/history/trade (symbol, size: matches). OKX: GET
 * /api/v5/public/instruments (instType=SPOT),
 * /api/v5/public/time, /api/v5/market/tickers, /api/v5/market/candles and
 * /api/v5/market/history-candles (instId, bar, limit, after and before: exclusive, ms),
 * /api/v5/market/books (instId, sz), /api/v5/market/trades (instId, limit). Unknown symbols get each exchange's own error payload
 * (HTX `invalid symbol`, OKX 51001). Anything else is a 404.
 *
 * Candles are deterministic in (symbol, interval, open time), aligned as intervals.ts aligns them
 * (OKX's `…utc` bars on UTC days), and the one still forming closes at the current last price.
 * Trades: a match every FAKE_MATCH_MS of one to three trades (trade id = match·4 + k), deterministic
 * but for the latest match, which prints at the current last price.
 *
 * Faults (`setFault` takes one, a list, or null; the first matching fault applies):
 * - `path`: the exact path (`'/market/tickers'`) or a RegExp tested on it;
 * - `kind`: `status` (HTTP `status`, default 500, with a non-JSON body), `exchange_error` (the
 *   exchange's error payload: HTX `{status:'error','err-code','err-msg'}`, OKX `{code,msg,data:[]}`,
 *   with `code`/`message` and HTTP `status`, default 200), `delay` (answer normally after `delayMs`),
 *   `malformed` (HTTP 200 with broken JSON), `body` (this exact `body`, HTTP `status`, default 200:
 *   for answers that parse but lack fields);
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
  close(): Promise<void>;
}

type Exchange = 'htx' | 'okx';
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
/** OKX bars; the `utc` ones open on UTC days, the others on Hong Kong (Beijing) days like intervals.ts. */
const OKX_BARS: Record<string, { interval: KlineInterval; utc: boolean }> = {
  '1m': { interval: '1m', utc: false },
  '5m': { interval: '5m', utc: false },
  '15m': { interval: '15m', utc: false },
  '30m': { interval: '30m', utc: false },
  '1H': { interval: '1h', utc: false },
  '4H': { interval: '4h', utc: false },
  '1D': { interval: '1d', utc: false },
  '1W': { interval: '1w', utc: false },
  '1M': { interval: '1M', utc: false },
  '1Dutc': { interval: '1d', utc: true },
  '1Wutc': { interval: '1w', utc: true },
  '1Mutc': { interval: '1M', utc: true },
};
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
export const FAKE_MATCH_MS = 1700;

export interface FakeTrade {
  id: number;
  ts: number;
  price: Decimal;
  amount: Decimal;
  side: 'buy' | 'sell';
}

interface Candle {
  openTime: number;
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
  constructor(readonly pair: FakePair) {}

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

  candle(interval: KlineInterval, openTime: number, now: number): Candle {
    const closeTime = nextOpen(interval, openTime);
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
      open,
      high: Decimal.max(high, open, close),
      low: Decimal.min(low, open, close),
      close,
      volume,
      quoteVolume,
    };
  }

  /** Newest first, as both exchanges answer: up to `count` candles opening in [from, to]. */
  candles(
    interval: KlineInterval,
    utc: boolean,
    to: number,
    from: number,
    count: number,
    now: number,
  ): Candle[] {
    const result: Candle[] = [];
    let open = alignedOpen(interval, utc, Math.min(to, now));
    while (result.length < count && open >= from && open >= 0) {
      result.push(this.candle(interval, open, now));
      open = alignedOpen(interval, utc, open - 1);
    }
    return result;
  }

  ticker(now: number) {
    const last = this.last(now);
    const day = this.candles('1h', false, now, now - 86_400_000 + 1, 24, now);
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

  /** Lot sizes worth roughly 1000 quote units, at least one lot. */
  private lotScale(): Decimal {
    const lots = new Decimal(1000).div(new Decimal(this.pair.basePrice));
    const lot = new Decimal(10).pow(-this.pair.amountDecimals);
    return Decimal.max(lots, lot.times(3));
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

function alignedOpen(interval: KlineInterval, utc: boolean, t: number): number {
  if (!utc) return candleOpen(interval, t);
  // Candles of UTC days: the Beijing alignment shifted back by eight hours.
  return candleOpen(interval, t + BEIJING_OFFSET_MS) - BEIJING_OFFSET_MS;
}
/** Open time of the oldest of the latest `count` candles. */
function oldestOpen(interval: KlineInterval, utc: boolean, now: number, count: number): number {
  let open = alignedOpen(interval, utc, now);
  for (let i = 1; i < count; i++) open = alignedOpen(interval, utc, open - 1);
  return open;
}

function intParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number.parseInt(value, 10);
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

  const byHtxId = (id: string | undefined) => [...markets.values()].find((m) => m.htxId === id);
  const byOkxId = (id: string | undefined) => [...markets.values()].find((m) => m.okxId === id);

  function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  function htxError(code: string, message: string): Json {
    return { status: 'error', 'err-code': code, 'err-msg': message, data: null };
  }
  function okxError(code: string, message: string): Json {
    return { code, msg: message, data: [] };
  }

  function htx(path: string, q: Record<string, string>, now: number): { status: number; body: Json } | null {
    const ok = (data: Json, extra: Record<string, Json> = {}) => ({
      status: 200,
      body: { status: 'ok', ...extra, data } as Json,
    });
    switch (path) {
      case '/v1/common/timestamp':
        return ok(new JsonNumeral(String(now)));
      case '/v1/common/symbols':
        return ok(
          [...markets.values()].map(({ pair, htxId }) => ({
            'base-currency': pair.base.toLowerCase(),
            'quote-currency': pair.quote.toLowerCase(),
            'price-precision': new JsonNumeral(String(pair.priceDecimals)),
            'amount-precision': new JsonNumeral(String(pair.amountDecimals)),
            'symbol-partition': 'main',
            symbol: htxId,
            state: pair.live ? 'online' : 'offline',
            'value-precision': new JsonNumeral('8'),
            'min-order-amt': htxNumeral(new Decimal(pair.minAmount)),
            'max-order-amt': new JsonNumeral('10000000'),
            'min-order-value': new JsonNumeral('5'),
            'limit-order-min-order-amt': htxNumeral(new Decimal(pair.minAmount)),
            'limit-order-max-order-amt': new JsonNumeral('10000000'),
            'sell-market-min-order-amt': htxNumeral(new Decimal(pair.minAmount)),
            'sell-market-max-order-amt': new JsonNumeral('1000000'),
            'buy-market-max-order-value': new JsonNumeral('1000000'),
            'leverage-ratio': new JsonNumeral('5'),
            'api-trading': 'enabled',
            tags: '',
          })),
        );
      case '/v2/reference/currencies': {
        const codes = new Set([...markets.values()].flatMap(({ pair }) => [pair.base, pair.quote]));
        return {
          status: 200,
          body: {
            code: new JsonNumeral('200'),
            data: [...codes].map((code) => ({
              currency: code.toLowerCase(),
              instStatus: 'normal',
              chains: [],
            })),
          },
        };
      }
      case '/market/tickers':
        return ok(
          [...markets.values()].map((m) => {
            const t = m.ticker(now);
            return {
              symbol: m.htxId,
              open: htxNumeral(t.open24h),
              high: htxNumeral(t.high),
              low: htxNumeral(t.low),
              close: htxNumeral(t.last),
              amount: htxNumeral(t.volume),
              vol: htxNumeral(t.quoteVolume),
              count: new JsonNumeral(String(t.count)),
              bid: htxNumeral(t.bid),
              bidSize: htxNumeral(t.bidSize),
              ask: htxNumeral(t.ask),
              askSize: htxNumeral(t.askSize),
            };
          }),
          { ts: new JsonNumeral(String(now)) },
        );
      case '/market/detail/merged': {
        const m = byHtxId(q.symbol);
        if (!m) return { status: 200, body: htxError('invalid-parameter', 'invalid symbol') };
        const t = m.ticker(now);
        return {
          status: 200,
          body: {
            ch: `market.${m.htxId}.detail.merged`,
            status: 'ok',
            ts: new JsonNumeral(String(now)),
            tick: {
              id: new JsonNumeral(String(Math.floor(now / 1000))),
              version: new JsonNumeral(String(Math.floor(now / 1000))),
              open: htxNumeral(t.open24h),
              close: htxNumeral(t.last),
              low: htxNumeral(t.low),
              high: htxNumeral(t.high),
              amount: htxNumeral(t.volume),
              vol: htxNumeral(t.quoteVolume),
              count: new JsonNumeral(String(t.count)),
              bid: [htxNumeral(t.bid), htxNumeral(t.bidSize)],
              ask: [htxNumeral(t.ask), htxNumeral(t.askSize)],
            },
          },
        };
      }
      case '/market/history/candles':
      case '/market/history/kline': {
        const m = byHtxId(q.symbol);
        if (!m) return { status: 200, body: htxError('invalid-parameter', 'invalid symbol') };
        const interval = q.period ? HTX_PERIODS[q.period] : undefined;
        if (!interval) return { status: 200, body: htxError('invalid-parameter', 'invalid period') };
        const historical = path === '/market/history/candles';
        const size = Math.min(intParam(q.size) ?? 150, historical ? 1000 : 2000);
        const toSeconds = historical ? intParam(q.to) : null;
        const fromSeconds = historical ? intParam(q.from) : null;
        const candles = m.candles(
          interval,
          false,
          toSeconds === null ? now : toSeconds * 1000,
          fromSeconds === null ? 0 : fromSeconds * 1000,
          size,
          now,
        );
        return {
          status: 200,
          body: {
            ch: `market.${m.htxId}.kline.${q.period}`,
            status: 'ok',
            ts: new JsonNumeral(String(now)),
            data: candles.map((c) => ({
              id: new JsonNumeral(String(c.openTime / 1000)),
              open: htxNumeral(c.open),
              close: htxNumeral(c.close),
              low: htxNumeral(c.low),
              high: htxNumeral(c.high),
              amount: htxNumeral(c.volume),
              vol: htxNumeral(c.quoteVolume),
              count: new JsonNumeral(String(10 + Math.floor(unit(`${m.symbol}${c.openTime}`) * 500))),
            })),
          },
        };
      }
      case '/market/depth': {
        const m = byHtxId(q.symbol);
        if (!m) return { status: 200, body: htxError('invalid-parameter', 'invalid symbol') };
        const depth = intParam(q.depth) ?? 150;
        if (![5, 10, 20, 150].includes(depth)) {
          return { status: 200, body: htxError('invalid-parameter', 'invalid depth') };
        }
        const book = m.book(depth, now);
        const levels = (side: [Decimal, Decimal][]) => side.map(([p, a]) => [htxNumeral(p), htxNumeral(a)]);
        return {
          status: 200,
          body: {
            ch: `market.${m.htxId}.depth.${q.type ?? 'step0'}`,
            status: 'ok',
            ts: new JsonNumeral(String(now)),
            tick: {
              bids: levels(book.bids),
              asks: levels(book.asks),
              version: new JsonNumeral(String(Math.floor(now / 1000))),
              ts: new JsonNumeral(String(now - 3)),
            },
          },
        };
      }
      case '/market/history/trade': {
        const m = byHtxId(q.symbol);
        if (!m) return { status: 200, body: htxError('invalid-parameter', 'invalid symbol') };
        const size = Math.min(intParam(q.size) ?? 1, 2000);
        return {
          status: 200,
          body: {
            ch: `market.${m.htxId}.trade.detail`,
            status: 'ok',
            ts: new JsonNumeral(String(now)),
            data: m.matches(now, size).map((match) => ({
              id: new JsonNumeral(String(match.id)),
              ts: new JsonNumeral(String(match.ts)),
              data: match.trades.map((trade) => ({
                // HTX's own `id` is beyond 2^53 and loses digits in JSON.parse; `trade-id` is the one to use.
                id: new JsonNumeral(`${trade.id}73194594947`),
                'trade-id': new JsonNumeral(String(trade.id)),
                ts: new JsonNumeral(String(trade.ts)),
                price: htxNumeral(trade.price),
                amount: htxNumeral(trade.amount),
                direction: trade.side,
              })),
            })),
          },
        };
      }
      default:
        return null;
    }
  }

  function okx(path: string, q: Record<string, string>, now: number): { status: number; body: Json } | null {
    const ok = (data: Json[]) => ({ status: 200, body: { code: '0', msg: '', data } as Json });
    switch (path) {
      case '/api/v5/public/time':
        return ok([{ ts: String(now) }]);
      case '/api/v5/public/instruments': {
        if (q.instType !== 'SPOT') return ok([]);
        return ok(
          [...markets.values()].map(({ pair, okxId }) => ({
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
        );
      }
      case '/api/v5/market/tickers': {
        if (q.instType !== 'SPOT') return ok([]);
        return ok(
          [...markets.values()].map((m) => {
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
        );
      }
      case '/api/v5/market/candles':
      case '/api/v5/market/history-candles': {
        const m = byOkxId(q.instId);
        if (!m) return { status: 200, body: okxError('51001', "Instrument ID doesn't exist.") };
        const bar = OKX_BARS[q.bar ?? '1m'];
        if (!bar) return { status: 200, body: okxError('51000', 'Parameter bar error') };
        const limit = Math.min(intParam(q.limit) ?? 100, 300);
        const after = intParam(q.after);
        const before = intParam(q.before);
        let candles = m.candles(
          bar.interval,
          bar.utc,
          after === null ? now : after - 1,
          before === null ? 0 : before + 1,
          limit,
          now,
        );
        if (path === '/api/v5/market/candles') {
          // The recent endpoint serves only the latest 1440 candles.
          const oldest = oldestOpen(bar.interval, bar.utc, now, 1440);
          candles = candles.filter((c) => c.openTime >= oldest);
        }
        return ok(
          candles.map((c) => [
            String(c.openTime),
            c.open.toFixed(),
            c.high.toFixed(),
            c.low.toFixed(),
            c.close.toFixed(),
            c.volume.toFixed(),
            c.quoteVolume.toFixed(),
            c.quoteVolume.toFixed(),
            nextOpen(bar.interval, c.openTime) <= now ? '1' : '0',
          ]),
        );
      }
      case '/api/v5/market/books': {
        const m = byOkxId(q.instId);
        if (!m) return { status: 200, body: okxError('51001', "Instrument ID doesn't exist.") };
        const depth = Math.min(intParam(q.sz) ?? 1, 400);
        const book = m.book(depth, now);
        const levels = (side: [Decimal, Decimal][]) =>
          side.map(([p, a], i) => [p.toFixed(), a.toFixed(), '0', String(1 + (i % 7))]);
        return ok([{ asks: levels(book.asks), bids: levels(book.bids), ts: String(now - 2) }]);
      }
      case '/api/v5/market/trades': {
        const m = byOkxId(q.instId);
        if (!m) return { status: 200, body: okxError('51001', "Instrument ID doesn't exist.") };
        const limit = Math.min(intParam(q.limit) ?? 100, 500);
        const trades = m.matches(now, limit).flatMap((match) => match.trades);
        return ok(
          trades.slice(0, limit).map((trade) => ({
            instId: m.okxId,
            side: trade.side,
            sz: trade.amount.toFixed(),
            px: trade.price.toFixed(),
            source: '0',
            tradeId: String(trade.id),
            ts: String(trade.ts),
          })),
        );
      }
      default:
        return null;
    }
  }

  function answer(req: IncomingMessage, res: ServerResponse) {
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = parsed.pathname;
    const query = Object.fromEntries(parsed.searchParams.entries());
    requests.push({ method: req.method ?? 'GET', path, query });
    const exchange: Exchange = path.startsWith('/api/v5/') ? 'okx' : 'htx';
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
      const result =
        req.method === 'GET' ? (exchange === 'okx' ? okx(path, query, now) : htx(path, query, now)) : null;
      if (!result) {
        send(
          res,
          404,
          exchange === 'okx' ? writeJson(okxError('50000', 'Not Found')) : '404 page not found',
          exchange === 'okx' ? 'application/json' : 'text/plain',
        );
        return;
      }
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
        const body =
          exchange === 'okx'
            ? okxError(fault.code ?? '50026', fault.message ?? 'System error. Try again later')
            : htxError(
                fault.code ?? 'gateway-internal-error',
                fault.message ?? 'Failed to load data. Try again later.',
              );
        return send(res, fault.status ?? 200, writeJson(body));
      }
      case 'malformed':
        return send(
          res,
          200,
          exchange === 'okx' ? '{"code":"0","msg":"","data":[{"instId":' : '{"status":"ok","data":[{"sym',
        );
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
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
