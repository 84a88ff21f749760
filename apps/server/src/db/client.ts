import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../core/paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Data access accepts either; a function given a Tx must never reach for the outer Db. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
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
      return check(tx);
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

export async function openPostgres(url: string, poolSize = 10, limits?: PostgresLimits): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(limits
      ? {
          statement_timeout: limits.statementTimeoutMs,
          lock_timeout: limits.lockTimeoutMs,
          connectionTimeoutMillis: limits.connectTimeoutMs,
        }
      : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  const lockClient = await pool.connect();
  try {
    // Migrations wait for another instance's and may build indexes over millions of rows: no limits.
    await lockClient.query('SET statement_timeout = 0; SET lock_timeout = 0');
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lockClient.query('RESET statement_timeout; RESET lock_timeout').catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, engine: 'postgres', close: () => pool.end() };
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
