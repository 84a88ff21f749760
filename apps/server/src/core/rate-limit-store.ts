import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * The rate-limit store with REDIS_URL: counts in Redis, so that every instance counts together, and
 * in this instance's memory at the same time. While Redis is down (or a command fails) the memory
 * counts answer: limits still hold, per instance (fail safe), where the plugin's `skipOnError`
 * would let every request through (fail open). Counting in memory all along means that an outage
 * starts from this instance's share of the window, not from zero.
 */
type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

// The plugin's own stores (plain CommonJS without typings): the same Lua script and the same
// window arithmetic as without this wrapper.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly sharedReady: () => boolean,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.local.incr(
      key,
      (_err, localResult) => {
        if (!this.sharedReady()) return cb(null, localResult);
        this.shared.incr(key, (err, result) => cb(null, err ? localResult : result), timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    if (!this.sharedReady()) return this.local.read(key, cb, timeWindow, max);
    this.shared.read(
      key,
      (err, result) => (err ? this.local.read(key, cb, timeWindow, max) : cb(null, result)),
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): Store {
    return new FallbackStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.sharedReady,
    );
  }
}

/** The `store` option of @fastify/rate-limit: Redis while it answers, this instance's memory otherwise. */
export function redisWithMemoryFallback(opts: {
  redis: Redis;
  ready: () => boolean;
  nameSpace: string;
}): FastifyRateLimitStoreCtor {
  // The plugin calls `new store(globalParams)`; a constructor that returns an object gives that object.
  function FallbackStoreCtor(params: {
    continueExceeding?: boolean;
    exponentialBackoff?: boolean;
    cache?: number;
  }) {
    const continueExceeding = params.continueExceeding ?? false;
    const exponentialBackoff = params.exponentialBackoff ?? false;
    return new FallbackStore(
      new RedisStore(continueExceeding, exponentialBackoff, opts.redis, opts.nameSpace),
      new LocalStore(continueExceeding, exponentialBackoff, params.cache),
      opts.ready,
    );
  }
  return FallbackStoreCtor as unknown as FastifyRateLimitStoreCtor;
}
