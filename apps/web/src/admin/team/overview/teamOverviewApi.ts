import { type AdminTeamStats, adminTeamStats } from '@platform/contracts';
import { api } from '../../../lib/request.ts';
import { contractData } from './contractData.ts';

export type { AdminTeamStats };

export const TEAM_STATS_KEY = ['admin', 'team-stats'] as const;

/** GET /api/admin/team/stats, checked against adminTeamStats. */
export async function fetchTeamStats(signal?: AbortSignal): Promise<AdminTeamStats> {
  const reply = await api.get<unknown>('/admin/team/stats', undefined, signal);
  return contractData(adminTeamStats, reply.data);
}
