/**
 * `npm run ledger:verify`: proves the ledger's invariants on the configured database.
 * Exit 0 when the ledger verifies, 1 when it does not (problems listed), 2 when the database
 * cannot be opened or the check itself fails.
 */
import { runVerifyCli } from '../../db/verify-cli.ts';
import { verifyLedger } from './ledger-check.ts';

process.exitCode = await runVerifyCli('ledger:verify', async (db, where) => {
  const started = Date.now();
  const result = await verifyLedger(db);
  const { accounts, transactions, entries } = result.checked;
  console.log(
    `ledger:verify on ${where}: ${accounts} accounts, ${transactions} transactions, ${entries} entries ` +
      `checked in ${Date.now() - started} ms`,
  );
  if (result.ok) {
    console.log(
      'OK: every currency and transaction sums to zero, balances match their entries, none negative; ' +
        'every frozen balance equals its open obligations (withdrawals, spot orders, flash and option ' +
        'stakes, perpetual margins); the fee and house P&L accounts equal what the trading and withdrawal tables say.',
    );
    return 0;
  }
  console.error(`FAILED: ${result.problems.length} problem(s):`);
  for (const problem of result.problems) console.error(`  - ${problem}`);
  return 1;
});
