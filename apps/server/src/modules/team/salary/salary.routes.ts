import {
  batchPaySalary,
  DUAL_CONTROL_TEXTS,
  exportSalary,
  getSalaryLevels,
  getSalaryStatistics,
  listSalaryEligibleUsers,
  paySalary,
  SALARY_TEXTS,
} from '@platform/contracts';
import { ok, type Router, route, security } from '../../../core/http.ts';
import type { Db } from '../../../db/client.ts';
import { requestLanguage, tr } from '../../../i18n/i18n.ts';
import { auditActor } from '../../audit/audit.service.ts';
import type { Guards } from '../../auth/guard.ts';
import { sealed } from '../../idempotency/effect-seal.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { createSalaryService } from './salary.service.ts';
import { attachmentDisposition } from './salary-csv.ts';

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

  route(app, getSalaryLevels, {
    tags,
    security,
    preHandler,
    handler: async (request) => ok(await service.levels(), tr(request, 'team.salaryLevelsLoaded')),
  });

  route(app, listSalaryEligibleUsers, {
    tags,
    security,
    preHandler,
    handler: async (request) => ok(await service.eligibleUsers(request.query), SALARY_TEXTS.eligibleLoaded),
  });

  route(app, paySalary, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => service.pay(request.params.id, request.body, auditActor(request)),
        (result) =>
          ok(
            result,
            result.awaitingSecondApproval ? DUAL_CONTROL_TEXTS.firstApprovalRecorded : SALARY_TEXTS.paid,
          ),
      ),
  });

  route(app, batchPaySalary, {
    config: { idempotent: 'sealed' },
    tags,
    security,
    preHandler,
    handler: async (request, reply) =>
      sealed(
        request,
        reply,
        () => service.batchPay(request.body, auditActor(request)),
        (result) =>
          ok(
            result,
            result.awaitingSecondApproval
              ? DUAL_CONTROL_TEXTS.firstApprovalRecorded
              : SALARY_TEXTS.batchPaid(result.paidCount),
          ),
      ),
  });

  route(app, getSalaryStatistics, {
    tags,
    security,
    preHandler,
    handler: async (request) => ok(await service.statistics(request.query), SALARY_TEXTS.statisticsLoaded),
  });

  // The report is a file, not the JSON envelope: no response schema, the bytes as they are.
  route(app, exportSalary, {
    tags,
    security,
    preHandler,
    handler: async (request, reply) => {
      const file = await service.exportCsv(request.query, requestLanguage(request));
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
