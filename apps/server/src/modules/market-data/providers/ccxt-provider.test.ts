import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KlineInterval } from '@platform/contracts';
import { Decimal } from '@platform/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../i18n/i18n.ts';
import { sleep } from '../../../test/fixtures.ts';
import { candleOpen, nextOpen } from '../intervals.ts';
import { marketTextIn } from '../market-texts.ts';
import { FAKE_MATCH_MS, FAKE_PAIRS, type FakeExchange, startFakeExchange } from '../testing/fake-exchange.ts';
import { createCcxtProvider, decimalText, tickDecimals } from './ccxt-provider.ts';
import {
  type MarketDataProvider,
  ProviderError,
  type ProviderErrorKind,
  type ProviderTicker,
} from './provider.ts';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
/**
 * What the shared tests need to know of each exchange: its paths, the query of a request, and
 * answers in its own shape that lack something.
 */
const EXCHANGES = [
  {
    id: 'htx',
    name: 'HTX',
    paths: {
      markets: '/v1/common/symbols',
      tickers: '/market/tickers',
      klines: '/market/history/candles',
      book: '/market/depth',
      trades: '/market/history/trade',
      time: '/v1/common/timestamp',
    },
    klinePages: 2,
    endQuery: (endTime: number) => ({ to: String(Math.floor(endTime / 1000)) }),
    bookQuery: (depth: number) => ({ depth: String(depth === 7 ? 10 : depth) }),
    tradesQuery: { symbol: 'pepeusdt', size: '25' },
    errorCode: 'gateway-internal-error',
    errorStatus: 200,
    badSymbolFault: { code: 'invalid-parameter', message: 'invalid symbol' },
    bodies: {
      tradeWithoutPrice:
        '{"status":"ok","data":[{"id":1,"ts":1700000000000,"data":[{"trade-id":7,"ts":1700000000000,"amount":1,"direction":"buy"}]}]}',
      timeWithoutData: '{"status":"ok"}',
      tickerWithoutPrices: '{"status":"ok","ts":1700000000000,"data":[{"symbol":"btcusdt","count":3}]}',
      candleWithBrokenPrice:
        '{"status":"ok","data":[{"id":1700000000,"open":"x","high":1,"low":1,"close":1,"amount":1,"vol":1}]}',
    },
    timeWithoutDataMessage: '缺少 data 字段',
    timeWithoutDataEnglish: 'No data field',
  },
  {
    id: 'okx',
    name: 'OKX',
    paths: {
      markets: '/api/v5/public/instruments',
      tickers: '/api/v5/market/tickers',
      klines: '/api/v5/market/candles',
      book: '/api/v5/market/books',
      trades: '/api/v5/market/trades',
      time: '/api/v5/public/time',
    },
    // 300 candles a request, and a window older than the latest 1440 from history-candles.
    klinePages: 4,
    endQuery: (endTime: number) => ({ after: String(endTime + 1) }),
    bookQuery: (depth: number) => ({ sz: String(depth) }),
    tradesQuery: { instId: 'PEPE-USDT', limit: '25' },
    errorCode: '50011',
    errorStatus: 429,
    badSymbolFault: { code: '51001', message: "Instrument ID doesn't exist." },
    bodies: {
      tradeWithoutPrice:
        '{"code":"0","msg":"","data":[{"instId":"BTC-USDT","side":"buy","sz":"1","tradeId":"7","ts":"1700000000000"}]}',
      timeWithoutData: '{"code":"0","msg":""}',
      tickerWithoutPrices:
        '{"code":"0","msg":"","data":[{"instType":"SPOT","instId":"BTC-USDT","ts":"1700000000000"}]}',
      candleWithBrokenPrice:
        '{"code":"0","msg":"","data":[["1700000000000","x","1","1","1","1","1","1","1"]]}',
    },
    timeWithoutDataMessage: '缺少 data 字段',
    timeWithoutDataEnglish: 'No data field',
  },
  {
    id: 'binance',
    name: 'Binance',
    paths: {
      markets: '/api/v3/exchangeInfo',
      tickers: '/api/v3/ticker/24hr',
      klines: '/api/v3/klines',
      book: '/api/v3/depth',
      trades: '/api/v3/trades',
      time: '/api/v3/time',
    },
    klinePages: 2,
    endQuery: (endTime: number) => ({ endTime: String(endTime), timeZone: '8' }),
    bookQuery: (depth: number) => ({ limit: String(depth) }),
    tradesQuery: { symbol: 'PEPEUSDT', limit: '25' },
    errorCode: '-1003',
    errorStatus: 429,
    badSymbolFault: { code: '-1121', message: 'Invalid symbol.' },
    bodies: {
      tradeWithoutPrice:
        '[{"id":7,"qty":"1.00000000","time":1700000000000,"isBuyerMaker":false,"isBestMatch":true}]',
      timeWithoutData: '{}',
      tickerWithoutPrices: '[{"symbol":"BTCUSDT","bidQty":"1.00000000","closeTime":1700000000000,"count":3}]',
      candleWithBrokenPrice: '[[1700000000000,"x","1","1","1","1",1700000059999,"1",1,"0","0","0"]]',
    },
    // Binance's answers have no envelope: the time is simply missing.
    timeWithoutDataMessage: '服务器时间不正确（undefined）',
    timeWithoutDataEnglish: 'Invalid server time \\(undefined\\)',
  },
] as const;
type ExchangeId = (typeof EXCHANGES)[number]['id'];

