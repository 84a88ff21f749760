import {
  ADMIN_TEAM_TEXTS,
  getAdminTeamStats,
  getTeamHierarchy,
  listHierarchyChildren,
} from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
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

  route(app, getAdminTeamStats, {
    tags,
    security,
    preHandler,
    handler: async () => ok(await stats.stats(), ADMIN_TEAM_TEXTS.statsLoaded),
  });

  route(app, getTeamHierarchy, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(await hierarchy.hierarchy(request.query), ADMIN_TEAM_TEXTS.hierarchyLoaded),
  });

  route(app, listHierarchyChildren, {
    tags,
    security,
    preHandler,
    handler: async (request) =>
      ok(await hierarchy.children(request.params.id, request.query), ADMIN_TEAM_TEXTS.hierarchyLoaded),
  });
}
