import type { PriceSourceRow, PriceSourcesOverview } from '@platform/contracts';

/** Test data of the 价格源 screen and the dashboard's price alerts (imported by tests only). */

export const CHECKED_AT = '2026-03-01T04:00:05.000Z';
const SEEN_AT = '2026-03-01T04:00:04.500Z';

export function sourceRow(
  overrides: Partial<PriceSourceRow> & Pick<PriceSourceRow, 'source' | 'symbol'>,
): PriceSourceRow {
  return {
    status: 'included',
    price: '95000',
    at: SEEN_AT,
    deviation_from_index: '0',
    latency_ms: 120,
    last_error: null,
    excluded_minutes_24h: 0,
    status_since: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * The default simulated venues: BTCUSDT indexed at 95,010 with sim-c an outlier; ETHUSDT without an
 * index, sim-b stale and sim-c failing (so one source only: below the minimum of 2).
 */
export function makeOverview(overrides: Partial<PriceSourcesOverview> = {}): PriceSourcesOverview {
  return {
    simulated: true,
    sources: ['sim-a', 'sim-b', 'sim-c'],
    rules: { max_age_ms: 3000, max_deviation: '0.02', min_sources: 2 },
    indexes: [
      {
        symbol: 'BTCUSDT',
        price: '95010',
        at: CHECKED_AT,
        components: [
          { source: 'sim-a', price: '95000', at: SEEN_AT, status: 'included', deviation: '-0.00010524' },
          { source: 'sim-b', price: '95020', at: SEEN_AT, status: 'included', deviation: '0.00010524' },
          { source: 'sim-c', price: '99000', at: SEEN_AT, status: 'outlier', deviation: '0.04199558' },
        ],
      },
      {
        symbol: 'ETHUSDT',
        price: null,
        at: CHECKED_AT,
        components: [
          { source: 'sim-a', price: '3400', at: SEEN_AT, status: 'included', deviation: '0' },
          {
            source: 'sim-b',
            price: '3390',
            at: '2026-03-01T03:50:00.000Z',
            status: 'stale',
            deviation: null,
          },
          { source: 'sim-c', price: null, at: null, status: 'error', deviation: null },
        ],
      },
    ],
    rows: [
      // Listed out of the configured order: the screen puts sim-a, sim-b, sim-c.
      sourceRow({
        source: 'sim-c',
        symbol: 'BTCUSDT',
        status: 'outlier',
        price: '99000',
        deviation_from_index: '0.04199558',
        latency_ms: 1500,
        excluded_minutes_24h: 12.5,
        status_since: '2026-03-01T03:48:00.000Z',
      }),
      sourceRow({ source: 'sim-a', symbol: 'BTCUSDT', deviation_from_index: '-0.00010524' }),
      sourceRow({ source: 'sim-b', symbol: 'BTCUSDT', price: '95020', deviation_from_index: '0.00010524' }),
      sourceRow({ source: 'sim-a', symbol: 'ETHUSDT', price: '3400', deviation_from_index: null }),
      sourceRow({
        source: 'sim-b',
        symbol: 'ETHUSDT',
        status: 'stale',
        price: '3390',
        at: '2026-03-01T03:50:00.000Z',
        deviation_from_index: null,
        excluded_minutes_24h: 10,
        status_since: '2026-03-01T03:50:03.000Z',
      }),
      sourceRow({
        source: 'sim-c',
        symbol: 'ETHUSDT',
        status: 'error',
        price: null,
        at: null,
        deviation_from_index: null,
        latency_ms: null,
        last_error: { message: 'ETIMEDOUT', at: '2026-03-01T04:00:01.000Z' },
        excluded_minutes_24h: 1440,
        status_since: '2026-02-28T04:00:00.000Z',
      }),
    ],
    alerts: [
      {
        kind: 'source_excluded',
        symbol: 'ETHUSDT',
        source: 'sim-b',
        since: '2026-03-01T03:50:03.000Z',
        message: '模拟交易所 B 已被剔除超过 5 分钟（数据过期）',
      },
      {
        kind: 'no_index',
        symbol: 'ETHUSDT',
        source: null,
        since: null,
        message: 'ETHUSDT 计入来源不足 2 个',
      },
    ],
    checked_at: CHECKED_AT,
    ...overrides,
  };
}

/** Real venues, all included, nothing to warn about. */
export const quietOverview = (): PriceSourcesOverview =>
  makeOverview({
    simulated: false,
    sources: ['htx', 'okx', 'binance'],
    indexes: [{ symbol: 'BTCUSDT', price: '95000', at: CHECKED_AT, components: [] }],
    rows: ['htx', 'okx', 'binance'].map((source) => sourceRow({ source, symbol: 'BTCUSDT' })),
    alerts: [],
  });
