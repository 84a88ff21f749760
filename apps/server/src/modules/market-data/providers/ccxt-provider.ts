import { type KlineInterval, normaliseSymbol, SYMBOL_PATTERN } from '@platform/contracts';
import { Decimal, formatNormalised } from '@platform/domain';
import type { Market as CcxtMarket, Exchange } from 'ccxt';
import {
  type Instrument,
  type MarketDataProvider,
  ProviderError,
  type ProviderErrorKind,
  type ProviderKline,
  type ProviderOrderBook,
  type ProviderTicker,
  type ProviderTrade,
  pollingStream,
} from './provider.ts';

/**
 * The real exchanges through ccxt: HTX (spot market data) and OKX (the pair list). REST only; the
 * stream polls tickers.
 *
 * Endpoints ccxt 4.5 calls here (paths relative to the exchange's API host):
 * - HTX: markets GET /v1/common/symbols (currencies are not loaded: `has.fetchCurrencies` is off, so
 *   /v2/reference/currencies is never asked); tickers GET /market/tickers (every pair at once);
 *   klines GET /market/history/candles?symbol&period&size&to (the spot endpoint that honours an end
 *   time, at most 1000 per request); order book GET /market/depth?symbol&type=step0&depth (depth 5,
 *   10 or 20; 150 when no depth is sent); trades GET /market/history/trade?symbol&size (size counts
 *   matches, each of one or more trades, at most 2000); server time GET /v1/common/timestamp.
 * - OKX: markets GET /api/v5/public/instruments?instType=SPOT; tickers GET
 *   /api/v5/market/tickers?instType=SPOT; klines GET /api/v5/market/candles (the latest 1440 candles)
 *   or /api/v5/market/history-candles, with instId, bar, limit (at most 300) and after (exclusive end);
 *   order book GET /api/v5/market/books?instId&sz; trades GET /api/v5/market/trades?instId&limit (at
 *   most 500); server time GET /api/v5/public/time.
 *
 * Decisions:
 * - Spot only. `instruments()` lists USDT-quoted pairs only (the platform trades against USDT).
 * - Canonical symbols come from the exchange's own ids (HTX `btcusdt`, OKX `BTC-USDT` → BTCUSDT),
 *   not from ccxt's unified codes, which rename a few currencies (HTX GET → THEMIS).
 * - Day, week and month candles open at Beijing midnight on both exchanges (OKX is asked for its
 *   Hong Kong bars, not ccxt's default `…utc` ones), as intervals.ts aligns them.
 * - Decimal strings come from the raw values ccxt keeps (`info`, and a parseOHLCV that keeps the
 *   raw candle); order-book levels only exist as ccxt's numbers, which round-trip exactly for the
 *   at most 15 significant digits exchanges quote. Exponent notation is always expanded.
 * - Errors: an error payload of the exchange is 'exchange' whatever class ccxt gives it (OKX 50011
 *   is a ccxt RateLimitExceeded), except an unknown instrument ('unknown_symbol'); an HTTP error
 *   status without such a payload is 'network'; a 2xx answer that is not the exchange's JSON
 *   envelope, or lacks fields, is 'bad_response'.
 */

export interface CcxtProviderOptions {
  exchange: 'htx' | 'okx';
  /** Replaces every API URL of the exchange (a fake server in tests, or a proxy). */
  apiUrl?: string;
  timeoutMs: number;
  pollMs: number;
}

type ExchangeId = CcxtProviderOptions['exchange'];
type CcxtModule = typeof import('ccxt');

const NAMES: Record<ExchangeId, string> = { htx: 'HTX', okx: 'OKX' };
/** Candles per request: HTX's history endpoint caps at 1000, OKX's at 300. */
const PAGE_SIZE: Record<ExchangeId, number> = { htx: 1000, okx: 300 };
/** HTX accepts only these depths; 150 is what it sends when none is given. */
const HTX_DEPTHS = [5, 10, 20, 150] as const;
const OKX_MAX_DEPTH = 400;
/** Most trades one request returns: HTX counts matches (2000 at most), OKX trades (500). */
const MAX_TRADES: Record<ExchangeId, number> = { htx: 2000, okx: 500 };
/** OKX's recent-candles endpoint serves this many; older windows need history-candles. */
const OKX_RECENT_CANDLES = 1440;
/** How often an unknown symbol may trigger a fresh market list (a pair listed since the last load). */
const MARKETS_REFRESH_MS = 10 * 60_000;

