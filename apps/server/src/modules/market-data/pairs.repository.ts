import type { Ticker, TradingPair } from '@platform/contracts';
import { normaliseDecimalString } from '@platform/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { msg } from '../../i18n/i18n.ts';
import { marketDataJobs, tradingPairs } from './market-data.schema.ts';
import type { Instrument } from './providers/provider.ts';

export type PairRow = typeof tradingPairs.$inferSelect;

export async function listPairs(exec: Executor, opts: { enabledOnly: boolean }): Promise<PairRow[]> {
  return exec
    .select()
    .from(tradingPairs)
    .where(opts.enabledOnly ? eq(tradingPairs.enabled, true) : undefined)
    .orderBy(asc(tradingPairs.id));
}

/** The enabled pair `symbol` from the table alone (no live ticker): for tools that run without the feed. */
export async function requireEnabledPair(exec: Executor, symbol: string): Promise<TradingPair> {
  const row = await findPairBySymbol(exec, symbol);
  if (!row?.enabled) throw notFound(msg('marketAdmin.pairNotTradable', { symbol }));
  return toTradingPair(row);
}

export async function findPairBySymbol(exec: Executor, symbol: string): Promise<PairRow | undefined> {
  const [row] = await exec.select().from(tradingPairs).where(eq(tradingPairs.symbol, symbol));
  return row;
}

export async function lockPair(exec: Executor, id: number): Promise<PairRow | undefined> {
  const [row] = await exec.select().from(tradingPairs).where(eq(tradingPairs.id, id)).for('update');
  return row;
}

export async function setPairEnabled(exec: Executor, id: number, enabled: boolean): Promise<PairRow> {
  const [row] = await exec
    .update(tradingPairs)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(tradingPairs.id, id))
    .returning();
  if (!row) throw new Error(`trading pair ${id} vanished under its lock`);
  return row;
}

export async function countPairs(exec: Executor): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(tradingPairs);
  return row?.n ?? 0;
}

export interface PairUpsert {
  instrument: Instrument;
  price: string | null;
  change: string | null;
  volume: string | null;
}

/**
 * Inserts new pairs (disabled unless `enableNew`) and refreshes the listing data and prices of the
 * ones already there; an admin's enabled choice is never overwritten. Reports which were new.
 */
export async function upsertPairs(
  exec: Executor,
  source: string,
  items: PairUpsert[],
  enableNew: boolean,
): Promise<{ inserted: number; updated: number }> {
  if (items.length === 0) return { inserted: 0, updated: 0 };
  const values = items.map(({ instrument: i, price, change, volume }) => ({
    symbol: i.symbol,
    baseCurrency: i.base,
    quoteCurrency: i.quote,
    logoUrl: i.logoUrl,
    currentPrice: price,
    priceChange24h: change,
    volume24h: volume,
    pricePrecision: i.pricePrecision,
    amountPrecision: i.amountPrecision,
    minAmount: i.minAmount,
    enabled: enableNew,
    source,
  }));
  const rows = await exec
    .insert(tradingPairs)
    .values(values)
    .onConflictDoUpdate({
      target: tradingPairs.symbol,
      set: {
        baseCurrency: sql`excluded.base_currency`,
        quoteCurrency: sql`excluded.quote_currency`,
        logoUrl: sql`coalesce(excluded.logo_url, ${tradingPairs.logoUrl})`,
        currentPrice: sql`coalesce(excluded.current_price, ${tradingPairs.currentPrice})`,
        priceChange24h: sql`coalesce(excluded.price_change_24h, ${tradingPairs.priceChange24h})`,
        volume24h: sql`coalesce(excluded.volume_24h, ${tradingPairs.volume24h})`,
        pricePrecision: sql`excluded.price_precision`,
        amountPrecision: sql`excluded.amount_precision`,
        minAmount: sql`excluded.min_amount`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 only on a row this statement inserted: the usual way to tell inserts from updates.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = rows.filter((r) => r.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/** The feed's latest prices written back in one statement, so the admin list shows them when the feed is stopped. */
export async function writeBackPrices(exec: Executor, tickers: Ticker[]) {
  if (tickers.length === 0) return;
  const rows = sql.join(
    tickers.map(
      (t) =>
        sql`(${t.symbol}, ${t.last_price}::numeric, ${t.change_24h}::numeric, ${t.volume_24h}::numeric, ${t.updated_at}::timestamptz)`,
    ),
    sql`, `,
  );
  await exec.execute(sql`
    UPDATE trading_pairs p SET current_price = v.price, price_change_24h = v.change, volume_24h = v.volume, updated_at = v.at
    FROM (VALUES ${rows}) AS v(symbol, price, change, volume, at)
    WHERE p.symbol = v.symbol`);
}

export async function lastCompletedSync(exec: Executor): Promise<Date | null> {
  const [row] = await exec
    .select({ finishedAt: marketDataJobs.finishedAt })
    .from(marketDataJobs)
    .where(and(eq(marketDataJobs.kind, 'pair_sync'), eq(marketDataJobs.status, 'completed')))
    .orderBy(desc(marketDataJobs.finishedAt))
    .limit(1);
  return row?.finishedAt ?? null;
}

/** The wire shape; a live ticker, when there is one, is fresher than the stored columns. */
export function toTradingPair(row: PairRow, live?: Ticker | null): TradingPair {
  return {
    id: row.id,
    symbol: row.symbol,
    base_currency: row.baseCurrency,
    quote_currency: row.quoteCurrency,
    logo_url: row.logoUrl,
    current_price: live?.last_price ?? normalised(row.currentPrice),
    price_change_24h: live?.change_24h ?? normalised(row.priceChange24h),
    volume_24h: live?.volume_24h ?? normalised(row.volume24h),
    price_precision: row.pricePrecision,
    amount_precision: row.amountPrecision,
    min_amount: normaliseDecimalString(row.minAmount),
    fee_rate: normaliseDecimalString(row.feeRate),
    enabled: row.enabled,
    source: row.source,
    updated_at: live?.updated_at ?? row.updatedAt.toISOString(),
  };
}

const normalised = (value: string | null) => (value === null ? null : normaliseDecimalString(value));
