import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../db/rows.ts';

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

export interface SpotFillRow {
  currency: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
}

/**
 * The user's spot fills of these base currencies, oldest first (the order the moving average needs;
 * a fill's seq breaks ties within an order, its order id between orders filled in one instant).
 */
export async function listSpotFillsOf(
  exec: Executor,
  userId: number,
  currencies: readonly string[],
): Promise<SpotFillRow[]> {
  if (currencies.length === 0) return [];
  return queryRows<SpotFillRow>(
    exec,
    sql`SELECT o.base_currency AS currency, o.side, f.quantity::text AS quantity, f.price::text AS price
          FROM spot_fills f JOIN trade_orders o ON o.id = f.order_id
         WHERE o.user_id = ${userId} AND o.product = 'spot'
           AND o.base_currency IN (${sql.join(
             currencies.map((c) => sql`${c}`),
             sql`, `,
           )})
         ORDER BY f.created_at, f.order_id, f.seq`,
  );
}
