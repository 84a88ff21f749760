import { describe, expect, it } from 'vitest';
import { buildRows, filterRows, type MarketRow, nextSort, sortRows } from './marketRows.ts';
import { pair, ticker } from './testing.tsx';

const pairs = [pair('BTC'), pair('ETH'), pair('DOGE'), pair('ETH', 'BTC')];
const tickers = new Map([
  ['BTCUSDT', ticker('BTCUSDT', '2.5', '1900000000', '95000.12')],
  ['ETHUSDT', ticker('ETHUSDT', '-1.25', '1200000000')],
  ['DOGEUSDT', ticker('DOGEUSDT', '10.01', '450000000')],
]);
const rows = buildRows(pairs, tickers);
const symbols = (list: readonly MarketRow[]) => list.map((r) => r.symbol);

describe('buildRows', () => {
  it('keeps the pair order and prefers the live ticker to the pair snapshot', () => {
    expect(symbols(rows)).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'ETHBTC']);
    expect(rows[0]).toMatchObject({ last: '95000.12', change: '2.5', quoteVolume: '1900000000' });
    // No ticker yet: the pair's price and change, but no comparable turnover.
    expect(rows[3]).toMatchObject({ last: '1', change: '0', quoteVolume: null, ticker: undefined });
  });
});

describe('filterRows', () => {
  it('matches symbol, base or quote in any case, ignoring separators and spaces', () => {
    expect(symbols(filterRows(rows, 'eth'))).toEqual(['ETHUSDT', 'ETHBTC']);
    expect(symbols(filterRows(rows, ' Btc/usdt '))).toEqual(['BTCUSDT']);
    expect(symbols(filterRows(rows, 'eth-btc'))).toEqual(['ETHBTC']);
    expect(symbols(filterRows(rows, 'btc'))).toEqual(['BTCUSDT', 'ETHBTC']);
    expect(symbols(filterRows(rows, '   '))).toEqual(symbols(rows));
    expect(filterRows(rows, 'xyz')).toEqual([]);
  });

  it('keeps only favourites when given, in the list order, and still applies the search', () => {
    expect(symbols(filterRows(rows, '', ['DOGEUSDT', 'BTCUSDT', 'GONEUSDT']))).toEqual([
      'BTCUSDT',
      'DOGEUSDT',
    ]);
    expect(symbols(filterRows(rows, 'doge', ['DOGEUSDT', 'BTCUSDT']))).toEqual(['DOGEUSDT']);
    expect(filterRows(rows, '', [])).toEqual([]);
  });
});

describe('sorting', () => {
  it('cycles a header: highest first, lowest first, then the list order', () => {
    const first = nextSort(null, 'change');
    expect(first).toEqual({ key: 'change', order: 'desc' });
    const second = nextSort(first, 'change');
    expect(second).toEqual({ key: 'change', order: 'asc' });
    expect(nextSort(second, 'change')).toBeNull();
    expect(nextSort(second, 'volume')).toEqual({ key: 'volume', order: 'desc' });
  });

  it('sorts by change and turnover as decimals, unknown values last', () => {
    expect(symbols(sortRows(rows, { key: 'change', order: 'desc' }))).toEqual([
      'DOGEUSDT',
      'BTCUSDT',
      'ETHBTC',
      'ETHUSDT',
    ]);
    expect(symbols(sortRows(rows, { key: 'change', order: 'asc' }))).toEqual([
      'ETHUSDT',
      'ETHBTC',
      'BTCUSDT',
      'DOGEUSDT',
    ]);
    // "450000000" < "1200000000" as numbers although not as text; ETHBTC has no turnover: last either way.
    expect(symbols(sortRows(rows, { key: 'volume', order: 'desc' }))).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'DOGEUSDT',
      'ETHBTC',
    ]);
    expect(symbols(sortRows(rows, { key: 'volume', order: 'asc' }))).toEqual([
      'DOGEUSDT',
      'ETHUSDT',
      'BTCUSDT',
      'ETHBTC',
    ]);
    expect(symbols(sortRows(rows, null))).toEqual(symbols(rows));
  });
});
