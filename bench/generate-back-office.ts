/**
 * Fills a PostgreSQL database with a back office at realistic size, for `bench/admin-calls.ts`:
 * `npm run bench:generate -- --users 1000000`.
 *
 * Target: `--url` or BENCH_DATABASE_URL names the database to fill (it must hold no users yet);
 * without one, a fresh database `--db` (default bench_backoffice) is created on the local test
 * server (postgres://postgres@127.0.0.1:5432/test) and migrated by opening it with openPostgres.
 * `--replace` drops that database first if it exists. The database is kept afterwards.
 *
 * What it writes (set-based INSERT ... SELECT generate_series, in batches, with progress):
 * - 5 admins, the first a super admin that admin-calls.ts logs in as (BENCH_ADMIN in back-office-db.ts);
 * - `--users` users (one argon2id hash shared by all), ids and created_at in time order over two years;
 * - 3 deposit and 3 withdrawal channels;
 * - `--deposits` deposits (default = users) over the last 90 days: pending/processing/approved/rejected,
 *   mostly pending in the last two days;
 * - about `--withdrawals` withdrawals (default = users / 2) by KYC-approved users, each funded by one
 *   of their approved deposits and created after it was credited; every status, open ones recent;
 * - the ledger exactly as the services would have posted it: `deposit:<id>:approve`,
 *   `withdrawal:<id>:freeze|reject|complete` with the services' kinds, memos, metadata and posting
 *   fingerprints, entries in time order with balance_after the running balance, and each user's
 *   available/frozen/salary rows holding the sum of their entries (so `npm run ledger:verify` passes
 *   and open withdrawals' amount + fee sits in frozen);
 * - an audit row per review and per withdrawal status change;
 * - the referral tree (migration 0012): users.invited_by_code = the parent's invite_code, team_nodes
 *   with exact counters (charged = an approved deposit, charged_at = the first one's review time),
 *   the team_paths closure and the team.* stat counters, built level by level set-based (planTeamTree:
 *   a third top level, three leaders with 100k+ members at 1M, depths 1-15 and one 50-level chain),
 *   and the pending rewards of the tiers reached (calculateRewards).
 * Then it resets the identity sequences, runs VACUUM ANALYZE and checks the result (ledger verifier,
 * frozen = open withdrawals, a sample of postings replayed through postTransaction).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openPostgres } from '../apps/server/src/db/client.ts';
import { verifyAuditChain } from '../apps/server/src/modules/audit/audit.chain.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { type Posting, postTransaction } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { counterMismatches } from '../apps/server/src/modules/reconciliation/counter-check.ts';
import { verifyLedger } from '../apps/server/src/modules/reconciliation/ledger-check.ts';
import { calculateRewards } from '../apps/server/src/modules/team/rewards/reward-calculation.ts';
import { teamTreeProblems } from '../apps/server/src/modules/team/tree-check.ts';
import { BENCH_ADMIN, BENCH_USER_PASSWORD, DEFAULT_DB_NAME, targetDatabase } from './back-office-db.ts';

const ADMINS = 5;
const BATCH = 100_000;
const USER_SPAN_DAYS = 730;
const DEPOSIT_SPAN_DAYS = 90;
/** System account ids, written first: user u's accounts are 3 + 3(u-1) + 1..3 (available, frozen, salary). */
const SYSTEM = { external_deposits: 1, external_withdrawals: 2, fees: 3 } as const;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[${elapsed().padStart(8)}] ${line}`);

async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  const result = await fn();
  log(`${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return result;
}

