import { isConnectionLost } from '../db/connection-lost.ts';

/**
 * Group commit (issue 19): calls that arrive while earlier writes are running join the next write
 * instead of each opening its own transaction, so N concurrent placements cost one BEGIN, one
 * COMMIT and one multi-row statement per step instead of N of each, and each caller still gets its
 * own result or its own error.
 *
 * No timer: a write starts as soon as a slot is free, with everything that queued since the last one
 * started (plus whatever arrives in the same turn of the event loop). A lone call therefore waits for
 * nothing; under load a call waits at most for the writes already running, which is the time the
 * same call would have spent queueing for a database connection anyway.
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface GroupCommitOptions<I, O> {
  /** Items one write takes at most (put a limit on everything). */
  maxBatch: number;
  /** Writes running at once; calls beyond them wait for the next free slot. */
  maxInFlight: number;
  /**
   * While writes keep starting (one started less than `whileBusyMs` ago), the next waits up to `ms`
   * for company instead of one turn of the event loop (a full batch goes at once). Without it, or
   * when calls come alone, nothing waits.
   */
  gather?: { ms: number; whileBusyMs: number };
  /** Writes `items` and returns one outcome per item, in the same order. */
  write(items: I[]): Promise<Array<Outcome<O>>>;
}

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
  /** Sizes of the writes started so far (tests and benchmarks read it). */
  readonly stats: { writes: number; items: number; largest: number };
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<I, O>(opts: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  if (opts.maxBatch < 1 || opts.maxInFlight < 1) throw new Error('group commit: limits must be at least 1');
  const queue: Array<Waiting<I, O>> = [];
  const stats = { writes: 0, items: 0, largest: 0 };
  let inFlight = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let scheduled: { gathering: boolean; cancel(): void } | undefined;

  function schedule() {
    if (scheduled && !(scheduled.gathering && queue.length >= opts.maxBatch)) return;
    scheduled?.cancel();
    const go = () => {
      scheduled = undefined;
      pump();
    };
    const gather = opts.gather;
    if (gather && queue.length < opts.maxBatch && performance.now() - lastStart < gather.whileBusyMs) {
      const timer = setTimeout(go, gather.ms);
      scheduled = { gathering: true, cancel: () => clearTimeout(timer) };
      return;
    }
    // setImmediate, not a microtask: requests whose bodies were parsed in this turn join the write.
    const immediate = setImmediate(go);
    scheduled = { gathering: false, cancel: () => clearImmediate(immediate) };
  }

  function pump() {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      lastStart = performance.now();
      inFlight += 1;
      stats.writes += 1;
      stats.items += batch.length;
      stats.largest = Math.max(stats.largest, batch.length);
      run(batch).finally(() => {
        inFlight -= 1;
        if (queue.length > 0) schedule();
      });
    }
  }

  async function run(batch: Array<Waiting<I, O>>) {
    let outcomes: Array<Outcome<O>>;
    try {
      outcomes = await opts.write(batch.map((w) => w.item));
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i];
      if (!outcome) w.reject(new Error(`group commit: no outcome for item ${i} of ${batch.length}`));
      else if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
  }

  return {
    stats,
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}

/** The outcome of `fn`: its value, or what it threw. */
export async function outcomeOf<O>(fn: () => Promise<O>): Promise<Outcome<O>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * What a group write needs to keep each caller's outcome its own: `together` writes all the items
 * in one transaction (all or nothing) and tags each item with the keys a refusal may name (its
 * ledger key, its user); `culprit` reads that key from a refusal. A refused item leaves the group
 * and is written `alone` after the rest (its own error, as if it had come alone); any other
 * failure writes every remaining item alone, except a lost connection: the group's COMMIT may have
 * landed, so writing its items again could make each twice; every item gets that error (503 to its
 * caller, whose retry with its Idempotency-Key finds what committed: ARCHITECTURE.md, "Idempotency keys").
 */
export interface TogetherOrAlone<I, O> {
  together(items: I[], tag: (index: number, key: string) => void): Promise<O[]>;
  alone(item: I): Promise<O>;
  culprit(err: unknown): string | undefined;
}

export async function writeTogetherOrAlone<I, O>(
  items: I[],
  how: TogetherOrAlone<I, O>,
): Promise<Array<Outcome<O>>> {
  const outcomes: Array<Outcome<O>> = [];
  let group = items.map((item, index) => ({ item, index }));
  const alone: typeof group = [];
  while (group.length > 1) {
    const tags = new Map<string, number>();
    try {
      const values = await how.together(
        group.map((g) => g.item),
        (index, key) => tags.set(key, index),
      );
      group.forEach((g, i) => {
        outcomes[g.index] = { ok: true, value: values[i] as O };
      });
      group = [];
    } catch (err) {
      if (isConnectionLost(err)) {
        for (const g of group) outcomes[g.index] = { ok: false, error: err };
        group = [];
        break;
      }
      const key = how.culprit(err);
      const at = key === undefined ? undefined : tags.get(key);
      if (at === undefined) alone.push(...group.splice(0));
      else alone.push(...group.splice(at, 1));
    }
  }
  alone.push(...group);
  for (const a of alone) outcomes[a.index] = await outcomeOf(() => how.alone(a.item));
  return outcomes;
}
