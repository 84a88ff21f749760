/**
 * Latency of the back office's read calls on a generated database (bench/generate-back-office.ts):
 * `npm run bench:admin`. The real app (buildApp on openPostgres) listens on a local port and is
 * called over HTTP with fetch, as the browser would; the admin logs in through /api/auth/login.
 *
 * Each call: a warm-up, then `-n` sequential requests (p50/p95/p99), then the same number from
 * `--concurrency` clients at once (p95). The baseline is GET /api/health in the same run (one
 * `select 1`), since the machine is shared and noisy. Target: p95 under 100 ms. A call whose route
 * answers 404 is skipped with a line saying so (not built yet).
 *
 * `--explain`: for every call that misses the target, one more request with node-postgres' queries
 * recorded, then EXPLAIN (ANALYZE, BUFFERS) of each of them, written to --explain-out.
 *
 * Database: --url or BENCH_DATABASE_URL, else `--db` (default bench_backoffice) on the local test server.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/core/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { BENCH_ADMIN, DEFAULT_DB_NAME, targetDatabase } from './back-office-db.ts';
import { percentile } from './server-process.ts';

const TARGET_P95_MS = 100;

interface Call {
  name: string;
  path: string;
  /** Sent without the admin's token. */
  anonymous?: boolean;
}

const CALLS: Call[] = [
  { name: 'health (baseline)', path: '/api/health', anonymous: true },
  { name: 'users, page 1', path: '/api/admin/users' },
  { name: 'users, page 500', path: '/api/admin/users?page=500' },
  { name: 'users, status=inactive', path: '/api/admin/users?status=inactive' },
  { name: 'users, kyc=pending', path: '/api/admin/users?kyc=pending' },
  { name: 'users, search e-mail', path: '/api/admin/users?search=user123456' },
  // Issue 16: anywhere in an e-mail or phone (pg_trgm), a broad term (a sixth of all users, capped
  // count), old matches only (more than the cap, none among the newest), a short term (a prefix).
  { name: 'users, search mid e-mail', path: '/api/admin/users?search=ser12345' },
  { name: 'users, search mid phone', path: '/api/admin/users?search=0123456' },
  { name: 'users, search broad', path: '/api/admin/users?search=qq.com' },
  { name: 'users, search old matches', path: '/api/admin/users?search=er12' },
  { name: 'users, search 2 chars', path: '/api/admin/users?search=13' },
  { name: 'admins, search mid e-mail', path: '/api/admin/admins?search=ops' },
  { name: 'deposits', path: '/api/admin/deposits' },
  { name: 'deposits, status=pending', path: '/api/admin/deposits?status=pending' },
  { name: 'deposits, dateRange=today', path: '/api/admin/deposits?dateRange=today' },
  { name: 'deposits, search e-mail', path: '/api/admin/deposits?search=user123456@' },
  { name: 'deposits, search mid e-mail', path: '/api/admin/deposits?search=ser12345' },
  { name: 'deposits, search mid phone', path: '/api/admin/deposits?search=0123456' },
  { name: 'deposits, search broad', path: '/api/admin/deposits?search=qq.com' },
  { name: 'withdrawals', path: '/api/admin/withdrawals' },
  { name: 'withdrawals, pending,reviewing', path: '/api/admin/withdrawals?status=pending,reviewing' },
  { name: 'withdrawals, search e-mail', path: '/api/admin/withdrawals?search=user123456@' },
  { name: 'withdrawals, search mid e-mail', path: '/api/admin/withdrawals?search=ser12345' },
  { name: 'withdrawals, search mid phone', path: '/api/admin/withdrawals?search=0123456' },
  { name: 'dashboard', path: '/api/admin/dashboard' },
  { name: 'wallet overview', path: '/api/admin/wallet/overview' },
  { name: 'audit logs', path: '/api/admin/audit-logs' },
  { name: 'transactions (journal)', path: '/api/admin/transactions' },
];

// --- recording node-postgres queries (only while `recording` is set) -----------------------------

interface RecordedQuery {
  text: string;
  values: unknown[] | undefined;
  ms: number;
}
let recording: RecordedQuery[] | null = null;

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const originalQuery = pg.Client.prototype.query as unknown as QueryFn;
(pg.Client.prototype as unknown as { query: QueryFn }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  if (!recording) return originalQuery.apply(this, args);
  const [config, second] = args;
  const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
  const values = Array.isArray(second)
    ? second
    : ((config as { values?: unknown[] } | undefined)?.values ?? undefined);
  const record: RecordedQuery = { text: text ?? String(config), values, ms: 0 };
  recording.push(record);
  const t0 = performance.now();
  const done = () => {
    record.ms = performance.now() - t0;
  };
  const callbackAt = args.findIndex((a) => typeof a === 'function');
  if (callbackAt >= 0) {
    const callback = args[callbackAt] as (...r: unknown[]) => void;
    const wrapped = [...args];
    wrapped[callbackAt] = (...r: unknown[]) => {
      done();
      callback(...r);
    };
    return originalQuery.apply(this, wrapped);
  }
  const result = originalQuery.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(done, done);
  }
  return result;
};

// --- measuring ----------------------------------------------------------------------------------