/** Runs `fn(lo, hi)` over 1..total in slices of `size`, printing progress. */
async function batched(label: string, total: number, fn: (lo: number, hi: number) => Promise<unknown>) {
  const t0 = Date.now();
  for (let lo = 1; lo <= total; lo += BATCH) {
    const hi = Math.min(total, lo + BATCH - 1);
    await fn(lo, hi);
    const rate = hi / Math.max(0.001, (Date.now() - t0) / 1000);
    log(`${label} ${hi.toLocaleString('en')}/${total.toLocaleString('en')} (${rate.toFixed(0)} rows/s)`);
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      users: { type: 'string', default: '1000000' },
      deposits: { type: 'string' },
      withdrawals: { type: 'string' },
      url: { type: 'string' },
      db: { type: 'string', default: DEFAULT_DB_NAME },
      replace: { type: 'boolean', default: false },
      'skip-verify': { type: 'boolean', default: false },
    },
  });
  const N = positiveInt(args.users, '--users');
  const D = args.deposits ? positiveInt(args.deposits, '--deposits') : N;
  const W = args.withdrawals ? positiveInt(args.withdrawals, '--withdrawals') : Math.round(N / 2);
  if (!/^[a-z_][a-z0-9_]*$/.test(args.db)) throw new Error('--db must be a plain lower-case identifier');

  const target = targetDatabase(args.url, args.db);
  if (target.created) {
    const server = new pg.Client({ connectionString: target.serverUrl });
    await server.connect();
    try {
      const exists = (await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [target.dbName]))
        .rowCount;
      if (exists && !args.replace) {
        throw new Error(
          `Database ${target.dbName} exists; pass --replace to drop and regenerate it, or --db <name>`,
        );
      }
      if (exists) await server.query(`DROP DATABASE ${target.dbName} WITH (FORCE)`);
      await server.query(`CREATE DATABASE ${target.dbName}`);
      log(`created database ${target.dbName}`);
    } finally {
      await server.end();
    }
  }
  const database = await step('migrated (openPostgres)', () => openPostgres(target.url, 2));
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const q: Query = (text, values) => client.query(text, values);
  try {
    const existing = Number((await q('SELECT count(*) AS n FROM users')).rows[0].n);
    if (existing > 0)
      throw new Error(`${target.url} already holds ${existing} users: generate into an empty database`);
    log(
      `generating ${N.toLocaleString('en')} users, ${D.toLocaleString('en')} deposits, ~${W.toLocaleString('en')} withdrawals`,
    );

    await bypassRowTriggers(q);
    await q(`SET synchronous_commit = off`);
    await q(`SET work_mem = '256MB'`);
    await q(`SET maintenance_work_mem = '512MB'`);
    await q(`SET jit = off`);
    const now = (await q(`SELECT now()::text AS t`)).rows[0].t as string;
    const T0 = `'${now}'::timestamptz`;

    // Invite codes: the id times an odd constant modulo 2^40 (a bijection), in base 32 over the
    // app's alphabet: 8 characters, unique per id, not in id order.
    await q(`CREATE FUNCTION pg_temp.code_of(x bigint, a text) RETURNS text LANGUAGE sql IMMUTABLE AS
      $$ SELECT substr(a, (x >> 0 & 31)::int + 1, 1) || substr(a, (x >> 5 & 31)::int + 1, 1) || substr(a, (x >> 10 & 31)::int + 1, 1) || substr(a, (x >> 15 & 31)::int + 1, 1) || substr(a, (x >> 20 & 31)::int + 1, 1) || substr(a, (x >> 25 & 31)::int + 1, 1) || substr(a, (x >> 30 & 31)::int + 1, 1) || substr(a, (x >> 35 & 31)::int + 1, 1) $$`);
    await q(`CREATE FUNCTION pg_temp.invite_code(k bigint) RETURNS text LANGUAGE sql IMMUTABLE AS
      $$ SELECT pg_temp.code_of((k * 2654435761) % 1099511627776, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789') $$`);

    const [adminHash, userHash] = await step('hashed the two passwords (argon2id)', () =>
      Promise.all([hashPassword(BENCH_ADMIN.password), hashPassword(BENCH_USER_PASSWORD)]),
    );

    // --- channels -------------------------------------------------------------------------------
    await q(`INSERT INTO deposit_channels (id, name, type, currency, address, min_amount, max_amount, status, description, created_at, updated_at)
      OVERRIDING SYSTEM VALUE VALUES
      (1, 'USDT-TRC20', 'crypto', 'USDT', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 10, 1000000, 'active', 'TRC20 网络充值', ${T0} - interval '800 days', ${T0} - interval '800 days'),
      (2, '支付宝', 'alipay', 'USDT', 'pay@bench-exchange.example 收款人：张经理', 100, 50000, 'active', NULL, ${T0} - interval '800 days', ${T0} - interval '800 days'),
      (3, '微信', 'wechat', 'USDT', '微信号 bench_exchange_pay', 100, 20000, 'active', NULL, ${T0} - interval '800 days', ${T0} - interval '800 days'),
      (4, 'USDT-ERC20', 'crypto', 'USDT', '0x8a1f9e4b2c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f', 50, 1000000, 'inactive', '已停用', ${T0} - interval '800 days', ${T0} - interval '30 days')`);
    await q(`INSERT INTO withdraw_channels (id, name, type, currency, min_amount, max_amount, fee_rate, status, description, created_at, updated_at)
      OVERRIDING SYSTEM VALUE VALUES
      (1, 'USDT-TRC20', 'usdt', 'USDT', 10, 100000, 0.01, 'active', NULL, ${T0} - interval '800 days', ${T0} - interval '800 days'),
      (2, '支付宝', 'alipay', 'USDT', 100, 50000, 0.005, 'active', NULL, ${T0} - interval '800 days', ${T0} - interval '800 days'),
      (3, '微信', 'wechat', 'USDT', 100, 20000, 0.006, 'active', NULL, ${T0} - interval '800 days', ${T0} - interval '800 days')`);
    log('channels: 4 deposit (1 inactive), 3 withdrawal');

    // --- the referral tree (planned before the users, who carry their inviter's code) -----------
    const team = await step('referral tree planned (temp tables)', () => planTeamTree(q, N));

    // --- admins and users ------------------------------------------------------------------------
    await q(
      `INSERT INTO users (id, email, password_hash, role, admin_level, kyc_status, invite_code, created_at, updated_at, last_login)
       OVERRIDING SYSTEM VALUE
       SELECT k, CASE WHEN k = 1 THEN $1 ELSE 'bench-ops' || k || '@bench.local' END, $2, 'admin',
              CASE WHEN k <= 2 THEN 'super_admin' ELSE 'admin' END, 'none', pg_temp.invite_code(k),
              ${T0} - interval '800 days', ${T0} - interval '800 days', ${T0} - interval '1 hour' * k
       FROM generate_series(1, ${ADMINS}) k`,
      [BENCH_ADMIN.email, adminHash],
    );
    // User idx (1..N) is created at start + idx/N of the span: ids follow time, as a live table's do.
    await batched('users', N, (lo, hi) =>
      q(
        `INSERT INTO users (id, email, phone, nickname, password_hash, role, is_active, kyc_status, invite_code,
           invited_by_code, created_at, updated_at, last_login)
         OVERRIDING SYSTEM VALUE
         SELECT k, 'user' || idx || '@' || (ARRAY['qq.com','163.com','gmail.com','outlook.com','126.com','hotmail.com'])[1 + idx % 6],
           CASE WHEN idx % 2 = 0 THEN '13' || lpad(idx::text, 9, '0') END,
           CASE WHEN idx % 3 = 0 THEN '用户' || idx END,
           $1, 'user', r1 >= 0.01,
           CASE WHEN r2 < 0.35 THEN 'none' WHEN r2 < 0.38 THEN 'pending' WHEN r2 < 0.39 THEN 'reviewing'
                WHEN r2 < 0.97 THEN 'approved' ELSE 'rejected' END,
           pg_temp.invite_code(k),
           pg_temp.invite_code(s.parent),
           ca, ca, CASE WHEN r4 < 0.6 THEN ca + (${T0} - ca) * random() END
         FROM (SELECT g.k, g.k - ${ADMINS} AS idx, tn.parent, random() r1, random() r2, random() r4,
                 ${T0} - interval '${USER_SPAN_DAYS} days' * (1 - (g.k - ${ADMINS} - random()) / ${N}) AS ca
               FROM generate_series($2::bigint, $3::bigint) g(k) JOIN tn ON tn.k = g.k) s`,
        [userHash, lo + ADMINS, hi + ADMINS],
      ),
    );

    // --- deposits ----------------------------------------------------------------------------------
    // Deposit j is made at start + j/D of the last 90 days by a user who existed then (older users
    // more often); recent ones are mostly still pending.
    await batched('deposits', D, (lo, hi) =>
      q(
        `INSERT INTO deposits (id, user_id, channel_id, channel_name, to_address, currency, amount, tx_hash, tx_hash_normalized, remark,
           status, admin_note, reviewed_by, reviewed_at, processed_at, created_at, updated_at)
         OVERRIDING SYSTEM VALUE
         SELECT x.j, x.user_id, c.id, c.name, c.address, 'USDT', x.amount,
           CASE WHEN c.type = 'crypto' THEN encode(sha256(('bench-deposit-' || x.j)::bytea), 'hex') END,
           CASE WHEN c.type = 'crypto' THEN encode(sha256(('bench-deposit-' || x.j)::bytea), 'hex') END,
           CASE WHEN x.r_remark < 0.05 THEN '请尽快处理' END,
           x.status,
           CASE WHEN x.status = 'rejected' THEN (ARRAY['未收到款项','转账金额不符','交易哈希无效'])[1 + x.j % 3] END,
           CASE WHEN x.reviewed THEN 1 + x.j % ${ADMINS} END,
           CASE WHEN x.reviewed THEN x.done END,
           CASE WHEN x.status = 'approved' THEN x.done END,
           x.ts, CASE WHEN x.reviewed THEN x.done ELSE x.ts END
         FROM (
           SELECT j, ts, channel_id, amount, r_remark, status, status IN ('approved', 'rejected') AS reviewed,
             least(ts + interval '5 minutes' + interval '6 hours' * random(), ${T0}) AS done,
             ${ADMINS} + 1 + floor(greatest(1, ${N} * extract(epoch FROM ts - (${T0} - interval '${USER_SPAN_DAYS} days'))
               / extract(epoch FROM interval '${USER_SPAN_DAYS} days') - 1) * power(random(), 1.5))::bigint AS user_id
           FROM (
             SELECT j, ts, r_remark,
               CASE WHEN r_ch < 0.55 THEN 1 WHEN r_ch < 0.8 THEN 2 ELSE 3 END AS channel_id,
               round((CASE WHEN r_big < 0.01 THEN 10 ELSE 1 END * (10 + 4990 * power(random(), 3)))::numeric, 2) AS amount,
               CASE WHEN ${T0} - ts < interval '2 days' THEN
                      CASE WHEN r_st < 0.70 THEN 'pending' WHEN r_st < 0.75 THEN 'processing' WHEN r_st < 0.92 THEN 'approved' ELSE 'rejected' END
                    ELSE CASE WHEN r_st < 0.01 THEN 'pending' WHEN r_st < 0.015 THEN 'processing' WHEN r_st < 0.83 THEN 'approved' ELSE 'rejected' END
               END AS status
             FROM (SELECT j, random() r_ch, random() r_big, random() r_st, random() r_remark,
                     ${T0} - interval '${DEPOSIT_SPAN_DAYS} days' * (1 - (j - random()) / ${D}) AS ts
                   FROM generate_series($1::bigint, $2::bigint) j) a
           ) b
         ) x JOIN deposit_channels c ON c.id = x.channel_id`,
        [lo, hi],
      ),
    );

    // --- withdrawals ---------------------------------------------------------------------------------
    // Each is funded by one approved deposit of a KYC-approved user (one or two per deposit, each
    // at most 44% of it plus a fee of at most 1%), made after that deposit was credited: so the
    // user's available balance never goes below zero at any point of the journal.
    const fundable = Number(
      (
        await q(`SELECT count(*) AS n FROM deposits d JOIN users u ON u.id = d.user_id
                 WHERE d.status = 'approved' AND u.kyc_status = 'approved'`)
      ).rows[0].n,
    );
    const perDeposit = W / Math.max(1, fundable);
    const pick = Math.min(1, perDeposit / 1.3);
    const second = Math.min(1, Math.max(0, perDeposit / pick - 1));
    await step('withdrawals planned (temp table)', () =>
      q(`CREATE TEMP TABLE w_src AS
         SELECT row_number() OVER (ORDER BY created_at, dep_id, n) AS rn, *
         FROM (
           SELECT dep_id, n, user_id, channel_id, amount, fee, fee_rate, withdraw_type, channel_name, created_at, status,
             CASE WHEN status <> 'pending' THEN created_at + least(interval '1 day', ${T0} - created_at) * (0.05 + 0.95 * random()) END AS done_at
           FROM (
             SELECT d.id AS dep_id, g.n, d.user_id, c.id AS channel_id, c.type AS withdraw_type, c.name AS channel_name,
               c.fee_rate, a.amount, ceil(a.amount * c.fee_rate * 100000000) / 100000000 AS fee, a.created_at,
               CASE WHEN ${T0} - a.created_at < interval '1 day' THEN
                      CASE WHEN a.r_st < 0.45 THEN 'pending' WHEN a.r_st < 0.60 THEN 'reviewing' WHEN a.r_st < 0.70 THEN 'approved'
                           WHEN a.r_st < 0.80 THEN 'processing' WHEN a.r_st < 0.93 THEN 'completed' ELSE 'rejected' END
                    ELSE CASE WHEN a.r_st < 0.01 THEN 'pending' WHEN a.r_st < 0.015 THEN 'reviewing' WHEN a.r_st < 0.02 THEN 'approved'
                           WHEN a.r_st < 0.025 THEN 'processing' WHEN a.r_st < 0.85 THEN 'completed' ELSE 'rejected' END
               END AS status
             FROM deposits d
             JOIN users u ON u.id = d.user_id AND u.kyc_status = 'approved'
             -- d.id makes it run per deposit (a call without outer references is evaluated once).
             CROSS JOIN LATERAL generate_series(1, CASE WHEN random() < ${second} AND d.id > 0 THEN 2 ELSE 1 END) g(n)
             CROSS JOIN LATERAL (SELECT random() AS r_ch, random() AS r_st,
                 round(d.amount * (0.05 + 0.39 * random())::numeric, 2) AS amount,
                 d.processed_at + (${T0} - d.processed_at) * random() AS created_at) a
             JOIN withdraw_channels c ON c.id = CASE WHEN a.r_ch < 0.6 THEN 1 WHEN a.r_ch < 0.8 THEN 2 ELSE 3 END
             WHERE d.status = 'approved' AND random() < ${pick}
           ) p
         ) x`),
    );
    const wCount = Number((await q('SELECT count(*) AS n FROM w_src')).rows[0].n);
    await q('CREATE INDEX ON w_src (rn)');
    await q('ANALYZE w_src');
    await batched('withdrawals', wCount, (lo, hi) =>
      q(
        `INSERT INTO withdrawals (id, user_id, channel_id, channel_name, withdraw_type, currency, amount, fee, fee_rate,
           address, account_info, user_remark, admin_remark, status, reviewed_by, completed_at, created_at, updated_at)
         OVERRIDING SYSTEM VALUE
         SELECT rn, user_id, channel_id, channel_name, withdraw_type, 'USDT', amount, fee, fee_rate,
           CASE WHEN withdraw_type = 'usdt' THEN 'T' || substr(encode(sha256(('bench-address-' || user_id)::bytea), 'hex'), 1, 33) END,
           CASE WHEN withdraw_type <> 'usdt' THEN jsonb_build_object('account', '13' || lpad(user_id::text, 9, '0'), 'name', '用户' || user_id, 'phone', NULL) END,
           CASE WHEN rn % 20 = 0 THEN '急用，请尽快' END,
           CASE WHEN status = 'rejected' THEN (ARRAY['账户信息有误','风控审核未通过','请使用本人账户'])[1 + rn % 3] END,
           status,
           CASE WHEN status <> 'pending' THEN 1 + rn % ${ADMINS} END,
           CASE WHEN status = 'completed' THEN done_at END,
           created_at, coalesce(done_at, created_at)
         FROM w_src WHERE rn BETWEEN $1 AND $2`,
        [lo, hi],
      ),
    );

    // --- the ledger ---------------------------------------------------------------------------------
    // One event per posting the services would have made, in time order (credit before the freeze
    // it funds, freeze before its release); the journal transaction id is the event's rank.
    const fp = (kind: string, postings: string) =>
      `encode(sha256(convert_to('{"v":1,"kind":"${kind}","postings":[' || ${postings} || ']}', 'UTF8')), 'hex')`;
    const amt = (expr: string) => `trim_scale(${expr})::text`;
    const userKey = (bucket: string) => `'"user:' || user_id || ':${bucket}:USDT"'`;
    await step('ledger events planned (temp table)', () =>
      q(`CREATE TEMP TABLE ev AS
         SELECT row_number() OVER (ORDER BY ts, rank, ref) AS tx_id, *
         FROM (
           SELECT processed_at AS ts, 0 AS rank, id AS ref, 'deposit' AS kind, 'deposit:' || id || ':approve' AS key,
             '充值 #' || id || ' 审核通过' AS memo, jsonb_build_object('depositId', id, 'adminId', reviewed_by) AS metadata,
             user_id, amount, 0::numeric AS fee,
             ${fp('deposit', `'["system:external_deposits:USDT","-' || ${amt('amount')} || '"],[' || ${userKey('available')} || ',"' || ${amt('amount')} || '"]'`)} AS fingerprint
           FROM deposits WHERE status = 'approved'
           UNION ALL
           SELECT created_at, 1, id, 'withdrawal_freeze', 'withdrawal:' || id || ':freeze',
             '提现 #' || id || ' 申请冻结', jsonb_build_object('withdrawalId', id), user_id, amount, fee,
             ${fp('withdrawal_freeze', `'[' || ${userKey('available')} || ',"-' || ${amt('amount + fee')} || '"],[' || ${userKey('frozen')} || ',"' || ${amt('amount + fee')} || '"]'`)}
           FROM withdrawals
           UNION ALL
           SELECT updated_at, 2, id, 'withdrawal_reject', 'withdrawal:' || id || ':reject',
             '提现 #' || id || ' 已拒绝', jsonb_build_object('withdrawalId', id, 'adminId', reviewed_by), user_id, amount, fee,
             ${fp('withdrawal_reject', `'[' || ${userKey('available')} || ',"' || ${amt('amount + fee')} || '"],[' || ${userKey('frozen')} || ',"-' || ${amt('amount + fee')} || '"]'`)}
           FROM withdrawals WHERE status = 'rejected'
           UNION ALL
           SELECT completed_at, 2, id, 'withdrawal_complete', 'withdrawal:' || id || ':complete',
             '提现 #' || id || ' 已出款', jsonb_build_object('withdrawalId', id, 'adminId', reviewed_by), user_id, amount, fee,
             ${fp(
               'withdrawal_complete',
               `'["system:external_withdrawals:USDT","' || ${amt('amount')} || '"],' ||
                CASE WHEN fee > 0 THEN '["system:fees:USDT","' || ${amt('fee')} || '"],' ELSE '' END ||
                '[' || ${userKey('frozen')} || ',"-' || ${amt('amount + fee')} || '"]'`,
             )}
           FROM withdrawals WHERE status = 'completed'
         ) e`),
    );
    const txCount = Number((await q('SELECT count(*) AS n FROM ev')).rows[0].n);
    await q('CREATE INDEX ON ev (tx_id)');
    await q('ANALYZE ev');

    // Entries in the services' posting order; balance_after is the running sum per user account.
    const acct = (bucket: 1 | 2 | 3) => `3 + 3 * (user_id - 1) + ${bucket}`;
    await step('ledger entries planned (temp table)', () =>
      q(`CREATE TEMP TABLE ent AS
         SELECT id, tx_id, account_id, amount, ts,
           CASE WHEN account_id > 3 THEN sum(amount) OVER (PARTITION BY account_id ORDER BY id) END AS balance_after
         FROM (
           SELECT row_number() OVER (ORDER BY ev.tx_id, l.leg) AS id, ev.tx_id, l.account_id, l.amount, ev.ts
           FROM ev CROSS JOIN LATERAL (VALUES
             (1, CASE kind WHEN 'deposit' THEN ${SYSTEM.external_deposits} WHEN 'withdrawal_freeze' THEN ${acct(1)} ELSE ${acct(2)} END,
                 CASE kind WHEN 'deposit' THEN -amount ELSE -(amount + fee) END),
             (2, CASE kind WHEN 'deposit' THEN ${acct(1)} WHEN 'withdrawal_freeze' THEN ${acct(2)} WHEN 'withdrawal_reject' THEN ${acct(1)}
                 ELSE ${SYSTEM.external_withdrawals} END,
                 CASE kind WHEN 'deposit' THEN amount WHEN 'withdrawal_complete' THEN amount ELSE amount + fee END),
             (3, ${SYSTEM.fees}, CASE WHEN kind = 'withdrawal_complete' THEN fee END)
           ) l(leg, account_id, amount)
           WHERE l.amount IS NOT NULL AND l.amount <> 0
         ) x`),
    );
    const entryCount = Number((await q('SELECT count(*) AS n FROM ent')).rows[0].n);
    await q('CREATE INDEX ON ent (id)');
    await step('account balances summed (temp table)', async () => {
      await q(`CREATE TEMP TABLE bal AS SELECT account_id, sum(amount) AS balance, max(ts) AS last_at
               FROM ent WHERE account_id > 3 GROUP BY account_id`);
      await q('CREATE UNIQUE INDEX ON bal (account_id)');
      await q('ANALYZE ent');
      await q('ANALYZE bal');
    });

    await q(`INSERT INTO ledger_accounts (id, user_id, bucket, currency, is_system, balance, created_at, updated_at)
             OVERRIDING SYSTEM VALUE VALUES
             (${SYSTEM.external_deposits}, NULL, 'external_deposits', 'USDT', true, 0, ${T0} - interval '800 days', ${T0} - interval '800 days'),
             (${SYSTEM.external_withdrawals}, NULL, 'external_withdrawals', 'USDT', true, 0, ${T0} - interval '800 days', ${T0} - interval '800 days'),
             (${SYSTEM.fees}, NULL, 'fees', 'USDT', true, 0, ${T0} - interval '800 days', ${T0} - interval '800 days')`);
    await batched('ledger accounts (users)', N + ADMINS, (lo, hi) =>
      q(
        `INSERT INTO ledger_accounts (id, user_id, bucket, currency, is_system, balance, created_at, updated_at)
         OVERRIDING SYSTEM VALUE
         SELECT a.id, u.id, b.bucket, 'USDT', false, coalesce(bal.balance, 0), u.created_at, coalesce(bal.last_at, u.created_at)
         FROM users u
         CROSS JOIN (VALUES (1, 'available'), (2, 'frozen'), (3, 'salary')) b(n, bucket)
         CROSS JOIN LATERAL (SELECT 3 + 3 * (u.id - 1) + b.n AS id) a
         LEFT JOIN bal ON bal.account_id = a.id
         WHERE u.id BETWEEN $1 AND $2`,
        [lo, hi],
      ),
    );
    await batched('ledger transactions', txCount, (lo, hi) =>
      q(
        `INSERT INTO ledger_transactions (id, idempotency_key, kind, fingerprint, memo, metadata, created_at)
         OVERRIDING SYSTEM VALUE
         SELECT tx_id, key, kind, fingerprint, memo, metadata, ts FROM ev WHERE tx_id BETWEEN $1 AND $2`,
        [lo, hi],
      ),
    );
    await batched('ledger entries', entryCount, (lo, hi) =>
      q(
        `INSERT INTO ledger_entries (id, transaction_id, account_id, currency, amount, balance_after, created_at)
         OVERRIDING SYSTEM VALUE
         SELECT id, tx_id, account_id, 'USDT', amount, balance_after, ts FROM ent WHERE id BETWEEN $1 AND $2`,
        [lo, hi],
      ),
    );

    // --- audit log ------------------------------------------------------------------------------------
    await step('audit log planned (temp table)', () =>
      q(`CREATE TEMP TABLE a_src AS
         SELECT row_number() OVER (ORDER BY created_at, target_type, target_id) AS id, *
         FROM (
           SELECT reviewed_by AS admin_id, CASE status WHEN 'approved' THEN 'deposit.approve' ELSE 'deposit.reject' END AS action,
             'deposit' AS target_type, id::text AS target_id, '{"status":"pending"}'::jsonb AS before,
             jsonb_build_object('status', status, 'admin_note', admin_note, 'amount', amount::text, 'currency', currency) AS after,
             reviewed_at AS created_at
           FROM deposits WHERE status IN ('approved', 'rejected')
           UNION ALL
           SELECT reviewed_by, 'withdrawal.status', 'withdrawal', id::text,
             jsonb_build_object('status', CASE status WHEN 'completed' THEN 'processing' WHEN 'processing' THEN 'approved' ELSE 'pending' END, 'admin_remark', NULL),
             jsonb_build_object('status', status, 'admin_remark', admin_remark), updated_at
           FROM withdrawals WHERE status <> 'pending'
           UNION ALL
           SELECT 1, 'channel.create', 'deposit_channel', id::text, NULL, jsonb_build_object('name', name, 'status', 'active'), created_at
           FROM deposit_channels
           UNION ALL
           SELECT 1 + k % ${ADMINS}, 'user.status', 'user', (${ADMINS} + 1 + (k * 7919) % ${N})::text,
             '{"is_active":true}'::jsonb, '{"is_active":false}'::jsonb, ${T0} - interval '90 days' * random()
           FROM generate_series(1, greatest(1, ${N} / 1000)) k
         ) x`),
    );
    const auditCount = Number((await q('SELECT count(*) AS n FROM a_src')).rows[0].n);
    await q('CREATE INDEX ON a_src (id)');
    await q('ANALYZE a_src');
    await batched('audit logs', auditCount, (lo, hi) =>
      q(
        `INSERT INTO audit_logs (id, admin_id, action, target_type, target_id, before, after, ip, user_agent, created_at)
         OVERRIDING SYSTEM VALUE
         SELECT id, admin_id, action, target_type, target_id, before, after,
           '10.0.' || (admin_id % 4) || '.' || (10 + admin_id),
           'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
           created_at
         FROM a_src WHERE id BETWEEN $1 AND $2`,
        [lo, hi],
      ),
    );

    // The audit hash chain (migration 0020): audit_logs_chain is bypassed, so chain the rows in id
    // order in SQL, as the migration does for rows that existed before it.
    if ((await q(`SELECT to_regproc('audit_chain_backfill') IS NOT NULL AS t`)).rows[0].t) {
      await step('audit hash chain (audit_chain_backfill)', () => q('SELECT audit_chain_backfill()'));
    }

    // --- the team tables -------------------------------------------------------------------------------
    await writeTeam(q, N);

    await step('identity sequences moved past the generated ids', async () => {
      for (const table of [
        'users',
        'deposit_channels',
        'withdraw_channels',
        'deposits',
        'withdrawals',
        'ledger_accounts',
        'ledger_transactions',
        'ledger_entries',
        'audit_logs',
      ]) {
        await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
      }
    });
    await q('DROP TABLE w_src, ev, ent, bal, a_src, tn');
    await q('RESET session_replication_role');
    await step('stat counters computed from the rows', () => fillStatCounters(database, q));
    const rewards = await step(
      'team rewards calculated (calculateRewards: pending rewards of the tiers reached)',
      () => calculateRewards(database.db),
    );
    log(`team rewards: ${rewards.calculatedUsers} users reach L1, ${rewards.newRewards} pending rewards`);
    await step('VACUUM ANALYZE', () => q('VACUUM (ANALYZE)'));

    const counts = (
      await q(`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM deposits) AS deposits,
                 (SELECT count(*) FROM withdrawals) AS withdrawals, (SELECT count(*) FROM ledger_accounts) AS accounts,
                 (SELECT count(*) FROM ledger_transactions) AS transactions, (SELECT count(*) FROM ledger_entries) AS entries,
                 (SELECT count(*) FROM audit_logs) AS audit_logs, pg_size_pretty(pg_database_size(current_database())) AS size`)
    ).rows[0];
    log(`rows: ${JSON.stringify(counts)}`);
    for (const table of ['deposits', 'withdrawals']) {
      const mix = (await q(`SELECT status, count(*) AS n FROM ${table} GROUP BY status ORDER BY status`))
        .rows;
      log(`${table}: ${mix.map((r) => `${r.status} ${r.n}`).join(', ')}`);
    }

    await describeTeam(q, team);
    if (!args['skip-verify']) await check(database, q);
    log(`done: ${target.url} (admin ${BENCH_ADMIN.email} / ${BENCH_ADMIN.password}); the database is kept`);
  } finally {
    await client.end();
    await database.close();
  }
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** Tables the generator writes; their row triggers are bypassed during the load. */
const TABLES = [
  'users',
  'deposit_channels',
  'withdraw_channels',
  'deposits',
  'withdrawals',
  'ledger_accounts',
  'ledger_transactions',
  'ledger_entries',
  'audit_logs',
  'depositors',
  'team_nodes',
  'team_paths',
];

