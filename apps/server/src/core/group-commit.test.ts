import { describe, expect, it } from 'vitest';
import { createGroupCommit, type Outcome, writeTogetherOrAlone } from './group-commit.ts';

/** A write that the test releases by hand, recording the batches it was given. */
function heldWrites() {
  const batches: number[][] = [];
  const release: Array<() => void> = [];
  const group = createGroupCommit<number, number>({
    maxBatch: 4,
    maxInFlight: 1,
    write: (items) => {
      batches.push(items);
      return new Promise<Array<Outcome<number>>>((resolve) => {
        release.push(() =>
          resolve(
            items.map((n) =>
              n < 0 ? { ok: false, error: new Error(`bad ${n}`) } : { ok: true, value: n * 10 },
            ),
          ),
        );
      });
    },
  });
  return { group, batches, release };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('calls of one turn share a write; calls during a write wait for the next, capped per write', async () => {
    const { group, batches, release } = heldWrites();
    const first = [1, 2].map((n) => group.submit(n));
    await turn();
    expect(batches).toEqual([[1, 2]]);
    const later = [3, 4, 5, 6, 7].map((n) => group.submit(n));
    await turn();
    expect(batches).toHaveLength(1);
    release.shift()?.();
    expect(await Promise.all(first)).toEqual([10, 20]);
    await turn();
    expect(batches[1]).toEqual([3, 4, 5, 6]);
    release.shift()?.();
    await turn();
    await turn();
    expect(batches[2]).toEqual([7]);
    release.shift()?.();
    expect(await Promise.all(later)).toEqual([30, 40, 50, 60, 70]);
    expect(group.stats).toEqual({ writes: 3, items: 7, largest: 4 });
  });

  it('each caller gets its own error; a write that throws fails every caller of that write only', async () => {
    const { group, release } = heldWrites();
    const ps = [5, -1, 6].map((n) => group.submit(n).catch((e: Error) => e.message));
    await turn();
    release.shift()?.();
    expect(await Promise.all(ps)).toEqual([50, 'bad -1', 60]);

    let calls = 0;
    const failing = createGroupCommit<number, number>({
      maxBatch: 8,
      maxInFlight: 1,
      write: async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    const lost = [1, 2].map((n) => failing.submit(n).catch((e: Error) => e.message));
    expect(await Promise.all(lost)).toEqual(['database gone', 'database gone']);
    expect(await failing.submit(3)).toBe(3);
  });
});

describe('writeTogetherOrAlone', () => {
  const alone = (written: number[][]) => async (n: number) => {
    written.push([n]);
    return n * 10;
  };

  it('a refused item leaves the group and is written alone; the rest are written together', async () => {
    const written: number[][] = [];
    const outcomes = await writeTogetherOrAlone([1, 2, 3], {
      together: async (items, tag) => {
        items.forEach((n, i) => {
          tag(i, `item:${n}`);
        });
        if (items.includes(2)) throw Object.assign(new Error('refused'), { key: 'item:2' });
        written.push(items);
        return items.map((n) => n * 10);
      },
      alone: alone(written),
      culprit: (err) => (err as { key?: string }).key,
    });
    expect(outcomes.map((o) => (o.ok ? o.value : 'error'))).toEqual([10, 20, 30]);
    expect(written).toEqual([[1, 3], [2]]);
  });

  it('a group whose connection was lost (its COMMIT may have landed) is not written again: every item fails', async () => {
    const written: number[][] = [];
    const lost = new Error('Connection terminated unexpectedly');
    const outcomes = await writeTogetherOrAlone([1, 2, 3], {
      together: async () => {
        throw lost;
      },
      alone: alone(written),
      culprit: () => undefined,
    });
    expect(outcomes).toEqual([1, 2, 3].map(() => ({ ok: false, error: lost })));
    expect(written).toEqual([]);
  });
});
