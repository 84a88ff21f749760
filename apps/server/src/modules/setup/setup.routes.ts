import { getSetupChecklist } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import { readSetupChecklist, type SetupChecklistConfig } from './setup-checklist.ts';

/** GET /api/admin/setup-checklist: any admin (the dashboard shows it until every item is done). */
export function registerSetupRoutes(
  app: Router,
  deps: { db: Db; config: SetupChecklistConfig; guards: Guards },
) {
  route(app, getSetupChecklist, {
    tags: ['admin-dashboard'],
    security,
    preHandler: deps.guards.requireAdmin,
    handler: async (request) =>
      ok(
        await readSetupChecklist(deps.db, deps.config, requestLanguage(request)),
        tr(request, 'setup.loaded'),
      ),
  });
}