/**
 * INSERT triggers whose effect the generator writes itself: the stat counters (fillStatCounters)
 * and the charged counts of migration 0012's trigger on depositors (writeTeam computes them).
 */
const REPRODUCED_TRIGGERS = new Set(['depositors_team_charge', 'audit_logs_chain']);

/**
 * The stat counter triggers (migration 0004) bump one counter row per inserted row, all in the
 * transaction's stripe: a 100k-row INSERT updates the same row 100k times in one transaction and
 * slows to minutes. So the load runs with session_replication_role = replica (no user triggers,
 * no foreign-key triggers in this session only) and fillStatCounters sets the counters from the
 * rows afterwards; check() then proves the foreign keys and the counters. A trigger the generator
 * does not know is refused rather than silently skipped.
 */
async function bypassRowTriggers(q: Query) {
  const triggers = (
    await q(
      `SELECT tgrelid::regclass::text AS tbl, tgname FROM pg_trigger
       WHERE NOT tgisinternal AND tgrelid::regclass::text = ANY($1) AND (tgtype & 4) <> 0`,
      [TABLES],
    )
  ).rows as Array<{ tbl: string; tgname: string }>;
  const unknown = triggers.filter(
    (t) => !t.tgname.endsWith('_stat_counters') && !REPRODUCED_TRIGGERS.has(t.tgname),
  );
  if (unknown.length) {
    throw new Error(
      `INSERT triggers the generator does not know: ${unknown.map((t) => `${t.tbl}.${t.tgname}`).join(', ')}. ` +
        'Teach bench/generate-back-office.ts to reproduce their effect after the load.',
    );
  }
  await q('SET session_replication_role = replica');
  if (triggers.length)
    log(
      `row triggers bypassed during the load, recomputed after: ${triggers.map((t) => t.tgname).join(', ')}`,
    );
}

