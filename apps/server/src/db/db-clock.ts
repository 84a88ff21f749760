import { sql } from 'drizzle-orm';
import { type Message, msg, render } from '../i18n/i18n.ts';
import type { Db } from './client.ts';
import { queryRows } from './rows.ts';

/**
 * The database's clock as this instance sees it (issue 31): settlement cutoffs, void deadlines,
 * tick and entry times and freshness checks use `now()`, the instance's clock corrected by the
 * offset last measured against the database, so one instance's wrong clock does not decide for the
 * cluster. An instance whose own clock is further off than `maxSkewMs` (beyond what the round trip
 * leaves uncertain) is `skewed`: it records no ticks, settles nothing and publishes nothing to the
 * shared cache, and its health says why, until its clock is right again.
 */
export interface DbClock {
  /** Epoch ms on the database's clock (the local clock plus the measured offset). */
  now(): number;
  /** The last measurement, null before the first. */
  readonly offsetMs: number | null;
  /** Why this instance must not record or settle (a message: health says it in the reader's language), or null when its clock is within the limit. */
  problem(): Message | null;
  /** Measures once (boot, tests); the loop measures every `everyMs`. */
  measure(): Promise<void>;
  start(): void;
  stop(): void;
}

export const CLOCK_MEASURE_EVERY_MS = 5000;
/** Readings one measurement takes at most, stopping at the first whose half round trip is this good. */
const SAMPLES = 3;
const GOOD_UNCERTAINTY_MS = 25;
/** A later reading less certain than this (and than the one in use) does not replace it. */
const TRUSTED_UNCERTAINTY_MS = 50;

export function createDbClock(deps: {
  db: Db;
  maxSkewMs: number;
  /** The instance's own clock (tests inject a wrong one). */
  localNow?: () => number;
  everyMs?: number;
  onProblemChange?: (problem: Message | null) => void;
}): DbClock {
  const localNow = deps.localNow ?? Date.now;
  let offset = 0;
  let measured: number | null = null;
  let uncertainty = 0;
  let timer: NodeJS.Timeout | null = null;
  /** The last problem told, as text: a new measurement of the same skew is no change. */
  let lastProblem: string | null = null;

  function problem(): Message | null {
    if (measured === null) return null;
    const skew = Math.abs(measured) - uncertainty;
    if (skew <= deps.maxSkewMs) return null;
    return msg('operations.clock.skewed', { skewMs: Math.round(measured), allowedMs: deps.maxSkewMs });
  }

  /** One reading: the offset (database − local) and half the round trip. */
  async function sample(): Promise<{ offset: number; uncertainty: number } | null> {
    const before = localNow();
    const [row] = await queryRows<{ ms: unknown }>(
      deps.db,
      sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms`,
    );
    const after = localNow();
    const dbMs = Number(row?.ms);
    if (!Number.isFinite(dbMs)) return null;
    // The database read its clock somewhere between `before` and `after`: the offset is somewhere in
    // [dbMs − after, dbMs − before]. Of those, the one nearest 0: clocks that agree are never "corrected"
    // by a reply that waited in a queue (before the database read its clock, or after), and a clock that
    // is really off is corrected to within the round trip.
    const offset = Math.min(Math.max(0, dbMs - after), dbMs - before);
    return { offset, uncertainty: (after - before) / 2 };
  }

  /**
   * The offset is only as good as its round trip: a reply that waited seconds on a loaded machine
   * says the database's clock is anywhere in those seconds, and taking its midpoint moved the clock by
   * half of them (fresh ticks then looked stale or ahead, and perpetual tests opened at the simulator's
   * price in CI). So each reading takes the offset nearest 0 that it allows, a slow reading is sampled
   * again (the best of SAMPLES kept), and it replaces a measurement only when it is about as certain.
   */
  async function measure(): Promise<void> {
    let best: { offset: number; uncertainty: number } | null = null;
    for (let i = 0; i < SAMPLES; i++) {
      const reading = await sample();
      if (reading && (!best || reading.uncertainty < best.uncertainty)) best = reading;
      if (best && best.uncertainty <= GOOD_UNCERTAINTY_MS) break;
    }
    if (!best) return;
    if (measured !== null && best.uncertainty > Math.max(uncertainty, TRUSTED_UNCERTAINTY_MS)) return;
    measured = best.offset;
    uncertainty = best.uncertainty;
    offset = measured;
    const current = problem();
    const text = current && render('en', current);
    if (text !== lastProblem) {
      lastProblem = text;
      deps.onProblemChange?.(current);
    }
  }

  return {
    now: () => localNow() + offset,
    get offsetMs() {
      return measured;
    },
    problem,
    measure,
    start() {
      if (timer) return;
      timer = setInterval(
        () => void measure().catch(() => undefined),
        deps.everyMs ?? CLOCK_MEASURE_EVERY_MS,
      );
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
