import type { KlineInterval } from '@platform/contracts';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { klines } from './market-data.schema.ts';
import type { ProviderKline } from './providers/provider.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (10 per row). */
const UPSERT_BATCH = 1000;

/** Writes closed candles; a candle already stored is replaced (the source may have corrected it). */
export async function upsertKlines(
  exec: Executor,
  symbol: string,
  interval: KlineInterval,
  source: string,
  rows: ProviderKline[],
): Promise<number> {
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const batch = rows.slice(i, i + UPSERT_BATCH).map((k) => ({
      symbol,
      interval,
      openTime: new Date(k.openTime),
      open: k.open,
      high: k.high,
      low: k.low,
      close: k.close,
      volume: k.volume,
      quoteVolume: k.quoteVolume,
      source,
    }));
    await exec
      .insert(klines)
      .values(batch)
      .onConflictDoUpdate({
        target: [klines.symbol, klines.interval, klines.openTime],
        set: {
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
          quoteVolume: sql`excluded.quote_volume`,
          source: sql`excluded.source`,
          updatedAt: sql`now()`,
        },
      });
  }
  return rows.length;
}

/**
 * The `limit` newest stored candles opening at or before `until`, ascending. The database trims the
 * NUMERIC(38,18) zeros (`trim_scale`), so a long chart costs no decimal parsing here.
 */
export async function readKlines(
  exec: Executor,
  symbol: string,
  interval: KlineInterval,
  limit: number,
  until: Date,
): Promise<ProviderKline[]> {
  const text = (column: typeof klines.open) => sql<string>`trim_scale(${column})::text`;
  const rows = await exec
    .select({
      openTime: klines.openTime,
      open: text(klines.open),
      high: text(klines.high),
      low: text(klines.low),
      close: text(klines.close),
      volume: text(klines.volume),
      quoteVolume: text(klines.quoteVolume),
    })
    .from(klines)
    .where(and(eq(klines.symbol, symbol), eq(klines.interval, interval), lte(klines.openTime, until)))
    .orderBy(desc(klines.openTime))
    .limit(limit);
  return rows.reverse().map(({ openTime, ...prices }) => ({ openTime: openTime.getTime(), ...prices }));
}

/** Stored candles and distinct series, in one scan. */
export async function countKlines(exec: Executor) {
  const [row] = await queryRows<{ rows: number; series: number }>(
    exec,
    sql`SELECT count(*)::int AS rows, count(DISTINCT (symbol, interval))::int AS series FROM klines`,
  );
  return { rows: row?.rows ?? 0, series: row?.series ?? 0 };
}

/** Stored open times of one series inside [from, to], ascending: the integrity check walks them. */
export async function storedOpenTimes(
  exec: Executor,
  symbol: string,
  interval: KlineInterval,
  from: Date,
  to: Date,
): Promise<number[]> {
  const rows = await exec
    .select({ openTime: klines.openTime })
    .from(klines)
    .where(inSeries(symbol, interval, from, to))
    .orderBy(klines.openTime);
  return rows.map((r) => r.openTime.getTime());
}

/** Deletes candles: for tests that cut a gap, and nothing else. */
export async function deleteKlines(
  exec: Executor,
  symbol: string,
  interval: KlineInterval,
  from: Date,
  to: Date,
) {
  await exec.delete(klines).where(inSeries(symbol, interval, from, to));
}

/** One series' candles opening within [from, to]. */
const inSeries = (symbol: string, interval: KlineInterval, from: Date, to: Date) =>
  and(
    eq(klines.symbol, symbol),
    eq(klines.interval, interval),
    gte(klines.openTime, from),
    lte(klines.openTime, to),
  );
