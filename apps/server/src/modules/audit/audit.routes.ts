import { checkAuditChain, type Language, listAdminAuditLogs } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import { verifyAuditChain } from './audit.chain.ts';
import { listAuditLogs } from './audit.service.ts';

/**
 * The audit log is for super admins only: it shows every operator's actions with the records
 * before and after, IP addresses and user agents, like admin management does.
 */
export function registerAuditRoutes(
  app: Router,
  deps: { db: Db; guards: Guards; checkpointDir?: string | undefined },
) {
  const tags = ['audit'];

  route(app, listAdminAuditLogs, {
    tags,
    security,
    preHandler: deps.guards.requireSuperAdmin,
    handler: async (request) =>
      ok(await listAuditLogs(deps.db, request.query), tr(request, 'audit.logsLoaded')),
  });

  /**
   * Recomputes the whole hash chain (audit.chain.ts) with the key's seals and this instance's
   * checkpoints: ok, or the first row or checkpoint that does not verify.
   * About 16 µs a row on PostgreSQL (3.3 s for 200k rows), so requests that arrive while a check
   * runs share it instead of starting another one (one check per language at a time).
   */
  const running = new Map<Language, ReturnType<typeof verifyAuditChain>>();
  route(app, checkAuditChain, {
    tags,
    security,
    preHandler: deps.guards.requireSuperAdmin,
    handler: async (request) => {
      const language = requestLanguage(request);
      let check = running.get(language);
      if (!check) {
        check = verifyAuditChain(deps.db, { checkpointDir: deps.checkpointDir, language }).finally(() => {
          running.delete(language);
        });
        running.set(language, check);
      }
      return ok(await check, tr(request, 'audit.chainChecked'));
    },
  });
}
