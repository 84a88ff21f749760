import type { ReconciliationBreach } from '@platform/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { normaliseDecimalString } from '../../core/money.ts';
import { type Db, type Executor, snapshotCheck } from '../../db/client.ts';
import { parseCount, queryRows } from '../../db/rows.ts';

/**
 * The ledger verifier (ARCHITECTURE.md, "Money controls"): set-based SQL over the whole journal,
 * nothing loaded into memory beyond the offending rows (at most PROBLEMS_PER_CHECK per check).
 */

export interface LedgerVerification {
  ok: boolean;
  problems: string[];
  /** The same problems, structured: what the reconciliation job stores and the dashboard shows. */
  breaches: LedgerBreach[];
  checked: { accounts: number; transactions: number; entries: number };
}

/**
 * One broken invariant. `frozen`: a user's frozen balance in a currency differs from their open
 * obligations; `fees` / `house_pnl`: a system account differs from what the trading and withdrawal
 * tables say; `journal`: any of the journal's own invariants (message only). The contract's breach
 * without the user's e-mail, which is looked up when a stored run is read.
 */
export type LedgerBreach = Omit<ReconciliationBreach, 'user_email'>;

export interface VerifyOptions {
  /**
   * Also reconcile the ledger with the modules' tables (frozen balances against open obligations,
   * the fee and house P&L accounts against trades and withdrawals): what each module says the ledger
   * must hold. Without it only the journal's own invariants are checked, as tests of the ledger's own
   * mechanics do (they post synthetic movements with no business row behind them); the whole check
   * with every module's obligations is reconciliation/ledger-check.ts.
   */
  obligations?: readonly LedgerObligations[];
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
  {
    // The database checks it on every insert (migration 0030's statement-level trigger, which
    // replaced the foreign keys): this finds what a load with the triggers off left behind.
    name: 'each entry belongs to a journal transaction and an account',
    count: sql`SELECT count(*)::text AS n FROM ledger_entries e
      LEFT JOIN ledger_transactions t ON t.id = e.transaction_id
      LEFT JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.id IS NULL OR a.id IS NULL`,
    list: sql`SELECT 'entry #' || e.id || ' names '
        || CASE WHEN t.id IS NULL THEN 'transaction #' || e.transaction_id ELSE 'account #' || e.account_id END
        || ', which does not exist' AS problem
      FROM ledger_entries e
      LEFT JOIN ledger_transactions t ON t.id = e.transaction_id
      LEFT JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.id IS NULL OR a.id IS NULL
      ORDER BY e.id LIMIT ${PROBLEMS_PER_CHECK}`,
  },
];

/** The parts of a user's frozen balance the report names, in its order. */
const FROZEN_PARTS = ['withdrawals', 'spot', 'stakes', 'margins'] as const;
export type FrozenPart = (typeof FROZEN_PARTS)[number];
/** The system accounts reconciled with the other modules' tables. */
export type ReconciledAccount = 'fees' | 'house_pnl' | 'house_funding' | 'house_insurance';

/**
 * What a module says the ledger must hold (ARCHITECTURE.md, "Money controls"), as SQL that names its
 * own tables and that the verifier composes with its reads of the ledger in one statement, inside its
 * snapshot: `frozen[part]` selects rows (user_id, currency, amount), the money the module froze and has
 * not yet released; `accounts[account]` selects rows (currency, v), what it posted to a system account.
 * The modules' own files hold them (trading/trading.obligations.ts, withdrawals/withdrawals.obligations.ts),
 * and reconciliation/ledger-check.ts lists them.
 */
export interface LedgerObligations {
  frozen?: Partial<Record<FrozenPart, SQL>>;
  accounts?: Partial<Record<ReconciledAccount, SQL>>;
}

const unionAll = (parts: SQL[]) => sql.join(parts, sql` UNION ALL `);

/** Each user's open obligations per currency, one column per part: (user_id, currency, withdrawals, spot, stakes, margins). */
function obligationsByUser(sources: readonly LedgerObligations[]): SQL {
  const rows = FROZEN_PARTS.flatMap((part) => {
    const columns = sql.raw(
      FROZEN_PARTS.map((p) => (p === part ? `amount AS ${p}` : `0::numeric AS ${p}`)).join(', '),
    );
    return sources.flatMap((s) => {
      const rowsOf = s.frozen?.[part];
      return rowsOf ? [sql`SELECT user_id, currency, ${columns} FROM (${rowsOf}) r`] : [];
    });
  });
  const none = sql.raw(
    `SELECT NULL::bigint AS user_id, NULL::text AS currency, ${FROZEN_PARTS.map((p) => `0::numeric AS ${p}`).join(', ')} WHERE false`,
  );
  return sql`SELECT user_id, currency,
      sum(withdrawals) AS withdrawals, sum(spot) AS spot, sum(stakes) AS stakes, sum(margins) AS margins
    FROM (${rows.length > 0 ? unionAll(rows) : none}) o GROUP BY user_id, currency`;
}

function frozenBreaches(sources: readonly LedgerObligations[]): SQL {
  return sql`SELECT coalesce(f.user_id, o.user_id) AS user_id, coalesce(f.currency, o.currency) AS currency,
    coalesce(f.balance, 0)::text AS actual,
    (coalesce(o.withdrawals, 0) + coalesce(o.spot, 0) + coalesce(o.stakes, 0) + coalesce(o.margins, 0))::text AS expected,
    coalesce(o.withdrawals, 0)::text AS withdrawals, coalesce(o.spot, 0)::text AS spot,
    coalesce(o.stakes, 0)::text AS stakes, coalesce(o.margins, 0)::text AS margins,
    count(*) OVER ()::text AS total
  FROM (SELECT user_id, currency, balance FROM ledger_accounts WHERE NOT is_system AND bucket = 'frozen') f
  FULL OUTER JOIN (${obligationsByUser(sources)}) o ON o.user_id = f.user_id AND o.currency = f.currency
  WHERE coalesce(f.balance, 0)
    <> coalesce(o.withdrawals, 0) + coalesce(o.spot, 0) + coalesce(o.stakes, 0) + coalesce(o.margins, 0)
  ORDER BY 1, 2 LIMIT ${PROBLEMS_PER_CHECK}`;
}

