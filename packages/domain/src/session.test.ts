import { PROFILE_REFRESH_MS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { isProfileStale } from './session.ts';

describe('isProfileStale', () => {
  const now = 1_700_000_000_000;
  it('is stale when there was never a check', () => {
    expect(isProfileStale(null, now)).toBe(true);
    expect(isProfileStale(undefined, now)).toBe(true);
    expect(isProfileStale(Number.NaN, now)).toBe(true);
  });
  it('is fresh up to five minutes after the last check', () => {
    expect(PROFILE_REFRESH_MS).toBe(300_000);
    expect(isProfileStale(now, now)).toBe(false);
    expect(isProfileStale(now - 60_000, now)).toBe(false);
    expect(isProfileStale(now - PROFILE_REFRESH_MS, now)).toBe(false);
  });
  it('is stale more than five minutes after the last check', () => {
    expect(isProfileStale(now - PROFILE_REFRESH_MS - 1, now)).toBe(true);
    expect(isProfileStale(now - 3_600_000, now)).toBe(true);
  });
  it('is stale when the stored time lies in the future (clock changed)', () => {
    expect(isProfileStale(now + 60_000, now)).toBe(true);
  });
});
