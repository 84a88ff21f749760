import { and, count, desc, inArray, ne, sql } from 'drizzle-orm';
import { pageOf } from '../../../core/paging.ts';
import type { Executor, Tx } from '../../../db/client.ts';
import { userDirectory } from '../../users/users.ts';
import { perpetualPositions } from '../trading.schema.ts';
import type { PositionRow } from './perpetual.repository.ts';

/** SQL of the insurance fund (docs/insurance-fund.md): its lock and the liquidations' shares of it. */

/**
 * Serialises the liquidations that draw on the fund until the transaction ends, so that two of them
 * never both spend the same balance (a feed needs no lock: it only adds). Taken after the
 * positions' row locks, always last, so it closes no cycle with them.
 */
export async function lockInsuranceFund(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('perpetual:insurance-fund'))`);
}

export interface InsuranceShare {
  orderId: number;
  /** Positive: fed the fund; negative: drawn from it. */
  insuranceAmount: string;
  /** The bankruptcy price a gap liquidation closed at; null: the mark stays the close price. */
  closePrice: string | null;
}

/** Records each liquidated position's share of the fund (and a gap's close price); the rows after. */
export async function recordInsuranceShares(
  tx: Tx,
  shares: readonly InsuranceShare[],
): Promise<PositionRow[]> {
  if (shares.length === 0) return [];
  const values = sql.join(
    shares.map((s) => sql`(${s.orderId}::bigint, ${s.insuranceAmount}::numeric, ${s.closePrice}::numeric)`),
    sql`, `,
  );
  const p = perpetualPositions;
  await tx.execute(sql`UPDATE perpetual_positions AS p
    SET insurance_amount = v.amount, close_price = coalesce(v.close_price, p.close_price)
    FROM (VALUES ${values}) AS v(order_id, amount, close_price)
    WHERE p.order_id = v.order_id AND p.status = 'liquidated'`);
  return tx
    .select()
    .from(p)
    .where(
      inArray(
        p.orderId,
        shares.map((s) => s.orderId),
      ),
    );
}

/** The owner of a liquidated position. */
const positionOwner = userDirectory('position_owner');

/** The liquidations that fed or drew on the fund, newest first, with the owner's e-mail. */
export async function listInsuranceHistory(exec: Executor, query: { page: number; limit: number }) {
  const p = perpetualPositions;
  const where = and(ne(p.insuranceAmount, '0'));
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await Promise.all([
    exec
      .select({ position: p, email: positionOwner.email })
      .from(p)
      .innerJoin(positionOwner, sql`${positionOwner.id} = ${p.userId}`)
      .where(where)
      .orderBy(desc(p.closedAt), desc(p.orderId))
      .limit(limit)
      .offset(offset),
    exec.select({ n: count() }).from(p).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