/** What the stat counter triggers would have written, computed from the rows (if migration 0004 is there). */
async function fillStatCounters(database: Database, q: Query) {
  const exists = (await q(`SELECT to_regclass('stat_counters') IS NOT NULL AS t`)).rows[0].t as boolean;
  if (!exists) return;
  await q(
    `INSERT INTO depositors (user_id) SELECT DISTINCT user_id FROM deposits WHERE status = 'approved' ON CONFLICT DO NOTHING`,
  );
  for (const m of await counterMismatches(database.db)) {
    await q(
      `INSERT INTO stat_counters (name, stripe, value) VALUES ($1, 0, $2::numeric - $3::numeric)
       ON CONFLICT (name, stripe) DO UPDATE SET value = stat_counters.value + EXCLUDED.value`,
      [m.name, m.actual, m.stored],
    );
  }
}

/** The generated data must look exactly like what the services would have written. */
async function check(database: Database, q: Query) {
  const orphans = (
    await q(`SELECT
      (SELECT count(*) FROM ledger_entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = e.transaction_id))
      + (SELECT count(*) FROM ledger_entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id))
      + (SELECT count(*) FROM ledger_accounts a WHERE a.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id))
      + (SELECT count(*) FROM deposits d WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id))
      + (SELECT count(*) FROM deposits d WHERE d.channel_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deposit_channels c WHERE c.id = d.channel_id))
      + (SELECT count(*) FROM withdrawals w WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = w.user_id))
      + (SELECT count(*) FROM withdrawals w WHERE w.channel_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM withdraw_channels c WHERE c.id = w.channel_id))
      + (SELECT count(*) FROM audit_logs l WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = l.admin_id)) AS n`)
  ).rows[0].n;
  if (Number(orphans) !== 0) throw new Error(`${orphans} rows break a foreign key`);
  log('foreign keys: ok');
  await step('team tree: nodes, parents and invite codes, closure, counters, charged_at: ok', () =>
    checkTeam(database, q),
  );
  if ((await q(`SELECT to_regclass('stat_counters') IS NOT NULL AS t`)).rows[0].t) {
    const mismatches = await counterMismatches(database.db);
    if (mismatches.length)
      throw new Error(`stat counters differ from the rows: ${JSON.stringify(mismatches)}`);
    log('stat counters = the rows they count: ok');
  }

  if ((await q(`SELECT to_regclass('audit_chain_head') IS NOT NULL AS t`)).rows[0].t) {
    const chain = await step('audit chain verifier', () => verifyAuditChain(database.db));
    if (!chain.ok) throw new Error(`audit chain broken: ${JSON.stringify(chain.first_broken)}`);
    log(`audit chain verifier: ok (${chain.rows} rows)`);
  }

  const verified = await step('ledger verifier', () => verifyLedger(database.db));
  if (!verified.ok) throw new Error(`ledger verification failed:\n${verified.problems.join('\n')}`);
  log(`ledger verifier: ok (${JSON.stringify(verified.checked)})`);

  const frozenMismatch = Number(
    (
      await q(`SELECT count(*) AS n FROM ledger_accounts a
               LEFT JOIN (SELECT user_id, sum(amount + fee) AS open FROM withdrawals
                          WHERE status IN ('pending', 'reviewing', 'approved', 'processing') GROUP BY user_id) w
                 ON w.user_id = a.user_id
               WHERE a.bucket = 'frozen' AND a.balance <> coalesce(w.open, 0)`)
    ).rows[0].n,
  );
  if (frozenMismatch) throw new Error(`${frozenMismatch} frozen balances differ from their open withdrawals`);
  log('frozen balances = amount + fee of open withdrawals: ok');

  // Replaying a sample of postings through the ledger must be a no-op (same fingerprint), not a 409.
  const sample = (
    await q(`(SELECT 'deposit' AS kind, id, user_id, amount::text AS amount, '0' AS fee FROM deposits WHERE status = 'approved' ORDER BY id DESC LIMIT 3)
             UNION ALL (SELECT status, id, user_id, amount::text, fee::text FROM withdrawals WHERE status IN ('completed', 'rejected') ORDER BY id DESC LIMIT 6)`)
  ).rows as Array<{ kind: string; id: string; user_id: string; amount: string; fee: string }>;
  for (const row of sample) {
    const userId = Number(row.user_id);
    const key =
      row.kind === 'deposit'
        ? `deposit:${row.id}:approve`
        : `withdrawal:${row.id}:${row.kind === 'completed' ? 'complete' : 'reject'}`;
    const kind =
      row.kind === 'deposit' ? 'deposit' : `withdrawal_${row.kind === 'completed' ? 'complete' : 'reject'}`;
    const total = (await q('SELECT ($1::numeric + $2::numeric)::text AS t', [row.amount, row.fee])).rows[0]
      .t as string;
    const neg = (v: string) => `-${v}`;
    let postings: Posting[];
    if (row.kind === 'deposit') {
      postings = [
        { account: { system: 'external_deposits' }, currency: 'USDT', amount: neg(row.amount) },
        { account: { userId, bucket: 'available' }, currency: 'USDT', amount: row.amount },
      ];
    } else if (row.kind === 'rejected') {
      postings = [
        { account: { userId, bucket: 'frozen' }, currency: 'USDT', amount: neg(total) },
        { account: { userId, bucket: 'available' }, currency: 'USDT', amount: total },
      ];
    } else {
      postings = [
        { account: { userId, bucket: 'frozen' }, currency: 'USDT', amount: neg(total) },
        { account: { system: 'external_withdrawals' }, currency: 'USDT', amount: row.amount },
      ];
      if (!/^0(\.0*)?$/.test(row.fee))
        postings.push({ account: { system: 'fees' }, currency: 'USDT', amount: row.fee });
    }
    const result = await database.db.transaction((tx) =>
      postTransaction(tx, { idempotencyKey: key, kind, postings }),
    );
    if (!result.replayed) throw new Error(`${key} was posted anew instead of replayed`);
  }
  log(`${sample.length} sampled postings replay through postTransaction as no-ops: ok`);
}