/** What a system account must hold per currency, summed over the modules that post to it: rows (currency, v). */
function expectedOf(account: ReconciledAccount, sources: readonly LedgerObligations[]): SQL {
  const rows = sources.flatMap((s) => {
    const rowsOf = s.accounts?.[account];
    return rowsOf ? [sql`SELECT currency, v FROM (${rowsOf}) r`] : [];
  });
  if (rows.length === 0) return sql`SELECT NULL::text AS currency, 0::numeric AS v WHERE false`;
  return sql`SELECT currency, sum(v) AS v FROM (${unionAll(rows)}) x GROUP BY currency`;
}

function systemBreaches(account: ReconciledAccount, expected: SQL) {
  return sql`SELECT coalesce(a.currency, e.currency) AS currency,
      coalesce(a.v, 0)::text AS actual, coalesce(e.v, 0)::text AS expected
    FROM (SELECT a.currency, sum(le.amount) AS v FROM ledger_accounts a
            JOIN ledger_entries le ON le.account_id = a.id
          WHERE a.is_system AND a.bucket = ${account} GROUP BY a.currency) a
    FULL OUTER JOIN (${expected}) e ON e.currency = a.currency
    WHERE coalesce(a.v, 0) <> coalesce(e.v, 0)
    ORDER BY 1`;
}

const fmt = (value: unknown) => normaliseDecimalString(String(value));

/** Frozen balances against open obligations, and the fee and house accounts against the modules' tables. */
async function reconcile(exec: Executor, sources: readonly LedgerObligations[]): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];
  const frozen = await queryRows<Record<string, unknown>>(exec, frozenBreaches(sources));
  for (const r of frozen) {
    const userId = Number(r.user_id);
    const currency = String(r.currency);
    breaches.push({
      kind: 'frozen',
      user_id: userId,
      currency,
      actual: fmt(r.actual),
      expected: fmt(r.expected),
      message:
        `user ${userId} ${currency}: frozen ${fmt(r.actual)} but open obligations ${fmt(r.expected)} ` +
        `(withdrawals ${fmt(r.withdrawals)}, spot orders ${fmt(r.spot)}, flash/option stakes ${fmt(r.stakes)}, ` +
        `perpetual margins ${fmt(r.margins)})`,
    });
  }
  const total = frozen.length ? parseCount(frozen[0]?.total) : 0;
  if (total > frozen.length) {
    breaches.push({
      kind: 'frozen',
      user_id: null,
      currency: null,
      actual: null,
      expected: null,
      message: `... and ${total - frozen.length} more frozen balances that differ from their open obligations`,
    });
  }
  for (const [account, what] of [
    ['fees', 'the fees recorded on withdrawals, spot fills and perpetual positions'],
    ['house_pnl', 'the house result of spot fills, settled contracts and closed positions'],
    ['house_funding', 'the funding payments of perpetual positions (negated)'],
    ['house_insurance', "the liquidations' insurance fund amounts"],
  ] as const) {
    const expected = expectedOf(account, sources);
    for (const r of await queryRows<Record<string, unknown>>(exec, systemBreaches(account, expected))) {
      const currency = String(r.currency);
      breaches.push({
        kind: account,
        user_id: null,
        currency,
        actual: fmt(r.actual),
        expected: fmt(r.expected),
        message: `system ${account} ${currency}: the ledger holds ${fmt(r.actual)} but ${what} sum to ${fmt(r.expected)}`,
      });
    }
  }
  return breaches;
}

/**
 * Runs every check on `exec` as it stands. Use verifyLedger for a consistent snapshot; this one is
 * for callers that already hold a transaction (tests that break an invariant and roll back).
 */
export async function checkLedger(exec: Executor, options: VerifyOptions = {}): Promise<LedgerVerification> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    const [countRow] = await queryRows<{ n: unknown }>(exec, check.count);
    const broken = parseCount(countRow?.n);
    if (broken === 0) continue;
    const rows = await queryRows<{ problem: unknown }>(exec, check.list);
    for (const row of rows) problems.push(String(row.problem));
    if (broken > rows.length) problems.push(`... and ${broken - rows.length} more breaking "${check.name}"`);
  }
  const breaches: LedgerBreach[] = problems.map((message) => ({
    kind: 'journal',
    user_id: null,
    currency: null,
    actual: null,
    expected: null,
    message,
  }));
  if (options.obligations) {
    for (const breach of await reconcile(exec, options.obligations)) {
      breaches.push(breach);
      problems.push(breach.message);
    }
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
    breaches,
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
export function verifyLedger(db: Db, options: VerifyOptions = {}): Promise<LedgerVerification> {
  return snapshotCheck(db, (tx) => checkLedger(tx, options));
}

/**
 * For tests of the ledger's own mechanics: throws with the problems listed unless the ledger verifies
 * (tests of money-moving code use reconciliation/ledger-check.ts's, which reconciles with every module).
 */
export async function assertLedgerOk(db: Db, options: VerifyOptions = {}): Promise<LedgerVerification> {
  const result = await verifyLedger(db, options);
  if (!result.ok) throw new Error(`Ledger verification failed:\n${result.problems.join('\n')}`);
  return result;
}
