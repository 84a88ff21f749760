import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { parseCount, queryRows } from './ledger.repository.ts';

/**
 * The ledger verifier (DESIGN.md section 4): set-based SQL over the whole journal, nothing loaded
 * into memory beyond the offending rows (at most PROBLEMS_PER_CHECK per check).
 */

export interface LedgerVerification {
  ok: boolean;
  problems: string[];
  checked: { accounts: number; transactions: number; entries: number };
}

const PROBLEMS_PER_CHECK = 20;

interface Check {
  /** What the invariant is, for the report when rows break it. */
  name: string;
  /** Counts the rows that break it. */
  count: SQL;
  /** Lists the first PROBLEMS_PER_CHECK of them, one human-readable line each, as column `problem`. */
  list: SQL;
}

const accountLabel = sql`'account #' || a.id || ' (' ||
  CASE WHEN a.is_system THEN 'system ' || a.bucket ELSE 'user ' || a.user_id || ' ' || a.bucket END ||
  ' ' || a.currency || ')'`;

const CHECKS: Check[] = [
  {
    name: 'every currency sums to zero',
    count: sql`SELECT count(*)::text AS n FROM (
      SELECT currency FROM ledger_entries GROUP BY currency HAVING sum(amount) <> 0) x`,
    list: sql`SELECT 'currency ' || currency || ': entries sum to ' || sum(amount)::text || ', expected 0' AS problem
      FROM ledger_entries GROUP BY currency HAVING sum(amount) <> 0 ORDER BY currency LIMIT ${PROBLEMS_PER_CHECK}`,
  },
  {
    name: 'every journal transaction sums to zero per currency',
    count: sql`SELECT count(*)::text AS n FROM (
      SELECT transaction_id, currency FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0) x`,
    list: sql`SELECT 'transaction #' || e.transaction_id || ' (' || t.kind || ', key ' || t.idempotency_key || ') '
        || e.currency || ': entries sum to ' || sum(e.amount)::text || ', expected 0' AS problem
      FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
      GROUP BY e.transaction_id, t.kind, t.idempotency_key, e.currency HAVING sum(e.amount) <> 0
      ORDER BY e.transaction_id, e.currency LIMIT ${PROBLEMS_PER_CHECK}`,
  },
  {
    name: 'every journal transaction has at least two entries',
    count: sql`SELECT count(*)::text AS n FROM ledger_transactions t
      WHERE (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = t.id) < 2`,
    list: sql`SELECT 'transaction #' || t.id || ' (' || t.kind || ', key ' || t.idempotency_key || ') has '
        || (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = t.id) || ' entries, expected at least 2' AS problem
      FROM ledger_transactions t
      WHERE (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = t.id) < 2
      ORDER BY t.id LIMIT ${PROBLEMS_PER_CHECK}`,
  },
  {
    name: 'each entry is in its account currency',
    count: sql`SELECT count(*)::text AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.currency <> a.currency`,
    list: sql`SELECT 'entry #' || e.id || ' of transaction #' || e.transaction_id || ' is in ' || e.currency
        || ' but ' || ${accountLabel} || ' is in ' || a.currency AS problem
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.currency <> a.currency ORDER BY e.id LIMIT ${PROBLEMS_PER_CHECK}`,
  },
  {
    name: 'each user balance equals the sum of its entries',
    count: sql`SELECT count(*)::text AS n FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
      WHERE NOT a.is_system AND a.balance <> COALESCE(s.total, 0)`,
    list: sql`SELECT ${accountLabel} || ': balance ' || a.balance::text || ' but its entries sum to '
        || COALESCE(s.total, 0)::text AS problem
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
      WHERE NOT a.is_system AND a.balance <> COALESCE(s.total, 0)
      ORDER BY a.id LIMIT ${PROBLEMS_PER_CHECK}`,
  },
  {
    name: 'no user balance is negative',
    count: sql`SELECT count(*)::text AS n FROM ledger_accounts a WHERE NOT a.is_system AND a.balance < 0`,
    list: sql`SELECT ${accountLabel} || ': balance ' || a.balance::text || ' is negative' AS problem
      FROM ledger_accounts a WHERE NOT a.is_system AND a.balance < 0 ORDER BY a.id LIMIT ${PROBLEMS_PER_CHECK}`,
  },
  {
    name: 'no system account row balance changes',
    count: sql`SELECT count(*)::text AS n FROM ledger_accounts a WHERE a.is_system AND a.balance <> 0`,
    list: sql`SELECT ${accountLabel} || ': row balance ' || a.balance::text
        || ' but system balances are derived from entries and the row must stay 0' AS problem
      FROM ledger_accounts a WHERE a.is_system AND a.balance <> 0 ORDER BY a.id LIMIT ${PROBLEMS_PER_CHECK}`,
  },
  {
    // Entries of one account are written while its row is locked, so their ids follow the order
    // in which they were applied and balance_after is the running sum.
    name: 'each user entry records the balance after it',
    count: sql`SELECT count(*)::text AS n FROM (
        SELECT e.balance_after,
          sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE NOT a.is_system) x
      WHERE balance_after IS DISTINCT FROM running`,
    list: sql`SELECT 'entry #' || x.id || ' of ' || x.label || ': balance_after '
        || COALESCE(x.balance_after::text, 'NULL') || ' but the running sum is ' || x.running::text AS problem
      FROM (
        SELECT e.id, e.balance_after, ${accountLabel} AS label,
          sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE NOT a.is_system) x
      WHERE x.balance_after IS DISTINCT FROM x.running
      ORDER BY x.id LIMIT ${PROBLEMS_PER_CHECK}`,
  },
  {
    name: 'system entries carry no balance_after',
    count: sql`SELECT count(*)::text AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.is_system AND e.balance_after IS NOT NULL`,
    list: sql`SELECT 'entry #' || e.id || ' of ' || ${accountLabel} || ' has balance_after '
        || e.balance_after::text || ', expected NULL for a system account' AS problem
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.is_system AND e.balance_after IS NOT NULL ORDER BY e.id LIMIT ${PROBLEMS_PER_CHECK}`,
  },
];

