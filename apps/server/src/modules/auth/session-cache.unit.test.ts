import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionCache } from './session-cache.ts';

/** The cache's own rules, with a feed the test drives (the database-backed tests are beside it). */
function cacheWith(options = { maxAgeMs: 30_000, maxEntries: 100 }) {
  const feed = { listening: true, synced: true };
  const cache = createSessionCache<string>(
    { isListening: () => feed.listening, sync: async () => feed.synced },
    options,
  );
  return { feed, cache };
}

describe('session cache rules', () => {
  it('keeps a lookup only if no change was heard while it ran', async () => {
    const { cache } = cacheWith();
    const overlapped = cache.mark();
    cache.forget(7);
    cache.put('t1', 7, 'stale', 10_000, overlapped);
    expect(await cache.get('t1')).toBeUndefined();
    // A change to another user counts too: the generation is one number for the instance.
    const clean = cache.mark();
    cache.put('t1', 7, 'fresh', 10_000, clean);
    expect(await cache.get('t1')).toBe('fresh');
    cache.forget(8);
    expect(await cache.get('t1')).toBe('fresh');
    cache.forget(7);
    expect(await cache.get('t1')).toBeUndefined();
  });

  it('is emptied and bypassed while the feed is not listening, and does not answer without a sync', async () => {
    const { feed, cache } = cacheWith();
    cache.put('t1', 1, 'a', 10_000, cache.mark());
    feed.synced = false;
    expect(await cache.get('t1')).toBeUndefined();
    feed.synced = true;
    expect(await cache.get('t1')).toBe('a');
    feed.listening = false;
    expect(await cache.get('t1')).toBeUndefined();
    cache.put('t2', 2, 'b', 10_000, cache.mark());
    feed.listening = true;
    expect(cache.size).toBe(0);
    expect(await cache.get('t1')).toBeUndefined();
    expect(await cache.get('t2')).toBeUndefined();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds an entry no longer than the session allows nor the maximum age, and at most maxEntries', async () => {
    // The clock is the test's: with real sleeps a loaded CI machine slept past the 40 ms maximum
    // age before the "still there" read, and the test failed on the machine, not on the cache.
    vi.useFakeTimers({ toFake: ['performance'] });
    const { cache } = cacheWith({ maxAgeMs: 40, maxEntries: 2 });
    cache.put('short', 1, 'a', 10, cache.mark());
    cache.put('long', 2, 'b', 10_000, cache.mark());
    vi.advanceTimersByTime(15);
    expect(await cache.get('short')).toBeUndefined();
    expect(await cache.get('long')).toBe('b');
    cache.put('third', 3, 'c', 10_000, cache.mark());
    cache.put('fourth', 4, 'd', 10_000, cache.mark());
    expect(cache.size).toBe(2);
    expect(await cache.get('long')).toBeUndefined();
    expect(await cache.get('third')).toBe('c');
    vi.advanceTimersByTime(39);
    expect(await cache.get('fourth')).toBe('d');
    vi.advanceTimersByTime(1);
    expect(await cache.get('third')).toBeUndefined();
  });
});
