import { movedPrice } from '@platform/domain';
import type { Db } from '../../../db/client.ts';
import { latestTicks } from '../perpetual/perpetual.repository.ts';
import {
  fundingSums,
  type LargePositionRow,
  type LargeUserRow,
  largestPositionsBySymbol,
  largestUsers,
  openSymbols,
  type PerpetualSideAggregate,
  perpetualSideAggregates,
  type TimedDirectionAggregate,
  timedDirectionAggregates,
} from './exposure.repository.ts';

export type { LargePositionRow, LargeUserRow, PerpetualSideAggregate, TimedDirectionAggregate };
export { fundingSums };

/** How many positions per symbol, and users, the largest lists read. */
export const EXPOSURE_LARGEST_LIMIT = 10;

export interface TradingExposureSnapshot {
  /** The mark of each symbol with open positions or contracts (its latest recorded tick). */
  marks: { symbol: string; price: string; at: Date }[];
  /** Symbols with open positions or contracts but no tick: not in the aggregates below. */
  unpriced: string[];
  /** `crossed[0]` is at the mark, `crossed[1 + i]` at the mark moved by `moves[i]`. */
  perpetual: PerpetualSideAggregate[];
  timed: TimedDirectionAggregate[];
  largestPositions: LargePositionRow[];
  largestUsers: LargeUserRow[];
}

/**
 * The trading module's read API for the house's exposure (risk module, docs/risk-exposure.md): the
 * open positions and contracts summed per pair at the marks, from the partial indexes of migration
 * 0054. The queries run side by side (separate pool connections on PostgreSQL).
 */
export function createTradingExposure(deps: { db: Db }) {
  const { db } = deps;
  async function snapshot(moves: readonly string[]): Promise<TradingExposureSnapshot> {
    const symbols = await openSymbols(db);
    const ticks = await latestTicks(db, symbols);
    const marks = symbols.flatMap((symbol) => {
      const tick = ticks.get(symbol);
      return tick ? [{ symbol, price: tick.price, at: tick.at }] : [];
    });
    const unpriced = symbols.filter((s) => !ticks.has(s));
    const priced = marks.map((m) => ({
      symbol: m.symbol,
      prices: [m.price, ...moves.map((move) => movedPrice(m.price, move))],
    }));
    const [perpetual, timed, positions, users] = await Promise.all([
      perpetualSideAggregates(db, priced),
      timedDirectionAggregates(db),
      largestPositionsBySymbol(
        db,
        marks.map((m) => m.symbol),
        EXPOSURE_LARGEST_LIMIT,
      ),
      largestUsers(db, marks, EXPOSURE_LARGEST_LIMIT),
    ]);
    const pricedSet = new Set(marks.map((m) => m.symbol));
    return {
      marks,
      unpriced,
      perpetual,
      timed: timed.filter((t) => pricedSet.has(t.symbol)),
      largestPositions: positions,
      largestUsers: users,
    };
  }
  return { snapshot };
}
export type TradingExposure = ReturnType<typeof createTradingExposure>;