/**
 * Runs every check on `exec` as it stands. Use verifyLedger for a consistent snapshot; this one is
 * for callers that already hold a transaction (tests that break an invariant and roll back).
 */
export async function checkLedger(exec: Executor): Promise<LedgerVerification> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    const [countRow] = await queryRows<{ n: unknown }>(exec, check.count);
    const broken = parseCount(countRow?.n);
    if (broken === 0) continue;
    const rows = await queryRows<{ problem: unknown }>(exec, check.list);
    for (const row of rows) problems.push(String(row.problem));
    if (broken > rows.length) problems.push(`... and ${broken - rows.length} more breaking "${check.name}"`);
  }
  const [counts] = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT (SELECT count(*) FROM ledger_accounts)::text AS accounts,
               (SELECT count(*) FROM ledger_transactions)::text AS transactions,
               (SELECT count(*) FROM ledger_entries)::text AS entries`,
  );
  return {
    ok: problems.length === 0,
    problems,
    checked: {
      accounts: parseCount(counts?.accounts),
      transactions: parseCount(counts?.transactions),
      entries: parseCount(counts?.entries),
    },
  };
}

/**
 * Proves the ledger's invariants on one consistent snapshot (a read-only REPEATABLE READ
 * transaction), so that postings committed while it runs cannot produce false alarms.
 */
export function verifyLedger(db: Db): Promise<LedgerVerification> {
  return db.transaction((tx) => checkLedger(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** For tests of money-moving code: throws with the problems listed unless the ledger verifies. */
export async function assertLedgerOk(db: Db): Promise<LedgerVerification> {
  const result = await verifyLedger(db);
  if (!result.ok) throw new Error(`Ledger verification failed:\n${result.problems.join('\n')}`);
  return result;
}
