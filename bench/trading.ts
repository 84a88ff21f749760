/**
 * Trading throughput: `npm run bench:trading` (issue 6).
 *
 * 1. Spot market orders and flash orders per second through the HTTP API of the real server (a child
 *    process, sim market, trading jobs running), on PostgreSQL and on PGlite, each against the same
 *    transaction's SQL run as a baseline in the same run: by pgbench on PostgreSQL; on PGlite, which
 *    pgbench cannot reach (it is embedded), by a loop in this process sending the same statements
 *    on PGlite's one connection. Target: the API at least half of the baseline's rate.
 * 2. Settling 100,000 flash contracts that expire in the same second (PostgreSQL; target < 10 s).
 *
 * Users are inserted and funded here before the server starts (PGlite serves one process), then log
 * in over HTTP. Prints a table; not a timed test.
 */

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { insertSystemAccounts } from '../apps/server/src/modules/ledger/ledger.repository.ts';
import { ensureUserWallet, postTransactionsBatch } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { createTestUsers } from '../apps/server/src/modules/ledger/ledger.test-helpers.ts';
import { verifyLedger } from '../apps/server/src/modules/reconciliation/ledger-check.ts';
import { recordTick, testTradingDeps } from '../apps/server/src/modules/trading/testing/trading-fixtures.ts';
import {
  createTimedSettlement,
  SETTLEMENT_PARALLELISM,
} from '../apps/server/src/modules/trading/timed/settlement.ts';
import { insertOpenContracts } from '../apps/server/src/modules/trading/timed/timed.test-helpers.ts';
import { users } from '../apps/server/src/modules/users/users.schema.ts';
import { KeepAliveClient } from './keep-alive-client.ts';
import {
  api,
  percentile,
  processCpuSeconds,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
} from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    users: { type: 'string', default: '200' },
    'pg-clients': { type: 'string', default: '8' },
    'pglite-clients': { type: 'string', default: '4' },
    contracts: { type: 'string', default: '100000' },
    only: { type: 'string' },
    'print-sql': { type: 'boolean', default: false },
    /** postgres, pglite or both (default). */
    engine: { type: 'string', default: 'both' },
    /** Server processes on the one PostgreSQL database; the clients take turns between them. */
    instances: { type: 'string', default: '1' },
    /** Settlement runs per engine, each on a fresh database. */
    'settle-runs': { type: 'string', default: '1' },
    /** Every order with a fresh Idempotency-Key, as the web app sends them. */
    keys: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const USERS = Number(args.users);
const CONTRACTS = Number(args.contracts);
const INSTANCES = Number(args.instances);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench-trader-password';
const FUNDING = '1000000000';
const BTC_FUNDING = '1000000';

// ---- databases ---------------------------------------------------------------------------------

interface BenchDatabase {
  name: 'PostgreSQL' | 'PGlite';
  /** Env for the server child: DATABASE_URL or DATA_DIR. */
  serverEnv: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
  url?: string;
}

