// Which database engine each server test file runs on in `npm test` (issue 35): the files listed in
// POSTGRES run on PostgreSQL only, those in BOTH on both engines, every other server test file on
// PGlite only. PGlite is PostgreSQL itself compiled to WebAssembly, in this process, over one
// connection: SQL, constraints, triggers and migrations behave the same on it. What it cannot show is
// what needs a server and several connections: row locks and advisory locks held against each
// other, statement and lock timeouts, LISTEN/NOTIFY between connections, requests that race for the
// same rows, several server processes on one database, a connection cut or a server gone. The files
// that test those run on PostgreSQL. partitionProblems() is the rule that keeps this list true
// (scripts/test-engines.test.mjs): a server test file whose text matches an engine pattern below
// runs on PostgreSQL, and a file that skips itself off PGlite must run there.
// `node scripts/test-engines.mjs` prints the partition. Plain Node with no dependencies.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_SRC = 'apps/server/src';

/** The server test files that run on PostgreSQL only (the engine patterns below put them here). */
export const POSTGRES = [
  'apps/server/src/core/process-guard.test.ts',
  'apps/server/src/core/redis-outage.test.ts',
  'apps/server/src/core/shutdown.test.ts',
  'apps/server/src/db/unavailable.test.ts',
  'apps/server/src/db/user-locks.test.ts',
  'apps/server/src/modules/address-book/address-book.test.ts',
  'apps/server/src/modules/address-book/whitelist.test.ts',
  'apps/server/src/modules/adjustments/adjustments.realtime.test.ts',
  'apps/server/src/modules/adjustments/adjustments.test.ts',
  'apps/server/src/modules/admins/admins.test.ts',
  'apps/server/src/modules/audit/audit.anchor.test.ts',
  'apps/server/src/modules/audit/audit.chain.test.ts',
  'apps/server/src/modules/auth/account-security/account-security.test.ts',
  'apps/server/src/modules/auth/attempt-limits.test.ts',
  'apps/server/src/modules/auth/auth.test.ts',
  'apps/server/src/modules/auth/recovery/recovery.test.ts',
  'apps/server/src/modules/auth/session-cache.instances.test.ts',
  'apps/server/src/modules/auth/session-lookup-queue.unit.test.ts',
  'apps/server/src/modules/auth/session-lookup.test.ts',
  'apps/server/src/modules/auth/two-factor/two-factor.test.ts',
  'apps/server/src/modules/bootstrap/super-admin.test.ts',
  'apps/server/src/modules/changes/changes.framework.test.ts',
  'apps/server/src/modules/changes/changes.test.ts',
  'apps/server/src/modules/deposits/deposits.pending-limit.test.ts',
  'apps/server/src/modules/deposits/deposits.tx-hash.test.ts',
  'apps/server/src/modules/dual-control/dual-control.test.ts',
  'apps/server/src/modules/dual-control/structuring.test.ts',
  'apps/server/src/modules/idempotency/idempotency.outcome.test.ts',
  'apps/server/src/modules/idempotency/idempotency.relay.test.ts',
  'apps/server/src/modules/idempotency/idempotency.test.ts',
  'apps/server/src/modules/kyc/kyc.test.ts',
  'apps/server/src/modules/ledger/ledger.batch.test.ts',
  'apps/server/src/modules/ledger/ledger.concurrency.test.ts',
  'apps/server/src/modules/market-data/market-data.test.ts',
  'apps/server/src/modules/market-data/price-index.test.ts',
  'apps/server/src/modules/market-data/providers/sim-secret.test.ts',
  'apps/server/src/modules/market-watch/price-alerts.test.ts',
  'apps/server/src/modules/metrics/metrics.test.ts',
  'apps/server/src/modules/reconciliation/reconciliation.test.ts',
  'apps/server/src/modules/risk/risk.test.ts',
  'apps/server/src/modules/team/rewards/rewards.test.ts',
  'apps/server/src/modules/team/salary/salary-as-of.test.ts',
  'apps/server/src/modules/team/salary/salary.test.ts',
  'apps/server/src/modules/team/team-tree.test.ts',
  'apps/server/src/modules/trading/client-order.test.ts',
  'apps/server/src/modules/trading/flash/flash.test.ts',
  'apps/server/src/modules/trading/outage.test.ts',
  'apps/server/src/modules/trading/perpetual/funding.test.ts',
  'apps/server/src/modules/trading/perpetual/perpetual-risk.test.ts',
  'apps/server/src/modules/trading/perpetual/perpetual.margin.test.ts',
  'apps/server/src/modules/trading/perpetual/perpetual.orders.test.ts',
  'apps/server/src/modules/trading/perpetual/perpetual.property.test.ts',
  'apps/server/src/modules/trading/perpetual/perpetual.test.ts',
  'apps/server/src/modules/trading/perpetual/perpetual.tpsl.test.ts',
  'apps/server/src/modules/trading/price-index.venues.test.ts',
  'apps/server/src/modules/trading/reference-prices.test.ts',
  'apps/server/src/modules/trading/round-trips.test.ts',
  'apps/server/src/modules/trading/spot/spot.group-commit.test.ts',
  'apps/server/src/modules/trading/spot/spot.jobs.test.ts',
  'apps/server/src/modules/trading/spot/spot.property.test.ts',
  'apps/server/src/modules/trading/spot/spot.routes.test.ts',
  'apps/server/src/modules/trading/timed/placement.group-commit.test.ts',
  'apps/server/src/modules/trading/timed/settlement.test.ts',
  'apps/server/src/modules/trading/trading.lost-commit.test.ts',
  'apps/server/src/modules/withdrawals/withdrawals.races.test.ts',
  'apps/server/src/test/database-faults.test.ts',
  'apps/server/src/test/instance-crash.test.ts',
  'apps/server/src/test/tcp-relay.test.ts',
];

