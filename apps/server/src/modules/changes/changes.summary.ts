import type { ChangesSummary } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { approverStanding } from '../dual-control/counting-approvers.ts';

interface SummaryRow {
  awaiting_me: number;
  open: number;
  delayed: number;
  next_effective_at: Date | string | null;
}

/**
 * The viewer's summary of open changes in one statement. "May approve" is the list's `can_approve`
 * (changes.repository permissions): another admin's change, the viewer active, of the required
 * level and counting as an approver (dual-control's approverStanding).
 */
export async function changesSummaryFor(exec: Executor, viewerId: number): Promise<ChangesSummary> {
  const result = (await exec.execute(sql`
    SELECT
      count(*) FILTER (WHERE c.proposer_admin_id <> v.id AND v.counts
        AND (c.required_level = 'admin' OR v.admin_level = 'super_admin'))::int AS awaiting_me,
      count(*)::int AS open,
      count(*) FILTER (WHERE c.status = 'delayed')::int AS delayed,
      min(c.effective_at) FILTER (WHERE c.status = 'delayed') AS next_effective_at
    FROM admin_changes c CROSS JOIN ${approverStanding(viewerId)} v
    WHERE c.status IN ('pending', 'delayed')`)) as unknown as { rows: SummaryRow[] };
  const row = result.rows[0];
  const next = row?.next_effective_at ?? null;
  return {
    awaiting_me: Number(row?.awaiting_me ?? 0),
    open: Number(row?.open ?? 0),
    delayed: Number(row?.delayed ?? 0),
    next_effective_at: next === null ? null : new Date(next).toISOString(),
  };
}
