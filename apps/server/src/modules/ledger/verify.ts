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
   * Also reconcile the ledger with the business tables (frozen balances against open obligations,
   * the fee and house P&L accounts against trades and withdrawals). Default true; tests of the
   * ledger's own mechanics, which post synthetic movements with no business row behind them, turn it off.
   */
  reconcile?: boolean;
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

/**
 * What each user's frozen balance must hold, per currency (ARCHITECTURE.md, "Money controls"). Each
 * source is what its module freezes and has not yet released:
 * - withdrawals not yet rejected or completed: amount + fee (frozen on request, released on
 *   rejection, paid out on completion);
 * - open spot limit orders (pending, partial): `frozen_amount` in `frozen_currency`, which each fill
 *   lowers and cancel, expiry or the final fill clears;
 * - open flash and option contracts: the stake (released by settlement);
 * - open perpetual positions: the margin (the open fee is charged, not frozen; released on close or
 *   liquidation, a partial close releases its part);
 * - waiting perpetual limit orders: margin + open fee (released on cancel; the fee is charged and
 *   the margin stays frozen when the order opens its position).
 */
const OBLIGATIONS = sql`SELECT user_id, currency,
    sum(withdrawals) AS withdrawals, sum(spot) AS spot, sum(stakes) AS stakes, sum(margins) AS margins
  FROM (
    SELECT user_id, currency, amount + fee AS withdrawals, 0::numeric AS spot, 0::numeric AS stakes, 0::numeric AS margins
      FROM withdrawals WHERE status NOT IN ('rejected', 'completed')
    UNION ALL
    SELECT user_id, frozen_currency, 0, frozen_amount, 0, 0
      FROM trade_orders WHERE product = 'spot' AND status IN ('pending', 'partial') AND frozen_amount <> 0
    UNION ALL
    SELECT user_id, currency, 0, 0, stake, 0 FROM timed_contracts WHERE status = 'open'
    UNION ALL
    SELECT user_id, currency, 0, 0, 0, margin FROM perpetual_positions WHERE status = 'open'
    UNION ALL
    SELECT user_id, currency, 0, 0, 0, margin + open_fee FROM perpetual_limit_orders WHERE status = 'pending'
  ) o GROUP BY user_id, currency`;

const FROZEN_BREACHES = sql`SELECT coalesce(f.user_id, o.user_id) AS user_id, coalesce(f.currency, o.currency) AS currency,
    coalesce(f.balance, 0)::text AS actual,
    (coalesce(o.withdrawals, 0) + coalesce(o.spot, 0) + coalesce(o.stakes, 0) + coalesce(o.margins, 0))::text AS expected,
    coalesce(o.withdrawals, 0)::text AS withdrawals, coalesce(o.spot, 0)::text AS spot,
    coalesce(o.stakes, 0)::text AS stakes, coalesce(o.margins, 0)::text AS margins,
    count(*) OVER ()::text AS total
  FROM (SELECT user_id, currency, balance FROM ledger_accounts WHERE NOT is_system AND bucket = 'frozen') f
  FULL OUTER JOIN (${OBLIGATIONS}) o ON o.user_id = f.user_id AND o.currency = f.currency
  WHERE coalesce(f.balance, 0)
    <> coalesce(o.withdrawals, 0) + coalesce(o.spot, 0) + coalesce(o.stakes, 0) + coalesce(o.margins, 0)
  ORDER BY 1, 2 LIMIT ${PROBLEMS_PER_CHECK}`;

/**
 * What the fee account must hold per currency: completed withdrawals' fees, every spot fill's fee
 * (quote currency) and perpetual open and close fees (partial closes too). A rejected withdrawal
 * charged nothing.
 */
