import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared, runPrepared } from '../../db/prepared.ts';
import { arrayLiteral, parseCount, parseId, queryRows, rowText, rowTextOrNull } from '../../db/rows.ts';

/**
 * Data access of the ledger. No rules here: the service decides, this file only speaks SQL.
 * Raw queries cast in SQL and parse explicitly (db/rows.ts).
 */

// --- journal transactions ---------------------------------------------------------------------

export interface NewJournalTransaction {
  idempotencyKey: string;
  kind: string;
  fingerprint: string;
  memo: string | null;
  metadata: Record<string, unknown> | null;
}

// Arrays, not a VALUES list: one statement of five parameters whatever the batch size.
const insertJournalStatement = prepared(
  'ledger_insert_journal',
  () => sql`INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint, memo, metadata)
    SELECT * FROM unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('kinds')}::text[],
      ${sql.placeholder('fingerprints')}::text[], ${sql.placeholder('memos')}::text[],
      ${sql.placeholder('metadata')}::jsonb[])
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id::text AS id, idempotency_key AS key`,
);

/**
 * Inserts the journal rows whose idempotency keys are free and returns their ids by key. Keys
 * already taken are left out of the result (the caller compares their fingerprints); a concurrent
 * insert of the same key waits here until the other transaction ends.
 */
export async function insertJournalTransactions(
  exec: Executor,
  rows: readonly NewJournalTransaction[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await runPrepared<{ id: unknown; key: unknown }>(exec, insertJournalStatement, {
    keys: arrayLiteral(rows.map((r) => r.idempotencyKey)),
    kinds: arrayLiteral(rows.map((r) => r.kind)),
    fingerprints: arrayLiteral(rows.map((r) => r.fingerprint)),
    memos: arrayLiteral(rows.map((r) => r.memo)),
    metadata: arrayLiteral(rows.map((r) => (r.metadata === null ? null : JSON.stringify(r.metadata)))),
  });
  return new Map(inserted.map((r) => [rowText(r.key), parseId(r.id)]));
}

export async function findJournalTransactionsByKeys(
  exec: Executor,
  keys: readonly string[],
): Promise<Map<string, StoredJournalTransaction>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT id::text AS id, idempotency_key, kind, fingerprint FROM ledger_transactions
        WHERE idempotency_key = ANY(${sql.param([...keys])}::text[])`,
  );
  return new Map(
    rows.map((r) => [
      rowText(r.idempotency_key),
      { id: parseId(r.id), kind: rowText(r.kind), fingerprint: rowText(r.fingerprint) },
    ]),
  );
}

export interface StoredJournalTransaction {
  id: number;
  kind: string;
  fingerprint: string;
}

export async function findJournalTransactionByKey(
  exec: Executor,
  idempotencyKey: string,
): Promise<StoredJournalTransaction | null> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT id::text AS id, kind, fingerprint FROM ledger_transactions WHERE idempotency_key = ${idempotencyKey}`,
  );
  const row = rows[0];
  return row ? { id: parseId(row.id), kind: rowText(row.kind), fingerprint: rowText(row.fingerprint) } : null;
}

// --- accounts ---------------------------------------------------------------------------------

export interface UserAccountKey {
  userId: number;
  bucket: string;
  currency: string;
}

export interface SystemAccountKey {
  bucket: string;
  currency: string;
}

export interface AccountRow {
  id: number;
  userId: number | null;
  bucket: string;
  currency: string;
  isSystem: boolean;
}

function toAccountRow(row: Record<string, unknown>): AccountRow {
  return {
    id: parseId(row.id),
    userId: row.user_id === null ? null : parseId(row.user_id),
    bucket: rowText(row.bucket),
    currency: rowText(row.currency),
    isSystem: row.is_system === true,
  };
}

export interface LockedAccountRow extends AccountRow {
  /** The user account's balance under its lock; null for a system account (never locked). */
  balance: string | null;
}

