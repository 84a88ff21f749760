import { PRICE_SOURCE_ALERT_MINUTES } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, render } from '../../i18n/i18n.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import type { MarketLogger } from './market-log.ts';
import type { IndexSnapshot, PriceIndex } from './price-index.ts';
import { createPriceSources } from './price-sources.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const NOW = Date.UTC(2026, 0, 1, 12);
const timedOut = render('zh-CN', msg('marketData.venue.notAnswered', { ms: 150 }));

/** An index without a price for BTCUSDT: sim-b failed, sim-c left out for ten minutes. */
function sources() {
  const snapshot: IndexSnapshot = {
    symbol: 'BTCUSDT',
    price: null,
    at: NOW,
    components: [
      { source: 'sim-a', price: '100', at: NOW, status: 'included', deviation: '0' },
      { source: 'sim-b', price: null, at: null, status: 'error', deviation: null },
      { source: 'sim-c', price: '130', at: NOW, status: 'outlier', deviation: '0.3' },
    ],
    primary: null,
  };
  const index = {
    sources: ['sim-a', 'sim-b', 'sim-c'],
    rules: { maxAgeMs: 300, maxDeviation: '0.02', minSources: 2 },
    latest: async () => [snapshot],
    sourceState: (source: string) =>
      source === 'sim-b' ? { error: { message: timedOut, at: NOW }, latencyMs: 150 } : null,
    statusSince: () => NOW - 10 * 60_000,
  } as unknown as PriceIndex;
  return createPriceSources({
    db: database.db,
    index,
    simulated: true,
    pairs: { symbols: async () => ['BTCUSDT'], requireEnabled: async () => undefined as never },
    realtime: { toAdmins: () => undefined },
    log: {} as MarketLogger,
    now: () => NOW,
  });
}

describe('价格源’s alerts and errors in the reader’s language (issue 38)', () => {
  it('in Chinese, as always', async () => {
    const overview = await sources().overview('zh-CN');
    expect(overview.alerts.map((a) => a.message)).toEqual([
      'BTCUSDT 暂无指数价格：计入的价格源不足 2 个，新合约暂停开仓',
      `BTCUSDT 价格源 模拟交易所 B 已被剔除超过 ${PRICE_SOURCE_ALERT_MINUTES} 分钟（剔除：获取失败）`,
      `BTCUSDT 价格源 模拟交易所 C 已被剔除超过 ${PRICE_SOURCE_ALERT_MINUTES} 分钟（剔除：偏离过大）`,
    ]);
    expect(overview.rows.find((r) => r.source === 'sim-b')?.last_error?.message).toBe('150 ms 内未应答');
  });

  it('in English', async () => {
    const overview = await sources().overview('en');
    expect(overview.alerts.map((a) => a.message)).toEqual([
      'BTCUSDT has no index price: included price sources below the minimum of 2; new contracts are paused',
      `BTCUSDT price source Simulated exchange B has been excluded for over ${PRICE_SOURCE_ALERT_MINUTES} minutes (left out: could not be fetched)`,
      `BTCUSDT price source Simulated exchange C has been excluded for over ${PRICE_SOURCE_ALERT_MINUTES} minutes (left out: too far from the others)`,
    ]);
    expect(overview.rows.find((r) => r.source === 'sim-b')?.last_error?.message).toBe(
      'No answer within 150 ms',
    );
    expect(JSON.stringify(overview)).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
