import {
  inviteLinkReply,
  TEAM_TEXTS,
  teamConfigReply,
  teamMembersQuery,
  teamMembersReply,
  teamRankingReply,
  teamReferralsQuery,
  teamReferralsReply,
  teamStatsReply,
  teamUpdateStatsReply,
} from '@platform/contracts';
import { ok, type Router, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { caller, type Guards } from '../auth/guard.ts';
import { createTeamService } from './team.service.ts';

const tags = ['team'];

/**
 * The user's team programme (spec 001 §7): GET /api/team/config, /stats, /referrals, /members,
 * /ranking, /invite-link and POST /api/team/update-stats. Every call answers about the caller only.
 */
export function registerTeamRoutes(
  app: Router,
  deps: { db: Db; guards: Guards; publicUrl?: string | undefined },
) {
  const service = createTeamService({ db: deps.db });
  const { requireUser } = deps.guards;

  app.get('/api/team/config', {
    schema: { tags, security, response: { 200: teamConfigReply } },
    preHandler: requireUser,
    handler: async () => ok(await service.config(), TEAM_TEXTS.configLoaded),
  });

  app.get('/api/team/stats', {
    schema: { tags, security, response: { 200: teamStatsReply } },
    preHandler: requireUser,
    handler: async (request) => ok(await service.stats(caller(request).user.id), TEAM_TEXTS.statsLoaded),
  });

  app.post('/api/team/update-stats', {
    schema: { tags, security, response: { 200: teamUpdateStatsReply } },
    preHandler: requireUser,
    handler: async (request) =>
      ok(await service.updateStats(caller(request).user.id), TEAM_TEXTS.statsUpdated),
  });

  app.get('/api/team/referrals', {
    schema: { tags, security, querystring: teamReferralsQuery, response: { 200: teamReferralsReply } },
    preHandler: requireUser,
    handler: async (request) =>
      ok(await service.referrals(caller(request).user.id, request.query), TEAM_TEXTS.referralsLoaded),
  });

  app.get('/api/team/members', {
    schema: { tags, security, querystring: teamMembersQuery, response: { 200: teamMembersReply } },
    preHandler: requireUser,
    handler: async (request) =>
      ok(await service.members(caller(request).user.id, request.query), TEAM_TEXTS.membersLoaded),
  });

  app.get('/api/team/ranking', {
    schema: { tags, security, response: { 200: teamRankingReply } },
    preHandler: requireUser,
    handler: async (request) => ok(await service.ranking(caller(request).user.id), TEAM_TEXTS.rankingLoaded),
  });

  app.get('/api/team/invite-link', {
    schema: { tags, security, response: { 200: inviteLinkReply } },
    preHandler: requireUser,
    // Never the request's Host or X-Forwarded-Host: anyone could have a link to their own domain
    // made. PUBLIC_URL, or the path, which the app prefixes with its own origin.
    handler: async (request) =>
      ok(service.inviteLink(caller(request).user.inviteCode, deps.publicUrl), TEAM_TEXTS.inviteLinkLoaded),
  });
}
