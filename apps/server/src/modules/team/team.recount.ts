import { sql } from 'drizzle-orm';

/**
 * The team's stat counters (migration 0012) recomputed from the referral tree, rows (name, value):
 * what stats/counters.ts's check compares with the running totals (docs/stat-counters.md).
 */
export const teamRecount = sql`SELECT 'team.invited' AS name, count(*)::numeric AS value
    FROM team_nodes WHERE parent_id IS NOT NULL
  UNION ALL SELECT 'team.level.' || (depth + 1), count(*) FROM team_nodes GROUP BY depth
  UNION ALL SELECT 'team.invited.day.' || d, count(*)
    FROM (SELECT to_char(joined_at AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD') AS d
            FROM team_nodes WHERE parent_id IS NOT NULL) days GROUP BY d
  UNION ALL SELECT 'team.inviters', count(*) FROM team_nodes WHERE direct_count > 0
  UNION ALL SELECT 'team.root_inviters', count(*) FROM team_nodes WHERE direct_count > 0 AND parent_id IS NULL`;