let fake: FakeExchange;
const providers: MarketDataProvider[] = [];

async function provider(exchange: ExchangeId, timeoutMs = 5000, pollMs = 50, apiUrl = fake.url) {
  const created = await createCcxtProvider({ exchange, apiUrl, timeoutMs, pollMs });
  providers.push(created);
  return created;
}

async function failure(work: Promise<unknown>): Promise<ProviderError> {
  try {
    await work;
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

/**
 * The error as an English-reading admin gets it (issue 38): rendered from its message, and read back
 * from the zh-CN text that the market log and a job's row keep, alike; no Chinese left.
 */
function inEnglish(err: ProviderError): string {
  const rendered = render('en', err.text);
  expect(marketTextIn('en', err.message)).toBe(rendered);
  expect(rendered).not.toMatch(/[\u4e00-\u9fff]/);
  return rendered;
}

function hits(path: string) {
  return fake.requests.filter((r) => r.path === path);
}

beforeAll(async () => {
  fake = await startFakeExchange();
});
afterEach(() => {
  fake.setFault(null);
});
afterAll(async () => {
  for (const p of providers) await p.close();
  await fake.close();
});

describe('decimal helpers', () => {
  it('expands exponent notation and keeps plain decimals', () => {
    expect(decimalText(9.80644e-7)).toBe('0.000000980644');
    expect(decimalText('5.313E-5')).toBe('0.00005313');
    expect(decimalText('65000.10')).toBe('65000.1');
    expect(decimalText(1e21)).toBe('1000000000000000000000');
    expect(decimalText('')).toBeNull();
    expect(decimalText('abc')).toBeNull();
    expect(decimalText(Number.NaN)).toBeNull();
    expect(decimalText(undefined)).toBeNull();
  });

  it('turns tick sizes into decimals', () => {
    expect(tickDecimals(0.01)).toBe(2);
    expect(tickDecimals(1e-8)).toBe(8);
    expect(tickDecimals('0.00025')).toBe(5);
    expect(tickDecimals(1)).toBe(0);
    expect(tickDecimals(5)).toBe(0);
    expect(tickDecimals(0)).toBeNull();
  });
});

describe.each(EXCHANGES)('$name through ccxt against the fake exchange', (ex) => {
  let p: MarketDataProvider;
  beforeAll(async () => {
    p = await provider(ex.id);
  });

  it('lists the USDT spot instruments with their precisions, asking the exchange every time', async () => {
    fake.requests.length = 0;
    const list = await p.instruments();
    await p.instruments();
    expect(hits(ex.paths.markets)).toHaveLength(2);
    if (ex.id === 'okx') expect(hits(ex.paths.markets)[0]?.query.instType).toBe('SPOT');
    // Spot only: nothing asked for swaps, futures, margin pairs or currencies.
    expect(fake.requests.every((r) => r.path === ex.paths.markets)).toBe(true);

    const usdtPairs = FAKE_PAIRS.filter((pair) => pair.quote === 'USDT');
    expect(list.map((i) => i.symbol)).toEqual(usdtPairs.map((pair) => `${pair.base}USDT`).sort());
    for (const pair of usdtPairs) {
      const instrument = list.find((i) => i.symbol === `${pair.base}USDT`)!;
      const expectedPriceDecimals =
        ex.id === 'okx' && pair.okxTickSize
          ? new Decimal(pair.okxTickSize).decimalPlaces()
          : pair.priceDecimals;
      expect(instrument).toEqual({
        symbol: `${pair.base}USDT`,
        base: pair.base,
        quote: 'USDT',
        pricePrecision: expectedPriceDecimals,
        amountPrecision: pair.amountDecimals,
        minAmount: pair.minAmount,
        active: pair.live,
        logoUrl: null,
      });
    }
    expect(list.find((i) => i.symbol === 'BTCUSDT')?.pricePrecision).toBe(ex.id === 'okx' ? 1 : 2);
    expect(list.find((i) => i.symbol === 'LTCUSDT')?.active).toBe(false);
    expect(list.find((i) => i.symbol === 'PEPEUSDT')?.pricePrecision).toBe(12);
  });

  it('returns tickers of the known symbols as plain decimal strings, from a fresh request each time', async () => {
    fake.setPrice('BTCUSDT', '70123.45');
    fake.setPrice('PEPEUSDT', '0.000000912345');
    fake.requests.length = 0;
    const tickers = await p.tickers(['BTCUSDT', 'PEPEUSDT', 'NOPEUSDT']);
    fake.setPrice('BTCUSDT', '70200.5');
    const again = await p.tickers(['BTCUSDT']);
    expect(hits(ex.paths.tickers)).toHaveLength(2);
    expect(again[0]?.last).toBe('70200.5');

    expect(tickers.map((t) => t.symbol).sort()).toEqual(['BTCUSDT', 'PEPEUSDT']);
    const btc = tickers.find((t) => t.symbol === 'BTCUSDT')!;
    const pepe = tickers.find((t) => t.symbol === 'PEPEUSDT')!;
    expect(btc.last).toBe('70123.45');
    expect(pepe.last).toBe('0.000000912345');
    for (const t of tickers) {
      for (const key of [
        'last',
        'open24h',
        'high24h',
        'low24h',
        'volume24h',
        'quoteVolume24h',
        'bid',
        'ask',
      ] as const) {
        expect(t[key], `${t.symbol} ${key}`).toMatch(PLAIN_DECIMAL);
      }
      expect(new Decimal(t.bid).lt(t.last)).toBe(true);
      expect(new Decimal(t.ask).gt(t.last)).toBe(true);
      expect(new Decimal(t.high24h).gte(t.low24h)).toBe(true);
      expect(new Decimal(t.high24h).gte(t.last)).toBe(true);
      expect(Math.abs(t.timestamp - Date.now())).toBeLessThan(10_000);
    }
  });

  it('asks nothing for an empty or unknown symbol list', async () => {
    fake.requests.length = 0;
    expect(await p.tickers([])).toEqual([]);
    expect(await p.tickers(['NOPEUSDT'])).toEqual([]);
    expect(hits(ex.paths.tickers)).toHaveLength(0);
  });

  it.each<KlineInterval>(['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'])(
    'returns the latest %s candles ascending, aligned as intervals.ts aligns them',
    async (interval) => {
      fake.setPrice('ETHUSDT', '3333.33');
      fake.requests.length = 0;
      const klines = await p.klines('ETHUSDT', interval, { limit: 5 });
      expect(hits(ex.paths.klines)).toHaveLength(1);
      expect(klines).toHaveLength(5);
      for (const [i, k] of klines.entries()) {
        expect(k.openTime).toBe(candleOpen(interval, k.openTime));
        if (i > 0) expect(k.openTime).toBe(nextOpen(interval, klines[i - 1]!.openTime));
        for (const key of ['open', 'high', 'low', 'close', 'volume', 'quoteVolume'] as const) {
          expect(k[key]).toMatch(PLAIN_DECIMAL);
        }
        expect(new Decimal(k.high).gte(Decimal.max(k.open, k.close))).toBe(true);
        expect(new Decimal(k.low).lte(Decimal.min(k.open, k.close))).toBe(true);
      }
      const forming = klines[4]!;
      expect(forming.openTime).toBe(candleOpen(interval, Date.now()));
      expect(forming.close).toBe('3333.33');
    },
  );

  it('honours an end time (inclusive) and says it supports history', async () => {
    expect(p.supportsHistory).toBe(true);
    const hour = 3_600_000;
    const aligned = candleOpen('1h', Date.now()) - 50 * hour;
    for (const endTime of [aligned, aligned + 1234]) {
      fake.requests.length = 0;
      const klines = await p.klines('BTCUSDT', '1h', { limit: 10, endTime });
      expect(klines).toHaveLength(10);
      expect(klines[9]!.openTime).toBe(aligned);
      expect(klines[0]!.openTime).toBe(aligned - 9 * hour);
      expect(hits(ex.paths.klines)[0]?.query).toMatchObject(ex.endQuery(endTime));
    }
  });

  it('pages through more candles than one request gives, without gaps or repeats', async () => {
    fake.requests.length = 0;
    const endTime = Date.now() - 3 * 86_400_000;
    const klines = await p.klines('SOLUSDT', '1m', { limit: 1200, endTime });
    expect(klines).toHaveLength(1200);
    expect(klines[1199]!.openTime).toBe(candleOpen('1m', endTime));
    for (let i = 1; i < klines.length; i++)
      expect(klines[i]!.openTime - klines[i - 1]!.openTime).toBe(60_000);
    const pages = fake.requests.filter((r) => r.path === ex.paths.klines || /candles$/.test(r.path));
    expect(pages).toHaveLength(ex.klinePages);
  });

  if (ex.id === 'okx') {
    it('asks history-candles for a window older than the latest 1440 candles', async () => {
      fake.requests.length = 0;
      const endTime = Date.now() - 30 * 86_400_000;
      const klines = await p.klines('BTCUSDT', '5m', { limit: 50, endTime });
      expect(klines).toHaveLength(50);
      expect(klines[49]!.openTime).toBe(candleOpen('5m', endTime));
      expect(hits('/api/v5/market/history-candles')).toHaveLength(1);
      expect(hits('/api/v5/market/candles')).toHaveLength(0);
    });
  }

  it('returns order books of the asked depth, best first, as decimal strings', async () => {
    fake.setPrice('XRPUSDT', '0.61234');
    for (const depth of [5, 10, 20, 7]) {
      fake.requests.length = 0;
      const book = await p.orderBook('XRPUSDT', depth);
      expect(hits(ex.paths.book)[0]?.query).toMatchObject(ex.bookQuery(depth));
      expect(book.symbol).toBe('XRPUSDT');
      expect(book.bids).toHaveLength(depth);
      expect(book.asks).toHaveLength(depth);
      for (const [price, amount] of [...book.bids, ...book.asks]) {
        expect(price).toMatch(PLAIN_DECIMAL);
        expect(amount).toMatch(PLAIN_DECIMAL);
      }
      for (let i = 1; i < depth; i++) {
        expect(new Decimal(book.bids[i]![0]).lt(book.bids[i - 1]![0])).toBe(true);
        expect(new Decimal(book.asks[i]![0]).gt(book.asks[i - 1]![0])).toBe(true);
      }
      expect(new Decimal(book.bids[0]![0]).lt('0.61234')).toBe(true);
      expect(new Decimal(book.asks[0]![0]).gt('0.61234')).toBe(true);
      expect(Math.abs(book.timestamp - Date.now())).toBeLessThan(10_000);
    }
    fake.setPrice('PEPEUSDT', '0.000000912345');
    const tiny = await p.orderBook('PEPEUSDT', 5);
    expect(tiny.bids[0]![0]).toBe('0.000000912344');
    expect(tiny.asks[0]![0]).toBe('0.000000912346');
  });

  it('returns the latest trades newest first, with the ids, sides and decimals of the exchange', async () => {
    fake.setPrice('PEPEUSDT', '0.000000912345');
    fake.requests.length = 0;
    const trades = await p.trades('PEPEUSDT', 25);
    expect(hits(ex.paths.trades)[0]?.query).toMatchObject(ex.tradesQuery);
    expect(trades).toHaveLength(25);
    // The fake's latest match prints at the last price; HTX writes it as 9.12345E-7, Binance pads decimals.
    expect(trades[0]!.price).toBe('0.000000912345');
    for (const [i, t] of trades.entries()) {
      expect(t.id).toMatch(/^\d+$/);
      // trade id = match·4 + k, and the match is the time: not HTX's own 22-digit `id`.
      expect(Math.floor(Number(t.id) / 4) * FAKE_MATCH_MS).toBe(t.timestamp);
      expect(t.price).toMatch(PLAIN_DECIMAL);
      expect(t.amount).toMatch(PLAIN_DECIMAL);
      expect(new Decimal(t.amount).gt(0)).toBe(true);
      expect(['buy', 'sell']).toContain(t.side);
      if (i > 0) expect(Number(t.id)).toBeLessThan(Number(trades[i - 1]!.id));
    }
    expect(Date.now() - trades[0]!.timestamp).toBeLessThan(FAKE_MATCH_MS + 5000);
    // The same trade keeps its id and values on the next call (the latest match prints at the
    // current price, so it is left out).
    const again = await p.trades('PEPEUSDT', 40);
    const older = trades.filter((t) => t.timestamp < trades[0]!.timestamp);
    expect(again.filter((t) => older.some((o) => o.id === t.id))).toEqual(older);
  });

  it('refuses a trade without a price as a bad response', async () => {
    fake.setFault({ path: ex.paths.trades, kind: 'body', body: ex.bodies.tradeWithoutPrice });
    const err = await failure(p.trades('BTCUSDT', 5));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toBe(`${ex.name} 返回的数据格式不正确：成交 7 价格缺失`);
    expect(inEnglish(err)).toBe(`${ex.name} returned data in an unexpected format: Trade 7 price missing`);
  });

  it("reads the exchange's clock", async () => {
    fake.requests.length = 0;
    const time = await p.serverTime();
    expect(hits(ex.paths.time)).toHaveLength(1);
    expect(Math.abs(time - Date.now())).toBeLessThan(5_000);
  });

  it('refuses unknown symbols', async () => {
    for (const work of [
      p.klines('NOPEUSDT', '1h', { limit: 5 }),
      p.orderBook('NOPEUSDT', 5),
      p.trades('NOPEUSDT', 5),
    ]) {
      const err = await failure(work);
      expect(err.kind).toBe('unknown_symbol');
      expect(err.provider).toBe(ex.id);
      expect(err.message).toBe(`${ex.name} 没有交易对 NOPEUSDT`);
      expect(inEnglish(err)).toBe(`${ex.name} has no trading pair NOPEUSDT`);
    }
  });

  describe('failures', () => {
    const cases: {
      title: string;
      path: keyof typeof ex.paths;
      fault: Parameters<FakeExchange['setFault']>[0];
      kind: ProviderErrorKind;
      message: RegExp;
      english: RegExp;
    }[] = [
      {
        title: 'HTTP 503',
        path: 'tickers',
        fault: { path: ex.paths.tickers, kind: 'status', status: 503 },
        kind: 'network',
        message: new RegExp(`^${ex.name} 服务暂不可用（HTTP 503）$`),
        english: new RegExp(`^${ex.name} is temporarily unavailable \\(HTTP 503\\)$`),
      },
      {
        title: 'HTTP 500',
        path: 'klines',
        fault: { path: ex.paths.klines, kind: 'status', status: 500 },
        kind: 'network',
        message: new RegExp(`^${ex.name} 服务暂不可用（HTTP 500）$`),
        english: new RegExp(`^${ex.name} is temporarily unavailable \\(HTTP 500\\)$`),
      },
      {
        title: 'HTTP 429',
        path: 'book',
        fault: { path: ex.paths.book, kind: 'status', status: 429 },
        kind: 'network',
        message: new RegExp(`^${ex.name} 请求过于频繁，已被限流（HTTP 429）$`),
        english: new RegExp(`^${ex.name}: too many requests, rate limited \\(HTTP 429\\)$`),
      },
      {
        title: "the exchange's error payload",
        path: 'tickers',
        fault: {
          path: ex.paths.tickers,
          kind: 'exchange_error',
          code: ex.errorCode,
          message: 'Too Many Requests',
          status: ex.errorStatus,
        },
        kind: 'exchange',
        message: new RegExp(`^${ex.name} 返回错误：Too Many Requests（${ex.errorCode}）$`),
        english: new RegExp(`^${ex.name} returned an error: Too Many Requests \\(${ex.errorCode}\\)$`),
      },
      {
        title: "the exchange's unknown-instrument payload",
        path: 'book',
        fault: { path: ex.paths.book, kind: 'exchange_error', ...ex.badSymbolFault },
        kind: 'unknown_symbol',
        message: new RegExp(`^${ex.name} 没有交易对 BTCUSDT（${ex.badSymbolFault.message}）$`),
        english: new RegExp(`^${ex.name} has no trading pair BTCUSDT \\(${ex.badSymbolFault.message}\\)$`),
      },
      {
        title: 'malformed JSON',
        path: 'tickers',
        fault: { path: ex.paths.tickers, kind: 'malformed' },
        kind: 'bad_response',
        message: new RegExp(`^${ex.name} 返回的数据格式不正确：不是有效的 JSON`),
        english: new RegExp(`^${ex.name} returned data in an unexpected format: Not valid JSON`),
      },
      {
        title: 'an answer without its data',
        path: 'time',
        fault: { path: ex.paths.time, kind: 'body', body: ex.bodies.timeWithoutData },
        kind: 'bad_response',
        message: new RegExp(`^${ex.name} 返回的数据格式不正确：${ex.timeWithoutDataMessage}`),
        english: new RegExp(
          `^${ex.name} returned data in an unexpected format: ${ex.timeWithoutDataEnglish}`,
        ),
      },
      {
        title: 'a ticker without its prices',
        path: 'tickers',
        fault: { path: ex.paths.tickers, kind: 'body', body: ex.bodies.tickerWithoutPrices },
        kind: 'bad_response',
        message: new RegExp(`^${ex.name} 返回的数据格式不正确：BTCUSDT 最新价缺失`),
        english: new RegExp(`^${ex.name} returned data in an unexpected format: BTCUSDT last price missing$`),
      },
      {
        title: 'a candle with a broken price',
        path: 'klines',
        fault: { path: ex.paths.klines, kind: 'body', body: ex.bodies.candleWithBrokenPrice },
        kind: 'bad_response',
        message: new RegExp(`^${ex.name} 返回的数据格式不正确：K线开盘价不是数字`),
        english: new RegExp(`^${ex.name} returned data in an unexpected format: Kline open is not a number`),
      },
    ];

    it.each(cases)(
      '$title becomes a $kind ProviderError, in English too',
      async ({ path, fault, kind, message, english }) => {
        await p.instruments();
        fake.setFault(fault);
        fake.requests.length = 0;
        const work =
          path === 'tickers'
            ? p.tickers(['BTCUSDT'])
            : path === 'klines'
              ? p.klines('BTCUSDT', '1h', { limit: 3 })
              : path === 'book'
                ? p.orderBook('BTCUSDT', 5)
                : p.serverTime();
        const err = await failure(work);
        expect(hits(ex.paths[path]).length).toBeGreaterThan(0);
        expect(err.kind).toBe(kind);
        expect(err.provider).toBe(ex.id);
        expect(err.message).toMatch(message);
        expect(inEnglish(err)).toMatch(english);
        fake.setFault(null);
        // The provider is not left broken.
        if (path === 'tickers') expect(await p.tickers(['BTCUSDT'])).toHaveLength(1);
        if (path === 'book') expect((await p.orderBook('BTCUSDT', 5)).bids).toHaveLength(5);
      },
    );

    it('fails after N successful requests, as the fake was told', async () => {
      fake.setFault({ path: ex.paths.tickers, kind: 'status', status: 503, after: 2 });
      await p.tickers(['BTCUSDT']);
      await p.tickers(['BTCUSDT']);
      expect((await failure(p.tickers(['BTCUSDT']))).kind).toBe('network');
    });

    it('makes instruments fail when the instrument list is malformed, and recovers on the next call', async () => {
      const fresh = await provider(ex.id);
      fake.setFault({ path: ex.paths.markets, kind: 'malformed', times: 1 });
      const err = await failure(fresh.instruments());
      expect(err.kind).toBe('bad_response');
      // ccxt keeps a failed market load's promise; the provider must load again.
      expect(await fresh.tickers(['BTCUSDT'])).toHaveLength(1);
    });

    it('gives up after about timeoutMs on a slow answer', async () => {
      const quick = await provider(ex.id, 300);
      await quick.instruments();
      fake.setFault({ path: ex.paths.tickers, kind: 'delay', delayMs: 3000 });
      await sleep(150); // let the rate limiter's bucket refill
      const started = Date.now();
      const err = await failure(quick.tickers(['BTCUSDT']));
      const elapsed = Date.now() - started;
      expect(err.kind).toBe('timeout');
      expect(err.message).toBe(`${ex.name} 请求超时（300 ms）`);
      expect(inEnglish(err)).toBe(`${ex.name} request timed out (300 ms)`);
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(800);
    });

    it('reports a refused connection as a network error', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const nowhere = await provider(ex.id, 1000, 50, `http://127.0.0.1:${port}`);
      const err = await failure(nowhere.serverTime());
      expect(err.kind).toBe('network');
      expect(err.message).toMatch(new RegExp(`^${ex.name} 无法连接：.*ECONNREFUSED`));
      expect(inEnglish(err)).toMatch(new RegExp(`^Cannot connect to ${ex.name}: .*ECONNREFUSED`));
    });
  });

  it('streams polled tickers and reports errors without stopping', async () => {
    const streaming = await provider(ex.id, 1000, 40);
    await streaming.instruments();
    const batches: ProviderTicker[][] = [];
    const errors: ProviderError[] = [];
    let symbols: string[] = ['BTCUSDT'];
    fake.setFault({ path: ex.paths.tickers, kind: 'status', status: 503, after: 2, times: 2 });
    const stop = streaming.stream(
      () => symbols,
      (tickers) => {
        batches.push(tickers);
        if (batches.length === 3) symbols = ['BTCUSDT', 'ETHUSDT'];
      },
      (err) => errors.push(err),
    );
    await expect.poll(() => batches.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(4);
    stop();
    const seen = batches.length + errors.length;
    expect(errors.map((e) => e.kind)).toEqual(['network', 'network']);
    expect(batches[0]!.map((t) => t.symbol)).toEqual(['BTCUSDT']);
    expect(batches[3]!.map((t) => t.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    await sleep(300);
    expect(batches.length + errors.length).toBe(seen);
  });

  it('asks only for the spot endpoints the fake serves, one of each kind', async () => {
    // A fake of its own, so that its log holds every request of this provider's life.
    const own = await startFakeExchange();
    const alone = await createCcxtProvider({ exchange: ex.id, apiUrl: own.url, timeoutMs: 5000, pollMs: 50 });
    try {
      await alone.instruments();
      await alone.tickers(['BTCUSDT', 'ETHUSDT']);
      await alone.klines('BTCUSDT', '1d', { limit: 5 });
      await alone.klines('BTCUSDT', '1m', { limit: 5, endTime: Date.now() - 3_600_000 });
      await alone.orderBook('BTCUSDT', 5);
      await alone.trades('BTCUSDT', 5);
      await alone.serverTime();
      expect(own.requests.filter((r) => !r.served)).toEqual([]);
      expect(new Set(own.requests.map((r) => r.path))).toEqual(new Set(Object.values(ex.paths)));
      expect(own.requests.every((r) => r.method === 'GET')).toBe(true);
    } finally {
      await alone.close();
      await own.close();
    }
  });
});

describe('Binance specifics', () => {
  let p: MarketDataProvider;
  beforeAll(async () => {
    p = await provider('binance');
    await p.instruments();
  });
  afterEach(() => {
    fake.setPairs(FAKE_PAIRS);
  });

  it('asks for the tickers of the wanted symbols only, by their Binance ids', async () => {
    fake.requests.length = 0;
    await p.tickers(['ETHUSDT', 'BTCUSDT', 'NOPEUSDT']);
    const asked = hits('/api/v3/ticker/24hr');
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0]!.query.symbols!).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('asks again without a pair Binance no longer has, instead of failing the whole list', async () => {
    fake.setPairs(FAKE_PAIRS.filter((pair) => pair.base !== 'SOL'));
    fake.requests.length = 0;
    const tickers = await p.tickers(['BTCUSDT', 'SOLUSDT']);
    expect(tickers.map((t) => t.symbol)).toEqual(['BTCUSDT']);
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/api/v3/ticker/24hr',
      '/api/v3/exchangeInfo',
      '/api/v3/ticker/24hr',
    ]);
    expect(await p.tickers(['SOLUSDT'])).toEqual([]);
  });

  it('takes the last price for a side of the book Binance reports as 0', async () => {
    fake.setFault({
      path: '/api/v3/ticker/24hr',
      kind: 'body',
      body: JSON.stringify([
        {
          symbol: 'BTCUSDT',
          lastPrice: '65000.10000000',
          bidPrice: '0.00000000',
          bidQty: '0.00000000',
          askPrice: '65000.20000000',
          askQty: '1.00000000',
          openPrice: '64000.00000000',
          highPrice: '65500.00000000',
          lowPrice: '63900.00000000',
          volume: '12.50000000',
          quoteVolume: '812500.00000000',
          openTime: 1700000000000,
          closeTime: 1700086400000,
          count: 10,
        },
      ]),
    });
    const [btc] = await p.tickers(['BTCUSDT']);
    expect(btc).toMatchObject({ last: '65000.1', bid: '65000.1', ask: '65000.2', timestamp: 1700086400000 });
  });

  it("weighs a short ticker list as Binance does, so polling is not held back by ccxt's rate limiter", async () => {
    // ccxt would count each request as the whole market (weight 80: 0.8 s before the next one).
    const started = Date.now();
    for (let i = 0; i < 5; i++) await p.tickers(['BTCUSDT']);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('one fake server per venue', () => {
  it('gives three venues three prices', async () => {
    const venues = ['htx', 'okx', 'binance'] as const;
    const fakes = await Promise.all(venues.map(() => startFakeExchange()));
    const own = await Promise.all(
      venues.map((id, i) =>
        createCcxtProvider({ exchange: id, apiUrl: fakes[i]!.url, timeoutMs: 5000, pollMs: 50 }),
      ),
    );
    try {
      fakes.forEach((f, i) => {
        f.setPrice('BTCUSDT', ['64000.5', '64010', '63990.25'][i]!);
      });
      const lasts = await Promise.all(own.map(async (v) => (await v.tickers(['BTCUSDT']))[0]?.last));
      expect(lasts).toEqual(['64000.5', '64010', '63990.25']);
      // Each asked its own server only.
      fakes.forEach((f, i) => {
        expect(
          f.requests.every((r) => r.served && r.path.startsWith(['/', '/api/v5/', '/api/v3/'][i]!)),
        ).toBe(true);
      });
    } finally {
      for (const v of own) await v.close();
      for (const f of fakes) await f.close();
    }
  });
});