async function postgresDatabase(): Promise<BenchDatabase> {
  const dbName = `bench_trading_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  return {
    name: 'PostgreSQL',
    url: url.toString(),
    serverEnv: { DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString(), 16),
    async drop() {
      const dropper = new pg.Client({ connectionString: SERVER_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

function pgliteDatabase(): BenchDatabase {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trading-'));
  return {
    name: 'PGlite',
    serverEnv: { DATA_DIR: dataDir },
    open: () => openPglite(dataDir),
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Traders with 1e9 USDT each (an adjustment per user, posted in batches). */
async function seedTraders(database: Database): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const tag = Date.now().toString(36);
  const rows = Array.from({ length: USERS }, (_, i) => ({
    email: `trader${i}-${tag}@bench.local`,
    passwordHash,
    inviteCode: `T${tag}${i}`.slice(0, 16),
  }));
  const ids = (await database.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id);
  for (let start = 0; start < ids.length; start += 1000) {
    const slice = ids.slice(start, start + 1000);
    await database.db.transaction((tx) =>
      postTransactionsBatch(
        tx,
        slice.map((id) => ({
          idempotencyKey: `bench:trader-funding:${id}`,
          kind: 'adjustment',
          postings: [
            { account: { userId: id, bucket: 'available' as const }, currency: 'USDT', amount: FUNDING },
            { account: { system: 'adjustments' as const }, currency: 'USDT', amount: `-${FUNDING}` },
            // BTC as well: a trader's loop may sell before it has bought (every order must be accepted).
            { account: { userId: id, bucket: 'available' as const }, currency: 'BTC', amount: BTC_FUNDING },
            { account: { system: 'adjustments' as const }, currency: 'BTC', amount: `-${BTC_FUNDING}` },
          ],
        })),
      ),
    );
  }
  // Every trader holds all its accounts (frozen USDT, BTC), as after a first flash order and a first
  // buy, so that the SQL baseline finds them for any trader.
  for (const id of ids) {
    await ensureUserWallet(database.db, id, 'USDT');
    await ensureUserWallet(database.db, id, 'BTC');
  }
  await insertSystemAccounts(database.db, [
    { bucket: 'fees', currency: 'USDT' },
    { bucket: 'house_pnl', currency: 'BTC' },
    { bucket: 'house_pnl', currency: 'USDT' },
  ]);
  return rows.map((r) => r.email);
}

// ---- load over HTTP ----------------------------------------------------------------------------

interface LoadResult {
  perSecond: number;
  done: number;
  failed: number;
  firstError: string | null;
  serverCpuPercent: number;
  /** This process's CPU: the load generator's own cost, on the same two cores. */
  clientCpuPercent: number;
  /** Milliseconds from sending an order to its reply. */
  latencyP50: number;
  latencyP99: number;
  /** Transactions the database committed per order placed (PostgreSQL; includes the jobs' few per second). */
  commitsPerOrder: number | null;
  /** CPU of the database's backends per order placed, in ms (PostgreSQL; includes the jobs'). */
  databaseCpuMsPerOrder: number | null;
}

/**
 * The bench database's counters: transactions committed so far (PostgreSQL's statistics, flushed
 * within a second) and the CPU its backends have used (from /proc; the server's pool keeps its
 * connections through a run, so a before/after difference is the database's own cost of the orders).
 */
async function databaseCounters(url: string): Promise<{ commits: number; cpuSeconds: Map<number, number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const commits = await client.query<{ n: string }>(
      'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    const backends = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const cpuSeconds = new Map<number, number>();
    for (const { pid } of backends.rows) {
      try {
        cpuSeconds.set(pid, processCpuSeconds(pid));
      } catch {
        // The backend ended between the two reads.
      }
    }
    return { commits: Number(commits.rows[0]?.n ?? 0), cpuSeconds };
  } finally {
    await client.end();
  }
}

/** CPU seconds the backends alive at both reads used between them. */
function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? seconds);
  return total;
}
const statisticsFlush = () => sleep(1500);

/**
 * `clients` loops, each with its own trader, placing orders for SECONDS seconds; counts successes.
 * `body(n)` makes the n-th order of a loop (to alternate buys and sells).
 */
async function httpLoad(
  servers: ServerProcess[],
  tokens: string[],
  clients: number,
  url: string,
  body: (n: number) => unknown,
  databaseUrl?: string,
): Promise<LoadResult> {
  if (databaseUrl) await statisticsFlush();
  const databaseBefore = databaseUrl ? await databaseCounters(databaseUrl) : null;
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  let firstError: string | null = null;
  const deadline = Date.now() + SECONDS * 1000;
  const serversCpu = () =>
    servers.reduce((sum, server) => sum + processCpuSeconds(server.child.pid as number), 0);
  const cpuBefore = serversCpu();
  const clientBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const client = new KeepAliveClient((servers[c % servers.length] as ServerProcess).origin);
      for (let n = 0; Date.now() < deadline; n++) {
        // Every loop goes round all the traders, so that none reaches the open-contract limit.
        const token = tokens[(c + n * clients) % tokens.length] as string;
        try {
          const sent = performance.now();
          const key = args.keys ? `idempotency-key: bench-${c}-${n}-${randomUUID()}\r\n` : '';
          const reply = await client.request('POST', url, body(n), token, key);
          const envelope = JSON.parse(reply.body) as { success?: boolean; message?: string };
          if (reply.status !== 200 || envelope.success !== true)
            throw new Error(`POST ${url}: HTTP ${reply.status} ${envelope.message}`);
          latencies.push(performance.now() - sent);
          done++;
        } catch (err) {
          failed++;
          firstError ??= (err as Error).message;
        }
      }
      client.close();
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const serverCpuPercent = ((serversCpu() - cpuBefore) / seconds) * 100;
  const clientUsed = process.cpuUsage(clientBefore);
  let commitsPerOrder: number | null = null;
  let databaseCpuMsPerOrder: number | null = null;
  if (databaseUrl && databaseBefore) {
    const databaseCpuAfter = (await databaseCounters(databaseUrl)).cpuSeconds;
    await statisticsFlush();
    const after = await databaseCounters(databaseUrl);
    commitsPerOrder = (after.commits - databaseBefore.commits) / Math.max(done, 1);
    databaseCpuMsPerOrder =
      (backendCpuBetween(databaseBefore.cpuSeconds, databaseCpuAfter) * 1000) / Math.max(done, 1);
  }
  const sortedLatencies = [...latencies].sort((a, b) => a - b);
  return {
    perSecond: done / seconds,
    done,
    failed,
    firstError,
    serverCpuPercent,
    latencyP50: percentile(sortedLatencies, 50),
    latencyP99: percentile(sortedLatencies, 99),
    clientCpuPercent: ((clientUsed.user + clientUsed.system) / 1e6 / seconds) * 100,
    commitsPerOrder,
    databaseCpuMsPerOrder,
  };
}

// ---- baselines ---------------------------------------------------------------------------------

/** Transactions per second of `script` run by pgbench with `clients` connections for SECONDS seconds. */
function pgbench(url: string, script: string, clients: number): number {
  const file = path.join(os.tmpdir(), `bench-trading-${process.pid}-${Date.now()}.sql`);
  fs.writeFileSync(file, script);
  try {
    const out = execFileSync(
      'pgbench',
      [
        '-n',
        '-c',
        String(clients),
        '-j',
        String(Math.min(clients, 2)),
        '-T',
        String(SECONDS),
        '-f',
        file,
        url,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(tps);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * The pgbench script run in this process: `\set name random(a, b)` lines and SQL statements ending
 * in `;` on their own lines, with `:name` variables (and `:client_id`), on one connection.
 */
async function scriptLoop(database: Database, script: string): Promise<number> {
  const sets: Array<{ name: string; min: number; max: number }> = [];
  const statements: Array<{ text: string; gset: boolean }> = [];
  let current = '';
  for (const raw of script.split('\n')) {
    const line = raw.trim();
    const set = /^\\set (\w+) random\((\d+),\s*(\d+)\)/.exec(line);
    if (set) {
      sets.push({ name: set[1] as string, min: Number(set[2]), max: Number(set[3]) });
    } else if (line === '\\gset') {
      statements.push({ text: current, gset: true });
      current = '';
    } else if (line !== '' && !line.startsWith('--')) {
      current += `${raw}\n`;
      if (line.endsWith(';')) {
        statements.push({ text: current, gset: false });
        current = '';
      }
    }
  }
  let done = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = process.hrtime.bigint();
  while (Date.now() < deadline) {
    const vars = new Map<string, string>();
    for (const v of sets) vars.set(v.name, String(v.min + Math.floor(Math.random() * (v.max - v.min + 1))));
    for (const st of statements) {
      // `::type` casts stay: only `:name` after a non-colon is a variable.
      const text = st.text.replace(/(^|[^:]):(\w+)/g, (m, before: string, v: string) =>
        vars.has(v) ? `${before}${vars.get(v)}` : m,
      );
      const result = (await database.db.execute(sql.raw(text))) as unknown as {
        rows: Record<string, unknown>[];
      };
      if (st.gset) {
        const row = result.rows[0];
        if (!row) throw new Error(`\\gset: no row from ${text}`);
        for (const [k, v] of Object.entries(row)) vars.set(k, String(v));
      }
    }
    done++;
  }
  return done / (Number(process.hrtime.bigint() - started) / 1e9);
}

// ---- the orders' transactions as SQL -------------------------------------------------------------

/**
 * What one order's database transaction executes (read off the engines and the ledger: the order
 * row, the product's detail row, then the ledger's savepoint, key claim, account lookup, row locks
 * in id order, balance update and entries), with the same row counts and indexes, written by hand.
 * Reads outside the transaction (session, pair, price) are not part of it.
 */
interface Leg {
  /** pgbench variable holding the account id */
  account: string;
  currency: string;
  /** signed amount */
  amount: string;
  user: boolean;
}

/** The ledger's statements for one journal transaction (ledger.service.ts postTransaction). */
function ledgerSql(kind: string, key: string, legs: Leg[]): string {
  const users = legs.filter((l) => l.user);
  const lockIds = users.map((l) => `:${l.account}`).join(', ');
  const values = users.map((l) => `(:${l.account}::bigint, ${l.amount}::numeric)`).join(', ');
  const entries = legs
    .map((l) =>
      l.user
        ? `(:txid, :${l.account}, '${l.currency}', ${l.amount}, (SELECT balance FROM ledger_accounts WHERE id = :${l.account}))`
        : `(:txid, :${l.account}, '${l.currency}', ${l.amount}, NULL)`,
    )
    .join(',\n  ');
  const lookup = legs.map((l) => `max(id) FILTER (WHERE ${accountFilter(l)}) AS ${l.account}`).join(', ');
  return `SAVEPOINT ledger;
INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint, memo, metadata)
  VALUES (${key}, '${kind}', md5(random()::text), 'bench', '{"bench": true}')
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id AS txid
\\gset
SELECT ${lookup} FROM ledger_accounts
  WHERE (user_id = :uid AND bucket IN ('available', 'frozen')) OR (user_id IS NULL AND bucket IN ('house_pnl', 'fees'))
