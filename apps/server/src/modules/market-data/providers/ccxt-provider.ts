import { type KlineInterval, normaliseSymbol, SYMBOL_PATTERN } from '@platform/contracts';
import { Decimal, formatNormalised } from '@platform/domain';
import type { Market as CcxtMarket, Exchange } from 'ccxt';
import { type Message, msg, render } from '../../../i18n/i18n.ts';
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
 * The real exchanges through ccxt: HTX, OKX and Binance, spot public market data (the price index's
 * venues; OKX also gives the pair list). REST only; the stream polls tickers.
 * Their perpetuals' funding rates are ccxt-funding.ts's, on ccxt instances of their own.
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
 * - Binance (spot, `/api/v3`): markets GET /exchangeInfo (nothing else: no currencies, margin pairs,
 *   futures or options, which are sapi/fapi/dapi/eapi calls, some needing keys); tickers GET
 *   /ticker/24hr?symbols=["BTCUSDT",…]; klines GET /klines?symbol&interval&limit&endTime&timeZone=8
 *   (endTime inclusive, at most 1000); order book GET /depth?symbol&limit (at most 5000); trades GET
 *   /trades?symbol&limit (individual trades, at most 1000, not ccxt's default aggTrades); server
 *   time GET /time.
 *
 * Decisions:
 * - Spot only. `instruments()` lists USDT-quoted pairs only (the platform trades against USDT).
 * - Canonical symbols come from the exchange's own ids (HTX `btcusdt`, OKX `BTC-USDT`, Binance
 *   base and quote assets → BTCUSDT), not from ccxt's unified codes, which rename a few currencies
 *   (HTX GET → THEMIS).
 * - Day, week and month candles open at Beijing midnight on all three (OKX is asked for its Hong
 *   Kong bars, not ccxt's default `…utc` ones, Binance for `timeZone=8`), as intervals.ts aligns them.
 * - `apiUrl` replaces the scheme and host of every `urls.api` entry and keeps its path (Binance's
 *   entries carry `/api/v3`, `/sapi/v1`, `/fapi/v1`…), so a stray call reaches the same server
 *   (the fake logs it as unserved) and never the real exchange.
 * - Decimal strings come from the raw values ccxt keeps (`info`, and a parseOHLCV that keeps the
 *   raw candle); order-book levels only exist as ccxt's numbers, which round-trip exactly for the
 *   at most 15 significant digits exchanges quote. Exponent notation is always expanded.
 * - Errors: an error payload of the exchange is 'exchange' whatever class ccxt gives it (OKX 50011
 *   is a ccxt RateLimitExceeded, Binance sends its payloads with HTTP 4xx), except an unknown
 *   instrument ('unknown_symbol'); an HTTP error status without such a payload is 'network'; a 2xx
 *   answer that is not the exchange's JSON envelope (Binance has none: any JSON object or list), or
 *   lacks fields, is 'bad_response'.
 * - Binance refuses a whole ticker list for one symbol it does not know: the market list is loaded
 *   again and the rest asked once more. ccxt weighs any ticker list as the whole market (weight 80);
 *   Binance's own weights (2 up to 20 symbols, 40 up to 100) keep its rate limiter from holding
 *   back the next poll by 0.8 s.
 */

export interface CcxtProviderOptions {
  exchange: 'htx' | 'okx' | 'binance';
  /** Replaces every API URL of the exchange (a fake server in tests, or a proxy). */
  apiUrl?: string;
  timeoutMs: number;
  pollMs: number;
}

type ExchangeId = CcxtProviderOptions['exchange'];
export type CcxtModule = typeof import('ccxt');

/** HTX accepts only these depths; 150 is what it sends when none is given. */
const HTX_DEPTHS = [5, 10, 20, 150] as const;
/** OKX's recent-candles endpoint serves this many; older windows need history-candles. */
const OKX_RECENT_CANDLES = 1440;
/** How often an unknown symbol may trigger a fresh market list (a pair listed since the last load). */
const MARKETS_REFRESH_MS = 10 * 60_000;

let ccxtLoading: Promise<CcxtModule> | undefined;
/** ccxt takes about half a second to import; only the real providers need it. */
export function loadCcxt(): Promise<CcxtModule> {
  ccxtLoading ??= import('ccxt');
  return ccxtLoading;
}

/** A failure recognised inside ccxt's response handling, carried out to the classifier unchanged. */
export class Upstream extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly detail: { httpStatus?: number; code?: string; message?: string; reason?: Message | string },
  ) {
    super(detail.message ?? (detail.reason === undefined ? kind : render('zh-CN', detail.reason)));
  }
}

