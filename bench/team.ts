/**
 * The team programme at scale (issue 7): `npm run bench:team` (PostgreSQL).
 *
 * Database: the back office of bench/generate-back-office.ts with its referral tree, `--db`
 * (default bench_team for 1M users, bench_team_<n> with `--users n`) on the local server. It is
 * generated when missing (or with `--regenerate`); a scaled-down one is dropped at the end unless
 * `--keep`, the 1M one is kept.
 *
 * 1. Reads: the real server (bench/server-process.ts, a child process) is called over HTTP as the
 *    bench admin and as the user with the biggest team. Per call: warm-up, `-n` sequential requests
 *    (p50/p95/p99), then `-n` from `--concurrency` clients (p50/p95, req/s). Baseline: GET
 *    /api/health in the same run. Target: p95 under 100 ms for the stats and one node's children.
 * 2. Registration: POST /api/auth/register with the invite code of the deepest member of the
 *    generated 50-level chain (the new account gets 51 ancestors: 51 locked rows, 51 closure rows,
 *    51 counter updates) against registration without a code (one node), sequential and with
 *    `--concurrency` clients; then the stat counters (counterMismatches) and the chain's counters
 *    are checked against the rows.
 *
 * `--explain`: for each read call over the target, one more request through an in-process app with
 * node-postgres' queries recorded, and EXPLAIN (ANALYZE, BUFFERS) of them in `--explain-out`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/core/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { counterMismatches } from '../apps/server/src/modules/reconciliation/counter-check.ts';
import { BENCH_ADMIN, BENCH_USER_PASSWORD, DEFAULT_SERVER_URL } from './back-office-db.ts';
import {
  percentile,
  processCpuSeconds,
  REPO_ROOT,
  type ServerProcess,
  startServer,
  stopServer,
} from './server-process.ts';

const TARGET_P95_MS = 100;
const CHAIN_DEPTH = 50;

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    db: { type: 'string' },
    regenerate: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    n: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '4' },
    registrations: { type: 'string', default: '40' },
    only: { type: 'string' },
    'skip-register': { type: 'boolean', default: false },
    'skip-verify': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    'explain-out': { type: 'string', default: '/tmp/team-bench-explain.txt' },
  },
});
const USERS = Number(args.users.replaceAll('_', ''));
const N = Number(args.n);
const WARMUP = Number(args.warmup);
const CONCURRENCY = Number(args.concurrency);
const REGISTRATIONS = Number(args.registrations);
const DB_NAME = args.db ?? (USERS === 1_000_000 ? 'bench_team' : `bench_team_${USERS}`);
if (!/^bench_team[a-z0-9_]*$/.test(DB_NAME)) throw new Error('--db must start with bench_team');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER_URL;
const dbUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

const started = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s] ${line}`);

// ---- measuring ---------------------------------------------------------------------------------

interface Timing {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  samples: number[];
  wallMs: number;
}

function timing(samples: number[], wallMs: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    perSecond: (samples.length / wallMs) * 1000,
    samples,
    wallMs,
  };
}

/** Two runs of the same thing as one. */
const merge = (a: Timing, b: Timing) => timing([...a.samples, ...b.samples], a.wallMs + b.wallMs);

/** `count` calls of `fn` from `clients` loops at once; each sample is one call's latency. */
async function run(count: number, clients: number, fn: (i: number) => Promise<unknown>): Promise<Timing> {
  const samples: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.max(1, clients) }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t = performance.now();
        await fn(i);
        samples.push(performance.now() - t);
      }
    }),
  );
  return timing(samples, performance.now() - t0);
}

async function call(origin: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(origin + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

async function mustCall<T>(origin: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await call(origin, method, path, token, body);
  const reply = JSON.parse(res.text) as { success: boolean; message: string; data: T };
  if (res.status !== 200 || !reply.success)
    throw new Error(`${method} ${path}: HTTP ${res.status} ${reply.message}`);
  return reply.data;
}

// ---- the database ------------------------------------------------------------------------------

async function ensureDatabase(server: pg.Client) {
  const exists = (await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME])).rowCount;
  let usable = false;
  if (exists && !args.regenerate) {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const row = (
        await db.query(`SELECT (SELECT count(*) FROM users WHERE role = 'user') AS users,
                          (SELECT count(*) FROM team_nodes WHERE depth >= ${CHAIN_DEPTH}) AS deep`)
      ).rows[0];
      usable = Number(row.users) >= USERS && Number(row.deep) > 0;
      if (!usable)
        log(`${DB_NAME} holds ${row.users} users and no ${CHAIN_DEPTH}-level chain: regenerating it`);
    } catch (err) {
      log(`${DB_NAME} is not a generated back office (${(err as Error).message}): regenerating it`);
    } finally {
      await db.end();
    }
  }
  if (usable) {
    log(`using the existing database ${DB_NAME}`);
    return;
  }
  log(`generating ${DB_NAME} with ${USERS.toLocaleString('en')} users (bench/generate-back-office.ts)...`);
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/generate-back-office.ts',
      '--users',
      String(USERS),
      '--db',
      DB_NAME,
      '--replace',
    ],
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, BENCH_DATABASE_URL: '' } },
  );
}

