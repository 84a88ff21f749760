import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseCount, queryRows } from '../../db/rows.ts';
import type { Product, ScrapeSources } from './metrics.ts';

/**
 * The counts a scrape reads, in one statement (one round trip, one snapshot): the operator's
 * read-only view across modules' tables, as the dashboard's counts are. Each count has an index
 * that serves it (EXPLAIN on PostgreSQL, docs/operations.md, "Metrics"), so a scrape costs the
 * same on a database with millions of settled contracts.
 */
export async function readScrapeCounts(db: Executor): ReturnType<ScrapeSources['counts']> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`
      SELECT
        (SELECT count(*) FROM timed_contracts WHERE status = 'open' AND product = 'flash') AS flash,
        (SELECT count(*) FROM timed_contracts WHERE status = 'open' AND product = 'option') AS option,
        (SELECT count(*) FROM perpetual_positions WHERE status = 'open') AS perpetual,
        (SELECT count(*) FROM trade_orders WHERE product = 'spot' AND status IN ('pending', 'partial')) AS spot,
        (SELECT count(*) FROM withdrawals WHERE status IN ('pending', 'reviewing')) AS withdrawals,
        (SELECT count(*) FROM deposits WHERE status = 'pending') AS deposits,
        last.finished_at_s, last.ok
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT extract(epoch FROM finished_at)::float8 AS finished_at_s, ok
        FROM reconciliation_runs ORDER BY started_at DESC LIMIT 1
      ) last ON true`,
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
