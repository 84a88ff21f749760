import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openPglite, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema.ts';
import { type PostTransactionRequest, postTransaction } from './ledger.service.ts';
import { createTestUsers } from './ledger.test-helpers.ts';
import { checkLedger, type LedgerVerification, verifyLedger } from './verify.ts';

let database: TestDatabase;
let db: Db;
let alice: number;
let bob: number;

const deposit = (userId: number, amount: string, key: string): PostTransactionRequest => ({
  idempotencyKey: key,
  kind: 'deposit',
  postings: [
    { account: { userId, bucket: 'available' }, currency: 'USDT', amount },
    { account: { system: 'external_deposits' }, currency: 'USDT', amount: `-${amount}` },
  ],
});

async function seed(target: Db): Promise<number[]> {
  const ids = await createTestUsers(target, 2);
  const [a, b] = ids;
  if (!a || !b) throw new Error('users');
  await target.transaction(async (tx) => {
    await postTransaction(tx, deposit(a, '100', `verify:deposit:${a}`));
    await postTransaction(tx, deposit(b, '0.000000000000000001', `verify:deposit:${b}`));
    await postTransaction(tx, {
      idempotencyKey: `verify:transfer:${a}`,
      kind: 'transfer',
      postings: [
        { account: { userId: a, bucket: 'available' }, currency: 'USDT', amount: '-30' },
        { account: { userId: b, bucket: 'salary' }, currency: 'USDT', amount: '29' },
        { account: { system: 'adjustments' }, currency: 'USDT', amount: '1' },
      ],
    });
  });
  return ids;
}

async function accountId(userId: number, bucket: string): Promise<number> {
  const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  const match = rows.find((r) => r.bucket === bucket);
  if (!match) throw new Error(`no ${bucket} account for user ${userId}`);
  return match.id;
}

/** Runs `breakIt` and the checks in one transaction that is then rolled back. */
async function checkBroken(breakIt: (tx: Tx) => Promise<void>): Promise<LedgerVerification> {
  let result: LedgerVerification | undefined;
  await expect(
    db.transaction(async (tx) => {
      await breakIt(tx);
      // The journal's own checks: the reconciliation with the business tables is tested in reconcile.test.ts.
      result = await checkLedger(tx);
      tx.rollback();
    }),
  ).rejects.toThrow(/rollback/i);
  if (!result) throw new Error('no result');
  return result;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  [alice = 0, bob = 0] = await seed(db);
});

afterAll(async () => {
  await database?.close();
});

