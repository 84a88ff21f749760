import { describe, expect, it } from 'vitest';
import { sleep } from '../../test/fixtures.ts';
import { createLookupQueue } from './session-cache.ts';

/** The queue that lets concurrent session lookups share a statement (session-cache.ts). */
function queueWith(
  opts: { maxBatch?: number; gatherMs?: number; busyWindowMs?: number; fail?: boolean } = {},
) {
  const calls: string[][] = [];
  const queue = createLookupQueue<string, string>({
    maxBatch: opts.maxBatch ?? 100,
    gatherMs: opts.gatherMs ?? 20,
    busyWindowMs: opts.busyWindowMs ?? 200,
    async lookup(keys) {
      calls.push(keys);
      await sleep(5);
      if (opts.fail) throw new Error('database gone');
      return new Map(keys.filter((k) => !k.startsWith('unknown')).map((k) => [k, `row of ${k}`]));
    },
  });
  return { queue, calls };
}

describe('session lookup queue', () => {
  it('a lone lookup goes at once; keys asked meanwhile share the next one, each answered its own', async () => {
    // Windows far wider than a loaded machine's scheduling delays: "at once" is measured
    // against gatherMs, which a lookup that waited for company would have to sit out.
    const { queue, calls } = queueWith({ gatherMs: 600, busyWindowMs: 1200 });
    const started = performance.now();
    const first = queue.get('a');
    await sleep(1);
    const rest = ['b', 'unknown-c', 'b'].map((k) => queue.get(k));
    expect(await first).toBe('row of a');
    expect(performance.now() - started).toBeLessThan(400);
    expect(await Promise.all(rest)).toEqual(['row of b', undefined, 'row of b']);
    expect(calls).toEqual([['a'], ['b', 'unknown-c']]);
  });

  it('while lookups keep coming, one waits gatherMs for company; at maxBatch it goes without waiting', async () => {
    const { queue, calls } = queueWith({ maxBatch: 3, gatherMs: 600, busyWindowMs: 1200 });
    await queue.get('warm');
    const x = queue.get('x');
    await sleep(10);
    const y = queue.get('y');
    expect(await Promise.all([x, y])).toEqual(['row of x', 'row of y']);
    expect(calls[1]).toEqual(['x', 'y']);
    const started = performance.now();
    await Promise.all(['p', 'q', 'r'].map((k) => queue.get(k)));
    expect(performance.now() - started).toBeLessThan(400);
    expect(calls[2]).toEqual(['p', 'q', 'r']);
  });

  it('a failed lookup fails its own callers only', async () => {
    const failing = queueWith({ fail: true });
    await expect(Promise.all([failing.queue.get('a'), failing.queue.get('b')])).rejects.toThrow(
      'database gone',
    );
    const { queue } = queueWith();
    expect(await queue.get('after')).toBe('row of after');
  });
});