// --- the referral tree ---------------------------------------------------------------------------

/**
 * Shape of the generated referral tree (migration 0012's team_nodes / team_paths):
 * - a third of the users are top level (registered without a code), the rest invited;
 * - the first three users are the big leaders: 22%, 17% and 15% of the invited users join their
 *   trees (100k+ each at 1M users); the others join the tree of an older top-level user chosen
 *   log-uniformly by age rank (Zipf: most top-level users invite nobody, a few thousand have teams);
 * - inside a tree, the depth grows with the tree's size (at most log2.5 of it, 15 at most) and with
 *   how late the member joined; the parent is an older member of the level above, weighted by a
 *   Pareto(1.2) weight, so sub-leaders' teams are heavy-tailed too;
 * - one chain of CHAIN_LENGTH users, each invited by the previous one, under its own top-level user
 *   from the middle of the history: its last member is CHAIN_LENGTH levels deep (the registration
 *   bench invites under it).
 * Parents are always older than their children (smaller id, earlier created_at), as live invites are.
 */
const TEAM_ROOT_SHARE = 1 / 3;
const TEAM_LEADER_SHARES = [0.22, 0.17, 0.15] as const;
const TEAM_MAX_DEPTH = 15;
const CHAIN_LENGTH = 50;

interface TeamPlan {
  chainRoot: number;
  chainIds: number[];
  levels: number;
}

