import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, MIGRATIONS_DIR, openPglite, openPostgres } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; with TEST_DB_ENGINE=postgres
 * a throw-away database is created on the TEST_DATABASE_URL server and dropped afterwards.
 * Reads process.env directly because it is test tooling, not the application.
 */
export const testEngine: 'pglite' | 'postgres' =
  process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase extends Database {
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') return openPglite(undefined, { loadDataDir: await migratedPgliteTemplate() });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Terminates every backend of a PostgreSQL test database but the caller's (pg_terminate_backend). */
export async function terminateBackends(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await admin.end();
  }
}

/**
 * A PGlite data directory with every migration applied, made once per set of migrations and kept
 * in the temp directory: starting from it takes a third of initdb's time, for each of the server's
 * test files. The name carries a hash of the migrations, so a changed migration makes a new one;
 * openPglite still runs the migrator, which finds nothing to do.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  const migrationFiles = fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of migrationFiles) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const templatePath = path.join(os.tmpdir(), `platform-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(templatePath)) {
    const fresh = await openPglite();
    try {
      const client = (fresh.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      // Parallel test workers may make it at the same time: each writes its own file, then renames.
      const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, templatePath);
    } finally {
      await fresh.close();
    }
  }
  return new Blob([fs.readFileSync(templatePath)]);
}
