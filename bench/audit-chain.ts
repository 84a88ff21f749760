/**
 * Cost of the audit hash chain (issue 17, migration 0020): `npm run bench:audit`.
 *
 * On a throw-away PostgreSQL database (on --server, default the local test server) the real app
 * (buildApp, app.inject) runs audited admin writes from `--clients` concurrent clients:
 * - `channel write`: PATCH /api/admin/withdraw-channels/:id (an update of a row plus its audit row
 *   in one transaction, each client on its own channel, so only the audit chain is shared);
 * - `audit only`: a transaction that writes one audit row and nothing else (the worst case: all of
 *   the transaction is inside the chain's serialised section).
 * Each is measured with the chain trigger disabled (as before migration 0020: no head lock) and
 * enabled, alternating, `--rounds` times; the report gives throughput and p50/p95 latency.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/core/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { createUser } from '../apps/server/src/modules/accounts/create-user.ts';
import { verifyAuditChain } from '../apps/server/src/modules/audit/audit.chain.ts';
import { recordAudit } from '../apps/server/src/modules/audit/audit.service.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { DEFAULT_SERVER_URL } from './back-office-db.ts';
import { percentile } from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string', default: process.env.BENCH_SERVER_URL ?? DEFAULT_SERVER_URL },
    clients: { type: 'string', default: '8' },
    ops: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const CLIENTS = Number(args.clients);
const OPS = Number(args.ops);
const ROUNDS = Number(args.rounds);

async function main() {
  const name = `bench_audit_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(args.server as string);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    MARKET_DATA_AUTOSTART: 'false',
    TRADING_JOBS_AUTOSTART: 'false',
    ADMIN_2FA_REQUIRED: 'false',
  });
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const db = database.db;
    const email = 'bench-audit@bench.local';
    const password = 'bench-audit-password';
    const user = await db.transaction(async (tx) =>
      createUser(tx, {
        email,
        passwordHash: await hashPassword(password),
        role: 'admin',
        adminLevel: 'super_admin',
      }),
    );
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const token = (login.json() as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    const channels: number[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/withdraw-channels',
        headers,
        payload: { name: `bench${c}`, type: 'usdt', min_amount: '', max_amount: '', fee_rate: '0.01' },
      });
      channels.push((res.json() as { data: { channel: { id: number } } }).data.channel.id);
    }

    const workloads: Record<string, (client: number, i: number) => Promise<void>> = {
      'channel write': async (client, i) => {
        const res = await app.inject({
          method: 'PATCH',
          url: `/api/admin/withdraw-channels/${channels[client]}`,
          headers,
          payload: { name: `bench${client}`, type: 'usdt', fee_rate: i % 2 ? '0.02' : '0.01' },
        });
        if (res.statusCode !== 200) throw new Error(`PATCH ${res.statusCode}: ${res.body}`);
      },
      'audit only': async (client, i) => {
        await db.transaction((tx) =>
          recordAudit(
            tx,
            { adminId: user.id, ip: '127.0.0.1', userAgent: 'bench' },
            {
              action: 'trading_pair.sync', // any labelled action: the bench measures the write, not its meaning
              targetType: 'bench',
              targetId: `${client}-${i}`,
              after: { client, i },
            },
          ),
        );
      },
    };

    async function run(work: (client: number, i: number) => Promise<void>) {
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let i = 0; i < OPS; i++) {
            const t0 = performance.now();
            await work(client, i);
            latencies.push(performance.now() - t0);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return {
        rate: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
      };
    }

    const setChain = (on: boolean) =>
      db.execute(sql.raw(`ALTER TABLE audit_logs ${on ? 'ENABLE' : 'DISABLE'} TRIGGER audit_logs_chain`));
    console.log(
      `audit chain bench: ${CLIENTS} clients × ${OPS} writes, ${ROUNDS} rounds, PostgreSQL ${name}`,
    );
    for (const [label, work] of Object.entries(workloads)) {
      await run(work); // warm-up
      const results: Record<'off' | 'on', Array<Awaited<ReturnType<typeof run>>>> = { off: [], on: [] };
      for (let r = 0; r < ROUNDS; r++) {
        for (const mode of r % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          await setChain(mode === 'on');
          results[mode].push(await run(work));
        }
      }
      for (const mode of ['off', 'on'] as const) {
        const rs = results[mode];
        const avg = (f: (x: (typeof rs)[number]) => number) => rs.reduce((s, x) => s + f(x), 0) / rs.length;
        console.log(
          `  ${label.padEnd(14)} chain ${mode === 'on' ? 'on ' : 'off'}: ${avg((x) => x.rate).toFixed(0)} writes/s, ` +
            `p50 ${avg((x) => x.p50).toFixed(1)} ms, p95 ${avg((x) => x.p95).toFixed(1)} ms`,
        );
      }
    }
    await setChain(true);
    // Rows written with the trigger off stay unchained, so the verifier is expected to name the first
    // of them as its break; it still recomputes every chained row first, which is what is timed here.
    const unchained = await db.execute(sql`SELECT count(*)::int AS n FROM audit_logs WHERE seq IS NULL`);
    console.log(
      `  (rows written with the chain off: ${(unchained as unknown as { rows: Array<{ n: number }> }).rows[0]?.n}` +
        ', left unchained: the break reported below is expected)',
    );
    const t0 = performance.now();
    const state = await verifyAuditChain(db);
    console.log(
      `  verifyAuditChain: ${state.rows} chained rows in ${(performance.now() - t0).toFixed(0)} ms` +
        ` (first break: ${state.first_broken ? JSON.stringify(state.first_broken) : 'none'})`,
    );
  } finally {
    await app.close();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