/** Builds temp table tn (k, parent, depth): every generated user's place, level by level. */
async function planTeamTree(q: Query, N: number): Promise<TeamPlan> {
  if (N < 200) throw new Error('--users must be at least 200 for the referral tree');
  const A = ADMINS;
  const chainRoot = A + Math.floor(N / 2);
  const step = Math.floor((A + N - chainRoot) / (CHAIN_LENGTH + 1));
  const chainIds = Array.from({ length: CHAIN_LENGTH }, (_, j) => chainRoot + (j + 1) * step);
  const leaders = TEAM_LEADER_SHARES.map((_, i) => A + 1 + i);
  const cumulative = TEAM_LEADER_SHARES.map((_, i) =>
    TEAM_LEADER_SHARES.slice(0, i + 1).reduce((a, b) => a + b, 0),
  );

  // Who is top level; other top-level users are ranked by age for the Zipf choice.
  await q(
    `CREATE TEMP TABLE tu AS
    SELECT k,
      CASE WHEN k IN (${leaders.join(',')}, ${chainRoot}) THEN 'root'
           WHEN k = ANY($1::bigint[]) THEN 'chain'
           WHEN random() < ${TEAM_ROOT_SHARE} THEN 'root' ELSE 'member' END AS role
    FROM generate_series(${A + 1}::bigint, ${A + N}::bigint) k`,
    [chainIds],
  );
  await q(`CREATE TEMP TABLE rr AS
    SELECT row_number() OVER (ORDER BY k) AS rank, k FROM tu
     WHERE role = 'root' AND k NOT IN (${leaders.join(',')}, ${chainRoot})`);
  await q('CREATE UNIQUE INDEX ON rr (rank)');
  await q('ANALYZE rr');
  // Each member's tree (clan = its top-level user), always older than the member.
  await q(`CREATE TEMP TABLE tm AS
    SELECT m.k,
      CASE ${leaders.map((l, i) => `WHEN m.r < ${cumulative[i]} THEN ${l}`).join(' ')}
           WHEN m.older = 0 THEN ${leaders[0]}
           ELSE (SELECT rr.k FROM rr WHERE rr.rank = least(m.older, floor(exp(m.r2 * ln(m.older + 1)))::bigint))
      END AS clan
    FROM (SELECT k, role, random() AS r, random() AS r2,
            count(*) FILTER (WHERE role = 'root' AND k NOT IN (${leaders.join(',')}, ${chainRoot})) OVER (ORDER BY k) AS older
          FROM tu) m
    WHERE m.role = 'member'`);
  // Target depth: up to log2.5 of the tree's size (at most 15), deeper for later members.
  await q(`CREATE TEMP TABLE tg AS
    SELECT m.k, m.clan, random() AS r,
      greatest(1, m.cap - floor(-ln(1 - random()))::int) AS t
    FROM (SELECT m.k, m.clan,
            greatest(1, ceil(cs.dmax * sqrt((m.k - m.clan)::float8 / (${A + N + 1} - m.clan))))::int AS cap
          FROM tm m JOIN (SELECT clan, least(${TEAM_MAX_DEPTH}, greatest(1, ceil(ln(count(*) + 1) / ln(2.5))))::int AS dmax
                          FROM tm GROUP BY clan) cs ON cs.clan = m.clan) m`);
  await q('CREATE INDEX ON tg (t)');
  await q('ANALYZE tg');

  await q(
    `CREATE TEMP TABLE tn (k bigint NOT NULL, parent bigint, depth int NOT NULL, clan bigint NOT NULL, chain boolean NOT NULL DEFAULT false)`,
  );
  await q(`INSERT INTO tn (k, parent, depth, clan) SELECT k, NULL, 0, k FROM tu WHERE role = 'root'`);
  await q(
    `INSERT INTO tn (k, parent, depth, clan, chain)
     SELECT c.k, coalesce(lag(c.k) OVER (ORDER BY c.k), ${chainRoot}), row_number() OVER (ORDER BY c.k), ${chainRoot}, true
     FROM unnest($1::bigint[]) c(k)`,
    [chainIds],
  );
  await q(`INSERT INTO tn (k, parent, depth, clan) SELECT k, clan, 1, clan FROM tg WHERE t = 1`);
  await q('CREATE INDEX ON tn (depth)');
  const maxTarget = Number((await q('SELECT coalesce(max(t), 1) AS m FROM tg')).rows[0].m);
  // Level by level: a member of level d picks an older member of level d-1 in its tree, with
  // probability proportional to the member's Pareto weight (cumulative weights, two index probes).
  // A member with no older candidate on that level joins its top-level user directly.
  for (let d = 2; d <= maxTarget; d++) {
    await q(`CREATE TEMP TABLE lv AS
      SELECT clan, k, sum(power(1 - random(), -1 / 1.2)) OVER (PARTITION BY clan ORDER BY k) AS cw
      FROM tn WHERE depth = ${d - 1} AND NOT chain`);
    await q('CREATE INDEX ON lv (clan, k)');
    await q('CREATE INDEX ON lv (clan, cw)');
    await q('ANALYZE lv');
    await q(`INSERT INTO tn (k, parent, depth, clan)
      SELECT c.k, coalesce(p.k, c.clan), CASE WHEN p.k IS NULL THEN 1 ELSE ${d} END, c.clan
      FROM tg c
      LEFT JOIN LATERAL (SELECT lv.cw FROM lv WHERE lv.clan = c.clan AND lv.k < c.k ORDER BY lv.k DESC LIMIT 1) tot ON true
      LEFT JOIN LATERAL (SELECT lv.k FROM lv WHERE lv.clan = c.clan AND lv.cw >= tot.cw * c.r ORDER BY lv.cw LIMIT 1) p
        ON tot.cw IS NOT NULL
      WHERE c.t = ${d}`);
    await q('DROP TABLE lv');
  }
  await q('CREATE UNIQUE INDEX ON tn (k)');
  await q('ANALYZE tn');
  await q('DROP TABLE tu, rr, tm, tg');
  const placed = Number((await q('SELECT count(*) AS n FROM tn')).rows[0].n);
  if (placed !== N) throw new Error(`referral tree: ${placed} users placed, expected ${N}`);
  return { chainRoot, chainIds, levels: Math.max(maxTarget, CHAIN_LENGTH) };
}

