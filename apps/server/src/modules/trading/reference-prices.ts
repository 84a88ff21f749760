import { TRADING_TEXTS } from '@platform/contracts';
import { and, desc, eq, gt, lt, lte } from 'drizzle-orm';
import { upstreamFailed } from '../../core/errors.ts';
import { normaliseDecimalString } from '../../core/money.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { MarketQuotes } from '../market-data/market-quotes.ts';
import { priceTicks } from './trading.schema.ts';

/**
 * The reference price of every trading decision (DESIGN.md §5, §6): what an order opens at and what
 * a contract settles at. Prices are observed from the market-data quotes and recorded as ticks, so
 * that each decision names a stored observation (price, source, time) that anyone can check later.
 * Nothing but these observations can decide an outcome.
 */
export interface PriceObservation {
  symbol: string;
  price: string;
  source: string;
  at: Date;
}

/** An entry price may be at most this old: an order never opens on a stale price. */
export const ENTRY_PRICE_MAX_AGE_MS = 3000;
/** A settlement takes the last tick at or before expiry, if it is at most this much older than expiry. */
export const SETTLEMENT_TICK_TOLERANCE_MS = 5000;
/** Ticks are kept this long; settlements copy the price they use. */
export const TICK_RETENTION_MS = 6 * 60 * 60 * 1000;

export function createReferencePrices(deps: {
  db: Db;
  quotes: Pick<MarketQuotes, 'tickers'>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  async function record(exec: Executor, observations: readonly PriceObservation[]): Promise<void> {
    if (observations.length === 0) return;
    await exec
      .insert(priceTicks)
      .values(observations.map((o) => ({ symbol: o.symbol, at: o.at, price: o.price, source: o.source })))
      .onConflictDoNothing();
  }

  /** Fresh prices of `symbols` from the market (cache or source), recorded as ticks. */
  async function observe(symbols: readonly string[]): Promise<PriceObservation[]> {
    if (symbols.length === 0) return [];
    const tickers = await deps.quotes.tickers([...symbols], ENTRY_PRICE_MAX_AGE_MS);
    const observations = tickers.map((t) => ({
      symbol: t.symbol,
      price: normaliseDecimalString(t.last_price),
      source: t.source,
      at: new Date(t.updated_at),
    }));
    await record(deps.db, observations);
    return observations;
  }

  return {
    record,
    observe,

    /**
     * The latest price of `symbol` no older than `ENTRY_PRICE_MAX_AGE_MS`: the last recorded tick,
     * or a fresh observation. Call it before opening a transaction (PGlite: no network inside one).
     * 502 行情暂不可用 when the market cannot give one.
     */
    async current(symbol: string): Promise<PriceObservation> {
      const since = new Date(now() - ENTRY_PRICE_MAX_AGE_MS);
      const [tick] = await deps.db
        .select()
        .from(priceTicks)
        .where(and(eq(priceTicks.symbol, symbol), gt(priceTicks.at, since)))
        .orderBy(desc(priceTicks.at))
        .limit(1);
      if (tick) return { ...tick, price: normaliseDecimalString(tick.price) };
      const observed = await observe([symbol]).catch(() => []);
      const fresh = observed.find(
        (o) => o.symbol === symbol && o.at.getTime() > now() - ENTRY_PRICE_MAX_AGE_MS,
      );
      if (!fresh) throw upstreamFailed(TRADING_TEXTS.priceUnavailable, { symbol });
      return fresh;
    },

    /** The last tick of `symbol` at or before `instant`, within the tolerance; null when there is none. */
    async at(exec: Executor, symbol: string, instant: Date): Promise<PriceObservation | null> {
      const [tick] = await exec
        .select()
        .from(priceTicks)
        .where(
          and(
            eq(priceTicks.symbol, symbol),
            lte(priceTicks.at, instant),
            gt(priceTicks.at, new Date(instant.getTime() - SETTLEMENT_TICK_TOLERANCE_MS)),
          ),
        )
        .orderBy(desc(priceTicks.at))
        .limit(1);
      return tick ? { ...tick, price: normaliseDecimalString(tick.price) } : null;
    },

    /** Deletes ticks older than the retention. */
    async prune(): Promise<void> {
      await deps.db.delete(priceTicks).where(lt(priceTicks.at, new Date(now() - TICK_RETENTION_MS)));
    },
  };
}

export type ReferencePrices = ReturnType<typeof createReferencePrices>;