async function main() {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string' },
      db: { type: 'string', default: DEFAULT_DB_NAME },
      n: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      concurrency: { type: 'string', default: '4' },
      only: { type: 'string' },
      explain: { type: 'boolean', default: false },
      'explain-out': { type: 'string', default: '/tmp/admin-calls-explain.txt' },
    },
  });
  const n = Number(args.n);
  const warmup = Number(args.warmup);
  const concurrency = Number(args.concurrency);
  const { url } = targetDatabase(args.url, args.db);

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: '/tmp/bench-admin-calls-data',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // The bench's admins have no authenticator: the 2FA requirement is measured by the tests, not here.
    ADMIN_2FA_REQUIRED: 'false',
  });
  const database = await openPostgres(url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const sizes = (await database.db.execute(
    sql`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM deposits) AS deposits,
          (SELECT count(*) FROM withdrawals) AS withdrawals, (SELECT count(*) FROM ledger_transactions) AS transactions,
          (SELECT count(*) FROM audit_logs) AS audit_logs`,
  )) as unknown as { rows: unknown[] };
  console.log(`database ${url}: ${JSON.stringify(sizes.rows[0])}`);

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const loginBody = (await login.json()) as { data?: { token: string }; message: string };
  if (!loginBody.data) throw new Error(`admin login failed (${login.status}): ${loginBody.message}`);
  const token = loginBody.data.token;

  const request = async (call: Call) => {
    const t0 = performance.now();
    const res = await fetch(base + call.path, {
      headers: call.anonymous ? {} : { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    return { ms: performance.now() - t0, status: res.status, text };
  };

  interface Result {
    call: Call;
    skipped?: string;
    p50?: number;
    p95?: number;
    p99?: number;
    p95c?: number;
  }
  const results: Result[] = [];
  const calls = CALLS.filter(
    (c, i) => i === 0 || !args.only || c.name.includes(args.only) || c.path.includes(args.only),
  );
  for (const call of calls) {
    const first = await request(call);
    if (first.status !== 200) {
      const message = safeMessage(first.text);
      const why =
        first.status === 404 ? 'route not found (404), not built yet' : `HTTP ${first.status}: ${message}`;
      results.push({ call, skipped: why });
      console.log(`${call.name}: skipped, ${why}`);
      continue;
    }
    for (let i = 1; i < warmup; i++) await request(call);
    const sequential: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = await request(call);
      if (r.status !== 200) throw new Error(`${call.path}: HTTP ${r.status} during the run`);
      sequential.push(r.ms);
    }
    sequential.sort((a, b) => a - b);
    const parallel: number[] = [];
    if (concurrency > 1) {
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next++ < n) parallel.push((await request(call)).ms);
        }),
      );
      parallel.sort((a, b) => a - b);
    }
    const result: Result = {
      call,
      p50: percentile(sequential, 50),
      p95: percentile(sequential, 95),
      p99: percentile(sequential, 99),
      p95c: concurrency > 1 ? percentile(parallel, 95) : undefined,
    };
    results.push(result);
    console.log(
      `${call.name}: p50 ${result.p50!.toFixed(1)} ms, p95 ${result.p95!.toFixed(1)} ms, p99 ${result.p99!.toFixed(1)} ms` +
        (result.p95c !== undefined ? `, p95 with ${concurrency} clients ${result.p95c.toFixed(1)} ms` : ''),
    );
  }

  const health = results[0]?.p95 ?? Number.NaN;
  const ms = (v: number | undefined) => (v === undefined ? '' : v.toFixed(1));
  console.log(
    `\nBack office calls over HTTP: ${n} sequential requests each after ${warmup} warm-up` +
      (concurrency > 1 ? `, then ${n} from ${concurrency} concurrent clients` : '') +
      ` (ms; target p95 < ${TARGET_P95_MS} ms)\n`,
  );
  console.log(
    `| call | request | p50 | p95 | p99 | p95 / health p95 |${concurrency > 1 ? ` p95, ${concurrency} clients |` : ''} p95 < ${TARGET_P95_MS} ms |`,
  );
  console.log(`| --- | --- | --- | --- | --- | --- |${concurrency > 1 ? ' --- |' : ''} --- |`);
  for (const r of results) {
    if (r.skipped) {
      console.log(
        `| ${r.call.name} | \`${r.call.path}\` | | | | |${concurrency > 1 ? ' |' : ''} skipped: ${r.skipped} |`,
      );
      continue;
    }
    console.log(
      `| ${r.call.name} | \`${r.call.path}\` | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${(r.p95! / health).toFixed(1)} |` +
        `${concurrency > 1 ? ` ${ms(r.p95c)} |` : ''} ${r.p95! < TARGET_P95_MS ? 'PASS' : 'FAIL'} |`,
    );
  }

  const failing = results.filter((r) => !r.skipped && r.p95! >= TARGET_P95_MS);
  if (args.explain && failing.length) {
    const out: string[] = [];
    const explainer = new pg.Client({ connectionString: url });
    await explainer.connect();
    for (const r of failing) {
      recording = [];
      const res = await request(r.call);
      const queries = recording;
      recording = null;
      out.push(
        `\n=== ${r.call.name}: GET ${r.call.path} (${res.ms.toFixed(1)} ms, ${queries.length} queries)`,
      );
      console.log(`\n${r.call.name}: ${res.ms.toFixed(1)} ms, queries:`);
      for (const query of queries) {
        console.log(`  ${query.ms.toFixed(1).padStart(7)} ms  ${oneLine(query.text).slice(0, 150)}`);
        out.push(
          `\n--- ${query.ms.toFixed(1)} ms in the request\n${query.text}\n-- values: ${JSON.stringify(query.values ?? [])}`,
        );
        if (!/^\s*(select|with)\b/i.test(query.text)) continue;
        const plan = await explainer.query(
          `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`,
          query.values as unknown[],
        );
        out.push(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
      }
    }
    await explainer.end();
    fs.writeFileSync(args['explain-out'], out.join('\n'));
    console.log(`\nplans of the calls over ${TARGET_P95_MS} ms: ${args['explain-out']}`);
  }

  await app.close();
  await database.close();
}

function safeMessage(text: string): string {
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
