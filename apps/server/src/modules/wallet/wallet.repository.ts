import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows } from '../ledger/ledger.repository.ts';

export interface OwnEntryRow {
  id: string;
  transaction_id: string;
  kind: string;
  memo: string | null;
  bucket: string;
  currency: string;
  amount: string;
  balance_after: string;
  created_at: string;
}

/** The user's own ledger entries, newest first, through the (account_id, id) index. */
export async function listOwnEntries(
  exec: Executor,
  userId: number,
  filter: { currency?: string },
  page: { limit: number; offset: number },
): Promise<{
  rows: (Omit<OwnEntryRow, 'id' | 'transaction_id'> & { id: number; transaction_id: number })[];
  total: number;
}> {
  const accounts = sql`SELECT id FROM ledger_accounts WHERE user_id = ${userId}${filter.currency ? sql` AND currency = ${filter.currency}` : sql``}`;
  const rows = await queryRows<OwnEntryRow>(
    exec,
    sql`SELECT e.id::text AS id, e.transaction_id::text AS transaction_id, t.kind, t.memo, a.bucket, e.currency,
               e.amount::text AS amount, e.balance_after::text AS balance_after,
               to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM ledger_entries e
          JOIN ledger_accounts a ON a.id = e.account_id
          JOIN ledger_transactions t ON t.id = e.transaction_id
         WHERE e.account_id IN (${accounts})
         ORDER BY e.id DESC
         LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    exec,
    sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_id IN (${accounts})`,
  );
  return {
    rows: rows.map((r) => ({ ...r, id: parseId(r.id), transaction_id: parseId(r.transaction_id) })),
    total: parseCount(count?.n ?? 0),
  };
}
