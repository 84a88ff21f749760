import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.ts';

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
  if (testEngine === 'pglite') return openPglite();
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