type Market = NonNullable<CcxtMarket>;
type RawCandle = [number, unknown, unknown, unknown, unknown, unknown, unknown];

export async function createCcxtProvider(opts: CcxtProviderOptions): Promise<MarketDataProvider> {
  const ccxt = await loadCcxt();
  const id = opts.exchange;
  const venue = VENUES[id];
  const name = venue.name;
  const Ctor = { htx: ccxt.htx, okx: ccxt.okx, binance: ccxt.binance }[id];
  const exchange: Exchange = new Ctor({ enableRateLimit: true, timeout: opts.timeoutMs });

  if (opts.apiUrl) exchange.urls.api = rebaseUrls(exchange.urls.api, opts.apiUrl.replace(/\/+$/, ''));
  venue.configure(exchange);
  installResponseChecks(exchange, venue, ccxt);
  // The unified candle keeps numbers and drops the quote volume; keep the exchange's raw values.
  (exchange as unknown as { parseOHLCV: (raw: unknown) => RawCandle }).parseOHLCV = venue.rawCandle;

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
    if (!market)
      throw new ProviderError(id, 'unknown_symbol', msg('marketData.venue.noPair', { name, symbol }));
    return market;
  }

  // ---- errors ----

  const providerError = (err: unknown, symbol?: string) =>
    classifyError(err, { id, name, timeoutMs: opts.timeoutMs, ccxt }, symbol);

  async function guard<T>(work: () => Promise<T>, symbol?: string): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw providerError(err, symbol);
    }
  }

  function badResponse(reason: Message): Upstream {
    return new Upstream('bad_response', { reason });
  }

  function decimal(value: unknown, field: Message): string {
    const text = decimalText(value);
    if (text !== null) return text;
    throw badResponse(
      value === undefined || value === null
        ? msg('marketData.reason.fieldMissing', { field })
        : msg('marketData.reason.notNumber', { field, value: String(value) }),
    );
  }

  // ---- the provider ----

  const provider: MarketDataProvider = {
    id,
    // HTX's /market/history/candles takes `to`, OKX's candles `after`, Binance's `endTime`: all reach back.
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
            throw badResponse(msg('marketData.reason.noPrecision', { market: String(market.id) }));
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
        let tickers: Awaited<ReturnType<Exchange['fetchTickers']>>;
        try {
          tickers = await exchange.fetchTickers(markets.map((m) => m.symbol));
        } catch (err) {
          // Binance refuses the whole list for one symbol it no longer has: load the list again
          // and ask for the symbols it still has.
          if (!(err instanceof Upstream && err.kind === 'unknown_symbol')) throw err;
          await ensureMarkets(true);
          const still = symbols.flatMap((s) => byCanonical.get(s) ?? []);
          if (still.length === 0) return [];
          tickers = await exchange.fetchTickers(still.map((m) => m.symbol));
        }
        const now = Date.now();
        const result: ProviderTicker[] = [];
        for (const ticker of Object.values(tickers)) {
          const symbol = ticker?.symbol ? canonicalByUnified.get(ticker.symbol) : undefined;
          if (!ticker || !symbol) continue;
          const raw = ticker.info as Record<string, unknown>;
          const fields = Object.fromEntries(
            Object.entries(venue.tickerFields).map(([field, name]) => [field, raw[name]]),
          ) as Record<TickerField, unknown>;
          const field = (key: 'last' | 'open24h' | 'high24h' | 'low24h' | 'volume24h' | 'quoteVolume24h') =>
            msg(`marketData.field.${key}`, { symbol });
          const last = decimal(fields.last, field('last'));
          result.push({
            symbol,
            last,
            open24h: decimal(fields.open, field('open24h')),
            high24h: decimal(fields.high, field('high24h')),
            low24h: decimal(fields.low, field('low24h')),
            volume24h: decimal(fields.volume, field('volume24h')),
            quoteVolume24h: decimal(fields.quoteVolume, field('quoteVolume24h')),
            // An empty side of the book has no best price (Binance writes 0); the last price stands in.
            bid: positiveDecimalText(fields.bid) ?? last,
            ask: positiveDecimalText(fields.ask) ?? last,
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
        const collected: ProviderKline[] = [];
        let until: number | undefined =
          endTime === undefined ? undefined : venue.untilExclusive ? endTime + 1 : endTime;
        while (collected.length < limit) {
          const want = Math.min(venue.pageSize, limit - collected.length);
          const params: Record<string, unknown> = { ...venue.klineParams };
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
          // HTX's `to` (in seconds) and Binance's `endTime` are inclusive, OKX's `after` exclusive.
          until = venue.untilExclusive ? first : first - 1;
        }
        return collected.slice(-limit);
      }, symbol),

    orderBook: (symbol, depth) =>
      guard(async () => {
        const market = await marketOf(symbol);
        const wanted = Math.max(1, Math.floor(depth));
        const book = await exchange.fetchOrderBook(market.symbol, venue.bookLimit(wanted));
        const levels = (levelList: unknown, which: 'bids' | 'asks'): [string, string][] => {
          const side = msg(`marketData.field.${which}`);
          if (!Array.isArray(levelList)) throw badResponse(msg('marketData.reason.sideMissing', { side }));
          return levelList.slice(0, wanted).map((level: unknown) => {
            if (!Array.isArray(level)) throw badResponse(msg('marketData.reason.levelMalformed', { side }));
            return [
              decimal(level[0], msg('marketData.field.levelPrice', { side })),
              decimal(level[1], msg('marketData.field.levelAmount', { side })),
            ];
          });
        };
        const result: ProviderOrderBook = {
          symbol,
          bids: levels(book.bids, 'bids'),
          asks: levels(book.asks, 'asks'),
          timestamp: typeof book.timestamp === 'number' ? book.timestamp : Date.now(),
        };
        return result;
      }, symbol),

    trades: (symbol, limit) =>
      guard(async () => {
        const market = await marketOf(symbol);
        const wanted = Math.min(venue.maxTrades, Math.max(1, Math.floor(limit)));
        const trades = await exchange.fetchTrades(market.symbol, undefined, wanted);
        const result = trades.map((trade): ProviderTrade => {
          const raw = (trade.info ?? {}) as Record<string, unknown>;
          const fields = venue.tradeFields(raw);
          const tradeId = trade.id ? String(trade.id) : '';
          if (!tradeId) throw badResponse(msg('marketData.reason.tradeNoId'));
          const side = fields.side === 'buy' || fields.side === 'sell' ? fields.side : null;
          if (!side)
            throw badResponse(
              msg('marketData.reason.tradeSide', { id: tradeId, value: String(fields.side) }),
            );
          if (typeof trade.timestamp !== 'number' || !Number.isFinite(trade.timestamp))
            throw badResponse(msg('marketData.reason.tradeNoTime', { id: tradeId }));
          return {
            id: tradeId,
            price: decimal(fields.price, msg('marketData.field.tradePrice', { id: tradeId })),
            amount: decimal(fields.amount, msg('marketData.field.tradeAmount', { id: tradeId })),
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
          throw badResponse(msg('marketData.reason.serverTime', { value: String(time) }));
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
      throw badResponse(msg('marketData.reason.klineTime', { value: String(openTime) }));
    return {
      openTime,
      open: decimal(open, msg('marketData.field.klineOpen')),
      high: decimal(high, msg('marketData.field.klineHigh')),
      low: decimal(low, msg('marketData.field.klineLow')),
      close: decimal(close, msg('marketData.field.klineClose')),
      volume: decimal(volume, msg('marketData.field.klineVolume')),
      quoteVolume: decimal(quoteVolume, msg('marketData.field.klineQuoteVolume')),
    };
  }

  return provider;
}

/** Any failure of a ccxt call as a ProviderError with a message an operator can act on. */
export function classifyError(
  err: unknown,
  exchange: { id: string; name: string; timeoutMs: number; ccxt: CcxtModule },
  symbol?: string,
): ProviderError {
  const { id, name, timeoutMs, ccxt } = exchange;
  if (err instanceof ProviderError) return err;
  const options = { cause: err };
  if (err instanceof Upstream) {
    const { httpStatus, code, message, reason } = err.detail;
    if (err.kind === 'unknown_symbol') {
      const because = { name, message: String(message) };
      return new ProviderError(
        id,
        'unknown_symbol',
        symbol
          ? msg('marketData.venue.noPairBecause', { ...because, symbol })
          : msg('marketData.venue.noPairAnyBecause', because),
        options,
      );
    }
    if (err.kind === 'exchange') {
      return new ProviderError(
        id,
        'exchange',
        msg('marketData.venue.exchangeError', {
          name,
          message: message ?? msg('marketData.venue.unknownError'),
          code: String(code),
        }),
        options,
      );
    }
    if (err.kind === 'network' && httpStatus !== undefined) {
      const text =
        httpStatus === 429
          ? msg('marketData.venue.rateLimited', { name })
          : httpStatus >= 500
            ? msg('marketData.venue.unavailable', { name, status: httpStatus })
            : msg('marketData.venue.httpFailed', { name, status: httpStatus });
      return new ProviderError(id, 'network', text, options);
    }
    return new ProviderError(
      id,
      err.kind,
      msg('marketData.venue.badResponse', { name, reason: reason ?? String(reason) }),
      options,
    );
  }
  if (err instanceof ccxt.RequestTimeout) {
    return new ProviderError(
      id,
      'timeout',
      msg('marketData.venue.timeout', { name, ms: timeoutMs }),
      options,
    );
  }
  if (err instanceof ccxt.BadSymbol) {
    return new ProviderError(
      id,
      'unknown_symbol',
      symbol ? msg('marketData.venue.noPair', { name, symbol }) : msg('marketData.venue.noPairAny', { name }),
      options,
    );
  }
  if (err instanceof ccxt.NetworkError) {
    const cause = /fetch failed:?\s*(.*)$/.exec(err.message)?.[1] || err.message;
    return new ProviderError(id, 'network', msg('marketData.venue.unreachable', { name, cause }), options);
  }
  // What is left is ccxt failing on the data (missing ids, empty lists, unparsable values).
  const text = err instanceof Error ? err.message : String(err);
  return new ProviderError(
    id,
    'bad_response',
    msg('marketData.venue.badResponse', { name, reason: text }),
    options,
  );
}

/**
 * Every URL template of `exchange.urls.api`, at any depth, on `base`: its scheme and host are
 * replaced, its path kept (HTX's and OKX's are bare hosts, Binance's end in `/api/v3` and the like).
 */
export function rebaseUrls<T>(api: T, base: string): T {
  if (typeof api === 'string') return api.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, base) as T;
  if (Array.isArray(api)) return api.map((entry) => rebaseUrls(entry, base)) as T;
  if (api !== null && typeof api === 'object') {
    return Object.fromEntries(Object.entries(api).map(([key, entry]) => [key, rebaseUrls(entry, base)])) as T;
  }
  return api;
}

/**
 * Wraps ccxt's response check: the exchange's own error payload, an HTTP error status and a 2xx
 * answer that is not the exchange's envelope become `Upstream` errors before ccxt parses anything
 * (ccxt would otherwise parse broken JSON as an empty list).
 */
export function installResponseChecks(
  exchange: Exchange,
  venue: Pick<Venue, 'errorPayload' | 'enveloped'>,
  ccxt: CcxtModule,
) {
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
    const json = response !== null && typeof response === 'object' ? (response as object) : null;
    const payload = json && !Array.isArray(json) ? venue.errorPayload(json as Record<string, unknown>) : null;
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
    if (!json)
      throw new Upstream('bad_response', {
        reason: msg('marketData.reason.notJson', { body: snippet(body) }),
      });
    if (!venue.enveloped(json))
      throw new Upstream('bad_response', {
        reason: msg('marketData.reason.noData', { body: snippet(body) }),
      });
    return original(httpCode, reason, url, method, headers, body, response, requestHeaders, requestBody);
  };
}

function snippet(body: string): Message | string {
  const text = body.trim().replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 80)}…` : text || msg('marketData.field.empty');
}

/** The fields of a 24-hour ticker (volume in the base currency, quoteVolume in the quote). */
type TickerField = 'last' | 'open' | 'high' | 'low' | 'volume' | 'quoteVolume' | 'bid' | 'ask';

/** What differs between the exchanges. */
interface Venue {
  name: string;
  /** Most candles one klines request returns. */
  pageSize: number;
  /** Most trades one request returns. */
  maxTrades: number;
  /** The depth to ask for to get `wanted` levels. */
  bookLimit(wanted: number): number;
  /** Whether the end bound ccxt's `until` becomes is exclusive (OKX's `after`), not inclusive. */
  untilExclusive: boolean;
  /** Parameters every klines request carries besides ccxt's own. */
  klineParams: Record<string, string>;
  /** Sets ccxt's options so that it asks for spot public market data only. */
  configure(exchange: Exchange): void;
  rawCandle(raw: unknown): RawCandle;
  /** The exchange's names of a ticker's fields. */
  tickerFields: Record<TickerField, string>;
  tradeFields(raw: Record<string, unknown>): { price: unknown; amount: unknown; side: unknown };
  /** The exchange's error payload, if the JSON object answered is one. */
  errorPayload(r: Record<string, unknown>): { code: string; message: string } | null;
  /** Whether a JSON answer that is no error payload has the exchange's envelope. */
  enveloped(json: object): boolean;
}

const VENUES: Record<ExchangeId, Venue> = {
  htx: {
    name: 'HTX',
    pageSize: 1000,
    // HTX counts matches, each of one or more trades.
    maxTrades: 2000,
    bookLimit: (wanted) => HTX_DEPTHS.find((d) => d >= wanted) ?? 150,
    untilExclusive: false,
    klineParams: {},
    configure(exchange) {
      // HTX's option is an object of flags, unlike OKX's list.
      exchange.options.fetchMarkets = { types: { spot: true, linear: false, inverse: false } };
      exchange.has.fetchCurrencies = false;
      exchange.options.fetchOHLCV = { ...exchange.options.fetchOHLCV, useHistoricalEndpointForSpot: true };
    },
    rawCandle(raw) {
      const c = (raw ?? {}) as Record<string, unknown>;
      return [timeOf(c.id) * 1000, c.open, c.high, c.low, c.close, c.amount, c.vol];
    },
    tickerFields: {
      last: 'close',
      open: 'open',
      high: 'high',
      low: 'low',
      volume: 'amount',
      quoteVolume: 'vol',
      bid: 'bid',
      ask: 'ask',
    },
    tradeFields: (raw) => ({ price: raw.price, amount: raw.amount, side: raw.direction }),
    errorPayload: (r) =>
      r.status === 'error'
        ? {
            code: String(r['err-code'] ?? r.err_code ?? ''),
            message: String(r['err-msg'] ?? r.err_msg ?? ''),
          }
        : null,
    enveloped: (json) => {
      const r = json as Record<string, unknown>;
      return !Array.isArray(json) && r.status === 'ok' && ('data' in r || 'tick' in r);
    },
  },
  okx: {
    name: 'OKX',
    pageSize: 300,
    maxTrades: 500,
    bookLimit: (wanted) => Math.min(wanted, 400),
    untilExclusive: true,
    klineParams: {},
    configure(exchange) {
      exchange.options.fetchMarkets = { types: ['spot'] };
      exchange.options.fetchOHLCV = { ...exchange.options.fetchOHLCV, timezone: 'HK' };
    },
    // Spot: vol is in the base currency, volCcy in the quote currency.
    rawCandle: (raw) => arrayCandle(raw, 6),
    tickerFields: {
      last: 'last',
      open: 'open24h',
      high: 'high24h',
      low: 'low24h',
      volume: 'vol24h',
      quoteVolume: 'volCcy24h',
      bid: 'bidPx',
      ask: 'askPx',
    },
    tradeFields: (raw) => ({ price: raw.px, amount: raw.sz, side: raw.side }),
    errorPayload(r) {
      if (!('code' in r) || String(r.code) === '0') return null;
      const first = Array.isArray(r.data) ? (r.data[0] as Record<string, unknown> | undefined) : undefined;
      const code = first?.sCode && String(first.sCode) !== '0' ? String(first.sCode) : String(r.code);
      const message = first?.sMsg ? String(first.sMsg) : String(r.msg ?? '');
      return { code, message };
    },
    enveloped: (json) => {
      const r = json as Record<string, unknown>;
      return !Array.isArray(json) && String(r.code) === '0' && Array.isArray(r.data);
    },
  },
  binance: {
    name: 'Binance',
    pageSize: 1000,
    maxTrades: 1000,
    bookLimit: (wanted) => Math.min(wanted, 5000),
    untilExclusive: false,
    // Days, weeks and months on Beijing midnight (Binance's default is UTC).
    klineParams: { timeZone: '8' },
    configure(exchange) {
      exchange.options.fetchMarkets = { types: ['spot'] };
      // Currencies and margin pairs are sapi calls that need keys; ccxt would skip them without
      // keys, and with these off it never tries.
      exchange.options.fetchCurrencies = false;
      exchange.options.fetchMargins = false;
      exchange.options.fetchTradesMethod = 'publicGetTrades';
      const cost = exchange.calculateRateLimiterCost.bind(exchange);
      exchange.calculateRateLimiterCost = (api, method, path, params, config) => {
        const list = api === 'public' && path === 'ticker/24hr' ? params?.symbols : undefined;
        if (typeof list !== 'string') return cost(api, method, path, params, config);
        // Binance's weights of /ticker/24hr, at ccxt's 0.2 a weight unit.
        const count = list.split(',').length;
        return 0.2 * (count <= 20 ? 2 : count <= 100 ? 40 : 80);
      };
    },
    // [open time, open, high, low, close, volume, close time, quote volume, …]
    rawCandle: (raw) => arrayCandle(raw, 7),
    tickerFields: {
      last: 'lastPrice',
      open: 'openPrice',
      high: 'highPrice',
      low: 'lowPrice',
      volume: 'volume',
      quoteVolume: 'quoteVolume',
      bid: 'bidPrice',
      ask: 'askPrice',
    },
    // The buyer was the maker when the taker sold.
    tradeFields: (raw) => ({
      price: raw.price,
      amount: raw.qty,
      side: raw.isBuyerMaker === true ? 'sell' : raw.isBuyerMaker === false ? 'buy' : raw.isBuyerMaker,
    }),
    errorPayload: (r) =>
      'code' in r && 'msg' in r && String(r.code) !== '0' && String(r.code) !== '200'
        ? { code: String(r.code), message: String(r.msg ?? '') }
        : null,
    // Binance answers bare objects and lists.
    enveloped: () => true,
  },
};

/** A time as an exchange writes it, a JSON number or a digit string (NaN otherwise). */
function timeOf(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
}

/** A candle written as a list, open time (ms) first, then open, high, low, close and volume. */
function arrayCandle(raw: unknown, quoteVolumeAt: number): RawCandle {
  const c = Array.isArray(raw) ? raw : [];
  return [timeOf(c[0]), c[1], c[2], c[3], c[4], c[5], c[quoteVolumeAt]];
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

/** A decimal string of a price above zero, or null (Binance writes 0 for an empty side of the book). */
function positiveDecimalText(value: unknown): string | null {
  const text = decimalText(value);
  return text !== null && new Decimal(text).gt(0) ? text : null;
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

/** The exchange's name and how it writes its answers and errors (the funding venues reuse them). */
export function venueResponses(id: ExchangeId): Pick<Venue, 'name' | 'errorPayload' | 'enveloped'> {
  return VENUES[id];
}
