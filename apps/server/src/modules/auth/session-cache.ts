import { createGroupCommit } from '../../core/group-commit.ts';
import type { SessionChange, SessionChangeFeed } from './session-changes.ts';

export interface CacheOptions {
  /** 0 turns the cache off. */
  maxAgeMs: number;
  maxEntries: number;
}

interface Mark {
  generation: number;
  at: number;
}

interface Entry<T> {
  userId: number;
  value: T;
  /** performance.now() past which the entry is not used. */
  usableUntil: number;
}

/**
 * Looked-up sessions by token hash, used only while `feed.isListening()` says a revoke would be
 * heard (see SessionChangeFeed): when it says otherwise the cache is emptied and every lookup goes
 * to the database until it is back. A hit is answered only after `feed.sync()`, so that a change
 * committed before the request came, on any instance, has been heard. `generation` rises with every change heard and every loss of the
 * channel; a lookup records it before its query and its result is kept only if it has not moved,
 * since a change committed while the query ran may have been heard before the result arrived.
 */
export function createSessionCache<T>(
  feed: Pick<SessionChangeFeed, 'isListening' | 'sync'>,
  options: CacheOptions,
) {
  const entries = new Map<string, Entry<T>>();
  const keysByUser = new Map<number, Set<string>>();
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.userId);
  };

  const clear = () => {
    generation++;
    entries.clear();
    keysByUser.clear();
  };

  const usable = () => {
    if (options.maxAgeMs <= 0) return false;
    if (feed.isListening()) return true;
    if (entries.size > 0) clear();
    return false;
  };

  const peek = (key: string): T | undefined => {
    if (!usable()) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (performance.now() >= entry.usableUntil) {
      remove(key);
      return undefined;
    }
    return entry.value;
  };

  return {
    /** The cached value once every change committed before this call has been heard, if it stands. */
    async get(key: string): Promise<T | undefined> {
      if (peek(key) === undefined) return undefined;
      if (!(await feed.sync())) return undefined;
      return peek(key);
    },

    /**
     * Taken before the lookup's query; `put` needs it. Its time is the base of the entry's life: the
     * database reckoned that life at its now(), which is no earlier, so the entry never outlives it.
     */
    mark: (): Mark => ({ generation, at: performance.now() }),

    /** Keeps a lookup's result for at most `validForMs` (what is left of the session's own life). */
    put(key: string, userId: number, value: T, validForMs: number, mark: Mark) {
      if (mark.generation !== generation || validForMs <= 0 || !usable()) return;
      if (!entries.has(key) && entries.size >= options.maxEntries) {
        // The oldest insertion goes: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      remove(key);
      entries.set(key, {
        userId,
        value,
        usableUntil: mark.at + Math.min(validForMs, options.maxAgeMs),
      });
      const keys = keysByUser.get(userId) ?? new Set<string>();
      keysByUser.set(userId, keys.add(key));
    },

    forget(change: SessionChange) {
      if (change === 'all') return clear();
      generation++;
      for (const key of keysByUser.get(change) ?? []) remove(key);
    },

    clear,

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;

export interface LookupQueueOptions<K, V> {
  /** Keys one lookup takes at most. */
  maxBatch: number;
  /**
   * How long a lookup waits for company while lookups keep coming (one started less than
   * `busyWindowMs` ago); otherwise it starts in the next turn of the event loop, waiting for nothing.
   */
  gatherMs: number;
  busyWindowMs: number;
  /** One statement for all `keys`; a key it does not return is answered undefined. */
  lookup(keys: K[]): Promise<Map<K, V>>;
}

/**
 * Session lookups that miss the cache at about the same time share one statement (issue 19: a
 * reconnect storm of 10,000 sockets, each bringing a session no instance has looked up). One
 * lookup runs at a time; keys that arrive meanwhile go in the next. A lookup is sent after each of
 * its callers asked, so it sees every change committed before any of them (what a lookup of its
 * own would see), and each caller gets its own key's row.
 */
export function createLookupQueue<K, V>(opts: LookupQueueOptions<K, V>) {
  const lookups = createGroupCommit<K, V | undefined>({
    maxBatch: opts.maxBatch,
    maxInFlight: 1,
    gather: { ms: opts.gatherMs, whileBusyMs: opts.busyWindowMs },
    async write(keys) {
      const found = await opts.lookup([...new Set(keys)]);
      return keys.map((key) => ({ ok: true as const, value: found.get(key) }));
    },
  });
  return {
    get: (key: K): Promise<V | undefined> => lookups.submit(key),
    /** Lookups sent so far, keys they carried and the largest (tests and benchmarks read it). */
    stats: lookups.stats,
  };
}
