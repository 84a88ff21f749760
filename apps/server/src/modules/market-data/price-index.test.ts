import { describe, expect, it } from 'vitest';
import { render } from '../../i18n/i18n.ts';
import { sleep } from '../../test/fixtures.ts';
import { createIndexProvider } from './index-provider.ts';
import { marketTextIn } from './market-texts.ts';
import { createPriceIndex, type PriceSource, type SourceStatusChange } from './price-index.ts';
import { exclusionOf } from './price-source-events.repository.ts';
import {
  type MarketDataProvider,
  ProviderError,
  type ProviderOrderBook,
  type ProviderTicker,
} from './providers/provider.ts';

/** A venue whose price, failure and delay the test sets; it counts the rounds it is asked. */
function venue(id: string, price: string) {
  const state = { price, fail: null as string | null, delayMs: 0, asked: 0 };
  const ticker = (symbol: string): ProviderTicker => ({
    symbol,
    last: state.price,
    open24h: state.price,
    high24h: state.price,
    low24h: state.price,
    volume24h: '1',
    quoteVolume24h: state.price,
    bid: state.price,
    ask: state.price,
    timestamp: Date.now(),
  });
  const provider = {
    id,
    async tickers(symbols: readonly string[]) {
      state.asked += 1;
      if (state.delayMs) await sleep(state.delayMs);
      if (state.fail) throw new Error(state.fail);
      return symbols.map(ticker);
    },
    async orderBook(symbol: string): Promise<ProviderOrderBook> {
      return { symbol, bids: [[state.price, '1']], asks: [[state.price, '1']], timestamp: Date.now() };
    },
  } as unknown as MarketDataProvider;
  const source: PriceSource = { id, provider: async () => provider };
  return { state, source };
}

const rules = { maxAgeMs: 300, maxDeviation: '0.02', minSources: 2 };

describe('price index rounds', () => {
  it('asks every venue once per round for all pairs, and concurrent callers share the round', async () => {
    const venues = [venue('a', '100'), venue('b', '101'), venue('c', '100.5')];
    const index = createPriceIndex({ sources: venues.map((v) => v.source), rules });
    const [first, second] = await Promise.all([
      index.refresh(['BTCUSDT', 'ETHUSDT']),
      index.latest(['BTCUSDT'], 10_000),
    ]);
    expect(venues.map((v) => v.state.asked)).toEqual([1, 1, 1]);
    expect(first.map((s) => s.price)).toEqual(['100.5', '100.5']);
    expect(second.map((s) => s.symbol)).toEqual(['BTCUSDT']);
    // Within the age asked for, the last round answers without asking again.
    await index.latest(['BTCUSDT', 'ETHUSDT'], 10_000);
    expect(venues.map((v) => v.state.asked)).toEqual([1, 1, 1]);
  });

  it('a round for some pairs refreshes every pair already known, so a recorder and a feed asking for different lists share one round', async () => {
    const venues = [venue('a', '100'), venue('b', '101'), venue('c', '100.5')];
    let clock = 1_000;
    const index = createPriceIndex({ sources: venues.map((v) => v.source), rules, now: () => clock });
    await index.refresh(['BTCUSDT', 'ETHUSDT']);
    clock += 200;
    const [btc] = await index.refresh(['BTCUSDT']);
    expect(venues.map((v) => v.state.asked)).toEqual([2, 2, 2]);
    expect(btc!.symbol).toBe('BTCUSDT');
    expect(index.snapshot('ETHUSDT')!.at).toBe(1_200);
    // The feed's list, asked within the same interval, finds both pairs fresh.
    await index.latest(['BTCUSDT', 'ETHUSDT'], 100);
    expect(venues.map((v) => v.state.asked)).toEqual([2, 2, 2]);
  });

  it('a venue that does not answer within the freshness limit is an error for that round; it cannot hold the index back', async () => {
    const venues = [venue('a', '100'), venue('b', '101'), venue('c', '100.5')];
    venues[2]!.state.delayMs = 2000;
    const index = createPriceIndex({ sources: venues.map((v) => v.source), rules });
    const started = Date.now();
    const [snapshot] = await index.refresh(['BTCUSDT']);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(snapshot!.components.map((c) => c.status)).toEqual(['included', 'included', 'error']);
    expect(snapshot!.price).toBe('100.5');
    expect(index.sourceState('c')?.error?.message).toContain('150 ms');
  });

  it('reports each (venue, pair) status change once, and the return to the index', async () => {
    const venues = [venue('a', '100'), venue('b', '101'), venue('c', '100.5')];
    const reported: SourceStatusChange[][] = [];
    const index = createPriceIndex({
      sources: venues.map((v) => v.source),
      rules,
      onStatusChange: (changes) => reported.push(changes),
    });
    await index.refresh(['BTCUSDT']);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.map((c) => [c.source, c.status, c.previous])).toEqual([
      ['a', 'included', null],
      ['b', 'included', null],
      ['c', 'included', null],
    ]);
    venues[1]!.state.price = '130';
    await index.refresh(['BTCUSDT']);
    await index.refresh(['BTCUSDT']);
    venues[1]!.state.price = '101';
    await index.refresh(['BTCUSDT']);
    expect(reported.slice(1).map((r) => r.map((c) => [c.source, c.status, c.previous]))).toEqual([
      [['b', 'outlier', 'included']],
      [['b', 'included', 'outlier']],
    ]);
  });
});