// ---- recording node-postgres queries for --explain (in-process app only) ------------------------

interface RecordedQuery {
  text: string;
  values: unknown[] | undefined;
  ms: number;
}
let recording: RecordedQuery[] | null = null;
type QueryFn = (this: pg.Client, ...a: unknown[]) => unknown;
const originalQuery = pg.Client.prototype.query as unknown as QueryFn;
(pg.Client.prototype as unknown as { query: QueryFn }).query = function (this: pg.Client, ...a: unknown[]) {
  if (!recording || a.some((x) => typeof x === 'function')) return originalQuery.apply(this, a);
  const [config, second] = a;
  const text = typeof config === 'string' ? config : ((config as { text?: string } | undefined)?.text ?? '');
  const values = Array.isArray(second) ? second : (config as { values?: unknown[] } | undefined)?.values;
  const record: RecordedQuery = { text, values, ms: 0 };
  recording.push(record);
  const t0 = performance.now();
  const result = originalQuery.apply(this, a);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    const done = () => {
      record.ms = performance.now() - t0;
    };
    (result as Promise<unknown>).then(done, done);
  }
  return result;
};

async function explainCalls(
  calls: readonly { name: string; path: string; token: 'admin' | 'leader' }[],
  creds: Credentials,
) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: dbUrl,
    DATA_DIR: '/tmp/bench-team-data',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    PRICE_SOURCES: 'sim',
    PAIR_SYNC_PROVIDER: 'sim',
    // The bench's admins have no authenticator: the 2FA requirement is measured by the tests, not here.
    ADMIN_2FA_REQUIRED: 'false',
  });
  const database = await openPostgres(dbUrl, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const tokens = await logIn(origin, creds);
  const explainer = new pg.Client({ connectionString: dbUrl });
  await explainer.connect();
  const out: string[] = [];
  try {
    for (const c of calls) {
      await call(origin, 'GET', c.path, tokens[c.token]); // warm
      recording = [];
      const t0 = performance.now();
      await call(origin, 'GET', c.path, tokens[c.token]);
      const ms = performance.now() - t0;
      const queries = recording;
      recording = null;
      out.push(`\n=== ${c.name}: GET ${c.path} (${ms.toFixed(1)} ms, ${queries.length} queries)`);
      console.log(`\n${c.name}: ${ms.toFixed(1)} ms, queries:`);
      for (const query of queries) {
        console.log(
          `  ${query.ms.toFixed(1).padStart(7)} ms  ${query.text.replace(/\s+/g, ' ').trim().slice(0, 150)}`,
        );
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
  } finally {
    await explainer.end();
    await app.close();
    await database.close();
  }
  fs.writeFileSync(args['explain-out'], out.join('\n'));
  log(`plans of the calls over ${TARGET_P95_MS} ms: ${args['explain-out']}`);
}

// ---- the run -----------------------------------------------------------------------------------

interface Credentials {
  leaderEmail: string;
}

async function logIn(origin: string, creds: Credentials) {
  const admin = await mustCall<{ token: string }>(origin, 'POST', '/api/auth/login', undefined, BENCH_ADMIN);
  const leader = await mustCall<{ token: string }>(origin, 'POST', '/api/auth/login', undefined, {
    email: creds.leaderEmail,
    password: BENCH_USER_PASSWORD,
  });
  return { admin: admin.token, leader: leader.token, none: undefined };
}

async function main() {
  const server = new pg.Client({ connectionString: SERVER_URL });
  await server.connect();
  try {
    await ensureDatabase(server);
  } finally {
    await server.end();
  }

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const one = async (text: string, values?: unknown[]) => (await db.query(text, values)).rows[0];
  const sizes =
    await one(`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM team_paths) AS paths,
      (SELECT count(*) FROM team_nodes WHERE parent_id IS NULL) AS top_level, (SELECT max(depth) FROM team_nodes) AS max_depth,
      pg_size_pretty(pg_database_size(current_database())) AS size`);
  log(`database ${DB_NAME}: ${JSON.stringify(sizes)}`);
  // The user with the biggest team: the leader who logs in, and the node whose children are read.
  const leader =
    await one(`SELECT n.user_id, u.email, n.team_size, n.direct_count, n.charged_direct, n.charged_team
      FROM team_nodes n JOIN users u ON u.id = n.user_id WHERE u.role = 'user' ORDER BY n.team_size DESC LIMIT 1`);
  const deepest =
    await one(`SELECT n.user_id, n.depth, u.invite_code FROM team_nodes n JOIN users u ON u.id = n.user_id
      WHERE n.depth = ${CHAIN_DEPTH} ORDER BY n.user_id LIMIT 1`);
  // A top-level user who has invited nobody: a registration under them has one ancestor.
  const shallow =
    await one(`SELECT n.user_id, u.invite_code FROM team_nodes n JOIN users u ON u.id = n.user_id
      WHERE n.parent_id IS NULL AND n.direct_count = 0 AND u.role = 'user' ORDER BY n.user_id DESC LIMIT 1`);
  if (!leader || !deepest || !shallow) throw new Error('the database has no team tree: regenerate it');
  log(
    `leader #${leader.user_id} ${leader.email}: team ${leader.team_size}, ${leader.direct_count} direct (charged ${leader.charged_direct}/${leader.charged_team})`,
  );
  log(
    `deepest chain member #${deepest.user_id} at depth ${deepest.depth}, invite code ${deepest.invite_code}`,
  );
  const searchTerm = (
    await one(
      `SELECT split_part(email, '@', 1) AS term FROM users WHERE role = 'user' ORDER BY id OFFSET $1 LIMIT 1`,
      [Math.floor(USERS / 3)],
    )
  ).term as string;

  const calls = [
    { name: 'health (baseline)', path: '/api/health', token: 'none' as const },
    { name: 'admin: team stats', path: '/api/admin/team/stats', token: 'admin' as const, target: true },
    // The biggest teams first, with their direct referrals (one level, what the screen asks for).
    { name: 'admin: hierarchy, page 1', path: '/api/admin/team/hierarchy', token: 'admin' as const },
    {
      name: 'admin: hierarchy, page 1, depth 2',
      path: '/api/admin/team/hierarchy?depth=2',
      token: 'admin' as const,
    },
    {
      name: `admin: children of the biggest node (${leader.direct_count} direct)`,
      path: `/api/admin/team/hierarchy/${leader.user_id}/children`,
      token: 'admin' as const,
      target: true,
    },
    {
      name: 'admin: children of the biggest node, depth 1',
      path: `/api/admin/team/hierarchy/${leader.user_id}/children?depth=1`,
      token: 'admin' as const,
    },
    {
      name: 'admin: hierarchy search (e-mail prefix)',
      path: `/api/admin/team/hierarchy?search=${encodeURIComponent(searchTerm)}`,
      token: 'admin' as const,
    },
    { name: 'admin: rewards list', path: '/api/admin/team/rewards', token: 'admin' as const },
    { name: 'leader: team stats', path: '/api/team/stats', token: 'leader' as const, target: true },
    { name: 'leader: team members', path: '/api/team/members', token: 'leader' as const },
    { name: 'leader: team members, level 5', path: '/api/team/members?level=5', token: 'leader' as const },
    { name: 'leader: referrals', path: '/api/team/referrals', token: 'leader' as const },
  ].filter((c, i) => i === 0 || !args.only || c.name.includes(args.only) || c.path.includes(args.only));

  const serverProcess: ServerProcess = await startServer({
    DATABASE_URL: dbUrl,
    DATABASE_POOL_SIZE: '10',
    REGISTER_RATE_LIMIT_PER_HOUR: '1000000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const { origin } = serverProcess;
  const pid = serverProcess.child.pid as number;
  log(`server listening at ${origin}`);
  const creds = { leaderEmail: leader.email as string };
  interface Row {
    name: string;
    path: string;
    skipped?: string;
    seq?: Timing;
    par?: Timing;
    cpuMsPerCall?: number;
    target?: boolean;
  }
  const rows: Row[] = [];
  const regRows: { name: string; seq: Timing; par: Timing }[] = [];
  try {
    const tokens = await logIn(origin, creds);
    for (const c of calls) {
      const token = tokens[c.token];
      const first = await call(origin, 'GET', c.path, token);
      if (first.status !== 200) {
        const why =
          first.status === 404
            ? 'route not found (404)'
            : `HTTP ${first.status}: ${first.text.slice(0, 160)}`;
        rows.push({ name: c.name, path: c.path, skipped: why });
        log(`${c.name}: skipped, ${why}`);
        continue;
      }
      for (let i = 1; i < WARMUP; i++) await call(origin, 'GET', c.path, token);
      const check = async () => {
        const r = await call(origin, 'GET', c.path, token);
        if (r.status !== 200) throw new Error(`${c.path}: HTTP ${r.status} during the run`);
      };
      const cpu0 = processCpuSeconds(pid);
      const seq = await run(N, 1, check);
      const cpuMsPerCall = ((processCpuSeconds(pid) - cpu0) * 1000) / N;
      const par = await run(N, CONCURRENCY, check);
      rows.push({ name: c.name, path: c.path, seq, par, cpuMsPerCall, target: 'target' in c && c.target });
      log(
        `${c.name}: p50 ${seq.p50.toFixed(1)} / p95 ${seq.p95.toFixed(1)} / p99 ${seq.p99.toFixed(1)} ms; ` +
          `${CONCURRENCY} clients p95 ${par.p95.toFixed(1)} ms, ${par.perSecond.toFixed(0)} req/s; server CPU ${cpuMsPerCall.toFixed(1)} ms/call`,
      );
    }

    if (!args['skip-register']) {
      const tag = Date.now().toString(36);
      const registration = (label: string, code: string | undefined) => (i: number) =>
        mustCall(origin, 'POST', '/api/auth/register', undefined, {
          email: `bench-reg-${tag}-${label}-${i}@bench.local`,
          password: BENCH_USER_PASSWORD,
          ...(code ? { invite_code: code } : {}),
        });
      // Warm both paths (argon2 and the statements), then alternate so that load drifts hit both.
      for (let i = 0; i < 3; i++) {
        await registration('warm-none', undefined)(i);
        await registration('warm-top', shallow.invite_code)(i);
        await registration('warm-chain', deepest.invite_code)(i);
      }
      const half = Math.floor(REGISTRATIONS / 2);
      const none1 = await run(half, 1, registration('none-a', undefined));
      const top1 = await run(REGISTRATIONS, 1, registration('top-a', shallow.invite_code));
      const chain1 = await run(REGISTRATIONS, 1, registration('chain-a', deepest.invite_code));
      const none2 = await run(REGISTRATIONS - half, 1, registration('none-b', undefined));
      const noneSeq = merge(none1, none2);
      const nonePar = await run(REGISTRATIONS, CONCURRENCY, registration('none-c', undefined));
      const topPar = await run(REGISTRATIONS, CONCURRENCY, registration('top-c', shallow.invite_code));
      const chainPar = await run(REGISTRATIONS, CONCURRENCY, registration('chain-c', deepest.invite_code));
      regRows.push({ name: 'no invite code (baseline)', seq: noneSeq, par: nonePar });
      regRows.push({
        name: `invite code of a top-level user (#${shallow.user_id}, 1 ancestor)`,
        seq: top1,
        par: topPar,
      });
      regRows.push({
        name: `invite code of the depth-${deepest.depth} chain member (51 ancestors)`,
        seq: chain1,
        par: chainPar,
      });
      for (const r of regRows)
        log(
          `register, ${r.name}: p50 ${r.seq.p50.toFixed(1)} / p95 ${r.seq.p95.toFixed(1)} ms, ${r.seq.perSecond.toFixed(1)}/s; ` +
            `${CONCURRENCY} clients p95 ${r.par.p95.toFixed(1)} ms, ${r.par.perSecond.toFixed(1)}/s`,
        );
    }
  } finally {
    await stopServer(serverProcess);
  }

  if (!args['skip-register'] && !args['skip-verify']) {
    // The chain's nodes must count exactly what is below them, and every counter its rows.
    const chainProblems = await one(
      `SELECT count(*) AS n FROM team_nodes a
         JOIN (SELECT p.ancestor_id, count(*) FILTER (WHERE p.depth = 1) AS direct_count, count(*) AS team_size
                 FROM team_paths p WHERE p.ancestor_id IN (SELECT ancestor_id FROM team_paths WHERE descendant_id = $1) OR p.ancestor_id = $1
                GROUP BY p.ancestor_id) c ON c.ancestor_id = a.user_id
        WHERE (a.direct_count, a.team_size) <> (c.direct_count, c.team_size)`,
      [deepest.user_id],
    );
    const newNodes = await one(
      `SELECT count(*) AS n, min(depth) AS min_depth, max(depth) AS max_depth,
              min(k.paths) AS min_paths, max(k.paths) AS max_paths
         FROM team_nodes n CROSS JOIN LATERAL (SELECT count(*) AS paths FROM team_paths WHERE descendant_id = n.user_id) k
        WHERE n.parent_id = $1`,
      [deepest.user_id],
    );
    log(`registrations under the chain: ${JSON.stringify(newNodes)}; chain counters off: ${chainProblems.n}`);
    if (Number(chainProblems.n) !== 0) throw new Error('the chain counters differ from the closure');
    const database = await openPostgres(dbUrl, 2);
    const t0 = performance.now();
    const mismatches = await counterMismatches(database.db);
    await database.close();
    log(
      `counterMismatches: ${mismatches.length === 0 ? 'none' : JSON.stringify(mismatches)} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    if (mismatches.length) throw new Error('stat counters differ from the rows after the registrations');
  }
  await db.end();

  // ---- the tables ----
  const health = rows.find((r) => r.path === '/api/health')?.seq;
  const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '' : v.toFixed(1));
  console.log(
    `\nTeam calls at ${Number(sizes.users).toLocaleString('en')} accounts (${Number(sizes.paths).toLocaleString('en')} closure rows), ` +
      `${N} sequential requests after ${WARMUP} warm-up, then ${N} from ${CONCURRENCY} clients (ms; target p95 < ${TARGET_P95_MS} ms ` +
      "for the stats and one node's children)\n",
  );
  console.log(
    `| call | request | p50 | p95 | p99 | p95 / health p95 | server CPU ms/call | p95, ${CONCURRENCY} clients | req/s, ${CONCURRENCY} clients | p95 < ${TARGET_P95_MS} ms |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    if (r.skipped || !r.seq || !r.par) {
      console.log(`| ${r.name} | \`${r.path}\` | | | | | | | | skipped: ${r.skipped} |`);
      continue;
    }
    const verdict = r.seq.p95 < TARGET_P95_MS ? 'PASS' : 'FAIL';
    console.log(
      `| ${r.name} | \`${r.path}\` | ${ms(r.seq.p50)} | ${ms(r.seq.p95)} | ${ms(r.seq.p99)} | ${health ? (r.seq.p95 / health.p95).toFixed(1) : ''} | ` +
        `${ms(r.cpuMsPerCall)} | ${ms(r.par.p95)} | ${r.par.perSecond.toFixed(0)} | ${r.target ? `**${verdict}**` : verdict} |`,
    );
  }
  if (regRows.length > 1) {
    const base = regRows[0] as (typeof regRows)[0];
    console.log(
      `\nRegistration (POST /api/auth/register; ${REGISTRATIONS} each, sequential, then from ${CONCURRENCY} clients)\n`,
    );
    console.log(
      `| registration | p50 | p95 | per s | p50 / baseline p50 | per s / baseline | p95, ${CONCURRENCY} clients | per s, ${CONCURRENCY} clients | per s / baseline, ${CONCURRENCY} clients |`,
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of regRows) {
      console.log(
        `| ${r.name} | ${ms(r.seq.p50)} | ${ms(r.seq.p95)} | ${r.seq.perSecond.toFixed(1)} | ${(r.seq.p50 / base.seq.p50).toFixed(2)} | ` +
          `${(r.seq.perSecond / base.seq.perSecond).toFixed(2)} | ${ms(r.par.p95)} | ${r.par.perSecond.toFixed(1)} | ${(r.par.perSecond / base.par.perSecond).toFixed(2)} |`,
      );
    }
  }

  const failing = rows.filter((r) => r.seq && r.seq.p95 >= TARGET_P95_MS && r.path !== '/api/health');
  if (args.explain && failing.length) {
    await explainCalls(
      failing.map((r) => ({
        name: r.name,
        path: r.path,
        token: calls.find((c) => c.path === r.path)?.token ?? 'admin',
      })) as {
        name: string;
        path: string;
        token: 'admin' | 'leader';
      }[],
      creds,
    );
  }

  if (DB_NAME !== 'bench_team' && !args.keep) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.end();
    log(`dropped the scratch database ${DB_NAME} (--keep keeps it)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
