import { Redis, type RedisOptions } from 'ioredis';

/**
 * The app's connections to Redis (REDIS_URL), made so that Redis stays a helper and never a single
 * point of failure (ARCHITECTURE.md, "Redis outages"; issue 18):
 *
 * - `commands` (rate limits, market cache) fails a command at once while Redis is down (no offline
 *   queue, no retries, a timeout for a Redis that hangs), so that its callers fall back to their
 *   in-memory copy instead of waiting;
 * - `publisher` (the socket.io adapter's) drops what it cannot publish: the adapter does not await
 *   its publishes, so a rejected one would be an unhandled rejection;
 * - `subscriber` keeps its subscriptions queued while Redis is down (an instance that starts without
 *   Redis subscribes when it comes) and ioredis subscribes them again after every reconnection;
 * - all three reconnect for ever, at most a second apart, and log nothing per failed attempt: the
 *   link logs `redis down` once when it goes and `redis back` once when every connection is ready
 *   again;
 * - a Redis that hangs (connected, but answering nothing) is found by a PING every second: while
 *   one goes unanswered the link is down and `commandsReady()` false, so callers go straight to
 *   their fallback instead of waiting out a command timeout on every request.
 */
export type RedisState = 'up' | 'down';

export interface RedisLink {
  readonly commands: Redis;
  readonly publisher: Redis;
  readonly subscriber: Redis;
  /** `up` while all three connections are ready. */
  state(): RedisState;
  /** Whether `commands` can take a command now (callers that have a fallback skip Redis otherwise). */
  commandsReady(): boolean;
  /** Called on every change of `state()`; returns the unsubscribe. */
  onStateChange(listener: (state: RedisState) => void): () => void;
  close(): Promise<void>;
}

/** Reconnection delay: 100 ms, 200 ms, … then a try every second, for ever. */
export const REDIS_RETRY_MAX_MS = 1000;
/** A command that Redis does not answer within this fails (a Redis that hangs rather than refuses). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 3000;
/** How often the commands connection is asked whether Redis still answers. */
export const REDIS_PROBE_MS = 1000;

const retryStrategy = (times: number) => Math.min(times * 100, REDIS_RETRY_MAX_MS);

/** The app's logger (or any with these two). */
export interface RedisLinkLog {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export function createRedisLink(url: string, log: RedisLinkLog): RedisLink {
  const common: RedisOptions = {
    retryStrategy,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // The first connection is made in the background: an instance starts while Redis is down.
    lazyConnect: false,
  };
  const failFast: RedisOptions = {
    ...common,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  };
  const commands = new Redis(url, { ...failFast, connectionName: 'platform-commands' });
  const publisher = new Redis(url, { ...failFast, connectionName: 'platform-publisher' });
  const subscriber = new Redis(url, {
    ...common,
    connectionName: 'platform-subscriber',
    // SUBSCRIBE waits for the connection however long it takes; ioredis subscribes again on reconnection.
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: true,
    // Without this, a SUBSCRIBE issued while the connection is still in its handshake (ioredis
    // writes it at once) made the ready check's INFO fail in subscriber mode: the connection was
    // dropped before it was ever ready, and ioredis forgot the subscriptions.
    enableReadyCheck: false,
  });
  const clients = { commands, publisher, subscriber };

  // The adapter calls these without awaiting them; while Redis is down they reject.
  swallowRejections(publisher, ['publish']);
  swallowRejections(subscriber, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']);

  let state: RedisState = 'down';
  let everUp = false;
  /** When the outage that was logged began; null while none is. */
  let downSince: number | null = null;
  let lastError: string | null = null;
  let closing = false;
  /** False from an unanswered PING to the next answered one (a hung Redis keeps its connections). */
  let answering = true;
  const listeners = new Set<(state: RedisState) => void>();

  const allReady = () => answering && Object.values(clients).every((c) => c.status === 'ready');
  /** Logs the transitions only: one line when Redis goes (or is not there at start), one when it is back. */
  function update(cause: string) {
    if (closing) return;
    const next: RedisState = allReady() ? 'up' : 'down';
    if (next === 'up' && state === 'down') {
      if (downSince !== null)
        log.warn({ redis: redactUrl(url), downMs: Date.now() - downSince }, 'redis back');
      else log.info({ redis: redactUrl(url) }, 'redis connected');
      everUp = true;
      downSince = null;
      lastError = null;
    } else if (next === 'down' && downSince === null && (everUp || lastError !== null)) {
      // Up before, or the first connection at start failed: said once for the whole outage.
      downSince = Date.now();
      log.warn({ redis: redactUrl(url), cause, error: lastError }, 'redis down: serving without it');
    }
    const changed = next !== state;
    state = next;
    if (changed) for (const listener of listeners) listener(next);
  }
  for (const [role, client] of Object.entries(clients)) {
    // With a listener, ioredis does not print "Unhandled error event" for every failed reconnection.
    client.on('error', (err: Error) => {
      lastError = `${role}: ${err.message}`;
      update(`${role} error`);
    });
    client.on('ready', () => update(`${role} ready`));
    client.on('close', () => update(`${role} closed`));
    client.on('end', () => update(`${role} ended`));
  }
  const probe = setInterval(() => {
    if (commands.status !== 'ready') return;
    commands.ping().then(
      () => {
        if (answering) return;
        answering = true;
        update('commands answer again');
      },
      (err: Error) => {
        if (!answering || commands.status !== 'ready') return;
        answering = false;
        lastError = `commands: ${err.message}`;
        update('commands do not answer');
      },
    );
  }, REDIS_PROBE_MS);
  probe.unref();

  return {
    commands,
    publisher,
    subscriber,
    state: () => state,
    commandsReady: () => answering && commands.status === 'ready',
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closing = true;
      clearInterval(probe);
      listeners.clear();
      await Promise.all(
        Object.values(clients).map(async (client) => {
          // QUIT would wait in the offline queue of a client that is not connected.
          if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
          else client.disconnect();
        }),
      );
    },
  };
}

/** Replaces `methods` of one client with versions whose promise never rejects unobserved. */
function swallowRejections(client: Redis, methods: readonly string[]) {
  const target = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of methods) {
    const original = target[name]!.bind(client);
    target[name] = (...args: unknown[]) => {
      const result = original(...args);
      result.catch(() => {
        // Redis is down: the link has said so once; the message is lost (a live update that the
        // next one replaces, or a notification that the database still holds).
      });
      return result;
    };
  }
}

/** The URL without its password, for the logs. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis';
  }
}
