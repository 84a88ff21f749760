import { type IndexComponent, TRADING_TEXTS } from '@platform/contracts';
import { and, desc, eq, gt, lt, lte } from 'drizzle-orm';
import { upstreamFailed } from '../../core/errors.ts';
import { createFreshRead } from '../../core/fresh-read.ts';
import { normaliseDecimalString } from '../../core/money.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type IndexSnapshot, toIndexComponents } from '../market-data/price-index.ts';
import { priceTicks } from './trading.schema.ts';

/**
 * The reference price of every trading decision (ARCHITECTURE.md, "Reference prices"): what an
 * order opens at and what a contract settles at. Prices are the index of several venues
 * (market-data/price-index.ts), recorded as ticks with their components, so that each decision
 * names a stored observation (price, venues, time) that anyone can check and recompute later.
 * Nothing but these observations can decide an outcome.
 */
export interface PriceObservation {
  symbol: string;
  price: string;
  /** `index` for the composite index. */
  source: string;
  at: Date;
  /** The venues' prices and statuses behind `price`; null for ticks recorded before the index. */
  components: IndexComponent[] | null;
}

/** What the reference prices read of the index: each pair's snapshot no older than `maxAgeMs`. */
export interface IndexReader {
  latest(symbols: readonly string[], maxAgeMs: number): Promise<IndexSnapshot[]>;
}

export const INDEX_SOURCE = 'index';

/**
 * An entry price may be at most this old: an order never opens on a stale price. Spot and perpetual
 * orders (and the liquidation mark) accept 3 s; flash and option contracts, whose outcome is the
 * move from their entry price, 1 s before the order was received (TIMED_ENTRY_MAX_AGE_MS), so that
 * a user watching a faster feed cannot bet on a move that has already happened.
 */
export const ENTRY_PRICE_MAX_AGE_MS = 3000;
export const TIMED_ENTRY_MAX_AGE_MS = 1000;
/** A settlement takes the last tick at or before expiry, if it is at most this much older than expiry. */
export const SETTLEMENT_TICK_TOLERANCE_MS = 5000;
/** Ticks are kept this long; settlements copy the price they use. */
export const TICK_RETENTION_MS = 6 * 60 * 60 * 1000;
/** Ticks an instance keeps while the database is unreachable: 50 pairs for 10 minutes. */
export const UNRECORDED_TICKS_MAX = 30_000;
const RECORD_BATCH = 1000;
/** Instances' clocks agree with the database's within MAX_CLOCK_SKEW_MS; a tick further ahead is refused. */
const FUTURE_TICK_TOLERANCE_MS = 1000;

/**
 * How long an order's request has been with us when an engine takes it: the route's
 * `reply.elapsedTime`. Every engine judges an entry price's age at the request's arrival, so that a
 * slow moment of ours (a loaded machine, our own config and pair reads) never turns the user's
 * price into a later observation or a 行情更新中 refusal.
 */
export interface Arrival {
  sinceArrivalMs?: number;
}

/** The instant the order arrived, on the engine's clock `now`. */
export const arrivedAt = (now: number, arrival: Arrival = {}) =>
  now - Math.max(0, arrival.sinceArrivalMs ?? 0);

