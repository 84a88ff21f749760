import type { PriceSourceStatus } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayLiteral, momentParam, queryRows, rowDate, rowText } from '../../db/rows.ts';
import type { SourceStatusChange } from './price-index.ts';

/** Status changes are kept this long (the screen reads 24 hours). */
const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Stores the status changes an instance saw. Every instance computes its own index, so a change is
 * written only when the pair's last stored status for that source differs: two instances seeing the
 * same change leave one row, and the first start of an instance writes nothing that is already so.
 */
export async function recordSourceEvents(
  exec: Executor,
  changes: readonly SourceStatusChange[],
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await exec.execute(
    sql`INSERT INTO price_source_events (source, symbol, status, price, at)
        SELECT v.source, v.symbol, v.status, v.price, ${momentParam(at)}
        FROM unnest(
          ${arrayLiteral(changes.map((c) => c.source))}::text[],
          ${arrayLiteral(changes.map((c) => c.symbol))}::text[],
          ${arrayLiteral(changes.map((c) => c.status))}::text[],
          ${arrayLiteral(changes.map((c) => c.price))}::numeric[]
        ) AS v(source, symbol, status, price)
        WHERE v.status IS DISTINCT FROM (
          SELECT e.status FROM price_source_events e
          WHERE e.source = v.source AND e.symbol = v.symbol
          ORDER BY e.at DESC, e.id DESC
          LIMIT 1
        )`,
  );
  await exec.execute(
    sql`DELETE FROM price_source_events WHERE at < ${momentParam(new Date(at.getTime() - EVENT_RETENTION_MS))}`,
  );
}

export interface SourceEvent {
  source: string;
  symbol: string;
  status: PriceSourceStatus;
  at: Date;
}

/**
 * The events of the window [from, to], each pair's status at `from` included (its last event before
 * it, dated `from`), ordered by source, pair and time.
 */
export async function sourceEventsSince(exec: Executor, from: Date): Promise<SourceEvent[]> {
  const rows = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT source, symbol, status, at FROM (
          SELECT DISTINCT ON (source, symbol) source, symbol, status, ${momentParam(from)} AS at
          FROM price_source_events
          WHERE at < ${momentParam(from)}
          ORDER BY source, symbol, at DESC, id DESC
        ) AS opening
        UNION ALL
        SELECT source, symbol, status, at FROM price_source_events WHERE at >= ${momentParam(from)}
        ORDER BY source, symbol, at`,
  );
  return rows.map((r) => ({
    source: rowText(r.source),
    symbol: rowText(r.symbol),
    status: rowText(r.status) as PriceSourceStatus,
    at: rowDate(r.at),
  }));
}

/** Per `source symbol`: milliseconds spent outside the index between `from` and `to`, and since when the last status holds. */
export function exclusionOf(
  events: readonly SourceEvent[],
  to: Date,
): Map<string, { excludedMs: number; lastStatus: PriceSourceStatus; since: Date }> {
  const result = new Map<string, { excludedMs: number; lastStatus: PriceSourceStatus; since: Date }>();
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const next = events[i + 1];
    const key = `${event.source} ${event.symbol}`;
    const sameSeries = next && next.source === event.source && next.symbol === event.symbol;
    const end = sameSeries ? next.at : to;
    const entry = result.get(key) ?? { excludedMs: 0, lastStatus: event.status, since: event.at };
    if (event.status !== 'included') entry.excludedMs += Math.max(0, end.getTime() - event.at.getTime());
    if (entry.lastStatus !== event.status) entry.since = event.at;
    entry.lastStatus = event.status;
    result.set(key, entry);
  }
  return result;
}
