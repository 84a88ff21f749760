import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFundingRates, type FundingVenue } from './funding-rates.ts';
import { ProviderError } from './providers/provider.ts';

const NOW = Date.UTC(2026, 11, 6, 8, 0, 0);
const answering = (id: string, rate: string, at: number | null = null): FundingVenue => ({
  id,
  rate: async () => ({ rate, at }),
});
const rules = { cap: '0.0075', minSources: 2, answerWithinMs: 1000 };

describe('funding rate source (issue 34)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells why each venue counts or not: ok, stale, unavailable, error', async () => {
    const source = createFundingRates({
      ...rules,
      cacheMs: 0,
      now: () => NOW,
      venues: [
        answering('a', '0.0001'),
        answering('b', '0.0003', NOW - 1000),
        answering('c', '0.004', NOW - 11 * 60_000),
        { id: 'd', rate: async () => null },
        {
          id: 'e',
          rate: async () => {
            throw new ProviderError('e', 'unknown_symbol', '没有交易对');
          },
        },
        {
          id: 'f',
          rate: async () => {
            throw new ProviderError('f', 'network', 'HTX 服务暂不可用（HTTP 503）');
          },
        },
      ],
    });
    expect(await source.rateFor('BTCUSDT')).toEqual({
      rate: '0.0002',
      components: [
        { source: 'a', rate: '0.0001', status: 'ok' },
        { source: 'b', rate: '0.0003', status: 'ok' },
        { source: 'c', rate: '0.004', status: 'stale' },
        { source: 'd', rate: null, status: 'unavailable' },
        { source: 'e', rate: null, status: 'unavailable' },
        { source: 'f', rate: null, status: 'error' },
      ],
    });
  });

  it('gives up on a venue that does not answer in time', async () => {
    vi.useFakeTimers();
    const source = createFundingRates({
      ...rules,
      minSources: 1,
      cacheMs: 0,
      now: () => NOW,
      venues: [answering('a', '0.0001'), { id: 'slow', rate: () => new Promise(() => {}) }],
    });
    const pending = source.rateFor('BTCUSDT');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toEqual({
      rate: '0.0001',
      components: [
        { source: 'a', rate: '0.0001', status: 'ok' },
        { source: 'slow', rate: null, status: 'error' },
      ],
    });
  });

  it('asks the venues once per pair within the cache time, callers meanwhile sharing the answer', async () => {
    let clock = NOW;
    let asked = 0;
    const venue: FundingVenue = {
      id: 'a',
      async rate() {
        asked += 1;
        return { rate: String(asked / 10_000), at: null };
      },
    };
    const source = createFundingRates({
      ...rules,
      minSources: 1,
      cacheMs: 15_000,
      now: () => clock,
      venues: [venue],
    });
    const [first, second] = await Promise.all([source.rateFor('BTCUSDT'), source.rateFor('BTCUSDT')]);
    expect(first?.rate).toBe('0.0001');
    expect(second).toBe(first);
    clock += 14_999;
    expect((await source.rateFor('BTCUSDT'))?.rate).toBe('0.0001');
    expect((await source.rateFor('ETHUSDT'))?.rate).toBe('0.0002');
    clock += 1;
    expect((await source.rateFor('BTCUSDT'))?.rate).toBe('0.0003');
    expect(asked).toBe(3);
  });
});
