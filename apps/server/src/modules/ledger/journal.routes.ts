import { listAdminTransactions } from '@platform/contracts';
import { ok, type Router, route, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import { requestLanguage, tr } from '../../i18n/i18n.ts';
import type { Guards } from '../auth/guard.ts';
import { listJournal } from './journal.service.ts';

/** The ledger journal for admins: every money movement with its entries (read only). */
export function registerJournalRoutes(app: Router, deps: { db: Db; guards: Guards }) {
  route(app, listAdminTransactions, {
    tags: ['ledger'],
    security,
    preHandler: deps.guards.requireAdmin,
    handler: async (request) =>
      ok(
        await listJournal(deps.db, request.query, { language: requestLanguage(request) }),
        tr(request, 'wallet.statementLoaded'),
      ),
  });
}
