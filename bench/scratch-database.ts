import pg from 'pg';
import { type Database, openPostgres } from '../apps/server/src/db/client.ts';

/**
 * Runs `measure` on a throw-away PostgreSQL database: created on the server of `serverUrl` under a
 * fresh name starting with `prefix`, opened (migrated) with `poolSize` connections, then closed and
 * dropped whatever `measure` did, so that a failed or stopped bench leaves nothing behind.
 */
export async function withScratchPostgres<T>(
  serverUrl: string,
  prefix: string,
  measure: (database: Database, url: string) => Promise<T>,
  poolSize?: number,
): Promise<T> {
  const dbName = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${dbName}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${dbName}`;
      const database = await openPostgres(url.toString(), poolSize);
      try {
        return await measure(database, url.toString());
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