/**
 * The keys as arrays joined to the table (a row-value IN list is slow beyond a few hundred keys, and
 * PGlite returns nothing for one of more than about 270). User accounts are locked in ascending id
 * order; an empty array of either kind simply finds none, so one text serves every call.
 */
const lockAccountsStatement = prepared(
  'ledger_lock_accounts',
  () => sql`SELECT id::text AS id, user_id::text AS user_id, bucket, currency, is_system, balance::text AS balance
    FROM (
      (SELECT * FROM (
        SELECT a.id, a.user_id, a.bucket, a.currency, a.is_system, a.balance
        FROM unnest(${sql.placeholder('userIds')}::bigint[], ${sql.placeholder('userBuckets')}::text[],
          ${sql.placeholder('userCurrencies')}::text[]) AS k(user_id, bucket, currency)
        JOIN ledger_accounts a ON a.user_id = k.user_id AND a.bucket = k.bucket AND a.currency = k.currency
        WHERE a.user_id IS NOT NULL
        ORDER BY a.id FOR UPDATE OF a) locked)
      UNION ALL
      (SELECT a.id, a.user_id, a.bucket, a.currency, a.is_system, NULL::numeric AS balance
        FROM unnest(${sql.placeholder('systemBuckets')}::text[], ${sql.placeholder('systemCurrencies')}::text[]) AS k(bucket, currency)
        JOIN ledger_accounts a ON a.bucket = k.bucket AND a.currency = k.currency
        WHERE a.user_id IS NULL)
    ) accounts`,
);

/**
 * One statement for finding the accounts and locking the users' ones: the user accounts among
 * `userKeys` locked in ascending id order (the order that rules out deadlocks between postings) with
 * their balances, and the system accounts among `systemKeys`, which are never locked. Accounts that
 * do not exist are simply missing from the result.
 */
export async function findAndLockAccounts(
  exec: Executor,
  userKeys: readonly UserAccountKey[],
  systemKeys: readonly SystemAccountKey[],
): Promise<LockedAccountRow[]> {
  if (userKeys.length === 0 && systemKeys.length === 0) return [];
  const rows = await runPrepared<Record<string, unknown>>(exec, lockAccountsStatement, {
    userIds: arrayLiteral(userKeys.map((k) => k.userId)),
    userBuckets: arrayLiteral(userKeys.map((k) => k.bucket)),
    userCurrencies: arrayLiteral(userKeys.map((k) => k.currency)),
    systemBuckets: arrayLiteral(systemKeys.map((k) => k.bucket)),
    systemCurrencies: arrayLiteral(systemKeys.map((k) => k.currency)),
  });
  return rows.map((r) => ({ ...toAccountRow(r), balance: rowTextOrNull(r.balance) }));
}

/**
 * Creates the user accounts that do not exist yet. The caller passes them in a fixed order so
 * that two transactions creating overlapping sets wait for each other instead of deadlocking.
 */
export async function insertUserAccounts(exec: Executor, keys: readonly UserAccountKey[]): Promise<void> {
  if (keys.length === 0) return;
  const values = sql.join(
    keys.map((k) => sql`(${k.userId}::bigint, ${k.bucket}::text, ${k.currency}::text, false)`),
    sql`, `,
  );
  await exec.execute(
    sql`INSERT INTO ledger_accounts (user_id, bucket, currency, is_system) VALUES ${values}
        ON CONFLICT (user_id, bucket, currency) WHERE user_id IS NOT NULL DO NOTHING`,
  );
}

/** Creates the system accounts that do not exist yet (fixed order, as above). */
export async function insertSystemAccounts(exec: Executor, keys: readonly SystemAccountKey[]): Promise<void> {
  if (keys.length === 0) return;
  const values = sql.join(
    keys.map((k) => sql`(NULL::bigint, ${k.bucket}::text, ${k.currency}::text, true)`),
    sql`, `,
  );
  await exec.execute(
    sql`INSERT INTO ledger_accounts (user_id, bucket, currency, is_system) VALUES ${values}
        ON CONFLICT (bucket, currency) WHERE user_id IS NULL DO NOTHING`,
  );
}

