import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows, rowExists } from '../../db/rows.ts';
import { ledgerAccounts } from './ledger.schema.ts';

/**
 * The ledger's read API for other modules (docs/module-boundaries.md): the SQL that names the
 * ledger's tables stays here, and a module that shows or sums ledger rows calls these.
 */

export interface StatementRowData {
  last_entry_id: string;
  transaction_id: string;
  currency: string;
  kind: string;
  memo: string | null;
  idempotency_key: string;
  created_at: string;
  /** The row's entries on the user's buckets, oldest first. */
  changes: { bucket: string; amount: string; balance_after: string }[];
}

/**
 * The user's statement, newest first: one row per journal transaction and currency, with the
 * entries it made on the user's own buckets (available, frozen, salary). A transaction that moves
 * two currencies (a spot fill: USDT out, BTC in) is two rows.
 */
export async function listStatementRows(
  exec: Executor,
  userId: number,
  filter: { currency?: string },
  page: { limit: number; offset: number },
): Promise<{
  rows: (Omit<StatementRowData, 'last_entry_id' | 'transaction_id'> & {
    id: number;
    transaction_id: number;
  })[];
  total: number;
}> {
  const accounts = sql`SELECT id, bucket FROM ledger_accounts WHERE user_id = ${userId}${filter.currency ? sql` AND currency = ${filter.currency}` : sql``}`;
  const rows = await queryRows<StatementRowData>(
    exec,
    sql`WITH mine AS (${accounts}),
            grouped AS (
              SELECT e.transaction_id, e.currency, max(e.id) AS last_entry_id,
                     json_agg(json_build_object('bucket', a.bucket, 'amount', e.amount::text,
                                                'balance_after', e.balance_after::text) ORDER BY e.id) AS changes
                FROM ledger_entries e
                JOIN mine a ON a.id = e.account_id
               GROUP BY e.transaction_id, e.currency
               ORDER BY last_entry_id DESC
               LIMIT ${page.limit} OFFSET ${page.offset})
        SELECT g.last_entry_id::text AS last_entry_id, g.transaction_id::text AS transaction_id, g.currency,
               g.changes, t.kind, t.memo, t.idempotency_key,
               to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM grouped g
          JOIN ledger_transactions t ON t.id = g.transaction_id
         ORDER BY g.last_entry_id DESC`,
  );
  const [count] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT count(*)::int AS n FROM (
          SELECT DISTINCT transaction_id, currency FROM ledger_entries
           WHERE account_id IN (SELECT id FROM (${accounts}) m)) r`,
  );
  return {
    rows: rows.map(({ last_entry_id, transaction_id, ...r }) => ({
      ...r,
      id: parseId(last_entry_id),
      transaction_id: parseId(transaction_id),
    })),
    total: parseCount(count?.n ?? 0),
  };
}

/**
 * Σ of one system account's entries in `currency` posted by journal transactions of `kinds`, as an
 * SQL expression (a scalar subquery), so that a caller's aggregate reads it in the same statement.
 */
export const systemAccountSum = (account: string, currency: string, kinds: readonly string[]): SQL =>
  sql`(SELECT coalesce(sum(e.amount), 0)
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE a.is_system AND a.bucket = ${account} AND a.currency = ${currency}
      AND t.kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}))`;

/**
 * The users' holdings counters (`assets.<bucket>.<currency>`) recomputed from the accounts, rows
 * (name, value): what stats/counters.ts's check compares with the running totals (docs/stat-counters.md).
 */
export const assetsRecount: SQL = sql`SELECT 'assets.' || bucket || '.' || currency AS name, sum(balance) AS value
  FROM ledger_accounts WHERE NOT is_system GROUP BY bucket, currency`;

/** Whether the user has an account in `currency`, in any bucket (ledger_accounts_user_key). */
export async function holdsCurrency(exec: Executor, userId: number, currency: string): Promise<boolean> {
  return rowExists(
    exec,
    ledgerAccounts,
    and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)),
  );
}

/** The user's available balance in `currency` as numeric text, '0' while they have no such account. */
export async function availableBalance(exec: Executor, userId: number, currency: string): Promise<string> {
  const [row] = await exec
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.bucket, 'available'),
        eq(ledgerAccounts.currency, currency),
        ne(ledgerAccounts.isSystem, true),
      ),
    );
  return row?.balance ?? '0';
}
