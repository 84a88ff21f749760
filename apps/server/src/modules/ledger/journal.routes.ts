import { journalQuery, journalReply } from '@platform/contracts';
import { ok, type Router, security } from '../../core/http.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../auth/guard.ts';
import { listJournal } from './journal.service.ts';

/** The ledger journal for admins: every money movement with its entries (read only). */
export function registerJournalRoutes(app: Router, deps: { db: Db; guards: Guards }) {
  app.get('/api/admin/transactions', {
    schema: {
      tags: ['ledger'],
      security,
      querystring: journalQuery,
      response: { 200: journalReply },
    },
    preHandler: deps.guards.requireAdmin,
    handler: async (request) => ok(await listJournal(deps.db, request.query), '获取资金流水成功'),
  });
}
