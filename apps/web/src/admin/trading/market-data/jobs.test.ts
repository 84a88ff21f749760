import { describe, expect, it } from 'vitest';
import { candlesToReach } from './jobs.ts';

describe('candlesToReach', () => {
  const now = Date.parse('2026-11-21T10:00:00.000Z');
  it('counts the candles back to the oldest gap, one spare at each end, capped at one backfill', () => {
    expect(candlesToReach('1m', '2026-11-21T09:00:00.000Z', now)).toBe(62);
    expect(candlesToReach('1h', '2026-11-20T10:00:00.000Z', now)).toBe(26);
    expect(candlesToReach('1m', '2026-11-01T00:00:00.000Z', now)).toBe(2000);
    expect(candlesToReach('1M', '2026-08-31T16:00:00.000Z', now)).toBe(5);
  });
});