// --- entries ----------------------------------------------------------------------------------

export interface NewEntry {
  transactionId: number;
  accountId: number;
  currency: string;
  amount: string;
  balanceAfter: string | null;
}

const applyPostingsStatement = prepared(
  'ledger_apply_postings',
  () => sql`WITH updated AS (
      UPDATE ledger_accounts AS a SET balance = a.balance + v.amount, updated_at = now()
      FROM unnest(${sql.placeholder('deltaIds')}::bigint[], ${sql.placeholder('deltaAmounts')}::numeric[]) AS v(id, amount)
      WHERE a.id = v.id AND NOT a.is_system
      RETURNING 1),
    entries AS (
      INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after)
      SELECT * FROM unnest(${sql.placeholder('transactionIds')}::bigint[], ${sql.placeholder('accountIds')}::bigint[],
        ${sql.placeholder('currencies')}::text[], ${sql.placeholder('amounts')}::numeric[],
        ${sql.placeholder('balancesAfter')}::numeric[]))
    SELECT count(*)::int AS updated FROM updated`,
);

/**
 * The balances and the entries of any number of journal transactions in one statement: adds each
 * delta to its (already locked) user account and inserts the entries, whose balances after the
 * caller computed from the locked balances. Arrays instead of a VALUES list (seven parameters
 * whatever the size: one prepared text). The `NOT is_system`
 * guard keeps system rows out even if a caller got it wrong; the CHECK constraint refuses a
 * negative balance as the last line of defence. Returns how many user rows it updated.
 */
export async function applyPostings(
  exec: Executor,
  deltas: ReadonlyArray<{ id: number; amount: string }>,
  entries: readonly NewEntry[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const [row] = await runPrepared<{ updated: unknown }>(exec, applyPostingsStatement, {
    deltaIds: arrayLiteral(deltas.map((d) => d.id)),
    deltaAmounts: arrayLiteral(deltas.map((d) => d.amount)),
    transactionIds: arrayLiteral(entries.map((e) => e.transactionId)),
    accountIds: arrayLiteral(entries.map((e) => e.accountId)),
    currencies: arrayLiteral(entries.map((e) => e.currency)),
    amounts: arrayLiteral(entries.map((e) => e.amount)),
    balancesAfter: arrayLiteral(entries.map((e) => e.balanceAfter)),
  });
  return parseCount(row?.updated);
}

// --- reads ------------------------------------------------------------------------------------

export interface WalletRow {
  currency: string;
  balance: string;
  frozen_balance: string;
  salary_balance: string;
}

/** One row per currency the user holds an account in: USDT first, then alphabetical. */
export async function selectUserWallets(exec: Executor, userId: number): Promise<WalletRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT currency,
          COALESCE(SUM(balance) FILTER (WHERE bucket = 'available'), 0)::numeric(38, 18)::text AS balance,
          COALESCE(SUM(balance) FILTER (WHERE bucket = 'frozen'), 0)::numeric(38, 18)::text AS frozen_balance,
          COALESCE(SUM(balance) FILTER (WHERE bucket = 'salary'), 0)::numeric(38, 18)::text AS salary_balance
        FROM ledger_accounts
        WHERE user_id = ${userId}::bigint
        GROUP BY currency
        ORDER BY (currency <> 'USDT'), currency`,
  );
  return rows.map((r) => ({
    currency: rowText(r.currency),
    balance: rowText(r.balance),
    frozen_balance: rowText(r.frozen_balance),
    salary_balance: rowText(r.salary_balance),
  }));
}

/** A system account's balance: the sum of its entries (its row balance is always 0). */
export async function sumSystemAccountEntries(
  exec: Executor,
  bucket: string,
  currency: string,
): Promise<string> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT COALESCE(SUM(e.amount), 0)::numeric(38, 18)::text AS total
        FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.user_id IS NULL AND a.bucket = ${bucket} AND a.currency = ${currency}`,
  );
  return rowText(rows[0]?.total);
}
