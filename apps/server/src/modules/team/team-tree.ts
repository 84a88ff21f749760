import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { parseCount, parseId, queryRows } from '../ledger/ledger.repository.ts';

/**
 * Places a new account in the referral tree, in the transaction that creates it: its node, its
 * closure rows (one per ancestor) and one more member on every ancestor's counters.
 *
 * The ancestors are locked in user_id order first. Parents are always older than their children
 * (an invite code must exist before it is used), so this is the same global order the charged
 * trigger of migration 0012 uses: two registrations, or a registration and a deposit approval,
 * under the same top user wait for each other instead of deadlocking. Four statements whatever
 * the depth.
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
  const locked = await queryRows<{ user_id: unknown; depth: unknown }>(
    tx,
    sql`SELECT user_id, depth FROM team_nodes
         WHERE user_id = ${parentId}
            OR user_id IN (SELECT ancestor_id FROM team_paths WHERE descendant_id = ${parentId})
         ORDER BY user_id
           FOR UPDATE`,
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
     WHERE user_id = ${parentId}
        OR user_id IN (SELECT ancestor_id FROM team_paths WHERE descendant_id = ${parentId})`);
}
