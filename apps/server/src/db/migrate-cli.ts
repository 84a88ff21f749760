/**
 * `npm run db:migrate` (production: `node apps/server/dist/db-migrate.js`): applies the pending
 * migrations to DATABASE_URL (or DATA_DIR's embedded database) and exits. In production it runs
 * with the role that owns the tables, and the server with a role that owns nothing (README,
 * production): the server then finds nothing to apply and runs no DDL.
 * Exit 0 when the database is up to date, 2 when it cannot be opened or a migration fails.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../core/config.ts';
import { openDatabase } from './client.ts';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const config = loadConfig();
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: 1,
    });
    await database.close();
    console.log(
      `db:migrate: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`} is up to date`,
    );
  } catch (err) {
    console.error(`db:migrate failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  }
}
