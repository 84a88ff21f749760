import type { AppContext } from '../../core/context.ts';
import type { Router } from '../../core/http.ts';
import type { Guards } from '../auth/guard.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import { registerTeamAdminRoutes } from './admin/team-admin.routes.ts';
import { registerRewardRoutes } from './rewards/rewards.routes.ts';
import { registerSalaryRoutes } from './salary/salary.routes.ts';
import { registerSalaryLevelChanges } from './salary/salary-levels.routes.ts';
import { registerTeamRoutes } from './team.routes.ts';

/**
 * The team programme (contracts/team.ts): the user's calls under /api/team, the overview and
 * hierarchy under /api/admin/team, rewards under /api/admin/team/rewards and salary under
 * /api/admin/team-salary-management. The tree itself is kept by users/create-user.ts
 * (team-tree.ts) and the charged trigger of migration 0012.
 */
export function registerTeam(app: Router, ctx: AppContext, guards: Guards, changes: ChangesService) {
  const db = ctx.database.db;
  registerTeamRoutes(app, { db, guards, publicUrl: ctx.config.PUBLIC_URL });
  registerTeamAdminRoutes(app, { db, guards });
  registerRewardRoutes(app, { db, guards, realtime: ctx.realtime });
  registerSalaryRoutes(app, { db, guards, realtime: ctx.realtime });
  registerSalaryLevelChanges(app, { changes, guards });
}