describe('the market over the index', () => {
  it('serves the index as the last price and the book of the included venue nearest it; refuses a book without an index', async () => {
    const venues = [venue('a', '100'), venue('b', '100.2'), venue('c', '150')];
    const sources = venues.map((v) => v.source);
    const index = createPriceIndex({ sources, rules });
    const market = createIndexProvider({ index, sources, pollMs: 1000 });
    const [ticker] = await market.tickers(['BTCUSDT']);
    expect(ticker).toMatchObject({ symbol: 'BTCUSDT', last: '100.1' });
    expect((await market.orderBook('BTCUSDT', 5)).bids[0]![0]).toBe('100');

    venues[0]!.state.fail = 'down';
    venues[1]!.state.fail = 'down';
    await index.refresh(['BTCUSDT']);
    await expect(market.tickers(['BTCUSDT'])).rejects.toThrow(/没有指数价格.*a: down/);
    await expect(market.orderBook('BTCUSDT', 5)).rejects.toThrow('暂无指数价格');
  });

  it('says why there is no index in English too, the venues’ failures named (issue 38)', async () => {
    const venues = [venue('a', '100'), venue('b', '100.2'), venue('c', '100.1')];
    const sources = venues.map((v) => v.source);
    const index = createPriceIndex({ sources, rules });
    const market = createIndexProvider({ index, sources, pollMs: 1000 });
    venues[0]!.state.fail = 'down';
    venues[2]!.state.delayMs = 2000;
    await index.refresh(['BTCUSDT']);
    const failure = async (work: Promise<unknown>) => {
      const err = await work.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ProviderError);
      return err as ProviderError;
    };
    const noIndex = await failure(market.tickers(['BTCUSDT']));
    expect(noIndex.message).toBe('没有指数价格（计入的价格源不足 2 个）：a: down；c: 150 ms 内未应答');
    const english =
      'No index price (included price sources below the minimum of 2): a: down; c: No answer within 150 ms';
    // Rendered for a reply, and read back from the zh-CN the feed and the log keep: the same English.
    expect(render('en', noIndex.text)).toBe(english);
    expect(marketTextIn('en', noIndex.message)).toBe(english);
    const noBook = await failure(market.orderBook('BTCUSDT', 5));
    expect(noBook.message).toBe('BTCUSDT 暂无指数价格，没有可用的行情源');
    expect(render('en', noBook.text)).toBe('No index price for BTCUSDT: no market data source available');
    expect(marketTextIn('en', noBook.message)).toBe(render('en', noBook.text));
  });
});

describe('minutes out of the index', () => {
  it('adds up the intervals spent in a status other than included, up to now', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const events = [
      { source: 'a', symbol: 'X', status: 'included' as const, at: at(0) },
      { source: 'a', symbol: 'X', status: 'outlier' as const, at: at(10) },
      { source: 'a', symbol: 'X', status: 'stale' as const, at: at(13) },
      { source: 'a', symbol: 'X', status: 'included' as const, at: at(20) },
      { source: 'b', symbol: 'X', status: 'error' as const, at: at(50) },
    ];
    const result = exclusionOf(events, at(60));
    expect(result.get('a X')).toEqual({ excludedMs: 10 * 60_000, lastStatus: 'included', since: at(20) });
    expect(result.get('b X')).toEqual({ excludedMs: 10 * 60_000, lastStatus: 'error', since: at(50) });
  });
});
