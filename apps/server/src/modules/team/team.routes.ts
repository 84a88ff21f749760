import {
  getInviteLink,
  getTeamConfig,
  getTeamRanking,
  getTeamStats,
  listReferrals,
  listTeamMembers,
  TEAM_TEXTS,
  updateTeamStats,
} from '@platform/contracts';
import { caller } from '../../core/caller.ts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../auth/guard.ts';
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

  route(app, getTeamConfig, {
    tags,
    security,
    preHandler: requireUser,
    handler: async () => ok(await service.config(), TEAM_TEXTS.configLoaded),
  });

  route(app, getTeamStats, {
    tags,
    security,
    preHandler: requireUser,
    handler: async (request) => ok(await service.stats(caller(request).user.id), TEAM_TEXTS.statsLoaded),
  });

  route(app, updateTeamStats, {
    tags,
    security,
    preHandler: requireUser,
    handler: async (request) =>
      ok(await service.updateStats(caller(request).user.id), TEAM_TEXTS.statsUpdated),
  });

  route(app, listReferrals, {
    tags,
    security,
    preHandler: requireUser,
    handler: async (request) =>
      ok(await service.referrals(caller(request).user.id, request.query), TEAM_TEXTS.referralsLoaded),
  });

  route(app, listTeamMembers, {
    tags,
    security,
    preHandler: requireUser,
    handler: async (request) =>
      ok(await service.members(caller(request).user.id, request.query), TEAM_TEXTS.membersLoaded),
  });

  route(app, getTeamRanking, {
    tags,
    security,
    preHandler: requireUser,
    handler: async (request) => ok(await service.ranking(caller(request).user.id), TEAM_TEXTS.rankingLoaded),
  });

  route(app, getInviteLink, {
    tags,
    security,
    preHandler: requireUser,
    // Never the request's Host or X-Forwarded-Host: anyone could have a link to their own domain
    // made. PUBLIC_URL, or the path, which the app prefixes with its own origin.
    handler: async (request) =>
      ok(service.inviteLink(caller(request).user.inviteCode, deps.publicUrl), TEAM_TEXTS.inviteLinkLoaded),
  });
}
