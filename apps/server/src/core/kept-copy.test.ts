import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../test/fixtures.ts';
import { createKeptCopy } from './kept-copy.ts';

describe('createKeptCopy', () => {
  afterEach(() => vi.useRealTimers());

  it('reads a key once while its copy is fresh, again after keepMs or a clear', async () => {
    vi.useFakeTimers();
    const read = vi.fn(async (key: string) => `${key}:${read.mock.calls.length}`);
    const copy = createKeptCopy(read, 1000);
    expect(await copy.get('a')).toBe('a:1');
    expect(await copy.get('a')).toBe('a:1');
    expect(await copy.get('b')).toBe('b:2');
    vi.advanceTimersByTime(1001);
    expect(await copy.get('a')).toBe('a:3');
    copy.clear();
    expect(await copy.get('a')).toBe('a:4');
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('shares a read in flight and keeps no failed read', async () => {
    let fail = true;
    const read = vi.fn(async () => {
      await sleep(5);
      if (fail) throw new Error('down');
      return 'up';
    });
    const copy = createKeptCopy(read, 60_000);
    const both = await Promise.allSettled([copy.get('k'), copy.get('k')]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(read).toHaveBeenCalledTimes(1);
    fail = false;
    expect(await copy.get('k')).toBe('up');
    expect(read).toHaveBeenCalledTimes(2);
  });
});
