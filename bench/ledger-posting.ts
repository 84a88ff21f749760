/**
 * Ledger posting throughput against a hand-written baseline doing the same row work, measured in
 * one run on each engine: `npm run bench:ledger` (PostgreSQL from BENCH_DATABASE_URL, default the
 * local server's `test` database, in a throw-away database). Prints a table; not a timed test.
 *
 * Workload: a user-to-user transfer of 1 USDT with a 0.01 fee to the fees system account.
 * Baseline: the same locks, balance updates and journal inserts as plain SQL, without the ledger's
 * validation, idempotency check, account resolution and savepoint.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';

import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { postTransaction, postTransactionsBatch } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { verifyLedger } from '../apps/server/src/modules/reconciliation/ledger-check.ts';
import { users } from '../apps/server/src/modules/users/users.schema.ts';
import { withScratchPostgres } from './scratch-database.ts';

const USERS = 100;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function setup(database: Database) {
  const rows = Array.from({ length: USERS }, (_, i) => ({
    email: `bench${i}@bench.local`,
    passwordHash: 'x',
    inviteCode: `B${i.toString().padStart(8, '0')}`,
  }));
  const ids = (await database.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id);
  for (const id of ids) {
    await database.db.transaction((tx) =>
      postTransaction(tx, {
        idempotencyKey: `bench:fund:${id}`,
        kind: 'deposit',
        postings: [
          { account: { userId: id, bucket: 'available' }, currency: 'USDT', amount: '1000000' },
          { account: { system: 'external_deposits' }, currency: 'USDT', amount: '-1000000' },
        ],
      }),
    );
  }
  // Make sure the fees account exists so neither side pays for creating it.
  await database.db.transaction((tx) =>
    postTransaction(tx, {
      idempotencyKey: 'bench:fee-account',
      kind: 'fee',
      postings: [
        { account: { userId: ids[0]!, bucket: 'available' }, currency: 'USDT', amount: '-0.01' },
        { account: { system: 'fees' }, currency: 'USDT', amount: '0.01' },
      ],
    }),
  );
  return ids;
}

const pick = (ids: number[]) => {
  const a = ids[Math.floor(Math.random() * ids.length)]!;
  let b = a;
  while (b === a) b = ids[Math.floor(Math.random() * ids.length)]!;
  return [a, b] as const;
};

async function ledgerTransfer(database: Database, ids: number[], n: number) {
  const [from, to] = pick(ids);
  await database.db.transaction((tx) =>
    postTransaction(tx, {
      idempotencyKey: `bench:ledger:${n}:${randomBytes(4).toString('hex')}`,
      kind: 'transfer',
      postings: [
        { account: { userId: from, bucket: 'available' }, currency: 'USDT', amount: '-1.01' },
        { account: { userId: to, bucket: 'available' }, currency: 'USDT', amount: '1' },
        { account: { system: 'fees' }, currency: 'USDT', amount: '0.01' },
      ],
    }),
  );
}

/**
 * Settlement-shaped postings (a payout from house P&L to a user, as a flash win) in batches of
 * `size` through `postTransactionsBatch`, one database transaction per batch; returns transactions/s.
 */
async function batchPayouts(database: Database, ids: number[], batches: number, size: number, tag: string) {
  const started = process.hrtime.bigint();
  for (let b = 0; b < batches; b++) {
    const requests = Array.from({ length: size }, (_, i) => ({
      idempotencyKey: `bench:batch:${tag}:${b}:${i}`,
      kind: 'settlement',
      postings: [
        {
          account: { userId: ids[(b * size + i) % ids.length]!, bucket: 'available' as const },
          currency: 'USDT',
          amount: '1.8',
        },
        { account: { system: 'house_pnl' as const }, currency: 'USDT', amount: '-1.8' },
      ],
    }));
    await database.db.transaction((tx) => postTransactionsBatch(tx, requests));
  }
  return (batches * size) / (Number(process.hrtime.bigint() - started) / 1e9);
}

type Rows<T> = { rows: T[] };

/**
 * `hotHouseRow` also locks and updates the fees account row, as a naive design that keeps system
 * balances in place would: every transfer then queues on that one row (ARCHITECTURE.md,
 * "The ledger (money)").
 */
