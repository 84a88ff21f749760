import {
  DEFAULT_PAGE_SIZE,
  type inviteLinkReply,
  type TeamConfig,
  type TeamMember,
  type TeamStats,
  type teamMembersReply,
  type teamRankingReply,
  type teamReferralsReply,
  type teamUpdateStatsReply,
} from '@platform/contracts';
import { api } from '../../lib/request.ts';

export type { TeamConfig, TeamMember, TeamStats };

/** The `data` of a contract reply schema, without copying its shape. */
type ReplyData<S extends { parse: (value: unknown) => { data?: unknown } }> = NonNullable<
  ReturnType<S['parse']>['data']
>;

export type InviteLink = ReplyData<typeof inviteLinkReply>;
export type ReferralsPage = ReplyData<typeof teamReferralsReply>;
export type MembersPage = ReplyData<typeof teamMembersReply>;
export type TeamRanking = ReplyData<typeof teamRankingReply>;
export type UpdateStatsResult = ReplyData<typeof teamUpdateStatsReply>;

/** What each section says when its call fails (the reason from the request layer goes under it). */
export const TEAM_LOAD_FAILED = {
  stats: '获取团队统计失败',
  config: '获取团队配置失败',
  inviteLink: '获取邀请链接失败',
  referrals: '获取直推列表失败',
  members: '获取团队成员失败',
  ranking: '获取排行榜失败',
  update: '更新团队数据失败',
} as const;

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

export const fetchTeamConfig = (signal?: AbortSignal) =>
  data(api.get<TeamConfig>('/team/config', undefined, signal));

export const fetchTeamStats = (signal?: AbortSignal) =>
  data(api.get<TeamStats>('/team/stats', undefined, signal));

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
  const reply = await data(api.get<InviteLink>('/team/invite-link', undefined, signal));
  return { ...reply, inviteLink: absoluteInviteLink(reply.inviteLink) };
};

/** GET /api/team/referrals: direct referrals, newest first, 20 a page. */
export const fetchReferrals = (page: number, signal?: AbortSignal) =>
  data(api.get<ReferralsPage>('/team/referrals', { page, limit: DEFAULT_PAGE_SIZE }, signal));

/** GET /api/team/members: the whole team, or one level of it (1 = direct), newest first. */
export const fetchMembers = (level: number | undefined, page: number, signal?: AbortSignal) =>
  data(api.get<MembersPage>('/team/members', { level, page, limit: DEFAULT_PAGE_SIZE }, signal));

export const fetchRanking = (signal?: AbortSignal) =>
  data(api.get<TeamRanking>('/team/ranking', undefined, signal));

/** POST /api/team/update-stats: rechecks the caller's tiers (a pending reward per new one). */
export const updateTeamStats = () => data(api.post<UpdateStatsResult>('/team/update-stats'));