let ccxtLoading: Promise<CcxtModule> | undefined;
/** ccxt takes about half a second to import; only the real providers need it. */
function loadCcxt(): Promise<CcxtModule> {
  ccxtLoading ??= import('ccxt');
  return ccxtLoading;
}

/** A failure recognised inside ccxt's response handling, carried out to the classifier unchanged. */
class Upstream extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly detail: { httpStatus?: number; code?: string; message?: string; reason?: string },
  ) {
    super(detail.message ?? detail.reason ?? kind);
  }
}

type Market = NonNullable<CcxtMarket>;
type RawCandle = [number, unknown, unknown, unknown, unknown, unknown, unknown];

export async function createCcxtProvider(opts: CcxtProviderOptions): Promise<MarketDataProvider> {
  const ccxt = await loadCcxt();
  const id = opts.exchange;
  const name = NAMES[id];
  const Ctor = id === 'htx' ? ccxt.htx : ccxt.okx;
  const exchange: Exchange = new Ctor({ enableRateLimit: true, timeout: opts.timeoutMs });

  if (opts.apiUrl) exchange.urls.api = replaceUrls(exchange.urls.api, opts.apiUrl.replace(/\/+$/, ''));
  if (id === 'htx') {
    // HTX's option is an object of flags, unlike OKX's list.
    exchange.options.fetchMarkets = { types: { spot: true, linear: false, inverse: false } };
    exchange.has.fetchCurrencies = false;
    exchange.options.fetchOHLCV = { ...exchange.options.fetchOHLCV, useHistoricalEndpointForSpot: true };
  } else {
    exchange.options.fetchMarkets = { types: ['spot'] };
    exchange.options.fetchOHLCV = { ...exchange.options.fetchOHLCV, timezone: 'HK' };
  }
  installResponseChecks(exchange, id, ccxt);
  // The unified candle keeps numbers and drops the quote volume; keep the exchange's raw values.
  (exchange as unknown as { parseOHLCV: (raw: unknown) => RawCandle }).parseOHLCV =
    id === 'htx' ? rawHtxCandle : rawOkxCandle;

  // ---- markets ----

  let loadFailed = false;
  let loadedAt = 0;
  let indexedFrom: unknown;
  let byCanonical = new Map<string, Market>();
  let canonicalByUnified = new Map<string, string>();

  /** Loads the market list once, again when asked, and again after a failed load. */
  async function ensureMarkets(reload: boolean) {
    // A failed loadMarkets stays cached inside ccxt (its promise is kept), so only reload=true retries.
    try {
      await exchange.loadMarkets(reload || loadFailed);
      loadFailed = false;
    } catch (err) {
      loadFailed = true;
      throw err;
    }
    if (indexedFrom !== exchange.markets) {
      indexedFrom = exchange.markets;
      loadedAt = Date.now();
      byCanonical = new Map();
      canonicalByUnified = new Map();
      for (const market of Object.values(exchange.markets ?? {})) {
        if (market?.spot !== true || !market.baseId || !market.quoteId) continue;
        const canonical = normaliseSymbol(`${market.baseId}${market.quoteId}`);
        if (!SYMBOL_PATTERN.test(canonical) || byCanonical.has(canonical)) continue;
        byCanonical.set(canonical, market);
        canonicalByUnified.set(market.symbol, canonical);
      }
    }
  }

  async function knownMarkets(symbols: readonly string[]): Promise<Market[]> {
    await ensureMarkets(false);
    if (symbols.some((s) => !byCanonical.has(s)) && Date.now() - loadedAt > MARKETS_REFRESH_MS) {
      await ensureMarkets(true);
    }
    return symbols.flatMap((s) => byCanonical.get(s) ?? []);
  }

  async function marketOf(symbol: string): Promise<Market> {
    const [market] = await knownMarkets([symbol]);
    if (!market) throw new ProviderError(id, 'unknown_symbol', `${name} 没有交易对 ${symbol}`);
    return market;
  }

  // ---- errors ----

  function providerError(err: unknown, symbol?: string): ProviderError {
    if (err instanceof ProviderError) return err;
    const options = { cause: err };
    if (err instanceof Upstream) {
      const { httpStatus, code, message, reason } = err.detail;
      if (err.kind === 'unknown_symbol') {
        return new ProviderError(
          id,
          'unknown_symbol',
          `${name} 没有交易对${symbol ? ` ${symbol}` : ''}（${message}）`,
          options,
        );
      }
      if (err.kind === 'exchange') {
        return new ProviderError(
          id,
          'exchange',
          `${name} 返回错误：${message ?? '未知错误'}（${code}）`,
          options,
        );
      }
      if (err.kind === 'network' && httpStatus !== undefined) {
        const text =
          httpStatus === 429
            ? `${name} 请求过于频繁，已被限流（HTTP 429）`
            : httpStatus >= 500
              ? `${name} 服务暂不可用（HTTP ${httpStatus}）`
              : `${name} 请求失败（HTTP ${httpStatus}）`;
        return new ProviderError(id, 'network', text, options);
      }
      return new ProviderError(id, err.kind, `${name} 返回的数据格式不正确：${reason}`, options);
    }
    if (err instanceof ccxt.RequestTimeout) {
      return new ProviderError(id, 'timeout', `${name} 请求超时（${opts.timeoutMs} ms）`, options);
    }
    if (err instanceof ccxt.BadSymbol) {
      return new ProviderError(
        id,
        'unknown_symbol',
        `${name} 没有交易对${symbol ? ` ${symbol}` : ''}`,
        options,
      );
    }
    if (err instanceof ccxt.NetworkError) {
      const cause = /fetch failed:?\s*(.*)$/.exec(err.message)?.[1] || err.message;
      return new ProviderError(id, 'network', `${name} 无法连接：${cause}`, options);
    }
    // What is left is ccxt failing on the data (missing ids, empty lists, unparsable values).
    const text = err instanceof Error ? err.message : String(err);
    return new ProviderError(id, 'bad_response', `${name} 返回的数据格式不正确：${text}`, options);
  }

  async function guard<T>(work: () => Promise<T>, symbol?: string): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw providerError(err, symbol);
    }
  }

  function badResponse(reason: string): Upstream {
    return new Upstream('bad_response', { reason });
  }

  function decimal(value: unknown, field: string): string {
    const text = decimalText(value);
    if (text !== null) return text;
    throw badResponse(
      value === undefined || value === null ? `${field}缺失` : `${field}不是数字（${String(value)}）`,
    );
  }

  // ---- the provider ----

  const provider: MarketDataProvider = {
    id,
    // HTX's /market/history/candles takes `to`, OKX's candles take `after`: both reach back.
    supportsHistory: true,

    instruments: () =>
      guard(async () => {
        await ensureMarkets(true);
        const list: Instrument[] = [];
        for (const [symbol, market] of byCanonical) {
          if (market.quoteId?.toUpperCase() !== 'USDT') continue;
          const priceTick = market.precision?.price;
          const amountTick = market.precision?.amount;
          const pricePrecision = tickDecimals(priceTick);
          const amountPrecision = tickDecimals(amountTick);
          if (pricePrecision === null || amountPrecision === null) {
            throw badResponse(`${market.id} 缺少价格或数量精度`);
          }
          const minAmount = decimalText(market.limits?.amount?.min) ?? decimalText(amountTick);
          list.push({
            symbol,
            base: (market.baseId ?? market.base).toUpperCase(),
            quote: (market.quoteId ?? market.quote).toUpperCase(),
            pricePrecision,
            amountPrecision,
            minAmount: minAmount ?? '0',
            active: market.active === true,
            logoUrl: null,
          });
        }
        return list.sort((a, b) => a.symbol.localeCompare(b.symbol));
      }),

    tickers: (symbols) =>
      guard(async () => {
        const markets = await knownMarkets(symbols);
        if (markets.length === 0) return [];
        const tickers = await exchange.fetchTickers(markets.map((m) => m.symbol));
        const now = Date.now();
        const result: ProviderTicker[] = [];
        for (const ticker of Object.values(tickers)) {
          const symbol = ticker?.symbol ? canonicalByUnified.get(ticker.symbol) : undefined;
          if (!ticker || !symbol) continue;
          const raw = ticker.info as Record<string, unknown>;
          const fields = id === 'htx' ? htxTickerFields(raw) : okxTickerFields(raw);
          const last = decimal(fields.last, `${symbol} 最新价`);
          result.push({
            symbol,
            last,
            open24h: decimal(fields.open, `${symbol} 24小时开盘价`),
            high24h: decimal(fields.high, `${symbol} 24小时最高价`),
            low24h: decimal(fields.low, `${symbol} 24小时最低价`),
            volume24h: decimal(fields.volume, `${symbol} 24小时成交量`),
            quoteVolume24h: decimal(fields.quoteVolume, `${symbol} 24小时成交额`),
            // An empty side of the book has no best price; the last price stands in.
            bid: decimalText(fields.bid) ?? last,
            ask: decimalText(fields.ask) ?? last,
            // HTX's ticker list carries one time for the whole answer, which ccxt does not keep.
            timestamp: typeof ticker.timestamp === 'number' ? ticker.timestamp : now,
          });
        }
        return result;
      }),

    klines: (symbol, interval, { limit, endTime }) =>
      guard(async () => {
        const market = await marketOf(symbol);
        if (!Number.isInteger(limit) || limit < 1) return [];
        const pageSize = PAGE_SIZE[id];
        const collected: ProviderKline[] = [];
        let until: number | undefined =
          endTime === undefined ? undefined : id === 'okx' ? endTime + 1 : endTime;
        while (collected.length < limit) {
          const want = Math.min(pageSize, limit - collected.length);
          const params: Record<string, unknown> = {};
          if (until !== undefined) {
            params.until = until;
            if (id === 'okx' && !withinRecentOkxCandles(interval, until, want))
              params.type = 'HistoryCandles';
          }
          const rows = (await exchange.fetchOHLCV(
            market.symbol,
            interval,
            undefined,
            want,
            params,
          )) as unknown as RawCandle[];
          const oldest = collected[0]?.openTime ?? Number.POSITIVE_INFINITY;
          const page = rows
            .map((row) => klineOf(row))
            .filter((k) => k.openTime < oldest && (endTime === undefined || k.openTime <= endTime));
          if (page.length === 0) break;
          collected.unshift(...page);
          if (rows.length < want) break;
          const first = page[0]!.openTime;
          // HTX's `to` is inclusive (in seconds), OKX's `after` exclusive.
          until = id === 'okx' ? first : first - 1;
        }
        return collected.slice(-limit);
      }, symbol),

    orderBook: (symbol, depth) =>
      guard(async () => {
        const market = await marketOf(symbol);
        const wanted = Math.max(1, Math.floor(depth));
        const limit =
          id === 'htx' ? (HTX_DEPTHS.find((d) => d >= wanted) ?? 150) : Math.min(wanted, OKX_MAX_DEPTH);
        const book = await exchange.fetchOrderBook(market.symbol, limit);
        const levels = (side: unknown, label: string): [string, string][] => {
          if (!Array.isArray(side)) throw badResponse(`${label} 缺失`);
          return side.slice(0, wanted).map((level: unknown) => {
            if (!Array.isArray(level)) throw badResponse(`${label} 档位格式不正确`);
            return [decimal(level[0], `${label} 价格`), decimal(level[1], `${label} 数量`)];
          });
        };
        const result: ProviderOrderBook = {
          symbol,
          bids: levels(book.bids, '买盘'),
          asks: levels(book.asks, '卖盘'),
          timestamp: typeof book.timestamp === 'number' ? book.timestamp : Date.now(),
        };
        return result;
      }, symbol),

    trades: (symbol, limit) =>
      guard(async () => {
        const market = await marketOf(symbol);
        const wanted = Math.min(MAX_TRADES[id], Math.max(1, Math.floor(limit)));
        const trades = await exchange.fetchTrades(market.symbol, undefined, wanted);
        const result = trades.map((trade): ProviderTrade => {
          const raw = (trade.info ?? {}) as Record<string, unknown>;
          const fields = id === 'htx' ? htxTradeFields(raw) : okxTradeFields(raw);
          const tradeId = trade.id ? String(trade.id) : '';
          if (!tradeId) throw badResponse('成交记录缺少编号');
          const side = fields.side === 'buy' || fields.side === 'sell' ? fields.side : null;
          if (!side) throw badResponse(`成交 ${tradeId} 方向不正确（${String(fields.side)}）`);
          if (typeof trade.timestamp !== 'number' || !Number.isFinite(trade.timestamp))
            throw badResponse(`成交 ${tradeId} 时间缺失`);
          return {
            id: tradeId,
            price: decimal(fields.price, `成交 ${tradeId} 价格`),
            amount: decimal(fields.amount, `成交 ${tradeId} 数量`),
            side,
            timestamp: trade.timestamp,
          };
        });
        // ccxt sorts by time only; trades of one match share it, and ids order them.
        return result.sort((a, b) => b.timestamp - a.timestamp || compareIds(b.id, a.id)).slice(0, wanted);
      }, symbol),

    serverTime: () =>
      guard(async () => {
        const time = await exchange.fetchTime();
        if (typeof time !== 'number' || !Number.isFinite(time) || time <= 0) {
          throw badResponse(`服务器时间不正确（${String(time)}）`);
        }
        return time;
      }),

    stream: (symbols, onTickers, onError) =>
      pollingStream(provider, opts.pollMs, symbols, onTickers, onError),

    async close() {
      await exchange.close();
      // ccxt keeps a keep-alive undici Agent per instance and does not close it itself.
      const dispatcher = exchange.fetchDispatcher as { destroy?: () => Promise<void> } | undefined;
      await dispatcher?.destroy?.();
    },
  };

  function klineOf(row: RawCandle): ProviderKline {
    const [openTime, open, high, low, close, volume, quoteVolume] = row;
    if (!Number.isSafeInteger(openTime) || openTime <= 0)
      throw badResponse(`K线时间不正确（${String(openTime)}）`);
    return {
      openTime,
      open: decimal(open, 'K线开盘价'),
      high: decimal(high, 'K线最高价'),
      low: decimal(low, 'K线最低价'),
      close: decimal(close, 'K线收盘价'),
      volume: decimal(volume, 'K线成交量'),
      quoteVolume: decimal(quoteVolume, 'K线成交额'),
    };
  }

  return provider;
}

