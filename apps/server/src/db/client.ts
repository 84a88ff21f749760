import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../core/paths.ts';
import { type Message, msg, render } from '../i18n/i18n.ts';
import { pgErrorCode } from './errors.ts';
import { errorName, noAnswerWithin, watchReachability } from './reachability.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Data access accepts either; a function given a Tx must never reach for the outer Db. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Why the database cannot serve now, or undefined when it answered a round trip within
   * `withinMs` (GET /api/health): unreachable, silent, or short of a resource (SQLSTATE class 53
   * in the last RESOURCE_TROUBLE_MS). Never waits longer than `withinMs`.
   */
  check(withinMs: number): Promise<Message | undefined>;
  /** PostgreSQL: node-postgres's pool, connections checked out and queries waiting for one (metrics). */
  pool?(): { inUse: number; waiting: number };
  /** PostgreSQL: statements this process's connections saw cancelled (57014 query_canceled), since start. */
  statementTimeouts?(): number;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** Arbitrary constant shared by every instance: serialises migrations on one PostgreSQL server. */
const MIGRATION_LOCK_KEY = 728_193_004;

/**
 * A read-only check over the whole journal or audit log (a snapshot transaction) may run past
 * statement_timeout on a large database, and must not be cut: it lifts the limit for its own
 * transaction only.
 */