\\gset
SELECT id::text AS id, balance::text AS balance FROM ledger_accounts WHERE id IN (${lockIds}) AND NOT is_system ORDER BY id FOR UPDATE;
UPDATE ledger_accounts AS a SET balance = a.balance + v.amount, updated_at = now()
  FROM (VALUES ${values}) AS v(id, amount) WHERE a.id = v.id AND NOT a.is_system RETURNING a.id::text, a.balance::text;
INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after) VALUES
  ${entries};
RELEASE SAVEPOINT ledger;
`;
}

/** Which row a leg's account variable names, e.g. `u_available_usdt` or `s_house_pnl_btc`. */
function accountFilter(leg: Leg): string {
  const match = /^(u|s)_(\w+)_([a-z]+)$/.exec(leg.account);
  if (!match) throw new Error(`bad leg variable ${leg.account}`);
  const [, owner, bucket, currency] = match;
  return owner === 'u'
    ? `user_id = :uid AND bucket = '${bucket}' AND currency = '${currency?.toUpperCase()}'`
    : `user_id IS NULL AND bucket = '${bucket}' AND currency = '${currency?.toUpperCase()}'`;
}

const leg = (account: string, amount: string): Leg => ({
  account,
  amount,
  currency: (account.split('_').at(-1) as string).toUpperCase(),
  user: account.startsWith('u_'),
});

/**
 * A spot market buy of 0.001 BTC at 95,000 (spot.engine.ts placeMarket): the filled order row, its
 * fill row, one ledger transaction of five legs. `uid` is drawn from the traders' ids.
 */
function spotMarketBuySql(minUser: number, maxUser: number): string {
  return `\\set uid random(${minUser}, ${maxUser})
