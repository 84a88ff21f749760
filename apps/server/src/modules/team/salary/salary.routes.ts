import {
  DUAL_CONTROL_TEXTS,
  eligibleUsersQuery,
  eligibleUsersReply,
  SALARY_TEXTS,
  salaryBatchPayBody,
  salaryBatchPayReply,
  salaryExportQuery,
  salaryLevelsBody,
  salaryLevelsReply,
  salaryPayBody,
  salaryPayReply,
  salaryStatisticsQuery,
  salaryStatisticsReply,
} from '@platform/contracts';
import { idParams, ok, type Router, security } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { Guards } from '../../auth/guard.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { createSalaryService } from './salary.service.ts';
import { attachmentDisposition } from './salary-csv.ts';

const BASE = '/api/admin/team-salary-management';

/**
 * Salary management (contracts/team-salary.ts): the eligible users of a payout date, single and
 * batch payouts, the month's statistics, the CSV report and the salary table. `now` is the clock
 * that decides which payout dates are due (tests set it).
 */
export function registerSalaryRoutes(
  app: Router,
  deps: { db: Db; guards: Guards; now?: () => Date; realtime?: Pick<Realtime, 'toAdmins' | 'toUser'> },
) {
  const service = createSalaryService({ db: deps.db, now: deps.now, realtime: deps.realtime });
  const tags = ['admin-team-salary'];
  const preHandler = deps.guards.requireAdmin;

  app.get(`${BASE}/levels`, {
    schema: { tags, security, response: { 200: salaryLevelsReply } },
    preHandler,
    handler: async () => ok(await service.levels(), '获取工资等级成功'),
  });

  app.put(`${BASE}/levels`, {
    schema: { tags, security, body: salaryLevelsBody, response: { 200: salaryLevelsReply } },
    preHandler,
    handler: async (request) =>
      ok(await service.saveLevels(request.body, auditActor(request)), SALARY_TEXTS.levelsSaved),
  });

  app.get(`${BASE}/eligible-users`, {
    schema: { tags, security, querystring: eligibleUsersQuery, response: { 200: eligibleUsersReply } },
    preHandler,
    handler: async (request) => ok(await service.eligibleUsers(request.query), SALARY_TEXTS.eligibleLoaded),
  });

  app.post(`${BASE}/pay/:id`, {
    config: { idempotent: true },
    schema: { tags, security, params: idParams, body: salaryPayBody, response: { 200: salaryPayReply } },
    preHandler,
    handler: async (request) => {
      const result = await service.pay(request.params.id, request.body, auditActor(request));
      return ok(
        result,
        result.awaitingSecondApproval ? DUAL_CONTROL_TEXTS.firstApprovalRecorded : SALARY_TEXTS.paid,
      );
    },
  });

  app.post(`${BASE}/batch-pay`, {
    config: { idempotent: true },
    schema: { tags, security, body: salaryBatchPayBody, response: { 200: salaryBatchPayReply } },
    preHandler,
    handler: async (request) => {
      const result = await service.batchPay(request.body, auditActor(request));
      return ok(
        result,
        result.awaitingSecondApproval
          ? DUAL_CONTROL_TEXTS.firstApprovalRecorded
          : SALARY_TEXTS.batchPaid(result.paidCount),
      );
    },
  });

  app.get(`${BASE}/statistics`, {
    schema: { tags, security, querystring: salaryStatisticsQuery, response: { 200: salaryStatisticsReply } },
    preHandler,
    handler: async (request) => ok(await service.statistics(request.query), SALARY_TEXTS.statisticsLoaded),
  });

  // The report is a file, not the JSON envelope: no response schema, the bytes as they are.
  app.get(`${BASE}/export`, {
    schema: { tags, security, querystring: salaryExportQuery },
    preHandler,
    handler: async (request, reply) => {
      const file = await service.exportCsv(request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .header('X-Export-Rows', String(file.rows))
        .header('X-Export-Truncated', String(file.truncated))
        .send(file.content);
    },
  });
}