/** Every URL template of `exchange.urls.api`, at any depth, becomes `url`. */
function replaceUrls<T>(api: T, url: string): T {
  if (typeof api === 'string') return url as T;
  if (Array.isArray(api)) return api.map((entry) => replaceUrls(entry, url)) as T;
  if (api !== null && typeof api === 'object') {
    return Object.fromEntries(Object.entries(api).map(([key, entry]) => [key, replaceUrls(entry, url)])) as T;
  }
  return api;
}

/**
 * Wraps ccxt's response check: the exchange's own error payload, an HTTP error status and a 2xx
 * answer that is not the exchange's envelope become `Upstream` errors before ccxt parses anything
 * (ccxt would otherwise parse broken JSON as an empty list).
 */
function installResponseChecks(exchange: Exchange, id: ExchangeId, ccxt: CcxtModule) {
  const original = exchange.handleErrors.bind(exchange);
  exchange.handleErrors = (
    httpCode,
    reason,
    url,
    method,
    headers,
    body,
    response,
    requestHeaders,
    requestBody,
  ) => {
    const payload = errorPayload(id, response);
    if (payload) {
      let ccxtView: unknown;
      try {
        original(httpCode, reason, url, method, headers, body, response, requestHeaders, requestBody);
      } catch (err) {
        ccxtView = err;
      }
      throw new Upstream(ccxtView instanceof ccxt.BadSymbol ? 'unknown_symbol' : 'exchange', payload);
    }
    if (httpCode < 200 || httpCode > 299) throw new Upstream('network', { httpStatus: httpCode, reason });
    if (
      response === undefined ||
      response === null ||
      typeof response !== 'object' ||
      Array.isArray(response)
    ) {
      throw new Upstream('bad_response', { reason: `不是有效的 JSON（${snippet(body)}）` });
    }
    const envelope = response as Record<string, unknown>;
    const ok =
      id === 'htx'
        ? envelope.status === 'ok' && ('data' in envelope || 'tick' in envelope)
        : String(envelope.code) === '0' && Array.isArray(envelope.data);
    if (!ok) throw new Upstream('bad_response', { reason: `缺少 data 字段（${snippet(body)}）` });
    return original(httpCode, reason, url, method, headers, body, response, requestHeaders, requestBody);
  };
}

