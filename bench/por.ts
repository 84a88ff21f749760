/**
 * Proof of liabilities at scale (issue 36): `npm run bench:por -- --users 1000000`.
 *
 * On PostgreSQL (a throw-away database on the server of `--url`, BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, default the local `test` server): `--users` users with ledger accounts written
 * set-based (every user USDT available, every third BTC, every fifth a frozen USDT balance, every
 * seventh a salary balance, and 5% with all-zero balances, who are left out), then one snapshot
 * built by the service as the job builds it (one REPEATABLE READ transaction, streamed), timed,
 * with the process's peak heap and RSS sampled every 50 ms; then a few users' proofs, each
 * checked with tools/por-verify.mjs's verifyProof. The bench measures the build, not how balances
 * come to be (the tests post them through the ledger).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/rows.ts';
import { createPorService } from '../apps/server/src/modules/por/por.service.ts';
// @ts-expect-error: a plain ES module without types (the users' verifier, tools/por-verify.mjs).
import { verifyProof } from '../tools/por-verify.mjs';
import { DEFAULT_SERVER_URL } from './back-office-db.ts';
import { withScratchPostgres } from './scratch-database.ts';

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by the PostgreSQL backends serving `dbName` (Linux /proc): with the machine
 * shared, the build's CPU time (this process's and its backends') is what compares across runs.
 */
function backendCpuSeconds(dbName: string): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres:') || !cmdline.includes(dbName)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

async function main() {
  const { values: args } = parseArgs({
    options: { url: { type: 'string' }, users: { type: 'string', default: '1000000' } },
  });
  const users = Number(args.users);
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const serverUrl =
    args.url ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
  await withScratchPostgres(serverUrl, 'bench_por', async (database, url) => {
    const dbName = new URL(url).pathname.slice(1);
    let t0 = performance.now();
    // Seeded in one transaction with triggers off (a throw-away database): the users' row triggers
    // (session announcements, counters) would dominate the seeding, and the bench measures the build.
    await database.db.transaction(async (tx) => {
      const q = (text: string) => tx.execute(sql.raw(text));
      await q(`SET LOCAL session_replication_role = replica`);
      await q(`INSERT INTO users (email, password_hash, invite_code)
      SELECT 'por-user' || k || '@bench.local', 'x', 'PB' || lpad(k::text, 9, '0') FROM generate_series(1, ${users}) k`);
      await q(`INSERT INTO ledger_accounts (user_id, bucket, currency, is_system, balance)
      SELECT id, 'available', 'USDT', false,
        CASE WHEN id % 20 = 0 THEN 0 ELSE (id % 100000) + (id % 997) / 1000.0 + 0.000000000000000001 END
      FROM users WHERE role = 'user'`);
      await q(`INSERT INTO ledger_accounts (user_id, bucket, currency, is_system, balance)
      SELECT id, 'frozen', 'USDT', false, (id % 500) + 0.25 FROM users WHERE role = 'user' AND id % 5 = 0 AND id % 20 <> 0`);
      await q(`INSERT INTO ledger_accounts (user_id, bucket, currency, is_system, balance)
      SELECT id, 'salary', 'USDT', false, 7.5 FROM users WHERE role = 'user' AND id % 7 = 0 AND id % 20 <> 0`);
      await q(`INSERT INTO ledger_accounts (user_id, bucket, currency, is_system, balance)
      SELECT id, 'available', 'BTC', false, (id % 1000) / 100000.0 + 0.00000001 FROM users WHERE role = 'user' AND id % 3 = 0 AND id % 20 <> 0`);
    });
    await database.db.execute(sql.raw('ANALYZE ledger_accounts'));
    console.log(`seeded ${users} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    let peakHeap = 0;
    let peakRss = 0;
    const sample = () => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    };
    sample();
    const before = process.memoryUsage();
    const sampler = setInterval(sample, 50);
    const por = createPorService({ db: database.db });
    const cpuBefore = process.cpuUsage();
    const backendBefore = backendCpuSeconds(dbName);
    t0 = performance.now();
    const row = await por.build(null, null);
    const buildMs = performance.now() - t0;
    const nodeCpu = process.cpuUsage(cpuBefore);
    const nodeCpuSeconds = (nodeCpu.user + nodeCpu.system) / 1e6;
    const backendSeconds = backendCpuSeconds(dbName) - backendBefore;
    clearInterval(sampler);
    sample();
    if (row?.status !== 'published') throw new Error(`snapshot not published: ${row?.failureReason}`);

    const [sizes] = await queryRows<{ leaves: string; nodes: string }>(
      database.db,
      sql.raw(`SELECT pg_size_pretty(pg_total_relation_size('por_leaves')) AS leaves,
                      pg_size_pretty(pg_total_relation_size('por_nodes')) AS nodes`),
    );
    const proofTimes: number[] = [];
    for (const k of [1, Math.floor(users / 2), users - 1]) {
      const [id] = await queryRows<{ id: string }>(
        database.db,
        sql.raw(
          `SELECT user_id::text AS id FROM por_leaves WHERE snapshot_id = ${row.id} ORDER BY idx OFFSET ${Math.min(k, row.leafCount - 1)} LIMIT 1`,
        ),
      );
      const p0 = performance.now();
      const proof = await por.proof(Number(id?.id), row.id);
      proofTimes.push(performance.now() - p0);
      verifyProof(proof);
    }
    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
    console.log(
      '\n| users | leaves | build (s) | leaves/s | peak heap (MB, before) | peak RSS (MB, before) | por_leaves | por_nodes | proof (ms, 3 users, verified) |',
    );
    console.log(`|${' --- |'.repeat(9)}`);
    console.log(
      `| ${users} | ${row.leafCount} | ${(buildMs / 1000).toFixed(1)} | ${Math.round(row.leafCount / (buildMs / 1000))} | ${mb(peakHeap)} (${mb(before.heapUsed)}) | ${mb(peakRss)} (${mb(before.rss)}) | ${sizes?.leaves} | ${sizes?.nodes} | ${proofTimes.map((t) => t.toFixed(1)).join(', ')} |`,
    );
    console.log(
      `build CPU: node ${nodeCpuSeconds.toFixed(1)} s + PostgreSQL backends ${backendSeconds.toFixed(1)} s = ${(nodeCpuSeconds + backendSeconds).toFixed(1)} s (wall ${(buildMs / 1000).toFixed(1)} s, load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
    console.log(`root ${row.root}, totals ${JSON.stringify(row.totals)}`);
  });
}

await main();
