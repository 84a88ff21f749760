import {
  DEFAULT_PAGE_SIZE,
  type EndpointData,
  getInviteLink,
  getTeamConfig,
  getTeamRanking,
  getTeamStats,
  listReferrals,
  listTeamMembers,
  type TeamConfig,
  type TeamMember,
  type TeamStats,
  updateTeamStats as updateTeamStatsEndpoint,
} from '@platform/contracts';
import { call } from '../../lib/request.ts';

export type { TeamConfig, TeamMember, TeamStats };

export type InviteLink = EndpointData<typeof getInviteLink>;
export type ReferralsPage = EndpointData<typeof listReferrals>;
export type MembersPage = EndpointData<typeof listTeamMembers>;
export type TeamRanking = EndpointData<typeof getTeamRanking>;
export type UpdateStatsResult = EndpointData<typeof updateTeamStatsEndpoint>;

export const TEAM_QUERY_ROOT = ['team'] as const;
export const teamKeys = {
  config: [...TEAM_QUERY_ROOT, 'config'] as const,
  stats: [...TEAM_QUERY_ROOT, 'stats'] as const,
  inviteLink: [...TEAM_QUERY_ROOT, 'invite-link'] as const,
  referrals: (page: number) => [...TEAM_QUERY_ROOT, 'referrals', page] as const,
  members: (level: number | undefined, page: number) =>
    [...TEAM_QUERY_ROOT, 'members', level ?? 'all', page] as const,
  ranking: [...TEAM_QUERY_ROOT, 'ranking'] as const,
};

const data = async <T>(reply: Promise<{ data: T }>): Promise<T> => (await reply).data;

export const fetchTeamConfig = (signal?: AbortSignal) => data(call(getTeamConfig, { signal }));

export const fetchTeamStats = (signal?: AbortSignal) => data(call(getTeamStats, { signal }));

/**
 * The server answers the invite link as a path (`/register?invite=CODE`) unless PUBLIC_URL is set,
 * since it never takes a host from the request: this app's own origin goes in front. Leading
 * slashes are collapsed, so that `//host/...` cannot name another site.
 */
export function absoluteInviteLink(link: string, origin = window.location.origin): string {
  if (!link.startsWith('/')) return link;
  return `${origin}/${link.replace(/^\/+/, '')}`;
}

export const fetchInviteLink = async (signal?: AbortSignal): Promise<InviteLink> => {
  const reply = await data(call(getInviteLink, { signal }));
  return { ...reply, inviteLink: absoluteInviteLink(reply.inviteLink) };
};

/** GET /api/team/referrals: direct referrals, newest first, 20 a page. */
export const fetchReferrals = (page: number, signal?: AbortSignal) =>
  data(call(listReferrals, { query: { page, limit: DEFAULT_PAGE_SIZE }, signal }));

/** GET /api/team/members: the whole team, or one level of it (1 = direct), newest first. */
export const fetchMembers = (level: number | undefined, page: number, signal?: AbortSignal) =>
  data(call(listTeamMembers, { query: { level, page, limit: DEFAULT_PAGE_SIZE }, signal }));

export const fetchRanking = (signal?: AbortSignal) => data(call(getTeamRanking, { signal }));

/** POST /api/team/update-stats: rechecks the caller's tiers (a pending reward per new one). */
export const updateTeamStats = () => data(call(updateTeamStatsEndpoint));
