import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parseId, queryRows, rowText } from '../../db/rows.ts';

/**
 * What the platform owes its users, read from the ledger (issue 36, docs/proof-of-liabilities.md):
 * per user and currency the sum of the available, frozen and salary balances. Amounts are bigints
 * of the ledger's scale (10^-18 units, `NUMERIC(38, 18)` times 10^18): exact, and summed without a
 * Decimal per addition. Call these inside one REPEATABLE READ transaction so that the users' rows
 * and the totals are the same snapshot.
 */

/** The ledger's scale: amounts carry 18 decimal places. */
export const LEDGER_SCALE = 18;
const SCALE_FACTOR = sql.raw(`1${'0'.repeat(LEDGER_SCALE)}`);
/** The user buckets that are a liability of the platform. */
const LIABILITY_BUCKETS = sql`('available', 'frozen', 'salary')`;

/** One user's non-zero liabilities, currency → units of 10^-18. */
export interface UserLiabilities {
  userId: number;
  units: Map<string, bigint>;
}

/**
 * Every user with a ledger account, in user id order, `batchSize` users per batch (keyset reads on
 * the accounts' (user_id, bucket, currency) index): nothing is held beyond one batch. Users whose
 * balances are all zero are skipped; a currency whose sum is zero is left out of a user's map.
 */
export async function* userLiabilityBatches(
  exec: Executor,
  batchSize = 5000,
): AsyncGenerator<UserLiabilities[]> {
  let after = 0;
  for (;;) {
    const ids = await queryRows<{ user_id: string }>(
      exec,
      sql`SELECT u.user_id::text AS user_id FROM (
            SELECT DISTINCT user_id FROM ledger_accounts WHERE user_id > ${after}
            ORDER BY user_id LIMIT ${batchSize}) u
          ORDER BY u.user_id`,
    );
    if (ids.length === 0) return;
    const first = parseId(ids[0]?.user_id);
    const last = parseId(ids[ids.length - 1]?.user_id);
    const rows = await queryRows<{ user_id: string; currency: string; units: string }>(
      exec,
      sql`SELECT user_id::text AS user_id, currency,
            (sum(balance) * ${SCALE_FACTOR})::numeric(60, 0)::text AS units
          FROM ledger_accounts
          WHERE user_id BETWEEN ${first} AND ${last} AND NOT is_system AND bucket IN ${LIABILITY_BUCKETS}
          GROUP BY user_id, currency HAVING sum(balance) <> 0
          ORDER BY user_id, currency`,
    );
    const batch: UserLiabilities[] = [];
    let current: UserLiabilities | undefined;
    for (const row of rows) {
      const userId = parseId(row.user_id);
      if (current?.userId !== userId) {
        current = { userId, units: new Map() };
        batch.push(current);
      }
      current.units.set(rowText(row.currency), BigInt(rowText(row.units)));
    }
    yield batch;
    after = last;
  }
}

/** The ledger's total user liabilities per currency (zero sums left out), in units of 10^-18. */
export async function totalUserLiabilities(exec: Executor): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ currency: string; units: string }>(
    exec,
    sql`SELECT currency, (sum(balance) * ${SCALE_FACTOR})::numeric(60, 0)::text AS units
        FROM ledger_accounts WHERE NOT is_system AND bucket IN ${LIABILITY_BUCKETS}
        GROUP BY currency HAVING sum(balance) <> 0 ORDER BY currency`,
  );
  return new Map(rows.map((r) => [rowText(r.currency), BigInt(rowText(r.units))]));
}
