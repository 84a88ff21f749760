import type { OrderBook } from '@platform/contracts';
import { Decimal } from '@platform/domain';

/**
 * The order book as the screen shows it: the reference book's levels grouped into price steps
 * (asks rounded up, bids rounded down, as exchanges do, so a grouped level never looks better than
 * the levels inside it), with the running total that the depth bars draw.
 */

export interface BookRow {
  /** The group's price, with the step's decimals. */
  price: string;
  /** Base quantity of the group. */
  amount: string;
  /** Base quantity from the best level up to and including this group. */
  total: string;
  /** total / the larger side's total, 0..1: the width of the depth bar. */
  depth: number;
}

export interface AggregatedBook {
  /** Best (lowest) first. */
  asks: BookRow[];
  /** Best (highest) first. */
  bids: BookRow[];
}

/** Decimal places of a step written as a decimal string: '0.01' → 2, '10' → 0. */
export function stepDecimals(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

/** The grouping choices of a pair: its tick and the next three powers of ten ('0.01', '0.1', '1', '10'). */
export function groupingSteps(pricePrecision: number, count = 4): string[] {
  const steps: string[] = [];
  for (let i = 0; i < count; i++) {
    const places = pricePrecision - i;
    steps.push(new Decimal(10).pow(-places).toFixed(Math.max(0, places)));
  }
  return steps;
}

type Level = readonly [string, string];

function groupSide(levels: readonly Level[], side: 'asks' | 'bids', step: Decimal, rows: number) {
  const rounding = side === 'asks' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN;
  const parsed = levels
    .map(([price, amount]) => ({ price: new Decimal(price), amount: new Decimal(amount) }))
    .filter((l) => l.price.gt(0) && l.amount.gt(0))
    .sort((a, b) => (side === 'asks' ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price)));
  const groups: { price: Decimal; amount: Decimal }[] = [];
  for (const level of parsed) {
    const bucket = level.price.div(step).toDecimalPlaces(0, rounding).times(step);
    const last = groups.at(-1);
    if (last?.price.eq(bucket)) last.amount = last.amount.plus(level.amount);
    else if (groups.length < rows) groups.push({ price: bucket, amount: level.amount });
    else break;
  }
  let running = new Decimal(0);
  return groups.map((g) => {
    running = running.plus(g.amount);
    return { ...g, total: running };
  });
}

/**
 * Groups both sides of `book` into `step`-wide price levels, `rows` per side at most. Bars share one
 * scale (the side with more volume shown is full width), so the two sides can be compared.
 */
export function aggregateBook(
  book: Pick<OrderBook, 'asks' | 'bids'> | undefined,
  step: string,
  rows: number,
): AggregatedBook {
  if (!book) return { asks: [], bids: [] };
  const stepValue = new Decimal(step);
  const places = stepDecimals(step);
  const asks = groupSide(book.asks, 'asks', stepValue, rows);
  const bids = groupSide(book.bids, 'bids', stepValue, rows);
  const scale = Decimal.max(asks.at(-1)?.total ?? 0, bids.at(-1)?.total ?? 0);
  const toRow = (g: (typeof asks)[number]): BookRow => ({
    price: g.price.toFixed(places),
    amount: g.amount.toFixed(),
    total: g.total.toFixed(),
    // A bar width, not money: a number is what CSS takes.
    depth: scale.gt(0) ? g.total.div(scale).toNumber() : 0,
  });
  return { asks: asks.map(toRow), bids: bids.map(toRow) };
}
