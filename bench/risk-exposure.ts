/**
 * Latency of 风险敞口, GET /api/admin/risk/exposure: `npm run bench:risk`.
 *
 * On PostgreSQL (a throw-away database on the server of `--url`, BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, default the local `test` server) and, with `--engines pglite,postgres`, on
 * PGlite: `--users` users (default 2,000) holding `--positions` open perpetual positions (default
 * 100,000) and `--contracts` open flash and option contracts (default 100,000) over ten pairs, plus
 * one funding instant's payment for each position in the last 24 hours and a few thousand closed
 * positions and settled contracts. The rows are written set-based (INSERT ... SELECT generate_series):
 * the bench measures the read, the engines' tests check how rows are made. Then the real app (buildApp)
 * listens on a local port and an admin calls the exposure: a warm-up, then `-n` sequential requests
 * (p50 / p95 / p99), against GET /api/health in the same run (one `select 1`), since the machine is
 * shared and noisy.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/core/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { ensureSuperAdmin } from '../apps/server/src/modules/bootstrap/super-admin.ts';
import { DEFAULT_SERVER_URL } from './back-office-db.ts';
import { withScratchPostgres } from './scratch-database.ts';
import { api, percentile, sleep } from './server-process.ts';

const ADMIN = { email: 'risk-admin@bench.local', password: 'risk-admin-password' };
const PAIRS: [string, number][] = [
  ['BTCUSDT', 100000],
  ['ETHUSDT', 3000],
  ['SOLUSDT', 150],
  ['BNBUSDT', 600],
  ['XRPUSDT', 0.6],
  ['DOGEUSDT', 0.15],
  ['ADAUSDT', 0.45],
  ['TRXUSDT', 0.12],
  ['LINKUSDT', 14],
  ['AVAXUSDT', 30],
];

interface Sizes {
  users: number;
  positions: number;
  contracts: number;
}

async function seed(database: Database, sizes: Sizes) {
  const q = (text: string) => database.db.execute(sql.raw(text));
  const t0 = performance.now();
  const pairs = PAIRS.map(([s, p], i) => `(${i}, '${s}', ${p}::numeric)`).join(', ');
  await q(`CREATE TEMP TABLE bench_pairs (i int, symbol text, price numeric)`);
  await q(`INSERT INTO bench_pairs VALUES ${pairs}`);
  await q(
    `INSERT INTO price_ticks (symbol, at, price, source) SELECT symbol, now(), price, 'bench' FROM bench_pairs`,
  );
  await q(
    `INSERT INTO users (email, password_hash, invite_code)
     SELECT 'risk-user' || k || '@bench.local', 'x', 'RB' || lpad(k::text, 8, '0') FROM generate_series(1, ${sizes.users}) k`,
  );
  const userOf = (k: string) =>
    `(SELECT min(id) FROM users WHERE role = 'user') + (${k} * 7919) % ${sizes.users}`;
  // Perpetual: open positions and some closed ones; leverage 2..100, entries within ±5 % of the mark.
  const total = Math.round(sizes.positions * 1.05);
  await q(
    `INSERT INTO trade_orders (user_id, product, symbol, base_currency, quote_currency, side, amount, amount_currency, price, status, quote_amount)
     SELECT ${userOf('k')}, 'perpetual', p.symbol, replace(p.symbol, 'USDT', ''), 'USDT',
            CASE WHEN k % 3 = 0 THEN 'short' ELSE 'long' END, 1, replace(p.symbol, 'USDT', ''), p.price, 'filled', 100
       FROM generate_series(1, ${total}) g(k) JOIN bench_pairs p ON p.i = g.k % ${PAIRS.length}`,
  );
  await q(
    `INSERT INTO perpetual_positions (order_id, user_id, symbol, side, margin, currency, leverage, quantity, entry_price,
        entry_source, entry_at, open_fee, maintenance_rate, liquidation_price, status, close_reason, opened_at, closed_at)
     SELECT o.id, o.user_id, o.symbol, o.side, m.margin, 'USDT', m.lev, round(m.margin * m.lev / m.entry, 8), m.entry,
            'bench', now(), 0.05, 0.005,
            CASE WHEN o.side = 'long' THEN m.entry * (1 - 1.0 / m.lev + 0.005) ELSE m.entry * (1 + 1.0 / m.lev - 0.005) END,
            CASE WHEN o.id % 21 = 0 THEN 'closed' ELSE 'open' END,
            CASE WHEN o.id % 21 = 0 THEN 'user' END, now(), CASE WHEN o.id % 21 = 0 THEN now() END
       FROM trade_orders o
       JOIN bench_pairs p ON p.symbol = o.symbol
       CROSS JOIN LATERAL (SELECT (10 + o.id % 990)::numeric AS margin, (2 + o.id % 99)::int AS lev,
                                  round(p.price * (0.95 + (o.id % 1000) / 10000.0), 8) AS entry) m
      WHERE o.product = 'perpetual'`,
  );
  await q(
    `INSERT INTO perpetual_funding_payments (order_id, user_id, symbol, side, funding_at, rate, mark_price, quantity, amount, currency)
     SELECT pp.order_id, pp.user_id, pp.symbol, pp.side, now() - interval '2 hours', 0.0001, pp.entry_price, pp.quantity,
            round(CASE WHEN pp.side = 'long' THEN -1 ELSE 1 END * pp.quantity * pp.entry_price * 0.0001, 8), 'USDT'
       FROM perpetual_positions pp WHERE pp.status = 'open'`,
  );
  // Timed: open flash and option contracts and some settled ones.
  const timedTotal = Math.round(sizes.contracts * 1.05);
  await q(
    `INSERT INTO trade_orders (user_id, product, symbol, base_currency, quote_currency, side, amount, amount_currency, price, status, quote_amount)
     SELECT ${userOf('k')}, CASE WHEN k % 2 = 0 THEN 'flash' ELSE 'option' END, p.symbol, replace(p.symbol, 'USDT', ''), 'USDT',
            CASE WHEN k % 2 = 0 THEN (CASE WHEN k % 4 = 0 THEN 'up' ELSE 'down' END)
                 ELSE (CASE WHEN k % 4 = 1 THEN 'call' ELSE 'put' END) END,
            10 + k % 500, 'USDT', p.price, 'pending', 10 + k % 500
       FROM generate_series(1, ${timedTotal}) g(k) JOIN bench_pairs p ON p.i = g.k % ${PAIRS.length}`,
  );
  await q(
    `INSERT INTO timed_contracts (order_id, user_id, product, symbol, direction, stake, currency, payout_rate, duration_seconds,
        entry_price, entry_source, entry_at, opened_at, expires_at, status, outcome, payout, settled_at)
     SELECT o.id, o.user_id, o.product, o.symbol, o.side, o.amount, 'USDT', CASE WHEN o.product = 'flash' THEN 0.15 ELSE 0.85 END, 60,
            o.price, 'bench', now(), now(), now() + interval '1 minute',
            CASE WHEN o.id % 21 = 0 THEN 'settled' ELSE 'open' END,
            CASE WHEN o.id % 21 = 0 THEN 'loss' END, CASE WHEN o.id % 21 = 0 THEN 0 END,
            CASE WHEN o.id % 21 = 0 THEN now() END
       FROM trade_orders o WHERE o.product IN ('flash', 'option')`,
  );
  // As autovacuum leaves a live table: statistics and the visibility map (index-only scans).
  await q('VACUUM ANALYZE');
  const [counts] = (
    (await database.db.execute(
      sql`SELECT (SELECT count(*) FROM perpetual_positions WHERE status = 'open')::int AS positions,
                 (SELECT count(*) FROM timed_contracts WHERE status = 'open')::int AS contracts,
                 (SELECT count(*) FROM perpetual_funding_payments)::int AS funding`,
    )) as unknown as { rows: { positions: number; contracts: number; funding: number }[] }
  ).rows;
  console.log(
    `seeded ${counts?.positions} open positions, ${counts?.contracts} open contracts, ${counts?.funding} funding payments in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return counts;
}

async function runEngine(
  engine: string,
  database: Database,
  databaseUrl: string | undefined,
  sizes: Sizes,
  n: number,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-risk-data-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    PRICE_SOURCES: 'sim',
    PAIR_SYNC_PROVIDER: 'sim',
    MARKET_DATA_AUTOSTART: 'false',
    TRADING_JOBS_AUTOSTART: 'false',
    ADMIN_2FA_REQUIRED: 'false',
    // A throw-away database: any key of the right length seals its audit log.
    AUDIT_CHAIN_KEY: 'bench-risk-exposure-audit-chain-key-0000',
  });
  await ensureSuperAdmin(database.db, ADMIN);
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const counts = await seed(database, sizes);
    const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/login', ADMIN);
    const timed = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
      return { ms: performance.now() - t0, bytes: text.length };
    };
    const measure = async (url: string, count = n, pauseMs = 0) => {
      for (let i = 0; i < 10; i++) await timed(url);
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < count; i++) {
        if (pauseMs > 0) await sleep(pauseMs);
        const r = await timed(url);
        ms.push(r.ms);
        bytes = r.bytes;
      }
      ms.sort((a, b) => a - b);
      return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), bytes };
    };
    const health = await measure('/api/health');
    // The screen's call: the instance's last computation, recomputed in the background past 5 s
    // (requests 50 ms apart, so that the measured ones run beside several background recomputations).
    const exposure = await measure('/api/admin/risk/exposure', n, 50);
    // fresh=true: the aggregates computed for the reply (what the background turn and the alert step cost).
    const fresh = await measure('/api/admin/risk/exposure?fresh=true', Math.max(20, Math.round(n / 5)));
    return { engine, counts, health, exposure, fresh };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string' },
      engines: { type: 'string', default: 'postgres' },
      n: { type: 'string', default: '200' },
      users: { type: 'string', default: '2000' },
      positions: { type: 'string', default: '100000' },
      contracts: { type: 'string', default: '100000' },
    },
  });
  const sizes = {
    users: Number(args.users),
    positions: Number(args.positions),
    contracts: Number(args.contracts),
  };
  const n = Number(args.n);
  const engines = args.engines.split(',').map((e) => e.trim());
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const results: Awaited<ReturnType<typeof runEngine>>[] = [];
  if (engines.includes('pglite')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-risk-pglite-'));
    const database = await openPglite(dir);
    try {
      results.push(await runEngine('PGlite', database, undefined, sizes, n));
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (engines.includes('postgres')) {
    const serverUrl =
      args.url ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
    results.push(
      await withScratchPostgres(serverUrl, 'bench_risk', (database, url) =>
        runEngine('PostgreSQL', database, url, sizes, n),
      ),
    );
  }
  console.log(
    `\nGET /api/admin/risk/exposure, ${n} sequential requests (fresh=true: ${Math.max(20, Math.round(n / 5))}) after 10 warm-up (ms)\n`,
  );
  console.log(
    '| engine | open positions | open contracts | funding payments | call | p50 | p95 | p99 | KB |',
  );
  console.log(`|${' --- |'.repeat(9)}`);
  for (const r of results) {
    for (const [name, m] of [
      ['health (baseline)', r.health],
      ['risk exposure (served)', r.exposure],
      ['risk exposure, fresh=true (computed)', r.fresh],
    ] as const) {
      console.log(
        `| ${r.engine} | ${r.counts?.positions} | ${r.counts?.contracts} | ${r.counts?.funding} | ${name} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${(m.bytes / 1024).toFixed(1)} |`,
      );
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