BEGIN;
INSERT INTO trade_orders (user_id, product, symbol, base_currency, quote_currency, side, order_type, amount, amount_currency,
  filled_amount, avg_price, quote_amount, fee, status, frozen_amount, created_at, updated_at, closed_at)
  VALUES (:uid, 'spot', 'BTCUSDT', 'BTC', 'USDT', 'buy', 'market', 0.001, 'BTC', 0.001, 95000, 95, 0.095, 'filled', 0, now(), now(), now())
  RETURNING id AS o_id
\\gset
INSERT INTO spot_fills (order_id, seq, quantity, price, quote_amount, fee, price_source, price_at, created_at)
  VALUES (:o_id, 1, 0.001, 95000, 95, 0.095, 'sim', now(), now());
${ledgerSql('spot_fill', "'pgbench:spot:' || :o_id || ':fill:1'", [
  leg('u_available_usdt', '-95.095'),
  leg('u_available_btc', '0.001'),
  leg('s_house_pnl_btc', '-0.001'),
  leg('s_house_pnl_usdt', '95'),
  leg('s_fees_usdt', '0.095'),
])}COMMIT;
`;
}

/**
 * A 60 s flash contract of 10 USDT (timed.service.ts openTimedContract): the order row, the contract
 * row, one ledger transaction (available to frozen) and the open-contract count of the limit.
 */
function flashOrderSql(minUser: number, maxUser: number): string {
  return `\\set uid random(${minUser}, ${maxUser})
