import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { countCapped } from '../../core/paging.ts';
import type { Executor } from '../../db/client.ts';
import { userDirectory } from '../users/users.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.schema.ts';

/**
 * Reads of the ledger journal for the admin journal page. Only SQL here; journal.service.ts
 * decides. Every query walks an index: ledger_transactions_created_at_idx for the newest-first
 * order and the date range, ledger_entries_account_idx (through the user's accounts) for a user,
 * ledger_entries_transaction_idx for a page's entries and for the currency filter.
 */

export interface JournalFilter {
  userId?: number;
  currency?: string;
  kind?: string;
  start?: Date;
  end?: Date;
}

const t = ledgerTransactions;

function conditions(filter: JournalFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.start) parts.push(gte(t.createdAt, filter.start));
  if (filter.end) parts.push(lt(t.createdAt, filter.end));
  if (filter.kind) parts.push(eq(t.kind, filter.kind));
  if (filter.userId !== undefined) {
    // The user's accounts (at most three per currency), their entries by ledger_entries_account_idx.
    const currency = filter.currency ? sql` AND a.currency = ${filter.currency}` : sql``;
    parts.push(
      sql`${t.id} IN (SELECT e.transaction_id FROM ledger_entries e WHERE e.account_id IN (
            SELECT a.id FROM ledger_accounts a WHERE a.user_id = ${filter.userId}::bigint${currency}))`,
    );
  } else if (filter.currency) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = ${t.id} AND e.currency = ${filter.currency})`,
    );
  }
  return and(...parts);
}

export interface JournalTransactionRow {
  id: number;
  idempotencyKey: string;
  kind: string;
  memo: string | null;
  createdAt: Date;
}

/** One page, newest first. */
export async function selectJournalPage(
  exec: Executor,
  filter: JournalFilter,
  page: { limit: number; offset: number },
): Promise<JournalTransactionRow[]> {
  return exec
    .select({
      id: t.id,
      idempotencyKey: t.idempotencyKey,
      kind: t.kind,
      memo: t.memo,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(conditions(filter))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many transactions match, counting at most `cap + 1` of them. */
export const countJournalCapped = (exec: Executor, filter: JournalFilter, cap: number): Promise<number> =>
  countCapped(exec, t, conditions(filter), cap);

/** The planner's estimate of the journal's size (pg_class.reltuples; -1 before the first ANALYZE). */
export async function estimateJournalSize(exec: Executor): Promise<number> {
  const result = (await exec.execute(
    sql`SELECT reltuples::bigint::text AS n FROM pg_class WHERE oid = 'ledger_transactions'::regclass`,
  )) as unknown as { rows: Array<{ n: string }> };
  const n = Number(result.rows[0]?.n ?? -1);
  return Number.isSafeInteger(n) ? n : -1;
}

/** Distinct kinds among the newest `recent` transactions (an index scan of bounded length). */
export async function selectRecentKinds(exec: Executor, recent: number): Promise<string[]> {
  const newest = exec.select({ kind: t.kind }).from(t).orderBy(desc(t.createdAt)).limit(recent).as('newest');
  const rows = await exec.selectDistinct({ kind: newest.kind }).from(newest);
  return rows.map((r) => r.kind);
}

/** The user who owns an entry's account (none for a system account). */
const owner = userDirectory('journal_account_owner');

export interface JournalEntryRow {
  transactionId: number;
  userId: number | null;
  userEmail: string | null;
  isSystem: boolean;
  bucket: string;
  currency: string;
  amount: string;
  balanceAfter: string | null;
}

/** The entries of the given transactions, in one query, in posting order. */
export async function selectEntriesOf(
  exec: Executor,
  transactionIds: readonly number[],
): Promise<JournalEntryRow[]> {
  if (transactionIds.length === 0) return [];
  return exec
    .select({
      transactionId: ledgerEntries.transactionId,
      userId: ledgerAccounts.userId,
      userEmail: owner.email,
      isSystem: ledgerAccounts.isSystem,
      bucket: ledgerAccounts.bucket,
      currency: ledgerEntries.currency,
      // As text: a driver may hand numeric over as a JavaScript number.
      amount: sql<string>`${ledgerEntries.amount}::text`,
      balanceAfter: sql<string | null>`${ledgerEntries.balanceAfter}::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .leftJoin(owner, eq(owner.id, ledgerAccounts.userId))
    .where(inArray(ledgerEntries.transactionId, [...transactionIds]))
    .orderBy(asc(ledgerEntries.transactionId), asc(ledgerEntries.id));
}

/** A user's id by exact e-mail (users_email_key), or by id if it exists. */
export async function findUserId(
  exec: Executor,
  ref: { id?: number; email?: string },
): Promise<number | null> {
  const where =
    ref.id !== undefined ? eq(owner.id, ref.id) : eq(owner.email, (ref.email ?? '').toLowerCase());
  const [row] = await exec.select({ id: owner.id }).from(owner).where(where).limit(1);
  return row?.id ?? null;
}