/**
 * team_nodes, team_paths and depositors from tn and the deposits, as registration
 * (team/team-tree.ts) and the charged trigger of migration 0012 would have left them: the closure
 * level by level, the counters from it, charged_at = the first approved deposit's review time.
 * Runs with the row triggers bypassed; the stat counters are recomputed afterwards.
 */
async function writeTeam(q: Query, N: number) {
  await step('depositors (first approved deposits)', () =>
    q(`INSERT INTO depositors (user_id) SELECT DISTINCT user_id FROM deposits WHERE status = 'approved'
       ON CONFLICT DO NOTHING`),
  );
  const maxDepth = Number((await q('SELECT max(depth) AS m FROM tn')).rows[0].m);
  await step(`team_paths (closure, ${maxDepth} levels)`, async () => {
    for (let d = 1; d <= maxDepth; d++) {
      await q(`INSERT INTO team_paths (ancestor_id, descendant_id, depth)
        SELECT parent, k, 1 FROM tn WHERE depth = ${d}
        UNION ALL
        SELECT p.ancestor_id, n.k, p.depth + 1 FROM tn n JOIN team_paths p ON p.descendant_id = n.parent
         WHERE n.depth = ${d}`);
    }
  });
  const paths = Number((await q('SELECT count(*) AS n FROM team_paths')).rows[0].n);
  log(`team_paths: ${paths.toLocaleString('en')} rows`);
  await step('team counters computed (temp table)', async () => {
    await q(`CREATE TEMP TABLE ch AS SELECT user_id AS k, min(reviewed_at) AS charged_at FROM deposits
             WHERE status = 'approved' GROUP BY user_id`);
    await q('CREATE UNIQUE INDEX ON ch (k)');
    await q('ANALYZE ch');
    await q(`CREATE TEMP TABLE tc AS
      SELECT p.ancestor_id AS k, count(*) FILTER (WHERE p.depth = 1) AS direct_count, count(*) AS team_size,
        count(*) FILTER (WHERE p.depth = 1 AND ch.k IS NOT NULL) AS charged_direct, count(ch.k) AS charged_team
      FROM team_paths p LEFT JOIN ch ON ch.k = p.descendant_id GROUP BY p.ancestor_id`);
    await q('CREATE UNIQUE INDEX ON tc (k)');
    await q('ANALYZE tc');
  });
  await batched('team_nodes', N + ADMINS, (lo, hi) =>
    q(
      `INSERT INTO team_nodes (user_id, parent_id, depth, direct_count, team_size, charged_direct, charged_team, charged_at, joined_at)
       SELECT u.id, tn.parent, coalesce(tn.depth, 0), coalesce(tc.direct_count, 0), coalesce(tc.team_size, 0),
         coalesce(tc.charged_direct, 0), coalesce(tc.charged_team, 0), ch.charged_at, u.created_at
       FROM users u LEFT JOIN tn ON tn.k = u.id LEFT JOIN tc ON tc.k = u.id LEFT JOIN ch ON ch.k = u.id
       WHERE u.id BETWEEN $1 AND $2`,
      [lo, hi],
    ),
  );
  await q('DROP TABLE ch, tc');
}