export async function snapshotCheck<T>(db: Db, check: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      // A SELECT, not SET LOCAL: it also takes the transaction's snapshot, so the check sees the
      // database as of its start (SET takes none, and a write could land before the first read).
      await tx.execute(sql`SELECT set_config('statement_timeout', '0', true)`);
      // The client-side query timeout (PostgreSQL) is lifted for the check's statements too.
      const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
      return client instanceof pg.Client ? withoutQueryTimeout(client, () => check(tx)) : check(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * How long one PostgreSQL session may wait, in milliseconds (0: no limit). The server sets them from
 * its config (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_LOCK_TIMEOUT_MS, DATABASE_CONNECT_TIMEOUT_MS):
 * a request stuck behind a row lock, on a runaway statement or on a database that does not answer
 * gets an error (503) instead of holding its connection and its caller forever. The CLIs and the
 * tests set none: a verification over millions of rows may take minutes.
 */
export interface PostgresLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  connectTimeoutMs: number;
}

/**
 * The client-side query timeout (node-postgres `query_timeout`) is statement_timeout and this: the
 * server cuts a slow statement first and says so; past it, the server or the way to it is gone.
 */
const QUERY_TIMEOUT_MARGIN_MS = 2_000;
/** TCP keepalive: after this long without traffic the kernel starts asking whether the peer is there. */
const KEEPALIVE_IDLE_MS = 10_000;
/** How long a class 53 error (disk full, out of memory, too many connections) is shown by check(). */
export const RESOURCE_TROUBLE_MS = 10_000;
/** SQLSTATE query_canceled: statement_timeout ran out (or pg_cancel_backend). */
const QUERY_CANCELED = '57014';
const RESOURCE_WORDS = {
  '53100': 'operations.database.resource.diskFull',
  '53200': 'operations.database.resource.outOfMemory',
  '53300': 'operations.database.resource.tooManyConnections',
  '53400': 'operations.database.resource.configurationLimit',
} as const;
const resourceTrouble = (code: string): Message => {
  const what = RESOURCE_WORDS[code as keyof typeof RESOURCE_WORDS];
  return msg('operations.database.resources', { code, what: what ? msg(what) : '' });
};

/**
 * Every connection of the pool (issue 31). (Not named …Pool…: Drizzle takes a client whose class
 * name says Pool for a pool.) node-postgres emits `error` on a client whose
 * connection is lost (a backend terminated, a reset, a partition's end) and pg-pool listens only
 * while the client is idle in the pool: without a listener of its own, a client checked out by a
 * transaction would take the process down with it. Here every client listens for its whole life;
 * the query that was running, and every later one, fails with the error (503), and the pool drops
 * the client when it is released. A query that outlives query_timeout destroys its connection,
 * which would otherwise go back to the pool still waiting for the lost answer, so that every later
 * borrower waited too. Class 53 errors are remembered for check().
 */
function guardedClientClass(track: {
  connections: Set<pg.Client>;
  resourceTrouble: (code: string) => void;
  statementCancelled: () => void;
}) {
  return class GuardedClient extends pg.Client {
    /** pg-pool's release of this checkout, until it is called. */
    private giveBack: ((err?: Error | boolean) => void) | undefined;

    constructor(config?: pg.ClientConfig) {
      super(config);
      track.connections.add(this);
      // Lost while checked out: back to the pool at once, which drops it. Drizzle releases a
      // transaction's client only once BEGIN has succeeded, so a BEGIN that failed on a lost
      // connection would otherwise hold its slot of the pool for ever.
      this.on('error', (err) => this.release(err));
      this.on('end', () => {
        track.connections.delete(this);
        this.release(new Error('Connection terminated'));
      });
    }

    /** pg-pool sets it at each checkout; calling it twice is a no-op here, not pg-pool's throw. */
    set release(giveBack: ((err?: Error | boolean) => void) | undefined) {
      this.giveBack = giveBack;
    }

    get release(): (err?: Error | boolean) => void {
      return (err) => {
        const giveBack = this.giveBack;
        this.giveBack = undefined;
        giveBack?.(err);
      };
    }

    noteFailure(err: unknown): void {
      if (!(err instanceof Error)) return;
      if (err.message === 'Query read timeout') {
        this.release(err);
        this.connection.stream.destroy();
      }
      const code = pgErrorCode(err);
      if (code?.startsWith('53')) track.resourceTrouble(code);
      // statement_timeout's error (or a cancel by an operator): counted where every query fails.
      if (code === QUERY_CANCELED) track.statementCancelled();
    }

    // biome-ignore lint/suspicious/noExplicitAny: node-postgres's overloads (promise, callback, submittable)
    override query(...args: any[]): any {
      const last = args.length - 1;
      const callback = args[last];
      if (last > 0 && typeof callback === 'function') {
        args[last] = (err: unknown, result: unknown) => {
          this.noteFailure(err);
          callback(err, result);
        };
      }
      // biome-ignore lint/suspicious/noExplicitAny: as above
      const result = (super.query as (...a: any[]) => any)(...args);
      if (result && typeof result.then === 'function' && typeof args[0]?.submit !== 'function') {
        return result.catch((err: unknown) => {
          this.noteFailure(err);
          throw err;
        });
      }
      return result;
    }
  };
}

/**
 * The pool, refusing at once while the reachability watch finds the database silent (a partition):
 * each request would otherwise wait a connect timeout of its own, and a request that makes several
 * statements (its work, then giving its idempotency key back) one each. The error says nothing was
 * sent. A refusal or reset is not silence: the pool goes on trying, so it is served again as soon
 * as the database answers; after silence, as soon as the watch hears it (every 250 ms).
 */
class WatchedPool extends pg.Pool {
  silence: () => Message | undefined = () => undefined;

  // biome-ignore lint/suspicious/noExplicitAny: pg-pool's overloads (promise, callback)
  override connect(callback?: any): any {
    const problem = this.silence();
    if (!problem) return callback ? super.connect(callback) : super.connect();
    const refused = Object.assign(new Error(`database unreachable, not tried: ${render('en', problem)}`), {
      code: 'ECONNREFUSED',
    });
    if (!callback) return Promise.reject(refused);
    process.nextTick(() => callback(refused, undefined, () => {}));
  }
}

/** Runs `fn` with the connection's client-side query timeout lifted (migrations, snapshot checks). */
async function withoutQueryTimeout<T>(client: pg.Client, fn: () => Promise<T>): Promise<T> {
  const parameters = (client as unknown as { connectionParameters: { query_timeout?: number } })
    .connectionParameters;
  const timeout = parameters.query_timeout;
  parameters.query_timeout = undefined;
  try {
    return await fn();
  } finally {
    parameters.query_timeout = timeout;
  }
}

/**
 * Whether the database has every migration already: then the migrator is not run at all, so a
 * server whose role owns nothing and may create nothing (README, production: migrations run with
 * the owner role) starts. The migrator's own bookkeeping (drizzle.__drizzle_migrations) decides.
 */
async function migrationsApplied(client: pg.PoolClient): Promise<boolean> {
  const newest = Math.max(
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis),
  );
  try {
    const { rows } = await client.query<{ at: string | null }>(
      'SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations',
    );
    return rows[0]?.at != null && Number(rows[0].at) >= newest;
  } catch {
    return false; // no such table yet (a new database), or not readable: the migrator decides
  }
}