BEGIN;
INSERT INTO trade_orders (user_id, product, symbol, base_currency, quote_currency, side, amount, amount_currency, price,
  quote_amount, status, expires_at, created_at, updated_at)
  VALUES (:uid, 'flash', 'BTCUSDT', 'BTC', 'USDT', 'up', 10, 'USDT', 95000, 10, 'pending', now() + interval '60 seconds', now(), now())
  RETURNING id AS o_id
\\gset
INSERT INTO timed_contracts (order_id, user_id, product, symbol, direction, stake, currency, payout_rate, duration_seconds,
  entry_price, entry_source, entry_at, opened_at, expires_at, status)
  VALUES (:o_id, :uid, 'flash', 'BTCUSDT', 'up', 10, 'USDT', 0.15, 60, 95000, 'sim', now(), now(), now() + interval '60 seconds', 'open');
${ledgerSql('flash_open', "'pgbench:flash:' || :o_id || ':open'", [
  leg('u_available_usdt', '-10'),
  leg('u_frozen_usdt', '10'),
])}SELECT count(*) FROM timed_contracts WHERE user_id = :uid AND product IN ('flash', 'option') AND status = 'open';
COMMIT;
`;
}

/**
 * Issue 19's yardstick: the least an order's write can be (lock the trader's two balances, insert an
 * order, a journal transaction and four entries, update the two balances), with none of the
 * ledger's checks, savepoint or lookups. The API is held to a quarter of its rate, measured in the
 * same run on the same database.
 */
function minimalOrderSql(minUser: number, maxUser: number): string {
  const system = (bucket: string, currency: string) =>
    `(SELECT id FROM ledger_accounts WHERE user_id IS NULL AND bucket = '${bucket}' AND currency = '${currency}')`;
  return `\\set uid random(${minUser}, ${maxUser})
BEGIN;
SELECT max(id) FILTER (WHERE currency = 'USDT') AS a_usdt, max(id) FILTER (WHERE currency = 'BTC') AS a_btc
  FROM (SELECT id, currency FROM ledger_accounts
    WHERE user_id = :uid AND bucket = 'available' AND currency IN ('USDT', 'BTC') ORDER BY id FOR UPDATE) AS locked
\\gset
INSERT INTO trade_orders (user_id, product, symbol, base_currency, quote_currency, side, order_type, amount, amount_currency,
  filled_amount, avg_price, quote_amount, fee, status, frozen_amount, created_at, updated_at, closed_at)
  VALUES (:uid, 'spot', 'BTCUSDT', 'BTC', 'USDT', 'buy', 'market', 0.001, 'BTC', 0.001, 95000, 95, 0, 'filled', 0, now(), now(), now())
  RETURNING id AS o_id
\\gset
INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint, memo, metadata)
  VALUES ('pgbench:minimal:' || :o_id, 'spot_fill', md5(random()::text), 'bench', '{"bench": true}') RETURNING id AS txid
\\gset
UPDATE ledger_accounts SET balance = balance + CASE WHEN id = :a_usdt THEN -95 ELSE 0.001 END, updated_at = now()
  WHERE id IN (:a_usdt, :a_btc);
INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after) VALUES
  (:txid, :a_usdt, 'USDT', -95, (SELECT balance FROM ledger_accounts WHERE id = :a_usdt)),
  (:txid, :a_btc, 'BTC', 0.001, (SELECT balance FROM ledger_accounts WHERE id = :a_btc)),
  (:txid, ${system('house_pnl', 'USDT')}, 'USDT', 95, NULL), (:txid, ${system('house_pnl', 'BTC')}, 'BTC', -0.001, NULL);
