import { type AdminTeamStats, adminTeamStats, getAdminTeamStats } from '@platform/contracts';
import { call } from '../../../lib/request.ts';
import { contractData } from './contractData.ts';

export type { AdminTeamStats };

export const TEAM_STATS_KEY = ['admin', 'team-stats'] as const;

/** GET /api/admin/team/stats (getAdminTeamStats), checked against adminTeamStats. */
export async function fetchTeamStats(signal?: AbortSignal): Promise<AdminTeamStats> {
  const reply = await call(getAdminTeamStats, { signal });
  return contractData(adminTeamStats, reply.data);
}
