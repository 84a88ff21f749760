import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { parseCount, queryRows } from '../../../db/rows.ts';
import { enabledPairsQuotedIn } from '../../market-data/market-data.reads.ts';
import { timedContracts } from '../trading.schema.ts';

/**
 * SQL of the timed contracts (flash and option, one table: see trading.schema.ts). No rules here.
 * The settlement's statements are in settlement.repository.ts. Raw results differ by engine
 * (node-postgres gives int8 and numeric as text, PGlite may give numbers), so raw queries cast in
 * SQL and parse explicitly.
 */

export type TimedProduct = 'flash' | 'option';
export type ContractRow = typeof timedContracts.$inferSelect;
export type NewContract = typeof timedContracts.$inferInsert;

export async function findContract(exec: Executor, orderId: number): Promise<ContractRow | null> {
  const [row] = await exec.select().from(timedContracts).where(eq(timedContracts.orderId, orderId));
  return row ?? null;
}

/** The user's open contracts of both products (the per-user limit counts them together). */
export async function countOpenContracts(exec: Executor, userId: number): Promise<number> {
  return (await countOpenContractsOf(exec, [userId])).get(userId) ?? 0;
}

/** The open contracts of each of `userIds` (both products), for those that have any. */
export async function countOpenContractsOf(exec: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await exec
    .select({ userId: timedContracts.userId, n: count() })
    .from(timedContracts)
    .where(
      and(
        inArray(timedContracts.userId, userIds),
        inArray(timedContracts.product, ['flash', 'option']),
        eq(timedContracts.status, 'open'),
      ),
    )
    .groupBy(timedContracts.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** Settled options with a win or a loss, placed in `period`: what opens the higher levels. */
export async function countValidOptionOrders(
  exec: Executor,
  userId: number,
): Promise<{ window: number; nonWindow: number }> {
  const rows = await exec
    .select({ period: timedContracts.period, n: count() })
    .from(timedContracts)
    .where(
      and(
        eq(timedContracts.userId, userId),
        eq(timedContracts.product, 'option'),
        eq(timedContracts.status, 'settled'),
        inArray(timedContracts.outcome, ['win', 'loss']),
      ),
    )
    .groupBy(timedContracts.period);
  const of = (p: string) => rows.find((r) => r.period === p)?.n ?? 0;
  return { window: of('window'), nonWindow: of('nonWindow') };
}

/** Enabled pairs quoted in `currency`: what the timed products offer. */
export async function listOfferedPairs(exec: Executor, currency: string) {
  return enabledPairsQuotedIn(exec, currency);
}

export interface ContractFilter {
  page: number;
  limit: number;
  symbol?: string | undefined;
  status?: 'open' | 'settled' | undefined;
}

export async function listContracts(
  exec: Executor,
  userId: number,
  product: TimedProduct,
  filter: ContractFilter,
): Promise<{ rows: ContractRow[]; total: number }> {
  const conditions: SQL[] = [eq(timedContracts.userId, userId), eq(timedContracts.product, product)];
  if (filter.symbol) conditions.push(eq(timedContracts.symbol, filter.symbol));
  if (filter.status) conditions.push(eq(timedContracts.status, filter.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    exec
      .select()
      .from(timedContracts)
      .where(where)
      .orderBy(desc(timedContracts.orderId))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    exec.select({ n: count() }).from(timedContracts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Open contracts of the user and product, soonest expiry first (bounded by the open-contract limit). */
export async function listOpenContracts(
  exec: Executor,
  userId: number,
  product: TimedProduct,
  limit: number,
): Promise<ContractRow[]> {
  return exec
    .select()
    .from(timedContracts)
    .where(
      and(
        eq(timedContracts.userId, userId),
        eq(timedContracts.product, product),
        eq(timedContracts.status, 'open'),
      ),
    )
    .orderBy(asc(timedContracts.expiresAt), asc(timedContracts.orderId))
    .limit(limit);
}

export interface ContractTotals {
  total: number;
  open: number;
  wins: number;
  losses: number;
  draws: number;
  voids: number;
  totalStake: string;
  settledStake: string;
  totalPayout: string;
}

export async function contractTotals(
  exec: Executor,
  userId: number,
  product: TimedProduct,
): Promise<ContractTotals> {
  const [row] = await queryRows<Record<string, unknown>>(
    exec,
    sql`SELECT count(*)::int AS total,
          count(*) FILTER (WHERE status = 'open')::int AS open,
          count(*) FILTER (WHERE outcome = 'win')::int AS wins,
          count(*) FILTER (WHERE outcome = 'loss')::int AS losses,
          count(*) FILTER (WHERE outcome = 'draw')::int AS draws,
          count(*) FILTER (WHERE outcome = 'void')::int AS voids,
          COALESCE(sum(stake), 0)::text AS total_stake,
          COALESCE(sum(stake) FILTER (WHERE status = 'settled'), 0)::text AS settled_stake,
          COALESCE(sum(payout) FILTER (WHERE status = 'settled'), 0)::text AS total_payout
        FROM timed_contracts
        WHERE user_id = ${userId}::bigint AND product = ${product}`,
  );
  if (!row) throw new Error('contract totals returned nothing');
  return {
    total: parseCount(row.total),
    open: parseCount(row.open),
    wins: parseCount(row.wins),
    losses: parseCount(row.losses),
    draws: parseCount(row.draws),
    voids: parseCount(row.voids),
    totalStake: String(row.total_stake),
    settledStake: String(row.settled_stake),
    totalPayout: String(row.total_payout),
  };
}