const EXPECTED_FEES = sql`SELECT currency, sum(v) AS v FROM (
    SELECT currency, fee AS v FROM withdrawals WHERE status = 'completed'
    UNION ALL
    SELECT o.quote_currency, f.fee FROM spot_fills f JOIN trade_orders o ON o.id = f.order_id
    UNION ALL
    SELECT currency, open_fee + coalesce(close_fee, 0) FROM perpetual_positions
    UNION ALL
    SELECT p.currency, c.fee FROM perpetual_partial_closes c JOIN perpetual_positions p ON p.order_id = c.order_id
  ) x GROUP BY currency`;

/**
 * What house P&L must hold per currency (positive = the house's gain): the house is the counterparty
 * of every spot fill (a buy gives it the turnover and takes the base away, a sell the reverse), takes
 * stake − payout of each settled flash or option contract, and margin − payout − close fee of each
 * closed or liquidated position, and of each part closed before (margin released − payout − fee).
 * A liquidation's share of the insurance fund (`insurance_amount`: the remaining equity it fed, or
 * minus the gap it drew) is not the house's: margin − insurance_amount.
 */
const EXPECTED_HOUSE = sql`SELECT currency, sum(v) AS v FROM (
    SELECT o.quote_currency AS currency, CASE WHEN o.side = 'buy' THEN f.quote_amount ELSE -f.quote_amount END AS v
      FROM spot_fills f JOIN trade_orders o ON o.id = f.order_id
    UNION ALL
    SELECT o.base_currency, CASE WHEN o.side = 'buy' THEN -f.quantity ELSE f.quantity END
      FROM spot_fills f JOIN trade_orders o ON o.id = f.order_id
    UNION ALL
    SELECT currency, stake - payout FROM timed_contracts WHERE status = 'settled'
    UNION ALL
    SELECT currency, margin - coalesce(payout, 0) - coalesce(close_fee, 0) - insurance_amount
      FROM perpetual_positions WHERE status IN ('closed', 'liquidated')
    UNION ALL
    SELECT p.currency, c.margin_released - c.payout - c.fee
      FROM perpetual_partial_closes c JOIN perpetual_positions p ON p.order_id = c.order_id
  ) x GROUP BY currency`;

/** What the insurance fund must hold per currency: each liquidation's share (docs/insurance-fund.md). */
const EXPECTED_INSURANCE = sql`SELECT currency, sum(insurance_amount) AS v FROM perpetual_positions
    WHERE insurance_amount <> 0 GROUP BY currency`;

/**
 * What the funding account must hold per currency (docs/perpetual-funding.md): the other side of every
 * funding payment, whose amount is the user's (negative: the user paid, so the house received).
 */
const EXPECTED_FUNDING = sql`SELECT currency, -sum(amount) AS v FROM perpetual_funding_payments GROUP BY currency`;

function systemBreaches(account: 'house_funding' | 'fees' | 'house_pnl' | 'house_insurance', expected: SQL) {
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

/** Frozen balances against open obligations, and the fee and house accounts against the tables. */
async function reconcile(exec: Executor): Promise<LedgerBreach[]> {
  const breaches: LedgerBreach[] = [];
  const frozen = await queryRows<Record<string, unknown>>(exec, FROZEN_BREACHES);
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
  for (const [account, expected, what] of [
    ['fees', EXPECTED_FEES, 'the fees recorded on withdrawals, spot fills and perpetual positions'],
    ['house_pnl', EXPECTED_HOUSE, 'the house result of spot fills, settled contracts and closed positions'],
    ['house_funding', EXPECTED_FUNDING, 'the funding payments of perpetual positions (negated)'],
    ['house_insurance', EXPECTED_INSURANCE, "the liquidations' insurance fund amounts"],
  ] as const) {
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
  if (options.reconcile !== false) {
    for (const breach of await reconcile(exec)) {
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

/** For tests of money-moving code: throws with the problems listed unless the ledger verifies. */
export async function assertLedgerOk(db: Db, options: VerifyOptions = {}): Promise<LedgerVerification> {
  const result = await verifyLedger(db, options);
  if (!result.ok) throw new Error(`Ledger verification failed:\n${result.problems.join('\n')}`);
  return result;
}