function errorPayload(id: ExchangeId, response: unknown): { code: string; message: string } | null {
  if (response === null || typeof response !== 'object' || Array.isArray(response)) return null;
  const r = response as Record<string, unknown>;
  if (id === 'htx') {
    if (r.status === 'error') {
      return {
        code: String(r['err-code'] ?? r.err_code ?? ''),
        message: String(r['err-msg'] ?? r.err_msg ?? ''),
      };
    }
    return null;
  }
  if ('code' in r && String(r.code) !== '0') {
    const first = Array.isArray(r.data) ? (r.data[0] as Record<string, unknown> | undefined) : undefined;
    const code = first?.sCode && String(first.sCode) !== '0' ? String(first.sCode) : String(r.code);
    const message = first?.sMsg ? String(first.sMsg) : String(r.msg ?? '');
    return { code, message };
  }
  return null;
}

function snippet(body: string): string {
  const text = body.trim().replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 80)}…` : text || '空';
}

function rawHtxCandle(raw: unknown): RawCandle {
  const c = (raw ?? {}) as Record<string, unknown>;
  const seconds =
    typeof c.id === 'number' ? c.id : typeof c.id === 'string' ? Number.parseInt(c.id, 10) : Number.NaN;
  return [seconds * 1000, c.open, c.high, c.low, c.close, c.amount, c.vol];
}

function rawOkxCandle(raw: unknown): RawCandle {
  const c = Array.isArray(raw) ? raw : [];
  const ms =
    typeof c[0] === 'string' ? Number.parseInt(c[0], 10) : typeof c[0] === 'number' ? c[0] : Number.NaN;
  // Spot: vol is in the base currency, volCcy in the quote currency.
  return [ms, c[1], c[2], c[3], c[4], c[5], c[6]];
}

function htxTickerFields(raw: Record<string, unknown>) {
  return {
    last: raw.close,
    open: raw.open,
    high: raw.high,
    low: raw.low,
    volume: raw.amount,
    quoteVolume: raw.vol,
    bid: raw.bid,
    ask: raw.ask,
  };
}

function okxTickerFields(raw: Record<string, unknown>) {
  return {
    last: raw.last,
    open: raw.open24h,
    high: raw.high24h,
    low: raw.low24h,
    volume: raw.vol24h,
    quoteVolume: raw.volCcy24h,
    bid: raw.bidPx,
    ask: raw.askPx,
  };
}

function htxTradeFields(raw: Record<string, unknown>) {
  return { price: raw.price, amount: raw.amount, side: raw.direction };
}

function okxTradeFields(raw: Record<string, unknown>) {
  return { price: raw.px, amount: raw.sz, side: raw.side };
}

/** Exchange trade ids are increasing integers, often beyond 2^53: compare them as digit strings. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A plain decimal string from an exchange value (string or JSON number, exponent or not), or null. */
export function decimalText(value: unknown): string | null {
  let parsed: Decimal;
  try {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return null;
      parsed = new Decimal(value);
    } else if (typeof value === 'string' && /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value.trim())) {
      parsed = new Decimal(value.trim());
    } else {
      return null;
    }
  } catch {
    return null;
  }
  return formatNormalised(parsed);
}

/** Decimals of a tick size in ccxt's TICK_SIZE precision mode: 0.01 → 2, 0.00025 → 5, 1 → 0, 5 → 0. */
export function tickDecimals(tick: unknown): number | null {
  const text = decimalText(tick);
  if (text === null) return null;
  const value = new Decimal(text);
  if (value.lte(0)) return null;
  return value.decimalPlaces();
}

/** Whether the candles ending at `until` lie among the latest 1440 that OKX's recent endpoint serves. */
function withinRecentOkxCandles(interval: KlineInterval, until: number, count: number): boolean {
  const approxMs: Record<KlineInterval, number> = {
    '1m': 60_000,
    '5m': 300_000,
    '15m': 900_000,
    '30m': 1_800_000,
    '1h': 3_600_000,
    '4h': 14_400_000,
    '1d': 86_400_000,
    '1w': 604_800_000,
    '1M': 31 * 86_400_000,
  };
  const oldestWanted = until - count * approxMs[interval];
  // A margin of a few candles keeps the window off the edge the endpoint may already have dropped.
  return oldestWanted > Date.now() - (OKX_RECENT_CANDLES - 5) * approxMs[interval];
}
