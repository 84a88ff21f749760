import { saveSalaryLevels } from '@platform/contracts';
import { type Router, route, security } from '../../../core/http.ts';
import type { Guards } from '../../auth/guard.ts';
import type { ChangesService } from '../../changes/changes.service.ts';
import { proposeChange } from '../../dual-control/proposed.ts';
import { registerSalaryLevelsKind, SALARY_LEVELS_CHANGE } from './salary-levels.change.ts';
import { SALARY_LEVELS_SETTING } from './salary-levels.ts';

/** PUT .../levels: a proposal of the salary table (202), salary-levels.change.ts. */
export function registerSalaryLevelChanges(app: Router, deps: { changes: ChangesService; guards: Guards }) {
  const { changes, guards } = deps;
  registerSalaryLevelsKind(changes);

  route(app, saveSalaryLevels, {
    tags: ['admin-team-salary'],
    security,
    preHandler: guards.requireAdmin,
    handler: (request, reply) =>
      proposeChange(changes, SALARY_LEVELS_CHANGE, SALARY_LEVELS_SETTING, request, reply),
  });
}