COMMIT;
`;
}

// ---- one engine's run ------------------------------------------------------------------------------

interface EngineResult {
  engine: string;
  clients: number;
  /** Server processes. */
  instances: number;
  spot: LoadResult;
  spotBaseline: number;
  flash: LoadResult;
  flashBaseline: number;
  /** pgbench's rate for the minimal order-shaped transaction (PostgreSQL only). */
  minimalBaseline: number | null;
  ledgerOk: boolean;
}

async function loginAll(origin: string, emails: string[], count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (const email of emails.slice(0, count)) {
    const { token } = await api<{ token: string }>(origin, 'POST', '/api/auth/login', {
      email,
      password: PASSWORD,
    });
    tokens.push(token);
  }
  return tokens;
}

/** Waits until the feed has a fresh BTCUSDT book, so that the first orders do not measure a cold cache. */
async function waitForMarket(origin: string) {
  for (let i = 0; i < 60; i++) {
    try {
      await api(origin, 'GET', '/api/trading/market/BTCUSDT');
      return;
    } catch {
      await sleep(500);
    }
  }
  throw new Error('the market did not come up');
}

async function runEngine(target: BenchDatabase, clients: number): Promise<EngineResult> {
  const seeded = await target.open();
  const emails = await seedTraders(seeded);
  const [range] = (
    (await seeded.db.execute(
      sql`SELECT min(id)::int AS lo, max(id)::int AS hi FROM users WHERE email LIKE 'trader%@bench.local'`,
    )) as unknown as { rows: Array<{ lo: number; hi: number }> }
  ).rows;
  if (!range) throw new Error('no traders');
  await seeded.close();

  if (args.only === 'sql' && target.url) {
    const c = clients;
    console.log(
      `pgbench only: spot ${pgbench(target.url, spotMarketBuySql(range.lo, range.hi), c).toFixed(0)} tx/s, flash ${pgbench(target.url, flashOrderSql(range.lo, range.hi), c).toFixed(0)} tx/s`,
    );
    process.exit(0);
  }
  // PGlite serves one process: more instances only on PostgreSQL.
  const instances = target.url ? INSTANCES : 1;
  const servers: ServerProcess[] = [];
  let spot: LoadResult;
  let flash: LoadResult;
  try {
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startServer({
          ...target.serverEnv,
          MARKET_DATA_AUTOSTART: process.env.BENCH_FEED ?? 'true',
          TRADING_JOBS_AUTOSTART: process.env.BENCH_JOBS ?? 'true',
        }),
      );
    }
    // Every trader signs in: a flash run places all its contracts within their 30 s, and at 1,000/s
    // that is 15,000 open at once, more than 64 traders may hold under the limit of 200 each.
    const tokens = await loginAll(
      (servers[0] as ServerProcess).origin,
      emails,
      Math.max(clients, emails.length),
    );
    for (const server of servers) {
      await waitForMarket(server.origin);
      // Warm-up: JIT, caches, the traders' BTC accounts (created by their first buy).
      for (const token of tokens) {
        await api(server.origin, 'POST', '/api/trading/spot/order', spotBody(0), token);
        await api(server.origin, 'POST', '/api/trading/spot/order', spotBody(1), token);
      }
    }
    spot = await httpLoad(servers, tokens, clients, '/api/trading/spot/order', spotBody, target.url);
    flash = await httpLoad(
      servers,
      tokens,
      clients,
      '/api/trading/flash/order',
      (n) => ({ symbol: 'BTCUSDT', direction: n % 2 === 0 ? 'up' : 'down', amount: '10', duration: 30 }),
      target.url,
    );
  } finally {
    for (const server of servers) await stopServer(server);
  }

  // The same transactions as hand-written SQL, on the same data.
  let spotBaseline: number;
  let flashBaseline: number;
  let minimalBaseline: number | null = null;
  if (target.url) {
    spotBaseline = pgbench(target.url, spotMarketBuySql(range.lo, range.hi), clients);
    flashBaseline = pgbench(target.url, flashOrderSql(range.lo, range.hi), clients);
  } else {
    const direct = await target.open();
    try {
      spotBaseline = await scriptLoop(direct, spotMarketBuySql(range.lo, range.hi));
      flashBaseline = await scriptLoop(direct, flashOrderSql(range.lo, range.hi));
    } finally {
      await direct.close();
    }
  }
  const check = await target.open();
  const verified = await verifyLedger(check.db);
  await check.close();
  // Last, after the verifier: the minimal transaction moves house money with no trade behind it, on
  // purpose (it has none of the ledger's work), which the reconciliation would rightly call a breach.
  if (target.url) minimalBaseline = pgbench(target.url, minimalOrderSql(range.lo, range.hi), clients);
  return {
    engine: target.name,
    clients,
    instances,
    spot,
    spotBaseline,
    flash,
    flashBaseline,
    minimalBaseline,
    ledgerOk: verified.ok,
  };
}

/** Alternate buys and sells of 0.001 BTC at market, so a trader never runs out of either currency. */
const spotBody = (n: number) => ({
  symbol: 'BTCUSDT',
  side: n % 2 === 0 ? 'buy' : 'sell',
  type: 'market',
  amount: '0.001',
});

function printThroughput(results: EngineResult[]) {
  console.log(
    `\nOrders per second through the HTTP API against the same transaction's SQL (${SECONDS} s each)\n`,
  );
  console.log(
    '| engine | instances | clients | product | API orders/s | failed | server CPU % | server CPU ms/order | database CPU ms/order | commits/order | latency p50 / p99 ms | load generator CPU % | SQL baseline tx/s | baseline by | API / baseline | minimal order tx/s | API / minimal |',
  );
  console.log(
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const r of results) {
    const by = r.engine === 'PostgreSQL' ? 'pgbench' : 'in-process loop, 1 connection';
    for (const [product, load, baseline] of [
      ['spot market', r.spot, r.spotBaseline],
      ['flash', r.flash, r.flashBaseline],
    ] as const) {
      console.log(
        `| ${r.engine} | ${r.instances} | ${r.clients} | ${product} | ${load.perSecond.toFixed(0)} | ${load.failed} | ${load.serverCpuPercent.toFixed(0)} | ${((load.serverCpuPercent * 10) / load.perSecond).toFixed(2)} | ${load.databaseCpuMsPerOrder === null ? '-' : load.databaseCpuMsPerOrder.toFixed(2)} | ${load.commitsPerOrder === null ? '-' : load.commitsPerOrder.toFixed(2)} | ${load.latencyP50.toFixed(1)} / ${load.latencyP99.toFixed(1)} | ${load.clientCpuPercent.toFixed(0)} | ${baseline.toFixed(0)} | ${by} | ${(load.perSecond / baseline).toFixed(2)} | ${r.minimalBaseline?.toFixed(0) ?? '-'} | ${r.minimalBaseline ? (load.perSecond / r.minimalBaseline).toFixed(2) : '-'} |`,
      );
      if (load.firstError)
        console.log(`|  |  | first error: ${load.firstError} |  |  |  |  |  |  |  |  |  |  |  |  |  |  |`);
    }
  }
  console.log(
    `\nledger verifier after the runs: ${results.map((r) => `${r.engine} ${r.ledgerOk ? 'ok' : 'FAILED'}`).join(', ')}`,
  );
}