/** The server test files that run on both engines, each with the reason it must. */
export const BOTH = {
  'apps/server/src/modules/auth/session-cache.test.ts':
    'the session-change feed has one implementation per engine (auth/session-changes.ts: PGlite hands a ' +
    'notification over in-process, PostgreSQL listens on a connection of its own), and this file checks ' +
    'that a change on one app is refused at once on another through each',
};

/**
 * What in a server test file's text means it tests the engine: it then runs on PostgreSQL. The
 * concurrency pattern is deliberately wide (Promise.all near a word for a race): a file it takes
 * needlessly costs nothing but a place in the PostgreSQL stage.
 */
export const ENGINE_PATTERNS = [
  {
    what: 'locks, timeouts, LISTEN/NOTIFY or backends in SQL',
    test: (text) =>
      /\bFOR (?:UPDATE|SHARE|NO KEY UPDATE)\b|SKIP LOCKED|\bNOWAIT\b|pg_(?:try_)?advisory|statement_timeout|lock_timeout|idle_in_transaction|\bLISTEN\b|\bNOTIFY\b|pg_notify|pg_terminate_backend|pg_stat_activity/.test(
        text,
      ),
  },
  {
    what: 'a PostgreSQL-only test or connection (testEngine, openPostgres, TEST_DATABASE_URL)',
    test: (text) =>
      /testEngine\s*[!=]==\s*'postgres'|openPostgres|TEST_DATABASE_URL|terminateBackends/.test(text),
  },
  {
    what: 'server processes, a cut connection or lost commits (test/server-process, tcp-relay, commit-faults)',
    test: (text) => /server-process|tcp-relay|commit-faults/.test(text),
  },
  {
    // PGlite runs in the test's own process: while a statement runs, the fake venues' answers and
    // the app's jobs wait behind it, so real-time deadlines (a venue's HTTP timeout, an index's max
    // age) measure the engine's load, not the code. CI's PGlite stage runs beside the browser lane;
    // there all three venues of price-index.venues.test timed out at once (issue 35's second run).
    what: "an app's own jobs timed against fake venues (startFakeExchange with TRADING_JOBS_AUTOSTART)",
    test: (text) => /startFakeExchange/.test(text) && /TRADING_JOBS_AUTOSTART/.test(text),
  },
  {
    what: 'concurrent requests (Promise.all with a race, at once, parallel, concurrent, simultaneous)',
    test: (text) =>
      /Promise\.all(?:Settled)?\(/.test(text) &&
      /concurren|\brac(?:e|es|ing)\b|\bparallel\b|at once|simultaneous|same time|double[- ]spen/i.test(text),
  },
];

/** A file that skips its tests off PGlite (it must run there). */
const PGLITE_ONLY = /(?:skipIf\(\s*testEngine\s*!==|runIf\(\s*testEngine\s*===)\s*'pglite'/;

/** Every server test file, as a path from the repository's root with forward slashes, sorted. */
export function serverTestFiles(root = ROOT) {
  return fs
    .readdirSync(path.join(root, SERVER_SRC), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.ts$/.test(file))
    .map((file) => path.posix.join(SERVER_SRC, file.split(path.sep).join('/')))
    .sort();
}

/** The server test files each engine runs (a file of BOTH is in both lists). */
export function enginePartition(root = ROOT, lists = { postgres: POSTGRES, both: BOTH }) {
  const postgres = new Set([...lists.postgres, ...Object.keys(lists.both)]);
  const files = serverTestFiles(root);
  return {
    pglite: files.filter((file) => !lists.postgres.includes(file)),
    postgres: files.filter((file) => postgres.has(file)),
  };
}

/** What is wrong with the lists against the files as they are: empty when the partition is sound. */
export function partitionProblems(root = ROOT, lists = { postgres: POSTGRES, both: BOTH }) {
  const problems = [];
  const files = new Set(serverTestFiles(root));
  const both = Object.keys(lists.both);
  for (const file of [...lists.postgres, ...both])
    if (!files.has(file))
      problems.push(`${file} is listed in scripts/test-engines.mjs but is no server test file`);
  for (const file of lists.postgres)
    if (both.includes(file))
      problems.push(`${file} is in both POSTGRES and BOTH of scripts/test-engines.mjs`);
  if (new Set(lists.postgres).size !== lists.postgres.length) problems.push('POSTGRES lists a file twice');
  // npm test names the files to Vitest, whose filters match any path that contains them.
  for (const file of files)
    for (const other of files)
      if (other !== file && other.includes(file))
        problems.push(`${other} contains the path ${file}: a Vitest filter for the one runs the other too`);
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const onPglite = !lists.postgres.includes(file);
    const onPostgres = !onPglite || both.includes(file);
    const pattern = ENGINE_PATTERNS.find((p) => p.test(text));
    if (pattern && !onPostgres)
      problems.push(
        `${file} tests the engine (${pattern.what}) but runs on PGlite only: add it to POSTGRES in scripts/test-engines.mjs`,
      );
    if (PGLITE_ONLY.test(text) && !onPglite)
      problems.push(`${file} skips itself off PGlite but runs on PostgreSQL only: take it off POSTGRES`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { pglite, postgres } = enginePartition();
  console.log(`PostgreSQL (${postgres.length}):\n  ${postgres.join('\n  ')}`);
  console.log(`PGlite (${pglite.length}):\n  ${pglite.join('\n  ')}`);
  const problems = partitionProblems();
  for (const problem of problems) console.error(`!!! ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