/** Prints the tree's shape: levels, the biggest teams, the chain. */
async function describeTeam(q: Query, plan: TeamPlan) {
  const shape = (
    await q(`SELECT count(*) FILTER (WHERE parent_id IS NULL) AS top_level, count(*) FILTER (WHERE parent_id IS NOT NULL) AS invited,
               count(*) FILTER (WHERE direct_count > 0) AS inviters, max(depth) AS max_depth,
               percentile_disc(0.5) WITHIN GROUP (ORDER BY depth) FILTER (WHERE parent_id IS NOT NULL) AS median_depth
             FROM team_nodes`)
  ).rows[0];
  log(`team: ${JSON.stringify(shape)}`);
  const levels = (
    await q(`SELECT depth + 1 AS level, count(*) AS n FROM team_nodes GROUP BY depth ORDER BY depth`)
  ).rows as Array<{ level: number; n: string }>;
  log(`team levels (L: users): ${levels.map((r) => `${r.level}: ${r.n}`).join(', ')}`);
  const top = (
    await q(`SELECT user_id, depth, direct_count, team_size, charged_direct, charged_team FROM team_nodes
             ORDER BY team_size DESC LIMIT 8`)
  ).rows;
  log(
    `biggest teams: ${top.map((r) => `#${r.user_id} (L${r.depth + 1}) ${r.team_size} members, ${r.direct_count} direct, charged ${r.charged_direct}/${r.charged_team}`).join('; ')}`,
  );
  const sizes = (
    await q(`SELECT count(*) FILTER (WHERE team_size >= 100000) AS t100k, count(*) FILTER (WHERE team_size >= 10000) AS t10k,
               count(*) FILTER (WHERE team_size >= 1000) AS t1k, count(*) FILTER (WHERE team_size >= 100) AS t100,
               count(*) FILTER (WHERE team_size >= 10) AS t10 FROM team_nodes`)
  ).rows[0];
  log(
    `teams of at least 100k / 10k / 1k / 100 / 10 members: ${sizes.t100k} / ${sizes.t10k} / ${sizes.t1k} / ${sizes.t100} / ${sizes.t10}`,
  );
  const deepest = plan.chainIds.at(-1);
  const chain = (
    await q(
      `SELECT n.depth, u.invite_code FROM team_nodes n JOIN users u ON u.id = n.user_id WHERE n.user_id = $1`,
      [deepest],
    )
  ).rows[0];
  log(
    `chain: top-level user #${plan.chainRoot}, deepest member #${deepest} at depth ${chain?.depth} (invite code ${chain?.invite_code})`,
  );
}

/** The tree must be what registrations and approvals would have made (team/team-tree.ts, migration 0012). */
async function checkTeam(database: Database, q: Query) {
  const problems = await teamTreeProblems(database.db);
  if (problems.length)
    throw new Error(`team tree inconsistent (${problems.length}): ${problems.slice(0, 10).join('; ')}`);
  const times = (
    await q(`SELECT
      (SELECT count(*) FROM team_nodes n JOIN users u ON u.id = n.user_id WHERE n.joined_at <> u.created_at) AS bad_joined_at,
      (SELECT count(*) FROM team_nodes n LEFT JOIN (SELECT user_id, min(reviewed_at) AS first FROM deposits
          WHERE status = 'approved' GROUP BY user_id) d ON d.user_id = n.user_id
        WHERE n.charged_at IS DISTINCT FROM d.first) AS bad_charged_at`)
  ).rows[0] as Record<string, string>;
  if (Number(times.bad_joined_at) || Number(times.bad_charged_at)) {
    throw new Error(`team tree times inconsistent: ${JSON.stringify(times)}`);
  }
}

function positiveInt(value: string, name: string): number {
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new Error(`${name} must be a positive integer, got ${value}`);
  }
  return n;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