// ---- settlement of many contracts expiring in the same second ---------------------------------------

interface SettleResult {
  engine: string;
  contracts: number;
  users: number;
  seconds: number;
  /** CPU of this process (the settlement's Node side) during the run. */
  nodeCpuSeconds: number;
  /** CPU of the database's backends during the run (PostgreSQL, from /proc). */
  databaseCpuSeconds: number | null;
  outcomes: string;
  ledgerOk: boolean;
}

/**
 * A V8 CPU profile of this process from now until the returned function writes it to `file`
 * (BENCH_SETTLE_PROFILE=<path prefix>: the settlement run alone, without the set-up; summarise it
 * with bench/cpu-profile-summary.ts).
 */
async function startProfiler(): Promise<(file: string) => Promise<void>> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/**
 * `count` open flash contracts over `users` users, expiring within one second (frozen stakes posted
 * through the ledger as placements would), a recorded tick per pair just before expiry, then one
 * settlement run of the job's own function, timed.
 */
async function settleMany(target: BenchDatabase, count: number, users: number): Promise<SettleResult> {
  const database = await target.open();
  try {
    const t0 = Date.now() - 120_000;
    const expiry = t0 + 60_000;
    const userIds = await createTestUsers(database.db, users);
    await insertOpenContracts(database.db, {
      userIds,
      perUser: Math.ceil(count / users),
      symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT'],
      stake: '10',
      payoutRate: '0.15',
      entryPrice: '100',
      openedAt: t0,
      expiresAt: expiry,
      spreadMs: 1000,
    });
    // Up, down and flat against the entry price of 100: wins, losses and draws.
    for (const [symbol, price] of [
      ['BTCUSDT', '101'],
      ['ETHUSDT', '99'],
      ['SOLUSDT', '100'],
      ['BNBUSDT', '100.5'],
    ] as const) {
      await recordTick(database.db, symbol, price, expiry - 1000);
    }
    const settlement = createTimedSettlement(testTradingDeps(database.db, { now: () => expiry + 2000 }));
    // The pool's connections opened before the run, so that /proc has their backends at both reads.
    await Promise.all(Array.from({ length: 8 }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
    const dbBefore = target.url ? await databaseCounters(target.url) : null;
    const profiler = process.env.BENCH_SETTLE_PROFILE ? await startProfiler() : null;
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const run = await settlement.settleDueContracts(new Date(expiry + 2000), {
      parallelism: Number(process.env.BENCH_SETTLE_PARALLELISM ?? SETTLEMENT_PARALLELISM),
      ...(process.env.BENCH_SETTLE_BATCH ? { batchSize: Number(process.env.BENCH_SETTLE_BATCH) } : {}),
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    if (profiler && process.env.BENCH_SETTLE_PROFILE) {
      await profiler(`${process.env.BENCH_SETTLE_PROFILE}-${target.name}-${Date.now()}.cpuprofile`);
    }
    const nodeCpuSeconds = (used.user + used.system) / 1e6;
    const databaseCpuSeconds =
      target.url && dbBefore
        ? backendCpuBetween(dbBefore.cpuSeconds, (await databaseCounters(target.url)).cpuSeconds)
        : null;
    const verified = await verifyLedger(database.db);
    return {
      engine: target.name,
      contracts: run.settled,
      users,
      seconds,
      nodeCpuSeconds,
      databaseCpuSeconds,
      outcomes: Object.entries(run.outcomes)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
      ledgerOk: verified.ok,
    };
  } finally {
    await database.close();
  }
}

function printSettlement(results: SettleResult[]) {
  console.log('\nSettling flash contracts that expire in the same second (one run of the settlement job)\n');
  console.log(
    '| engine | contracts | users | seconds | contracts/s | Node CPU s | database CPU s | outcomes | ledger verifier |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${r.contracts} | ${r.users} | ${r.seconds.toFixed(2)} | ${(r.contracts / r.seconds).toFixed(0)} | ${r.nodeCpuSeconds.toFixed(2)} | ${r.databaseCpuSeconds === null ? '-' : r.databaseCpuSeconds.toFixed(2)} | ${r.outcomes} | ${r.ledgerOk ? 'ok' : 'FAILED'} |`,
    );
  }
}

async function main() {
  if (args['print-sql']) {
    console.log(spotMarketBuySql(1, 100));
    console.log(flashOrderSql(1, 100));
    console.log(minimalOrderSql(1, 100));
    return;
  }
  const results: EngineResult[] = [];
  if (args.only !== 'settle') {
    const makers = [
      ...(args.engine !== 'pglite' ? [postgresDatabase] : []),
      ...(args.engine !== 'postgres' ? [async () => pgliteDatabase()] : []),
    ];
    for (const make of makers) {
      const target = await make();
      try {
        results.push(
          await runEngine(target, target.url ? Number(args['pg-clients']) : Number(args['pglite-clients'])),
        );
      } finally {
        await target.drop();
      }
    }
    printThroughput(results);
  }
  if (args.only !== 'http') {
    const settled: SettleResult[] = [];
    const users = Math.max(1, Math.ceil(CONTRACTS / 50));
    for (let round = 0; round < Number(args['settle-runs']); round += 1) {
      if (args.engine !== 'pglite') {
        const pgTarget = await postgresDatabase();
        try {
          settled.push(await settleMany(pgTarget, CONTRACTS, users));
        } finally {
          await pgTarget.drop();
        }
      }
      if (args.engine !== 'postgres') {
        // PGlite at a fifth of the count: one connection, so no parallel batches; for the ratio only.
        const liteTarget = pgliteDatabase();
        try {
          settled.push(await settleMany(liteTarget, Math.ceil(CONTRACTS / 5), Math.ceil(users / 5)));
        } finally {
          await liteTarget.drop();
        }
      }
    }
    printSettlement(settled);
  }
}

await main();
