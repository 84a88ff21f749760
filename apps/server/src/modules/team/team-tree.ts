import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { parseCount, parseId, queryRows } from '../../db/rows.ts';

/**
 * Places a new account in the referral tree, in the transaction that creates it: its node, its
 * closure rows (one per ancestor) and one more member on every ancestor's counters.
 *
 * The ancestors are locked in user_id order first. Parents are always older than their children
 * (an invite code must exist before it is used), so this is the same global order the charged
 * trigger of migration 0012 uses: two registrations, or a registration and a deposit approval,
 * under the same top user wait for each other instead of deadlocking. Five statements whatever
 * the depth, each an index lookup (no statement may read team_nodes by anything but its key: a
 * `user_id = parent OR user_id IN (...)` form read the whole table, 0.5 s at 1M users).
 */
export async function attachToTree(
  tx: Tx,
  user: { id: number; createdAt: Date },
  parentId: number | null,
): Promise<void> {
  const userId = user.id;
  // joined_at is the registration time (the demo and imports create users in the past).
  const joinedAt = sql`${user.createdAt.toISOString()}::timestamptz`;
  if (parentId === null) {
    await tx.execute(
      sql`INSERT INTO team_nodes (user_id, parent_id, depth, joined_at) VALUES (${userId}, NULL, 0, ${joinedAt})`,
    );
    return;
  }
  // The closure rows of an existing node never change, so they are read without a lock; the
  // counter rows are then locked and updated by id. (A lock or update whose WHERE joins a
  // sub-select lost the parent's row under concurrent registrations on PostgreSQL: the recheck of
  // a concurrently updated row went through the sub-select's UNION and found nothing.)
  const ancestors = await queryRows<{ id: unknown }>(
    tx,
    sql`SELECT ancestor_id AS id FROM team_paths WHERE descendant_id = ${parentId}`,
  );
  const lineage = [parentId, ...ancestors.map((row) => parseId(row.id))];
  const locked = await queryRows<{ user_id: unknown; depth: unknown }>(
    tx,
    sql`SELECT user_id, depth FROM team_nodes WHERE user_id = ANY(${sql.param(lineage)}::bigint[])
         ORDER BY user_id FOR UPDATE`,
  );
  const parent = locked.find((row) => parseId(row.user_id) === parentId);
  if (!parent) throw new Error(`inviter ${parentId} has no team node`);
  await tx.execute(
    sql`INSERT INTO team_nodes (user_id, parent_id, depth, joined_at)
        VALUES (${userId}, ${parentId}, ${parseCount(parent.depth) + 1}, ${joinedAt})`,
  );
  await tx.execute(sql`
    INSERT INTO team_paths (ancestor_id, descendant_id, depth)
    SELECT ${parentId}::bigint, ${userId}::bigint, 1
    UNION ALL
    SELECT ancestor_id, ${userId}::bigint, depth + 1 FROM team_paths WHERE descendant_id = ${parentId}`);
  await tx.execute(sql`
    UPDATE team_nodes
       SET team_size = team_size + 1,
           direct_count = direct_count + (user_id = ${parentId})::int
     WHERE user_id = ANY(${sql.param(lineage)}::bigint[])`);
}