describe('verifyLedger', () => {
  it('reports ok on a clean ledger and counts what it checked', async () => {
    const result = await verifyLedger(db);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    const [counts] = await queryRows<{ a: string; t: string; e: string }>(
      db,
      sql`SELECT (SELECT count(*) FROM ledger_accounts)::text AS a, (SELECT count(*) FROM ledger_transactions)::text AS t,
                 (SELECT count(*) FROM ledger_entries)::text AS e`,
    );
    expect(result.checked).toEqual({
      accounts: Number(counts?.a),
      transactions: Number(counts?.t),
      entries: Number(counts?.e),
    });
    expect(result.checked.transactions).toBe(3);
    expect(result.checked.entries).toBe(7);
  });

  it('names the account whose balance no longer matches its entries, and is ok again once restored', async () => {
    const id = await accountId(alice, 'available');
    await db.execute(sql`UPDATE ledger_accounts SET balance = balance + 0.5 WHERE id = ${id}`);
    try {
      const result = await verifyLedger(db);
      expect(result.ok).toBe(false);
      expect(result.problems).toEqual([
        `account #${id} (user ${alice} available USDT): balance 70.500000000000000000 but its entries sum to 70.000000000000000000`,
      ]);
    } finally {
      await db.execute(sql`UPDATE ledger_accounts SET balance = balance - 0.5 WHERE id = ${id}`);
    }
    expect(await verifyLedger(db)).toMatchObject({ ok: true, problems: [] });
  });

  it('reports a journal transaction that does not balance or has a single entry', async () => {
    const result = await checkBroken(async (tx) => {
      const [t] = await tx
        .insert(ledgerTransactions)
        .values({ idempotencyKey: 'broken:one-sided', kind: 'broken', fingerprint: 'x' })
        .returning({ id: ledgerTransactions.id });
      const [fees] = await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(sql`is_system AND bucket = 'adjustments' AND currency = 'USDT'`);
      if (!t || !fees) throw new Error('setup');
      await tx
        .insert(ledgerEntries)
        .values({ transactionId: t.id, accountId: fees.id, currency: 'USDT', amount: '5' });
    });
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(3);
    expect(result.problems[0]).toBe('currency USDT: entries sum to 5.000000000000000000, expected 0');
    expect(result.problems[1]).toMatch(
      /^transaction #\d+ \(broken, key broken:one-sided\) USDT: entries sum to 5\.000000000000000000, expected 0$/,
    );
    expect(result.problems[2]).toMatch(
      /^transaction #\d+ \(broken, key broken:one-sided\) has 1 entries, expected at least 2$/,
    );
    expect(await verifyLedger(db)).toMatchObject({ ok: true });
  });

  it('reports an entry in another currency than its account, and a wrong balance_after', async () => {
    const bobSalary = await accountId(bob, 'salary');
    const result = await checkBroken(async (tx) => {
      const [t] = await tx
        .insert(ledgerTransactions)
        .values({ idempotencyKey: 'broken:currency', kind: 'broken', fingerprint: 'x' })
        .returning({ id: ledgerTransactions.id });
      if (!t) throw new Error('setup');
      await tx.insert(ledgerEntries).values([
        { transactionId: t.id, accountId: bobSalary, currency: 'BTC', amount: '1', balanceAfter: '29' },
        { transactionId: t.id, accountId: bobSalary, currency: 'BTC', amount: '-1', balanceAfter: '29' },
      ]);
    });
    expect(result.ok).toBe(false);
    const mismatch = result.problems.filter((p) =>
      p.includes(`account #${bobSalary} (user ${bob} salary USDT) is in USDT`),
    );
    expect(mismatch).toHaveLength(2);
    expect(mismatch[0]).toMatch(/^entry #\d+ of transaction #\d+ is in BTC but account/);
    // The first of the two entries claims 29 while the running sum is 30.
    expect(result.problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^entry #\\d+ of account #${bobSalary} \\(user ${bob} salary USDT\\): balance_after 29\\.0{18} but the running sum is 30\\.0{18}$`,
        ),
      ),
    );
  });

  it('reports an entry whose journal transaction or account does not exist (written with the triggers off)', async () => {
    const aliceAvailable = await accountId(alice, 'available');
    const result = await checkBroken(async (tx) => {
      const [last] = await queryRows<{ t: string; a: string }>(
        tx,
        sql`SELECT (SELECT max(id) FROM ledger_transactions)::text AS t, (SELECT max(id) FROM ledger_accounts)::text AS a`,
      );
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.insert(ledgerEntries).values([
        { transactionId: Number(last?.t) + 1000, accountId: aliceAvailable, currency: 'USDT', amount: '1' },
        { transactionId: Number(last?.t), accountId: Number(last?.a) + 1000, currency: 'USDT', amount: '-1' },
      ]);
    });
    expect(result.ok).toBe(false);
    const missing = result.problems.filter((p) => p.endsWith(', which does not exist'));
    expect(missing).toHaveLength(2);
    expect(missing[0]).toMatch(/^entry #\d+ names transaction #\d+, which does not exist$/);
    expect(missing[1]).toMatch(/^entry #\d+ names account #\d+, which does not exist$/);
    expect(await verifyLedger(db)).toMatchObject({ ok: true });
  });

  it('reports negative user balances and system rows that changed', async () => {
    const result = await checkBroken(async (tx) => {
      await tx.execute(
        sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_user_balance_non_negative`,
      );
      await tx.execute(
        sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_system_row_not_updated`,
      );
      await tx.execute(sql`INSERT INTO ledger_accounts (user_id, bucket, currency, is_system, balance)
                           VALUES (${bob}, 'frozen', 'USDT', false, -1)
                           ON CONFLICT (user_id, bucket, currency) WHERE user_id IS NOT NULL DO NOTHING`);
      await tx.execute(
        sql`UPDATE ledger_accounts SET balance = 3 WHERE is_system AND bucket = 'adjustments'`,
      );
    });
    expect(result.problems).toContainEqual(
      expect.stringMatching(
        new RegExp(`^account #\\d+ \\(user ${bob} frozen USDT\\): balance -1\\.0{18} is negative$`),
      ),
    );
    expect(result.problems).toContainEqual(
      expect.stringMatching(
        /^account #\d+ \(system adjustments USDT\): row balance 3\.0{18} but system balances are derived/,
      ),
    );
    expect(await verifyLedger(db)).toMatchObject({ ok: true });
  });
});

describe('npm run ledger:verify', () => {
  const cli = path.resolve(import.meta.dirname, '../reconciliation/verify-cli.ts');
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-verify-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function runCli(): Promise<{ code: number; out: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test' };
    delete env.DATABASE_URL;
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', cli],
        { env, cwd: process.cwd() },
        (err, stdout, stderr) => {
          const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
          resolve({ code, out: `${stdout}${stderr}` });
        },
      );
    });
  }

  async function withEmbedded<T>(fn: (d: Database) => Promise<T>): Promise<T> {
    const embedded = await openPglite(dir);
    try {
      return await fn(embedded);
    } finally {
      await embedded.close();
    }
  }

  it('exits 0 on a clean ledger, 1 with the problems on a broken one, 2 while the database is locked', async () => {
    const [user] = await withEmbedded((d) => seed(d.db));

    const clean = await runCli();
    expect(clean.out).toMatch(/3 transactions, 7 entries/);
    expect(clean.out).toMatch(/OK/);
    expect(clean.code).toBe(0);

    await withEmbedded((d) =>
      d.db.execute(
        sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${user} AND bucket = 'available'`,
      ),
    );
    const broken = await runCli();
    expect(broken.out).toMatch(
      new RegExp(
        `account #\\d+ \\(user ${user} available USDT\\): balance 71\\.0{18} but its entries sum to 70\\.0{18}`,
      ),
    );
    expect(broken.code).toBe(1);

    const locked = await withEmbedded(() => runCli());
    expect(locked.out).toMatch(/in use by process/);
    expect(locked.out).toMatch(/stop it first/);
    expect(locked.code).toBe(2);
    // Three CLI processes and three openings of the data directory: about 30 s alone, twice that
    // beside the rest of the suite on a 2-core machine.
  }, 180_000);
});