async function baselineTransfer(database: Database, ids: number[], n: number, hotHouseRow = false) {
  const [from, to] = pick(ids);
  await database.db.transaction(async (tx) => {
    const accounts = (await tx.execute(sql`
      SELECT id, user_id FROM ledger_accounts
      WHERE user_id IN (${from}, ${to}) AND bucket = 'available' AND currency = 'USDT'
      ORDER BY id FOR UPDATE`)) as unknown as Rows<{ id: number | string; user_id: number | string }>;
    const feeRow = (await tx.execute(sql`
      SELECT id FROM ledger_accounts WHERE user_id IS NULL AND bucket = 'fees' AND currency = 'USDT'`)) as unknown as Rows<{
      id: number | string;
    }>;
    const idOf = (user: number) => Number(accounts.rows.find((r) => Number(r.user_id) === user)!.id);
    const fromAcc = idOf(from);
    const toAcc = idOf(to);
    const feeAcc = Number(feeRow.rows[0]!.id);
    await tx.execute(sql`UPDATE ledger_accounts SET balance = balance - 1.01 WHERE id = ${fromAcc}`);
    await tx.execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ${toAcc}`);
    if (hotHouseRow) {
      // The CHECK keeps system rows at zero, so touch the row without changing its balance.
      await tx.execute(sql`UPDATE ledger_accounts SET updated_at = now() WHERE id = ${feeAcc}`);
    }
    const inserted = (await tx.execute(sql`
      INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint)
      VALUES (${`bench:base:${n}:${randomBytes(4).toString('hex')}`}, 'transfer', 'x') RETURNING id`)) as unknown as {
      rows: Array<{ id: number | string }>;
    };
    const txId = Number(inserted.rows[0]!.id);
    await tx.execute(sql`
      INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after) VALUES
        (${txId}, ${fromAcc}, 'USDT', -1.01, (SELECT balance FROM ledger_accounts WHERE id = ${fromAcc})),
        (${txId}, ${toAcc}, 'USDT', 1, (SELECT balance FROM ledger_accounts WHERE id = ${toAcc})),
        (${txId}, ${feeAcc}, 'USDT', 0.01, NULL)`);
  });
}

async function measure(fn: (n: number) => Promise<void>, ops: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ops) await fn(next++);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return ops / seconds;
}

async function runEngine(name: string, database: Database, ops: number, concurrency: number) {
  const ids = await setup(database);
  await measure((n) => baselineTransfer(database, ids, n), 50, concurrency); // warm-up
  await measure((n) => ledgerTransfer(database, ids, n + 1e6), 50, concurrency);
  const baseline = await measure((n) => baselineTransfer(database, ids, n + 2e6), ops, concurrency);
  const hot = await measure((n) => baselineTransfer(database, ids, n + 4e6, true), ops, concurrency);
  const ledger = await measure((n) => ledgerTransfer(database, ids, n + 3e6), ops, concurrency);
  // What the back office's running totals cost every balance update (migration 0031's statement
  // trigger). The throw-away database's counters are wrong afterwards; nothing reads them.
  await database.db.execute(
    sql`ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_stat_counters_update`,
  );
  const untriggered = await measure((n) => ledgerTransfer(database, ids, n + 5e6), ops, concurrency);
  await database.db.execute(
    sql`ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_stat_counters_update`,
  );
  const batched = await batchPayouts(database, ids, 20, 1000, name.replace(/\W/g, ''));
  const verified = await verifyLedger(database.db);
  // The baseline's fingerprints are fake, but its entries balance: the verifier must still pass.
  return { name, ops, concurrency, baseline, hot, ledger, untriggered, batched, ok: verified.ok };
}

async function main() {
  const results = [];
  const pglite = await openPglite();
  results.push(await runEngine('PGlite (memory)', pglite, 1000, 1));
  await pglite.close();

  results.push(
    await withScratchPostgres(
      serverUrl,
      'bench_ledger',
      (postgres) => runEngine('PostgreSQL', postgres, 3000, 8),
      16,
    ),
  );

  console.log('\nLedger posting: transfer with fee (tx/s, higher is better)\n');
  console.log(
    '| engine | ops | concurrency | baseline SQL | baseline + hot house row | ledger.postTransaction | ledger, counter trigger off | ledger / baseline | hot row / baseline | ledger / trigger off | verifier |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.ops} | ${r.concurrency} | ${r.baseline.toFixed(0)} | ${r.hot.toFixed(0)} | ${r.ledger.toFixed(0)} | ${r.untriggered.toFixed(0)} | ${(r.ledger / r.baseline).toFixed(2)} | ${(r.hot / r.baseline).toFixed(2)} | ${(r.ledger / r.untriggered).toFixed(2)} | ${r.ok ? 'ok' : 'FAILED'} |`,
    );
  }
  console.log(
    '\nBatch posting: 20 batches of 1000 payouts (house P&L to a user), one database transaction each\n',
  );
  console.log('| engine | batched tx/s | single-posting ledger tx/s (above) | batched / single |');
  console.log('| --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.batched.toFixed(0)} | ${r.ledger.toFixed(0)} | ${(r.batched / r.ledger).toFixed(1)} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
