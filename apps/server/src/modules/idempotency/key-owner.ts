import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { ownerGone } from './idempotency.repository.ts';

/**
 * The advisory lock space of instances holding idempotency keys (the two-int form
 * `pg_advisory_lock(space, id)`, which no other lock of the server uses: theirs are one bigint).
 */
const OWNER_LOCK_SPACE = 0x1de_0031;
const RECONNECT_DELAYS_MS = [250, 1000, 2000, 5000];

/**
 * Who holds an idempotency key in progress (ARCHITECTURE.md, "Idempotency keys"): every instance has
 * an id, written on the keys its requests take. On PostgreSQL the instance holds the advisory lock
 * (OWNER_LOCK_SPACE, id) on a connection of its own for as long as it lives, so another instance
 * knows at once that it is gone (a killed process's connection closes and its lock goes with it)
 * and settles its keys instead of answering 409. PGlite serves one process: any other owner is a
 * process that has exited.
 *
 * Nothing depends on this being exact: a key is only ever completed by its own attempt, inside the
 * effect's transaction (effect-seal.ts), so a key wrongly judged abandoned costs its first request
 * a 409, never a second effect.
 */
export interface KeyOwner {
  readonly id: number;
  /** Whether the instance `owner` (not this one) is gone. */
  isGone(owner: number): Promise<boolean>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const newId = () => randomInt(1, 2 ** 31 - 1);

export function createKeyOwner(database: Database, log: FastifyBaseLogger): KeyOwner {
  let id = newId();
  if (database.engine === 'pglite') {
    return {
      get id() {
        return id;
      },
      isGone: async (owner) => owner !== id,
      start: async () => {},
      stop: async () => {},
    };
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  function reconnectLater() {
    if (stopped || timer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
  }

  async function connect(): Promise<void> {
    // The pool's own settings (address, timeouts); one connection outside it, for the instance's life.
    const c = new pg.Client({ ...pool.options, keepAlive: true });
    // A lost connection emits `error` on the client: without a listener the process would exit.
    c.on('error', (err) => log.warn({ err }, 'idempotency owner lock: connection error'));
    c.on('end', () => {
      if (client !== c) return;
      client = undefined;
      log.warn({ owner: id }, 'idempotency owner lock lost; reconnecting');
      reconnectLater();
    });
    try {
      await c.connect();
      for (let tries = 0; tries < 5; tries++) {
        const { rows } = await c.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS held', [
          OWNER_LOCK_SPACE,
          id,
        ]);
        if (rows[0]?.held) {
          if (stopped) {
            await c.end();
            return;
          }
          client = c;
          failures = 0;
          return;
        }
        // Another live instance has this id (one chance in two billion): take another.
        id = newId();
      }
      throw new Error('no free idempotency owner id');
    } catch (err) {
      log.warn({ err }, 'idempotency owner lock not taken; retrying');
      await c.end().catch(() => {});
      reconnectLater();
    }
  }

  return {
    get id() {
      return id;
    },
    isGone: (owner) => ownerGone(database.db, OWNER_LOCK_SPACE, owner),
    start: () => connect(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
