import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayLiteral, parseCount, queryRows, rowText } from '../../db/rows.ts';
import { porLeaves, porSnapshots } from './por.schema.ts';

/** Data access of proof of liabilities: snapshots, their leaves and inner nodes. */

export type PorSnapshotRow = typeof porSnapshots.$inferSelect;
export type NewPorSnapshot = typeof porSnapshots.$inferInsert;

export interface LeafRow {
  idx: number;
  userId: number;
  nonce: string;
  balances: string;
  hash: string;
}
export interface NodeRow {
  level: number;
  idx: number;
  hash: string;
  sums: string;
}

export async function insertSnapshot(exec: Executor, row: NewPorSnapshot): Promise<PorSnapshotRow> {
  const [inserted] = await exec.insert(porSnapshots).values(row).returning();
  if (!inserted) throw new Error('proof of liabilities: the snapshot was not stored');
  return inserted;
}

export async function publishSnapshot(
  exec: Executor,
  id: number,
  values: Pick<NewPorSnapshot, 'root' | 'totals' | 'leafCount' | 'durationMs'>,
): Promise<PorSnapshotRow> {
  const [updated] = await exec
    .update(porSnapshots)
    .set({ ...values, status: 'published' })
    .where(eq(porSnapshots.id, id))
    .returning();
  if (!updated) throw new Error('proof of liabilities: the snapshot went missing');
  return updated;
}

/** One statement per batch: one array literal per column (thousands of rows, five parameters). */
export async function insertLeaves(exec: Executor, snapshotId: number, rows: readonly LeafRow[]) {
  if (rows.length === 0) return;
  await exec.execute(sql`INSERT INTO por_leaves (snapshot_id, idx, user_id, nonce, balances, hash)
    SELECT ${snapshotId}::bigint, * FROM unnest(
      ${arrayLiteral(rows.map((r) => r.idx))}::int[],
      ${arrayLiteral(rows.map((r) => r.userId))}::bigint[],
      ${arrayLiteral(rows.map((r) => r.nonce))}::text[],
      ${arrayLiteral(rows.map((r) => r.balances))}::text[],
      ${arrayLiteral(rows.map((r) => r.hash))}::text[])`);
}

export async function insertNodes(exec: Executor, snapshotId: number, rows: readonly NodeRow[]) {
  if (rows.length === 0) return;
  await exec.execute(sql`INSERT INTO por_nodes (snapshot_id, level, idx, hash, sums)
    SELECT ${snapshotId}::bigint, * FROM unnest(
      ${arrayLiteral(rows.map((r) => r.level))}::smallint[],
      ${arrayLiteral(rows.map((r) => r.idx))}::int[],
      ${arrayLiteral(rows.map((r) => r.hash))}::text[],
      ${arrayLiteral(rows.map((r) => r.sums))}::text[])`);
}

const published = eq(porSnapshots.status, 'published');

export async function listSnapshots(
  exec: Executor,
  options: { publishedOnly: boolean; offset: number; limit: number },
): Promise<{ rows: PorSnapshotRow[]; total: number }> {
  const where = options.publishedOnly ? published : undefined;
  const [rows, [total]] = await Promise.all([
    exec
      .select()
      .from(porSnapshots)
      .where(where)
      .orderBy(desc(porSnapshots.id))
      .limit(options.limit)
      .offset(options.offset),
    exec.select({ n: count() }).from(porSnapshots).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPublished(
  exec: Executor,
  id: number | undefined,
): Promise<PorSnapshotRow | undefined> {
  const [row] = await exec
    .select()
    .from(porSnapshots)
    .where(id === undefined ? published : and(published, eq(porSnapshots.id, id)))
    .orderBy(desc(porSnapshots.id))
    .limit(1);
  return row;
}

export async function scheduledExists(exec: Executor, instant: Date): Promise<boolean> {
  const [row] = await exec
    .select({ id: porSnapshots.id })
    .from(porSnapshots)
    .where(eq(porSnapshots.scheduledFor, instant))
    .limit(1);
  return row !== undefined;
}

export function leavesPage(exec: Executor, snapshotId: number, offset: number, limit: number) {
  return exec
    .select({ idx: porLeaves.idx, hash: porLeaves.hash, balances: porLeaves.balances })
    .from(porLeaves)
    .where(and(eq(porLeaves.snapshotId, snapshotId), sql`${porLeaves.idx} >= ${offset}`))
    .orderBy(porLeaves.idx)
    .limit(limit);
}

export async function leafOfUser(exec: Executor, snapshotId: number, userId: number) {
  const [row] = await exec
    .select()
    .from(porLeaves)
    .where(and(eq(porLeaves.snapshotId, snapshotId), eq(porLeaves.userId, userId)));
  return row;
}

/** Leaves `start` to `start + count - 1` by index (a proof's block), as a map. */
export async function leavesBlock(exec: Executor, snapshotId: number, start: number, count: number) {
  const rows = await exec
    .select({ idx: porLeaves.idx, hash: porLeaves.hash, balances: porLeaves.balances })
    .from(porLeaves)
    .where(
      and(
        eq(porLeaves.snapshotId, snapshotId),
        sql`${porLeaves.idx} >= ${start}`,
        sql`${porLeaves.idx} < ${start + count}`,
      ),
    );
  return new Map(rows.map((r) => [r.idx, r]));
}

/** The nodes at (level, idx) pairs, one query (a proof's siblings). */
export async function nodesAt(
  exec: Executor,
  snapshotId: number,
  at: readonly { level: number; idx: number }[],
): Promise<NodeRow[]> {
  if (at.length === 0) return [];
  const rows = await queryRows<{ level: number; idx: number; hash: string; sums: string }>(
    exec,
    sql`SELECT n.level::int AS level, n.idx::int AS idx, n.hash, n.sums FROM por_nodes n
        JOIN unnest(${arrayLiteral(at.map((a) => a.level))}::smallint[],
                    ${arrayLiteral(at.map((a) => a.idx))}::int[]) AS w(level, idx)
          ON n.level = w.level AND n.idx = w.idx
        WHERE n.snapshot_id = ${snapshotId}`,
  );
  return rows.map((r) => ({
    level: parseCount(r.level),
    idx: parseCount(r.idx),
    hash: rowText(r.hash),
    sums: rowText(r.sums),
  }));
}