export async function openPostgres(url: string, poolSize = 10, limits?: PostgresLimits): Promise<Database> {
  const connections = new Set<pg.Client>();
  let trouble: { code: string; at: number } | undefined;
  let cancelled = 0;
  const pool = new WatchedPool({
    connectionString: url,
    max: poolSize,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    Client: guardedClientClass({
      connections,
      resourceTrouble: (code) => {
        trouble = { code, at: performance.now() };
      },
      statementCancelled: () => {
        cancelled += 1;
      },
    }) as unknown as new () => pg.ClientBase,
    ...(limits
      ? {
          statement_timeout: limits.statementTimeoutMs,
          lock_timeout: limits.lockTimeoutMs,
          connectionTimeoutMillis: limits.connectTimeoutMs,
          ...(limits.statementTimeoutMs > 0
            ? { query_timeout: limits.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS }
            : {}),
        }
      : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  const lockClient = await pool.connect();
  try {
    // Migrations wait for another instance's and may build indexes over millions of rows: no limits.
    await withoutQueryTimeout(lockClient, async () => {
      await lockClient.query('SET statement_timeout = 0; SET lock_timeout = 0');
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      if (!(await migrationsApplied(lockClient))) {
        await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      }
    });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lockClient.query('RESET statement_timeout; RESET lock_timeout').catch(() => {});
    lockClient.release();
  }
  // Without a connect timeout nothing bounds a wait anyway (the CLIs, the tests' own databases).
  const watch = limits?.connectTimeoutMs
    ? watchReachability({
        connect: () =>
          new pg.Client({
            ...pool.options,
            query_timeout: undefined,
            application_name: 'reachability-watch',
          }),
        silenceMs: limits.connectTimeoutMs,
        onSilence: (problem) => {
          const lost = Object.assign(new Error(`database unreachable: ${render('en', problem)}`), {
            code: 'ETIMEDOUT',
          });
          for (const connection of connections) connection.connection.stream.destroy(lost);
        },
      })
    : undefined;
  if (watch) pool.silence = watch.silent;
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    statementTimeouts: () => cancelled,
    async check(withinMs) {
      if (trouble && performance.now() - trouble.at < RESOURCE_TROUBLE_MS) {
        return resourceTrouble(trouble.code);
      }
      if (watch) return watch.ask(withinMs);
      return answersWithin(withinMs, () => pool.query('SELECT 1'));
    },
    async close() {
      await watch?.close();
      await pool.end();
    },
  };
}

/** Undefined when `query` succeeds within `withinMs`, else why not. */
async function answersWithin(withinMs: number, query: () => Promise<unknown>): Promise<Message | undefined> {
  let late: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Message>((resolve) => {
    late = setTimeout(() => resolve(noAnswerWithin(withinMs)), withinMs);
  });
  try {
    return await Promise.race([
      query().then(
        () => undefined,
        (err: Error) => msg('operations.database.failed', { error: errorName(err) }),
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(late);
  }
}

/**
 * PGlite is one process only: a lock file in the data directory refuses a second process with a
 * clear message instead of letting two writers corrupt the files. `dataDir` undefined means memory.
 */
export async function openPglite(dataDir?: string, from?: { loadDataDir: Blob }): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dataDir, 0o700);
    releaseLock = acquireDirectoryLock(dataDir);
  }
  try {
    // `from`: a copy of a data directory to start from (the tests' migrated template) instead of initdb.
    const options = { extensions: { pg_trgm }, ...from };
    const client = dataDir
      ? await PGlite.create(path.join(dataDir, 'pglite'), options)
      : await PGlite.create(options);
    if (dataDir) keepPrivate(dataDir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      check: (withinMs) => answersWithin(withinMs, () => client.query('SELECT 1')),
      async close() {
        try {
          if (dataDir) await client.query('CHECKPOINT');
          await client.close();
          if (dataDir) keepPrivate(dataDir);
        } finally {
          releaseLock();
        }
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/**
 * PGlite writes its files world-readable (0666, whatever the umask). The data directory is 0700, so
 * nobody else can reach them while it runs; at open and close every file is also set to 0600 and
 * every directory to 0700, so a copy or a loosened parent does not expose them.
 */
function keepPrivate(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      fs.chmodSync(full, 0o700);
      keepPrivate(full);
    } else if (entry.isFile()) {
      fs.chmodSync(full, 0o600);
    }
  }
}

function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'platform.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder}. ` +
            'PGlite serves one process only: stop that process, use another DATA_DIR, ' +
            'or set DATABASE_URL to run several instances on PostgreSQL.',
        );
      }
      // The holder is gone (a crash): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  limits?: PostgresLimits;
}) {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize, opts.limits)
    : openPglite(opts.dataDir);
}
