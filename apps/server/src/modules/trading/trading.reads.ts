import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Trading's read API for other modules (docs/module-boundaries.md): the SQL that names trading's
 * tables stays in trading, and a module that shows or values trades calls these.
 */

export interface SpotFillRow {
  currency: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
}

/**
 * The user's spot fills of these base currencies, for wallet's holdings: oldest first (the order the
 * moving average needs; a fill's seq breaks ties within an order, its order id between orders filled
 * in one instant).
 */
export async function listSpotFillsOf(
  exec: Executor,
  userId: number,
  currencies: readonly string[],
): Promise<SpotFillRow[]> {
  if (currencies.length === 0) return [];
  return queryRows<SpotFillRow>(
    exec,
    sql`SELECT o.base_currency AS currency, o.side, f.quantity::text AS quantity, f.price::text AS price
          FROM spot_fills f JOIN trade_orders o ON o.id = f.order_id
         WHERE o.user_id = ${userId} AND o.product = 'spot'
           AND o.base_currency IN (${sql.join(
             currencies.map((c) => sql`${c}`),
             sql`, `,
           )})
         ORDER BY f.created_at, f.order_id, f.seq`,
  );
}
