import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, queryRows } from '../../db/rows.ts';
import { depositsAwaitingReview } from '../deposits/deposits.counts.ts';
import { lastReconciliationRun } from '../reconciliation/reconciliation.counts.ts';
import { openTradingCounts } from '../trading/trading.counts.ts';
import { withdrawalsAwaitingReview } from '../withdrawals/withdrawals.counts.ts';
import type { Product, ScrapeSources } from './metrics.ts';

/**
 * The counts a scrape reads, in one statement (one round trip, one snapshot), each from the module
 * that owns its table (their *.counts.ts: SQL expressions; this module names no other's table).
 * Each count has an index that serves it (EXPLAIN on PostgreSQL, docs/operations.md, "Metrics"),
 * so a scrape costs the same on a database with millions of settled contracts.
 */
export async function readScrapeCounts(db: Executor): ReturnType<ScrapeSources['counts']> {
  const open = openTradingCounts();
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`
      SELECT
        ${open.flash} AS flash, ${open.option} AS option, ${open.perpetual} AS perpetual, ${open.spot} AS spot,
        ${withdrawalsAwaitingReview()} AS withdrawals,
        ${depositsAwaitingReview()} AS deposits,
        last.finished_at_s, last.ok
      FROM (SELECT 1) one
      LEFT JOIN LATERAL ${lastReconciliationRun()} last ON true`,
  );
  const r = row ?? {};
  const openContracts: Record<Product, number> = {
    spot: parseCount(r.spot),
    flash: parseCount(r.flash),
    option: parseCount(r.option),
    perpetual: parseCount(r.perpetual),
  };
  return {
    openContracts,
    withdrawalsAwaitingReview: parseCount(r.withdrawals),
    depositsAwaitingReview: parseCount(r.deposits),
    reconciliation:
      r.finished_at_s === null || r.finished_at_s === undefined
        ? null
        : { finishedAtSeconds: Number(r.finished_at_s), ok: r.ok === true || r.ok === 't' },
  };
}
