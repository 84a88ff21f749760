import type { Pagination } from '@platform/contracts';
import { type SQL, type Subquery, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

/** LIMIT/OFFSET of a page query. */
export const pageOf = (query: { page: number; limit: number }) => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});

/** The reply's pagination block. */
export const paginationOf = (query: { page: number; limit: number }, total: number): Pagination => ({
  page: query.page,
  limit: query.limit,
  total,
  totalPages: Math.ceil(total / query.limit),
});

/**
 * How many rows of `table` match `where`, counting at most `cap + 1` of them: more than `cap` means
 * "more than cap" (the reply's `totalExact: false`). A count reads every row it counts, so an
 * unbounded one over a broad filter at a million rows misses the 100 ms target; the journal
 * (GET /api/admin/transactions) and the admin lists' searches count this way.
 */
export async function countCapped(
  exec: Executor,
  table: PgTable | Subquery,
  where: SQL | undefined,
  cap: number,
): Promise<number> {
  const matching = exec
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(matching);
  return Number(row?.n ?? 0);
}
