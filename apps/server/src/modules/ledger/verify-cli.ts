/**
 * `npm run ledger:verify`: proves the ledger's invariants on the configured database.
 * Exit 0 when the ledger verifies, 1 when it does not (problems listed), 2 when the database
 * cannot be opened or the check itself fails.
 */
import { loadConfig } from '../../core/config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { verifyLedger } from './verify.ts';

async function main(): Promise<number> {
  let database: Database;
  let where: string;
  try {
    const config = loadConfig();
    where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: 2,
    });
  } catch (err) {
    console.error(`ledger:verify could not open the database: ${messageOf(err)}`);
    if (/in use by process/.test(messageOf(err))) {
      console.error(
        'The embedded database is locked by a running server: stop it first, then run ledger:verify again.',
      );
    }
    return 2;
  }

  try {
    const started = Date.now();
    const result = await verifyLedger(database.db);
    const { accounts, transactions, entries } = result.checked;
    console.log(
      `ledger:verify on ${where}: ${accounts} accounts, ${transactions} transactions, ${entries} entries ` +
        `checked in ${Date.now() - started} ms`,
    );
    if (result.ok) {
      console.log(
        'OK: every currency and transaction sums to zero, balances match their entries, none negative.',
      );
      return 0;
    }
    console.error(`FAILED: ${result.problems.length} problem(s):`);
    for (const problem of result.problems) console.error(`  - ${problem}`);
    return 1;
  } catch (err) {
    console.error(`ledger:verify failed while checking: ${messageOf(err)}`);
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

process.exitCode = await main();
