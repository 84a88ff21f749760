import { Decimal, formatNormalised, roundToScale } from './money.ts';

/**
 * The house's exposure as counterparty (风险敞口, issue 34; docs/risk-exposure.md): the arithmetic
 * over the aggregates the database sums, shared by the server and its tests. "House side": positive
 * when users lose. Amounts are decimal strings in, Decimals in between, strings with at most
 * `EXPOSURE_SCALE` places out.
 */

/** Places of the exposure's USDT figures. */
export const EXPOSURE_SCALE = 8;

export function exposureString(value: Decimal): string {
  return formatNormalised(roundToScale(value, EXPOSURE_SCALE));
}

/** One side's open positions of a pair: Σ quantity, Σ quantity × entry price, Σ margin, count. */
export interface PerpetualSideSums {
  quantity: string;
  entryValue: string;
  margin: string;
}

/**
 * The same side's positions that a price P has taken past their bankruptcy (a long's
 * quantity × (entry − P) ≥ margin, a short's quantity × (P − entry) ≥ margin): for them the house
 * gains exactly their margin, whatever P.
 */
export type PerpetualCrossedSums = PerpetualSideSums;

/**
 * The house's result on one side's open positions at `price`: Σ over positions of
 * min(margin, −user P&L) — the crossed ones their margin, the others −(user P&L), which summed is
 * long: Σ(q × entry) − P × Σq, short: P × Σq − Σ(q × entry), over the uncrossed ones.
 */
export function perpetualHouseResult(
  side: 'long' | 'short',
  all: PerpetualSideSums,
  crossed: PerpetualCrossedSums,
  price: string,
): Decimal {
  const quantity = new Decimal(all.quantity).minus(crossed.quantity);
  const entryValue = new Decimal(all.entryValue).minus(crossed.entryValue);
  const atPrice = quantity.times(price);
  const uncrossed = side === 'long' ? entryValue.minus(atPrice) : atPrice.minus(entryValue);
  return uncrossed.plus(crossed.margin);
}

/** One position's house result at `price` (the same rule, for one position: tests and the largest list). */
export function positionHouseResult(
  side: 'long' | 'short',
  quantity: string,
  entryPrice: string,
  margin: string,
  price: string,
): Decimal {
  const q = new Decimal(quantity);
  const userPnl =
    side === 'long'
      ? q.times(new Decimal(price).minus(entryPrice))
      : q.times(new Decimal(entryPrice).minus(price));
  return Decimal.min(userPnl.neg(), new Decimal(margin));
}

/** One direction's open timed contracts of a pair: Σ stake and Σ stake × payout rate (the profit on a win). */
export interface TimedDirectionSums {
  stake: string;
  profit: string;
}

/** What the house pays out if every contract of the winning direction wins: max over directions of Σ(stake + profit). */
export function timedWorstCasePayout(up: TimedDirectionSums, down: TimedDirectionSums): Decimal {
  return Decimal.max(new Decimal(up.stake).plus(up.profit), new Decimal(down.stake).plus(down.profit));
}

/**
 * The house's result on the open timed contracts if the price moves by `move` (a fraction): a rise
 * wins up / call (the house pays their profit) and loses down / put (the house keeps their stake); a
 * fall the reverse; no move is a draw (stakes refunded).
 */
export function timedHouseResult(up: TimedDirectionSums, down: TimedDirectionSums, move: string): Decimal {
  const m = new Decimal(move);
  if (m.isZero()) return new Decimal(0);
  const [winners, losers] = m.greaterThan(0) ? [up, down] : [down, up];
  return new Decimal(losers.stake).minus(winners.profit);
}

/** The mark moved by `move`: mark × (1 + move). */
export function movedPrice(mark: string, move: string): string {
  return new Decimal(mark).times(new Decimal(1).plus(move)).toFixed();
}
