import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerTransactions } from './ledger.schema.ts';

/**
 * Data access of the ledger. No rules here: the service decides, this file only speaks SQL.
 * Raw results differ by engine (node-postgres gives int8 and numeric as strings, PGlite may give
 * numbers), so every raw query casts in SQL (::text for money and ids, ::int for counts) and the
 * values are parsed explicitly.
 */

export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An id that the database returned as text (or a number from the query builder). */
export function parseId(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`Unexpected id from the database: ${String(value)}`);
  return n;
}

/** A count that the database returned (cast ::int in SQL). */
export function parseCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`Unexpected count from the database: ${String(value)}`);
  return n;
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) for a parameter cast to an array type (`::text[]`,
 * `::bigint[]`, `::numeric[]`...). node-postgres would build the same text from a JS array, but with
 * two regular-expression replaces per element; a batch sends hundreds of thousands of elements.
 * Every element is quoted (so text is never read as NULL or split), backslashes and quotes escaped.
 */
export function arrayLiteral(values: ReadonlyArray<string | number | null>): string {
  let out = '{';
  for (let i = 0; i < values.length; i += 1) {
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`Not a number for an array literal: ${v}`);
      out += String(v);
    } else if (NEEDS_ESCAPE.test(v)) out += `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    else out += `"${v}"`;
  }
  return `${out}}`;
}

function text(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`Expected text from the database, got ${String(value)}`);
  return value;
}

// --- journal transactions ---------------------------------------------------------------------

export interface NewJournalTransaction {
  idempotencyKey: string;
  kind: string;
  fingerprint: string;
  memo: string | null;
  metadata: Record<string, unknown> | null;
}

/**
 * Inserts the journal row unless its idempotency key exists; returns the new id, or null when the
 * key was taken. A concurrent insert of the same key waits here until the other transaction ends.
 */
export async function insertJournalTransaction(
  exec: Executor,
  row: NewJournalTransaction,
): Promise<number | null> {
  const inserted = await exec
    .insert(ledgerTransactions)
    .values(row)
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  const first = inserted[0];
  return first ? parseId(first.id) : null;
}

/**
 * The batch form: inserts the rows whose keys are free and returns their ids by key. Keys already
 * taken are left out of the result (the caller compares their fingerprints).
 */
export async function insertJournalTransactions(
  exec: Executor,
  rows: readonly NewJournalTransaction[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  // Arrays, not a VALUES list: one statement of five parameters whatever the batch size.
  const inserted = await queryRows<{ id: unknown; key: unknown }>(
    exec,
    sql`INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint, memo, metadata)
        SELECT * FROM unnest(${arrayLiteral(rows.map((r) => r.idempotencyKey))}::text[],
          ${arrayLiteral(rows.map((r) => r.kind))}::text[], ${arrayLiteral(rows.map((r) => r.fingerprint))}::text[],
          ${arrayLiteral(rows.map((r) => r.memo))}::text[],
          ${arrayLiteral(rows.map((r) => (r.metadata === null ? null : JSON.stringify(r.metadata))))}::jsonb[])
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id::text AS id, idempotency_key AS key`,
  );
  return new Map(inserted.map((r) => [text(r.key), parseId(r.id)]));
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
      text(r.idempotency_key),
      { id: parseId(r.id), kind: text(r.kind), fingerprint: text(r.fingerprint) },
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
  return row ? { id: parseId(row.id), kind: text(row.kind), fingerprint: text(row.fingerprint) } : null;
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
    bucket: text(row.bucket),
    currency: text(row.currency),
    isSystem: row.is_system === true,
  };
}

/**
 * The lookups of `findAndLockAccounts`: the keys as arrays joined to the table
 * (a row-value IN list is slow beyond a few hundred keys, and PGlite returns nothing for one of
 * more than about 270). User accounts are locked in ascending id order when `lock` is set.
 */
function accountLookups(
  userKeys: readonly UserAccountKey[],
  systemKeys: readonly SystemAccountKey[],
  lock: boolean,
): SQL[] {
  const parts: SQL[] = [];
  if (userKeys.length > 0) {
    const users = sql`SELECT a.id, a.user_id, a.bucket, a.currency, a.is_system, a.balance
        FROM unnest(${arrayLiteral(userKeys.map((k) => k.userId))}::bigint[],
          ${arrayLiteral(userKeys.map((k) => k.bucket))}::text[],
          ${arrayLiteral(userKeys.map((k) => k.currency))}::text[]) AS k(user_id, bucket, currency)
        JOIN ledger_accounts a ON a.user_id = k.user_id AND a.bucket = k.bucket AND a.currency = k.currency
        WHERE a.user_id IS NOT NULL`;
    parts.push(lock ? sql`(SELECT * FROM (${users} ORDER BY a.id FOR UPDATE OF a) locked)` : sql`(${users})`);
  }
  if (systemKeys.length > 0) {
    parts.push(sql`(SELECT a.id, a.user_id, a.bucket, a.currency, a.is_system, NULL::numeric AS balance
        FROM unnest(${arrayLiteral(systemKeys.map((k) => k.bucket))}::text[],
          ${arrayLiteral(systemKeys.map((k) => k.currency))}::text[]) AS k(bucket, currency)
        JOIN ledger_accounts a ON a.bucket = k.bucket AND a.currency = k.currency
        WHERE a.user_id IS NULL)`);
  }
  return parts;
}

export interface LockedAccountRow extends AccountRow {
  /** The user account's balance under its lock; null for a system account (never locked). */
  balance: string | null;
}

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
  const parts = accountLookups(userKeys, systemKeys, true);
  if (parts.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT id::text AS id, user_id::text AS user_id, bucket, currency, is_system, balance::text AS balance
        FROM (${sql.join(parts, sql` UNION ALL `)}) accounts`,
  );
  return rows.map((r) => ({ ...toAccountRow(r), balance: r.balance === null ? null : text(r.balance) }));
}

