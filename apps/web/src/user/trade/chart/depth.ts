import type { OrderBook } from '@platform/contracts';
import { aggregateBook, groupingSteps } from '../spot/book.ts';

/**
 * The depth chart's two curves from the reference order book: each side's levels at the pair's
 * tick with the quantity from the best price out to that level, both in ascending price (the
 * order a price axis is drawn in).
 */

export interface DepthPoint {
  price: string;
  /** Base quantity from the best level up to and including this one. */
  total: string;
}

export interface DepthCurves {
  bids: DepthPoint[];
  asks: DepthPoint[];
}

export function depthCurves(
  book: Pick<OrderBook, 'asks' | 'bids'> | undefined,
  pricePrecision: number,
  levels: number,
): DepthCurves {
  const [tick = '1'] = groupingSteps(pricePrecision, 1);
  const { asks, bids } = aggregateBook(book, tick, levels);
  const point = ({ price, total }: DepthPoint) => ({ price, total });
  return { bids: bids.map(point).reverse(), asks: asks.map(point) };
}
