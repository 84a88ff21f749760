/**
 * Latency of the chart's kline reads: `npm run bench:klines`.
 *
 * The real app (buildApp, the simulator as market source, the live feed running) listens on a
 * local port in this process, as bench/admin-calls.ts does, once on PGlite (in a temporary
 * DATA_DIR) and once on PostgreSQL (a throw-away database on the server of `--url`,
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, default the local `test` server; skipped with a line
 * when it cannot be reached). `--engines pglite` or `--engines postgres` runs one of them.
 *
 * Per engine: one cold read of each series (nothing stored yet, so the read fetches from the
 * simulator and stores what it got: read-through; after a cold read of ETHUSDT, so that the process's
 * first run of the code is not in it) and the same read once more, then the backfill the back office starts
 * (POST /api/huobi/init-historical-data, polled on /api/huobi/admin/status until completed), then
 * for each call a warm-up, `-n` sequential requests (p50/p95/p99) and `-n` requests from
 * `--concurrency` clients (req/s, p95). The baseline is GET /api/health (one `select 1`) in the same
 * run, since the machine is shared and noisy.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/core/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { ensureSuperAdmin } from '../apps/server/src/modules/bootstrap/super-admin.ts';
import { DEFAULT_SERVER_URL } from './back-office-db.ts';
import { withScratchPostgres } from './scratch-database.ts';
import { api, percentile, sleep } from './server-process.ts';

const ADMIN = { email: 'klines-admin@bench.local', password: 'klines-admin-password' };
const BACKFILL = { symbols: ['BTCUSDT'], intervals: ['1m', '1h'], limit: 1500 };

interface Call {
  name: string;
  path: string;
}

const klinePath = (interval: string, limit: number) =>
  `/api/trading/kline?symbol=BTCUSDT&interval=${interval}&limit=${limit}`;

const CALLS: Call[] = [
  { name: 'health (baseline)', path: '/api/health' },
  { name: 'kline 1m, limit 1000', path: klinePath('1m', 1000) },
  { name: 'kline 1h, limit 1000', path: klinePath('1h', 1000) },
  { name: 'kline 1m, limit 100 (default)', path: klinePath('1m', 100) },
];
const COLD_CALLS = CALLS.slice(1, 3);

interface Response {
  ms: number;
  status: number;
  bytes: number;
  klines: number;
}

interface Measured {
  call: Call;
  bytes: number;
  klines: number;
  p50: number;
  p95: number;
  p99: number;
  concurrentP95: number;
  concurrentRate: number;
}

interface EngineResult {
  engine: string;
  cold: { call: Call; first: Response; second: Response }[];
  backfill: { seconds: number; written: number };
  measured: Measured[];
}

async function runEngine(
  engine: string,
  database: Database,
  databaseUrl: string | undefined,
  opts: { n: number; warmup: number; concurrency: number },
): Promise<EngineResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-klines-data-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    MARKET_READ_RATE_LIMIT_PER_MINUTE: '1000000',
    PRICE_SOURCES: 'sim',
    PAIR_SYNC_PROVIDER: 'sim',
    MARKET_DATA_AUTOSTART: 'true',
    // The bench's admin has no authenticator: the 2FA requirement is measured by the tests, not here.
    ADMIN_2FA_REQUIRED: 'false',
  });
  await ensureSuperAdmin(database.db, ADMIN);
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const call = <T>(method: string, url: string, body?: unknown, token?: string) =>
    api<T>(base, method, url, body, token);
  const request = async (path: string): Promise<Response> => {
    const t0 = performance.now();
    const res = await fetch(base + path);
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    const klines = (JSON.parse(text) as { data?: { klines?: unknown[] } }).data?.klines?.length ?? 0;
    return { ms, status: res.status, bytes: Buffer.byteLength(text), klines };
  };

  try {
    // The feed's forming candle is part of every read, as in production.
    for (let deadline = Date.now() + 30_000; ; ) {
      const status = await call<{ state: string }>('GET', '/api/huobi/status');
      if (status.state === 'running') break;
      if (Date.now() > deadline) throw new Error(`the feed is ${status.state} after 30 s`);
      await sleep(200);
    }

    const cold: EngineResult['cold'] = [];
    for (const c of COLD_CALLS) {
      // A cold read of another symbol first, so that the one measured does not also pay for the
      // process's first run of this code.
      await request(c.path.replace('BTCUSDT', 'ETHUSDT'));
      const first = await request(c.path);
      const second = await request(c.path);
      cold.push({ call: c, first, second });
      console.log(
        `${engine}: cold ${c.name}: ${first.ms.toFixed(1)} ms (${first.klines} klines), then ${second.ms.toFixed(1)} ms`,
      );
    }

    const { token } = await call<{ token: string }>('POST', '/api/auth/login', ADMIN);
    const backfillStart = performance.now();
    const { job } = await call<{ job: { id: number } }>(
      'POST',
      '/api/huobi/init-historical-data',
      BACKFILL,
      token,
    );
    let written = 0;
    for (;;) {
      const status = await call<{
        job: { id: number; status: string; written: number; error: string | null } | null;
      }>('GET', '/api/huobi/admin/status', undefined, token);
      const current = status.job?.id === job.id ? status.job : null;
      if (current?.status === 'failed') throw new Error(`backfill failed: ${current.error}`);
      if (current?.status === 'completed') {
        written = current.written;
        break;
      }
      await sleep(100);
    }
    const backfill = { seconds: (performance.now() - backfillStart) / 1000, written };
    console.log(
      `${engine}: backfill ${JSON.stringify(BACKFILL)}: ${backfill.seconds.toFixed(1)} s, ${written} klines written`,
    );

    const measured: Measured[] = [];
    for (const c of CALLS) {
      let last = await request(c.path);
      for (let i = 1; i < opts.warmup; i++) last = await request(c.path);
      const sequential: number[] = [];
      for (let i = 0; i < opts.n; i++) sequential.push((await request(c.path)).ms);
      sequential.sort((a, b) => a - b);
      const concurrent: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: opts.concurrency }, async () => {
          while (next++ < opts.n) concurrent.push((await request(c.path)).ms);
        }),
      );
      const concurrentRate = opts.n / ((performance.now() - started) / 1000);
      concurrent.sort((a, b) => a - b);
      const m: Measured = {
        call: c,
        bytes: last.bytes,
        klines: last.klines,
        p50: percentile(sequential, 50),
        p95: percentile(sequential, 95),
        p99: percentile(sequential, 99),
        concurrentP95: percentile(concurrent, 95),
        concurrentRate,
      };
      measured.push(m);
      console.log(
        `${engine}: ${c.name}: p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms; ` +
          `${opts.concurrency} clients: ${m.concurrentRate.toFixed(0)} req/s, p95 ${m.concurrentP95.toFixed(1)} ms`,
      );
    }
    return { engine, cold, backfill, measured };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string' },
      engines: { type: 'string', default: 'pglite,postgres' },
      n: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      concurrency: { type: 'string', default: '8' },
    },
  });
  const opts = { n: Number(args.n), warmup: Number(args.warmup), concurrency: Number(args.concurrency) };
  const engines = args.engines.split(',').map((e) => e.trim());
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const results: EngineResult[] = [];
  if (engines.includes('pglite')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-klines-pglite-'));
    const database = await openPglite(dir);
    try {
      results.push(await runEngine('PGlite', database, undefined, opts));
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (engines.includes('postgres')) {
    const serverUrl =
      args.url ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
    const admin = new pg.Client({ connectionString: serverUrl });
    const reachable = await admin.connect().then(
      () => true,
      (err: Error) => {
        console.log(`PostgreSQL: skipped, ${serverUrl} is not reachable (${err.message})`);
        return false;
      },
    );
    if (reachable) {
      await admin.end();
      results.push(
        await withScratchPostgres(serverUrl, 'bench_klines', (database, url) =>
          runEngine('PostgreSQL', database, url, opts),
        ),
      );
    }
  }

  const ms = (v: number) => v.toFixed(1);
  console.log(
    `\nKline reads over HTTP (BTCUSDT): ${opts.n} sequential requests after ${opts.warmup} warm-up, then ${opts.n} from ` +
      `${opts.concurrency} concurrent clients (ms; ratios against GET /api/health in the same run)\n`,
  );
  console.log(
    `| engine | call | klines | KB | p50 | p95 | p99 | p50 / health p50 | p95 / health p95 | req/s, ${opts.concurrency} clients | health req/s / req/s | p95, ${opts.concurrency} clients |`,
  );
  console.log(`|${' --- |'.repeat(12)}`);
  for (const r of results) {
    const health = r.measured[0] as Measured;
    for (const m of r.measured) {
      console.log(
        `| ${r.engine} | ${m.call.name} | ${m.klines || ''} | ${(m.bytes / 1024).toFixed(1)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ` +
          `${(m.p50 / health.p50).toFixed(1)} | ${(m.p95 / health.p95).toFixed(1)} | ${m.concurrentRate.toFixed(0)} | ${(health.concurrentRate / m.concurrentRate).toFixed(1)} | ${ms(m.concurrentP95)} |`,
      );
    }
  }
  console.log(
    '\nCold reads (nothing stored: the read fetches from the simulator and stores it), then the same read again:\n',
  );
  console.log(
    '| engine | call | cold read ms | klines | next read ms | cold / warm p50 | backfill s (klines written) |',
  );
  console.log(`|${' --- |'.repeat(7)}`);
  for (const r of results) {
    for (const c of r.cold) {
      const warm = r.measured.find((m) => m.call === c.call);
      console.log(
        `| ${r.engine} | ${c.call.name} | ${ms(c.first.ms)} | ${c.first.klines} | ${ms(c.second.ms)} | ` +
          `${warm ? (c.first.ms / warm.p50).toFixed(1) : ''} | ${r.backfill.seconds.toFixed(1)} (${r.backfill.written}) |`,
      );
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
