import { type Config, loadConfig } from '../core/config.ts';
import { type Db, openDatabase } from './client.ts';

/**
 * What `npm run ledger:verify` and `npm run audit:verify` share: open the configured database (a
 * locked embedded one is named as such), run `check`, close. The exit code is `check`'s (0 verified,
 * 1 broken), or 2 when the database cannot be opened or the check itself fails.
 */
export async function runVerifyCli(
  name: string,
  check: (db: Db, where: string, config: Config) => Promise<number>,
): Promise<number> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let where: string;
  let config: Config;
  try {
    config = loadConfig();
    where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: 2,
    });
  } catch (err) {
    console.error(`${name} could not open the database: ${messageOf(err)}`);
    if (/in use by process/.test(messageOf(err))) {
      console.error(
        `The embedded database is locked by a running server: stop it first, then run ${name} again.`,
      );
    }
    return 2;
  }
  try {
    return await check(database.db, where, config);
  } catch (err) {
    console.error(`${name} failed while checking: ${messageOf(err)}`);
    return 2;
  } finally {
    await database.close().catch(() => {});
  }
}

function messageOf(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}