/**
 * One statement for the balances and the entries of a single journal transaction: adds each delta
 * to its (already locked) user account and inserts the entries, whose balances after the caller
 * computed from the locked balances. Returns how many user rows it updated. A VALUES list: a
 * handful of rows, planned as what they are.
 */
export async function applyPosting(
  exec: Executor,
  deltas: ReadonlyArray<{ id: number; amount: string }>,
  entries: readonly NewEntry[],
): Promise<number> {
  const entryValues = sql.join(
    entries.map(
      (e) =>
        sql`(${e.transactionId}::bigint, ${e.accountId}::bigint, ${e.currency}::text, ${e.amount}::numeric, ${e.balanceAfter}::numeric)`,
    ),
    sql`, `,
  );
  if (deltas.length === 0) {
    await exec.execute(
      sql`INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after) VALUES ${entryValues}`,
    );
    return 0;
  }
  const deltaValues = sql.join(
    deltas.map((d) => sql`(${d.id}::bigint, ${d.amount}::numeric)`),
    sql`, `,
  );
  const [row] = await queryRows<{ updated: unknown }>(
    exec,
    sql`WITH updated AS (
          UPDATE ledger_accounts AS a SET balance = a.balance + v.amount, updated_at = now()
          FROM (VALUES ${deltaValues}) AS v(id, amount)
          WHERE a.id = v.id AND NOT a.is_system
          RETURNING a.id),
        entries AS (
          INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after)
          VALUES ${entryValues} RETURNING 1)
        SELECT (SELECT count(*) FROM updated)::int AS updated, (SELECT count(*) FROM entries)::int AS inserted`,
  );
  return parseCount(row?.updated);
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

/**
 * The batch form of `applyPosting`, for any number of accounts and entries: arrays instead of a
 * VALUES list (seven parameters whatever the size, no query building per row). The `NOT is_system`
 * guard keeps system rows out even if a caller got it wrong; the CHECK constraint refuses a
 * negative balance as the last line of defence. Returns how many user rows it updated.
 */
export async function applyPostings(
  exec: Executor,
  deltas: ReadonlyArray<{ id: number; amount: string }>,
  entries: readonly NewEntry[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const [row] = await queryRows<{ updated: unknown }>(
    exec,
    sql`WITH updated AS (
          UPDATE ledger_accounts AS a SET balance = a.balance + v.amount, updated_at = now()
          FROM unnest(${arrayLiteral(deltas.map((d) => d.id))}::bigint[],
            ${arrayLiteral(deltas.map((d) => d.amount))}::numeric[]) AS v(id, amount)
          WHERE a.id = v.id AND NOT a.is_system
          RETURNING 1),
        entries AS (
          INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, balance_after)
          SELECT * FROM unnest(${arrayLiteral(entries.map((e) => e.transactionId))}::bigint[],
            ${arrayLiteral(entries.map((e) => e.accountId))}::bigint[], ${arrayLiteral(entries.map((e) => e.currency))}::text[],
            ${arrayLiteral(entries.map((e) => e.amount))}::numeric[], ${arrayLiteral(entries.map((e) => e.balanceAfter))}::numeric[]))
        SELECT count(*)::int AS updated FROM updated`,
  );
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
    currency: text(r.currency),
    balance: text(r.balance),
    frozen_balance: text(r.frozen_balance),
    salary_balance: text(r.salary_balance),
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
  return text(rows[0]?.total);
}
