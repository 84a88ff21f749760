import {
  acknowledgeReconciliation,
  getReconciliationAlert,
  listReconciliationRuns,
  runReconciliation,
} from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import { auditActor } from '../audit/audit.service.ts';
import type { Guards } from '../auth/guard.ts';
import type { ReconciliationService } from './reconciliation.service.ts';

export function registerReconciliationRoutes(
  app: Router,
  deps: { reconciliation: ReconciliationService; guards: Guards },
) {
  const { reconciliation, guards } = deps;
  const tags = ['admin-reconciliation'];

  route(app, listReconciliationRuns, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(await reconciliation.list(request.query), tr(request, 'reconciliation.runsLoaded')),
  });

  route(app, getReconciliationAlert, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { alert: await reconciliation.alert(requestLanguage(request)) },
        tr(request, 'reconciliation.alertLoaded'),
      ),
  });

  // 立即对账: any admin; one run at a time (409 对账正在进行中，请稍后再试), audited.
  route(app, runReconciliation, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) => {
      const run = await reconciliation.runNow(auditActor(request));
      return ok(
        { run },
        run.ok
          ? tr(request, 'reconciliation.balanced')
          : tr(request, 'reconciliation.breaches', { count: run.breaches.length }),
      );
    },
  });

  route(app, acknowledgeReconciliation, {
    tags,
    security,
    preHandler: guards.requireAdmin,
    handler: async (request) =>
      ok(
        { run: await reconciliation.acknowledge(request.params.id, auditActor(request)) },
        tr(request, 'reconciliation.acknowledged'),
      ),
  });
}
