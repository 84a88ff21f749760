import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { isDepositor } from '../stats/counters.ts';
import { userDirectory } from '../users/users.reads.ts';

/**
 * Everything wrong with the referral tree, recomputed from scratch (empty when all is right), as
 * registrations (team-tree.ts) and first deposits (migration 0012's trigger) must leave it:
 * - every user has a node; its parent is the owner of the code it registered with, and older;
 * - depths agree with the parent's; every node has one closure row per ancestor at the right
 *   distance (the parent at 1, each further one the parent's at one more);
 * - the four counters of every node equal the counts of its closure rows;
 * - a node is charged exactly when the user has an approved deposit.
 * Like counterMismatches() it scans whole tables: for tests, the demo and the generator only.
 */
export async function teamTreeProblems(exec: Executor): Promise<string[]> {
  const rows = await queryRows<{ problem: string }>(
    exec,
    sql`
      SELECT 'user ' || u.id || ' has no team node' AS problem
        FROM ${userDirectory} u WHERE NOT EXISTS (SELECT 1 FROM team_nodes n WHERE n.user_id = u.id)
      UNION ALL
      SELECT 'parent of ' || n.user_id || ' is not the older owner of its invite code'
        FROM team_nodes n JOIN ${userDirectory} u ON u.id = n.user_id LEFT JOIN ${userDirectory} p ON p.id = n.parent_id
       WHERE u.invited_by_code IS DISTINCT FROM p.invite_code OR n.parent_id >= n.user_id
      UNION ALL
      SELECT 'depth of ' || n.user_id || ' is ' || n.depth || ', its parent''s ' || p.depth
        FROM team_nodes n JOIN team_nodes p ON p.user_id = n.parent_id WHERE n.depth <> p.depth + 1
      UNION ALL
      SELECT 'depth of ' || n.user_id || ' is ' || n.depth || ' but it has ' || count(p.ancestor_id) || ' ancestors'
        FROM team_nodes n LEFT JOIN team_paths p ON p.descendant_id = n.user_id
       GROUP BY n.user_id, n.depth HAVING count(p.ancestor_id) <> n.depth
      UNION ALL
      SELECT 'parent of ' || n.user_id || ' has no closure row at 1'
        FROM team_nodes n
       WHERE n.parent_id IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM team_paths p WHERE p.descendant_id = n.user_id AND p.ancestor_id = n.parent_id AND p.depth = 1)
      UNION ALL
      SELECT 'closure row ' || p.ancestor_id || '>' || p.descendant_id || ' at ' || p.depth || ' is not the parent''s at ' || (p.depth - 1)
        FROM team_paths p JOIN team_nodes n ON n.user_id = p.descendant_id
       WHERE p.depth > 1 AND NOT EXISTS (
         SELECT 1 FROM team_paths q WHERE q.descendant_id = n.parent_id AND q.ancestor_id = p.ancestor_id AND q.depth = p.depth - 1)
      UNION ALL
      SELECT 'counters of ' || n.user_id || ' are ' || concat_ws('/', n.direct_count, n.team_size, n.charged_direct, n.charged_team)
             || ', closure says ' || concat_ws('/', coalesce(c.direct, 0), coalesce(c.team, 0), coalesce(c.charged_direct, 0), coalesce(c.charged_team, 0))
        FROM team_nodes n
        LEFT JOIN (SELECT p.ancestor_id,
                          count(*) FILTER (WHERE p.depth = 1) AS direct,
                          count(*) AS team,
                          count(*) FILTER (WHERE p.depth = 1 AND m.charged_at IS NOT NULL) AS charged_direct,
                          count(*) FILTER (WHERE m.charged_at IS NOT NULL) AS charged_team
                     FROM team_paths p JOIN team_nodes m ON m.user_id = p.descendant_id
                    GROUP BY p.ancestor_id) c ON c.ancestor_id = n.user_id
       WHERE (n.direct_count, n.team_size, n.charged_direct, n.charged_team)
             IS DISTINCT FROM (coalesce(c.direct, 0), coalesce(c.team, 0), coalesce(c.charged_direct, 0), coalesce(c.charged_team, 0))
      UNION ALL
      SELECT 'user ' || n.user_id || CASE WHEN n.charged_at IS NULL THEN ' has an approved deposit but is not charged'
                                          ELSE ' is charged without an approved deposit' END
        FROM team_nodes n
       WHERE (n.charged_at IS NOT NULL) <> ${isDepositor(sql`n.user_id`)}`,
  );
  return rows.map((r) => r.problem);
}
