import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';

/** SQL of the perpetuals' open-interest caps (docs/perpetual-risk.md). */

/**
 * Serialises the openings of one pair side until the transaction ends, so that the side cap holds
 * under concurrent opens (the sum and the insert happen under it). The two-int form keeps these keys
 * apart from the users' locks (db/user-locks.ts). Taken after the user's opening lock, always.
 */
export async function lockPairSide(tx: Tx, symbol: string, side: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('perpetual:open-interest'), hashtext(${`${symbol}:${side}`}))`,
  );
}

/** Open notional (Σ quantity × entry price) of one pair's side, and of one user on the pair. */
export async function openNotional(
  exec: Executor,
  symbol: string,
  side: string,
  userId: number,
): Promise<{ side: string; user: string }> {
  const [row] = await queryRows<{ side: unknown; user: unknown }>(
    exec,
    sql`SELECT
      (SELECT coalesce(sum(quantity * entry_price), 0) FROM perpetual_positions
        WHERE status = 'open' AND symbol = ${symbol} AND side = ${side})::text AS side,
      (SELECT coalesce(sum(quantity * entry_price), 0) FROM perpetual_positions
        WHERE status = 'open' AND user_id = ${userId} AND symbol = ${symbol})::text AS user`,
  );
  return { side: String(row?.side ?? '0'), user: String(row?.user ?? '0') };
}

/** One user's open notional on a pair, both sides. */
export async function userOpenNotional(exec: Executor, symbol: string, userId: number): Promise<string> {
  const [row] = await queryRows<{ v: unknown }>(
    exec,
    sql`SELECT coalesce(sum(quantity * entry_price), 0)::text AS v FROM perpetual_positions
      WHERE status = 'open' AND user_id = ${userId} AND symbol = ${symbol}`,
  );
  return String(row?.v ?? '0');
}

/** Open notional per pair and side: the back office's current usage. */
export async function openNotionalBySide(exec: Executor) {
  return queryRows<{ symbol: string; side: string; v: string }>(
    exec,
    sql`SELECT symbol, side, coalesce(sum(quantity * entry_price), 0)::text AS v FROM perpetual_positions
      WHERE status = 'open' GROUP BY symbol, side`,
  );
}
