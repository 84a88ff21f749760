import {
  ADMIN_TEAM_TEXTS,
  adminTeamStatsReply,
  hierarchyChildrenQuery,
  hierarchyChildrenReply,
  hierarchyQuery,
  hierarchyReply,
} from '@platform/contracts';
import { idParams, ok, type Router, security } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import type { Guards } from '../../auth/guard.ts';
import { createHierarchyService } from './hierarchy.service.ts';
import { createTeamAdminService } from './team-admin.service.ts';

/**
 * The admin's team screens (spec 001 §7): GET /api/admin/team/stats (the overview),
 * GET /api/admin/team/hierarchy (top-level users or a search, nested) and
 * GET /api/admin/team/hierarchy/{id}/children. Rewards and salary have their own modules.
 */
export function registerTeamAdminRoutes(app: Router, deps: { db: Db; guards: Guards; now?: () => Date }) {
  const stats = createTeamAdminService({ db: deps.db, now: deps.now });
  const hierarchy = createHierarchyService({ db: deps.db });
  const tags = ['admin-team'];
  const preHandler = deps.guards.requireAdmin;

  app.get('/api/admin/team/stats', {
    schema: { tags, security, response: { 200: adminTeamStatsReply } },
    preHandler,
    handler: async () => ok(await stats.stats(), ADMIN_TEAM_TEXTS.statsLoaded),
  });

  app.get('/api/admin/team/hierarchy', {
    schema: { tags, security, querystring: hierarchyQuery, response: { 200: hierarchyReply } },
    preHandler,
    handler: async (request) =>
      ok(await hierarchy.hierarchy(request.query), ADMIN_TEAM_TEXTS.hierarchyLoaded),
  });

  app.get('/api/admin/team/hierarchy/:id/children', {
    schema: {
      tags,
      security,
      params: idParams,
      querystring: hierarchyChildrenQuery,
      response: { 200: hierarchyChildrenReply },
    },
    preHandler,
    handler: async (request) =>
      ok(await hierarchy.children(request.params.id, request.query), ADMIN_TEAM_TEXTS.hierarchyLoaded),
  });
}