export function createReferencePrices(deps: { db: Db; index: IndexReader; now?: () => number }) {
  const now = deps.now ?? Date.now;

  async function record(exec: Executor, observations: readonly PriceObservation[]): Promise<void> {
    if (observations.length === 0) return;
    await exec
      .insert(priceTicks)
      .values(
        observations.map((o) => ({
          symbol: o.symbol,
          at: o.at,
          price: o.price,
          source: o.source,
          components: o.components,
        })),
      )
      .onConflictDoNothing();
  }

  /**
   * Fresh index prices of `symbols`, recorded as ticks. A pair without an index (too few venues
   * included) has no observation: nothing opens or settles on it until the venues agree again.
   * `background`: queue them and return without waiting for the database (the recorder: a database
   * that hangs must not stop it observing; see `unrecorded`).
   */
  async function observe(
    symbols: readonly string[],
    maxAgeMs = ENTRY_PRICE_MAX_AGE_MS,
    opts: { background?: boolean } = {},
  ): Promise<PriceObservation[]> {
    if (symbols.length === 0) return [];
    const snapshots = await deps.index.latest(symbols, maxAgeMs);
    const observations = snapshots.flatMap((s) =>
      s.price === null
        ? []
        : [
            {
              symbol: s.symbol,
              price: normaliseDecimalString(s.price),
              source: INDEX_SOURCE,
              at: new Date(s.at),
              components: toIndexComponents(s.components),
            },
          ],
    );
    unrecorded.push(...observations);
    if (unrecorded.length > UNRECORDED_TICKS_MAX) unrecorded = unrecorded.slice(-UNRECORDED_TICKS_MAX);
    if (opts.background) void flushSoon().catch(() => undefined);
    else await flushSoon();
    return observations;
  }

  /**
   * Ticks observed but not yet written. While the database cannot take them (down, or hanging in a
   * partition) they wait here, the newest UNRECORDED_TICKS_MAX, and are written when it can, so a
   * contract that expired during a short outage settles on the price of its expiry instead of
   * voiding (issue 31). Their times are those of the observations, so they take their place among
   * the other instances' ticks. One writer at a time drains the queue.
   */
  let unrecorded: PriceObservation[] = [];
  let flushing: Promise<void> | null = null;
  function flushSoon(): Promise<void> {
    if (!flushing) {
      flushing = (async () => {
        while (unrecorded.length > 0) {
          const batch = unrecorded.slice(0, RECORD_BATCH);
          await record(deps.db, batch);
          // What arrived meanwhile stays; only the written batch goes (the cap may have cut the front).
          const written = new Set(batch);
          unrecorded = unrecorded.filter((o) => !written.has(o));
        }
      })().finally(() => {
        flushing = null;
      });
    }
    return flushing;
  }

  /**
   * The latest tick of a symbol, as any instance recorded it: orders of the same moment share one
   * read, never one sent before they came (core/fresh-read.ts), so each sees every tick committed
   * before it arrived.
   */
  const latestTick = createFreshRead(async (symbol: string) => {
    const [tick] = await deps.db
      .select()
      .from(priceTicks)
      // A tick stamped ahead of the database's clock (an instance's wrong clock) is never used.
      .where(
        and(eq(priceTicks.symbol, symbol), lte(priceTicks.at, new Date(now() + FUTURE_TICK_TOLERANCE_MS))),
      )
      .orderBy(desc(priceTicks.at))
      .limit(1);
    return tick ?? null;
  });

  /**
   * Orders that find no fresh tick in the same moment (a burst just before the next recording) share
   * one observation of their symbol: one market read and one tick written instead of one each. Each
   * still checks the observation's time against its own receipt.
   */
  const observing = new Map<string, Promise<PriceObservation[]>>();
  function observeShared(symbol: string, maxAgeMs: number): Promise<PriceObservation[]> {
    const key = `${symbol} ${maxAgeMs}`;
    let shared = observing.get(key);
    if (!shared) {
      shared = observe([symbol], maxAgeMs).finally(() => observing.delete(key));
      observing.set(key, shared);
    }
    return shared;
  }

  return {
    record,
    observe,

    /**
     * The latest price of `symbol` observed at most `maxAgeMs` before `receivedAt` (the moment the
     * order arrived; default now): the last recorded tick, or a fresh observation. Call it before
     * opening a transaction (PGlite: no network inside one). When the market cannot give one: 502
     * 行情暂不可用, or `staleError` when the caller names its own refusal.
     */
    async current(
      symbol: string,
      opts: { maxAgeMs?: number; receivedAt?: number; staleError?: () => Error } = {},
    ): Promise<PriceObservation> {
      const maxAgeMs = opts.maxAgeMs ?? ENTRY_PRICE_MAX_AGE_MS;
      const since = (opts.receivedAt ?? now()) - maxAgeMs;
      const tick = await latestTick(symbol);
      if (tick && tick.at.getTime() >= since) return observationOf(tick);
      const observed = await observeShared(symbol, maxAgeMs).catch(() => []);
      const fresh = observed.find((o) => o.symbol === symbol && o.at.getTime() >= since);
      if (!fresh) throw opts.staleError?.() ?? upstreamFailed(TRADING_TEXTS.priceUnavailable, { symbol });
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
      return tick ? observationOf(tick) : null;
    },

    /** Deletes ticks older than the retention. */
    async prune(): Promise<void> {
      await deps.db.delete(priceTicks).where(lt(priceTicks.at, new Date(now() - TICK_RETENTION_MS)));
    },
  };
}

export type ReferencePrices = ReturnType<typeof createReferencePrices>;

function observationOf(tick: typeof priceTicks.$inferSelect): PriceObservation {
  return { ...tick, price: normaliseDecimalString(tick.price), components: tick.components ?? null };
}
